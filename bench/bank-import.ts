/**
 * npm run bench (after bench/run.ts), or alone: npm run bench:bank-import. Imports a bank
 * package of 10,000 questions and 2,000 photos (about 100 MB) into an empty course of the real
 * server (compiled as `npm start` runs it, SQLite), while a separate thread asks /health every
 * 10 ms; prints the import's time and /health's answer times during it (median, p99, max), and
 * the export's time, and writes them to bench/.out/bank-import.json. Targets (issue 38): the
 * import under 10 s, /health answered within 100 ms throughout.
 * BANK_QUESTIONS and BANK_PHOTOS change the size.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { apiClient, login } from './api';
import { compileChild, startFlags } from './compile';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET, prepareDataDir } from './data';
import { quantile } from './quantile';
import { ROOT, startServer } from './server-process';

const QUESTIONS = Number(process.env.BANK_QUESTIONS ?? 10_000);
const PHOTOS = Number(process.env.BANK_PHOTOS ?? 2_000);
const PHOTO_BYTES = 50_000;
const POLL_MS = 10;
const OUT_DIR = path.join(ROOT, 'bench', '.out');

/** A real PNG, as large as a typical question photo (its private chunk of random bytes). */
function photo(seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1 + (seed % 200), 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('prVt', randomBytes(PHOTO_BYTES)),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + (1 + (seed % 200)) * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The package: questions.csv (with topics), photos/ and topics.csv by row. */
function bankPackage(): Uint8Array {
  const rows = [
    'question_text,answer_1,answer_2,answer_3,right_answers,points,photo,explanation,topics',
  ];
  for (let i = 0; i < QUESTIONS; i++) {
    rows.push(
      [
        `"Bench question ${i}: who has the right of way where a tram line crosses the road, and why?"`,
        'The tram',
        'The car on the right',
        '"Whoever arrives first, if it is safe"',
        '1',
        String(1 + (i % 3)),
        PHOTOS > 0 ? `bench-${i % PHOTOS}.png` : '',
        '"Trams have priority at such crossings unless signs say otherwise."',
        `Topic ${i % 25}|All`,
      ].join(','),
    );
  }
  const files: Record<string, Uint8Array> = {
    'bank/questions.csv': strToU8(rows.join('\n')),
    'bank/topics.csv': strToU8(
      `name,question_rows\nFirst hundred,"${Array.from({ length: Math.min(100, QUESTIONS) }, (_, i) => i + 1).join(',')}"\n`,
    ),
  };
  for (let i = 0; i < PHOTOS; i++) files[`bank/photos/${i % 10}/bench-${i}.png`] = photo(i);
  // Stored, not compressed: photos are compressed already, as in a real package.
  return zipSync(files, { level: 0 });
}

/** Asks /health every POLL_MS from its own thread, until told to stop; answers the times. */
function startPolling(url: string): { stop: () => Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const times = [];
     let running = true;
     parentPort.on('message', () => { running = false; });
     const tick = async () => {
       while (running) {
         const started = performance.now();
         const next = started + workerData.every;
         try {
           const response = await fetch(workerData.url);
           await response.arrayBuffer();
           times.push(performance.now() - started);
         } catch { times.push(Infinity); }
         const wait = next - performance.now();
         if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
       }
       parentPort.postMessage(times);
     };
     tick();`,
    { eval: true, workerData: { url: `${url}/api/v1/health`, every: POLL_MS } },
  );
  return {
    stop: () =>
      new Promise<number[]>((resolve) => {
        worker.once('message', (times: number[]) => {
          void worker.terminate();
          resolve(times);
        });
        worker.postMessage('stop');
      }),
  };
}

async function main() {
  const entry = await compileChild('server-child');
  const dataDir = await prepareDataDir('bank-import');
  const server = await startServer({
    entry,
    tsx: false,
    nodeArgs: startFlags(),
    env: { DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD },
  });
  try {
    const call = apiClient(server.url);
    const token = await login(call, 'admin', BENCH_ADMIN_PASSWORD);
    const course = await call<{ id: number }>('POST', '/admin/courses', {
      token,
      body: {
        name: 'Bench bank',
        language: 'en',
        rules: {
          question_count: 40,
          time_limit_seconds: 2400,
          pass_rule: 'percent_questions',
          pass_value: 70,
          extra_questions_per_mistake: 0,
          extra_seconds_per_mistake: 0,
        },
      },
    });
    const built = performance.now();
    const zip = bankPackage();
    const buildMs = performance.now() - built;
    console.log(
      `package: ${QUESTIONS} questions, ${PHOTOS} photos, ${(zip.length / 1048576).toFixed(1)} MB (built in ${buildMs.toFixed(0)} ms)`,
    );

    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from(zip)], { type: 'application/zip' }),
      'bench-bank.zip',
    );
    const polling = startPolling(server.url);
    // A quiet second of polling first: what /health takes with nothing else going on.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const imported = await call<{ imported: number; photos: number; topics: number }>(
      'POST',
      `/admin/questions/import-csv?course_id=${course.body.id}`,
      { token, form },
    );
    const importMs = performance.now() - started;
    const times = await polling.stop();
    // The answers while the import ran (the first second was before it).
    const during = times.slice(Math.floor(1000 / POLL_MS) - 5).sort((a, b) => a - b);

    const exportStarted = performance.now();
    const exported = await fetch(
      `${server.url}/api/v1/admin/questions/export?course_id=${course.body.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const exportBytes = (await exported.arrayBuffer()).byteLength;
    const exportMs = performance.now() - exportStarted;

    const figures = {
      date: new Date().toISOString(),
      questions: QUESTIONS,
      photos: PHOTOS,
      packageMB: Number((zip.length / 1048576).toFixed(1)),
      imported: imported.body,
      importMs: Math.round(importMs),
      health: {
        polls: during.length,
        medianMs: Number(quantile(during, 0.5).toFixed(1)),
        p99Ms: Number(quantile(during, 0.99).toFixed(1)),
        maxMs: Number((during.at(-1) ?? NaN).toFixed(1)),
      },
      exportMs: Math.round(exportMs),
      exportMB: Number((exportBytes / 1048576).toFixed(1)),
    };
    const ok = (value: boolean) => (value ? 'ok' : 'MISSED');
    console.log(
      `import: ${figures.importMs} ms (target < 10000: ${ok(figures.importMs < 10_000)}); ` +
        `${imported.body.imported} questions, ${imported.body.photos} photos, ${imported.body.topics} topics`,
    );
    console.log(
      `/health every ${POLL_MS} ms during the import: ${figures.health.polls} answers, median ${figures.health.medianMs} ms, ` +
        `p99 ${figures.health.p99Ms} ms, max ${figures.health.maxMs} ms (target <= 100: ${ok(figures.health.maxMs <= 100)})`,
    );
    console.log(`export: ${figures.exportMs} ms, ${figures.exportMB} MB`);
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(path.join(OUT_DIR, 'bank-import.json'), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
