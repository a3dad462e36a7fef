/**
 * Backup and restore across processes: a backup taken through the API of one running server
 * is restored through the API of a second server on a fresh DATA_DIR (and database), which
 * then serves the same data: the bank, its images, accounts that log in, and results.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, type ApiCall, examBody, login, registerLearner } from '../../bench/api';
import {
  createDeployment,
  type Deployment,
  type ServerProcess,
  startMain,
} from '../../bench/server-process';
import { DATABASES, type DatabaseKind } from './helpers';

const SOURCE = {
  jwtSecret: 'restore-source-secret-long-enough-012345',
  adminPassword: 'source-admin-pw',
};
const TARGET = {
  jwtSecret: 'restore-target-secret-long-enough-012345',
  adminPassword: 'target-admin-pw',
};

// A backup is a SQLite file whatever the database: with PostgreSQL at hand, each kind is
// backed up and restored into the other, which covers both ways on both kinds.
const PAIRS: [DatabaseKind, DatabaseKind][] = DATABASES.includes('postgres')
  ? [
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]
  : [['sqlite', 'sqlite']];

interface Served {
  questions: unknown[];
  image: { name: string; etag: string | null; bytes: number } | null;
  topics: unknown;
  /** As the administrator reads them: with their names in other languages. */
  storedTopics: unknown;
  tickets: unknown;
  settings: unknown;
  history: unknown;
  stats: unknown;
  bookmarks: unknown;
}

/** What a server shows of the data, as the learner and the administrator see it. */
async function served(
  baseUrl: string,
  call: ApiCall,
  learner: string,
  admin: string,
): Promise<Served> {
  const questions: unknown[] = [];
  for (let page = 1; page <= 50; page++) {
    const { body } = await call<{ questions: unknown[]; totalPages: number }>(
      'GET',
      `/admin/questions?page=${page}&limit=100`,
      { token: admin },
    );
    questions.push(...body.questions);
    if (page >= body.totalPages) break;
  }
  const withPhoto = questions.find(
    (q): q is { photo: string } => typeof (q as { photo?: unknown }).photo === 'string',
  );
  let image: Served['image'] = null;
  if (withPhoto) {
    const response = await fetch(
      `${baseUrl}/api/v1/images/questions/${encodeURIComponent(withPhoto.photo)}`,
    );
    image = {
      name: withPhoto.photo,
      etag: response.headers.get('etag'),
      bytes: (await response.arrayBuffer()).byteLength,
    };
  }
  return {
    questions,
    image,
    topics: (await call('GET', '/training-topics', { token: learner })).body,
    storedTopics: (await call('GET', '/training-topics', { token: admin })).body,
    tickets: (await call('GET', '/training-tickets', { token: learner })).body,
    settings: (await call('GET', '/settings', { token: admin })).body,
    history: (await call('GET', '/exams/history?limit=500', { token: learner })).body,
    stats: (await call('GET', '/exams/stats', { token: learner })).body,
    bookmarks: (await call('GET', '/bookmarks', { token: learner })).body,
  };
}

describe.each(PAIRS)('backup from %s restored into %s', (from, to) => {
  const deployments: Deployment[] = [];
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    for (const deployment of deployments.splice(0)) await deployment.remove();
  });
  const urlOf = (kind: DatabaseKind) =>
    kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

  it('serves the same questions, images, accounts and results after the restore', async () => {
    const source = await createDeployment('restore-src', urlOf(from), SOURCE);
    deployments.push(source);
    const a = await startMain(source.options);
    servers.push(a);
    const callA = apiClient(a.url);
    const learnerA = await registerLearner(callA, 'roundtrip');
    // Two exams, each in its own session.
    for (let i = 0; i < 2; i++) {
      const exam = JSON.parse(await examBody(callA, learnerA)) as object;
      await callA('POST', '/exams/submit', { token: learnerA, body: exam, expect: [201] });
    }
    const adminA = await login(callA, 'admin', SOURCE.adminPassword);
    // The learner's bookmarks come back with the backup.
    const starred = await callA<{ questions: { id: number }[] }>('GET', '/questions?limit=3', {
      token: learnerA,
    });
    for (const question of starred.body.questions)
      await callA('PUT', `/bookmarks/${question.id}`, { token: learnerA, expect: [200] });
    expect(starred.body.questions).toHaveLength(3);
    // A topic named in Russian too (migration 0028) comes back with that name.
    const [topic] = (
      await callA<{ id: number; name: string; question_ids: string }[]>('GET', '/training-topics', {
        token: adminA,
      })
    ).body;
    await callA('PUT', `/training-topics/${topic!.id}`, {
      token: adminA,
      body: {
        name: topic!.name,
        question_ids: topic!.question_ids,
        translations: { ru: 'Тема по-русски' },
      },
      expect: [200],
    });
    await callA('PUT', '/settings/key/support_email', {
      token: adminA,
      body: { value: 'restored@example.com' },
    });
    const before = await served(a.url, callA, learnerA, adminA);
    expect(JSON.stringify(before.storedTopics)).toContain('Тема по-русски');

    const backup = await callA<{ filename: string }>(
      'POST',
      '/settings/maintenance/backup_database',
      { token: adminA },
    );
    const download = await fetch(
      `${a.url}/api/v1/settings/maintenance/backups/${backup.body.filename}`,
      {
        headers: { authorization: `Bearer ${adminA}` },
      },
    );
    expect(download.status).toBe(200);
    const file = Buffer.from(await download.arrayBuffer());
    await a.stop();

    // A different secret and administrator password, and no demo bank: all that comes back
    // after the restore comes from the backup.
    const target = await createDeployment('restore-dst', urlOf(to), TARGET, false);
    deployments.push(target);
    const b = await startMain(target.options);
    servers.push(b);
    const callB = apiClient(b.url);
    const adminB = await login(callB, 'admin', TARGET.adminPassword);
    const form = new FormData();
    form.append(
      'file',
      new Blob([file], { type: 'application/octet-stream' }),
      backup.body.filename,
    );
    const restored = await callB<{ tables: Record<string, number> }>(
      'POST',
      '/settings/maintenance/restore_database',
      { token: adminB, form },
    );
    expect(restored.body.tables.questions).toBe(before.questions.length);

    // The accounts are the backup's: the learner's and the source administrator's passwords work.
    const learnerB = await login(callB, 'roundtrip', 'pw-roundtrip-secret');
    const restoredAdmin = await login(callB, 'admin', SOURCE.adminPassword);
    await callB('POST', '/auth/login', {
      body: { username: 'admin', password: TARGET.adminPassword },
      expect: [401],
    });
    const after = await served(b.url, callB, learnerB, restoredAdmin);
    expect(after).toEqual(before);
    // Search reads a column derived from the questions; a restore never takes it from the file.
    const found = await callB<{ totalQuestions: number; questions: { id: number }[] }>(
      'GET',
      '/admin/questions?search=OCTAGON&limit=100',
      { token: restoredAdmin },
    );
    expect(found.body.totalQuestions).toBeGreaterThan(0);
    // New rows get new ids after restored ones: a session, then its result.
    const exam = JSON.parse(await examBody(callB, learnerB)) as object;
    await callB('POST', '/exams/submit', { token: learnerB, body: exam, expect: [201] });
  }, 150_000);
});
