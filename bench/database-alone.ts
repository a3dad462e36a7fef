/**
 * What the database alone needs for one exam submission: the statements the app runs for a
 * 40-answer submission (bench/run.ts's submission case), in the same order and shape, run
 * straight on better-sqlite3 and on pg with prepared statements: no HTTP, no Kysely, no
 * grading and no FSRS (the values are made beforehand). The app's throughput as a share of this
 * is what its own code costs beside the database's work.
 *
 * Per submission: the caller's row with the cached sets' revisions (authentication), the exam
 * session; then in one transaction the learner's memory lock (PostgreSQL), the memory of the 40
 * questions read in one statement and upserted in one, readiness's evidence read and saved, the
 * day's answer count, the result (RETURNING *), the session closed, the audit entry; the commit.
 * On a database made by the app's migrations, with their triggers, and the demo bank.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openSqliteFile } from '../server/db/database';
import { onLoadCore } from './cpu-pinning';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET, prepareDataDir } from './data';
import { createPgSchema, dropPgSchema } from './server-process';
import { seededRandom } from './seeded-random';

export interface AloneFigures {
  submissionsPerSecond: number;
  /** Wall time per submission, one after another (SQLite) or over all connections (pg). */
  microsecondsEach: number;
  submissions: number;
  connections: number;
}

const ANSWERS = 40;
const MEMORY_COLUMNS = [
  'user_id',
  'question_id',
  'topic_name',
  'correct_count',
  'wrong_count',
  'last_correct',
  'stability',
  'difficulty',
  'reps',
  'lapses',
  'state',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'due_at',
  'last_answered_at',
  'recent_answer_keys',
];
const RESULT_COLUMNS = [
  'user_id',
  'exam_type',
  'total_questions',
  'correct_answers',
  'score',
  'passed',
  'time_taken',
  'total_points',
  'max_points',
  'answers',
  'client_id',
  'created_at',
  'course_id',
  'pass_rule',
  'pass_value',
  'decided_by',
  'mistakes',
  'unanswered',
  'session_id',
  'over_time',
  'language',
];
const EVIDENCE_COLUMNS = [
  'first_answers',
  'first_right',
  'seen_answers',
  'seen_retrievability',
  'seen_right',
  'updated_at',
];

const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');
const row = (count: number) => `(${marks(count)})`;

/** The statements in `?` form, as Kysely compiles them for SQLite. */
const STATEMENTS = {
  caller: `select id, username, is_admin, is_active, activity_revision, session_revision, course_id, content_language, (select revision from cache_revisions where name = 'bank') as bank_revision, (select revision from cache_revisions where name = 'settings') as settings_revision, exists (select token_id from revoked_tokens where token_id = ?) as revoked from users where id = ?`,
  session: `select * from exam_sessions where id = ? and user_id = ?`,
  lock: `select pg_advisory_xact_lock(?::int, ?::int)`,
  readMemory: `select * from question_memory where user_id = ? and question_id in (${marks(ANSWERS)})`,
  upsertMemory: `insert into question_memory (${MEMORY_COLUMNS.join(', ')}) values ${Array.from({ length: ANSWERS }, () => row(MEMORY_COLUMNS.length)).join(', ')} on conflict (user_id, question_id) do update set ${MEMORY_COLUMNS.slice(
    2,
  )
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}`,
  readEvidence: `select * from readiness_evidence where user_id = ? and course_id = ?`,
  saveEvidence: `insert into readiness_evidence (user_id, course_id, ${EVIDENCE_COLUMNS.join(', ')}) values ${row(8)} on conflict (user_id, course_id) do update set ${EVIDENCE_COLUMNS.map(
    (column) => `${column} = excluded.${column}`,
  ).join(', ')}`,
  countDay: `insert into readiness_days (user_id, course_id, day, answers, probability) values (?, ?, ?, ?, null) on conflict (user_id, course_id, day) do update set answers = readiness_days.answers + excluded.answers`,
  insertResult: `insert into exam_results (${RESULT_COLUMNS.join(', ')}) values ${row(RESULT_COLUMNS.length)} returning *`,
  closeSession: `update exam_sessions set completed_at = ?, result_id = ?, started_at = ? where id = ?`,
  audit: `insert into audit_log (user_id, username, action, summary, details, created_at) values (?, ?, ?, ?, ?, ?)`,
} as const;
type Name = keyof typeof STATEMENTS;

/** The same statement with PostgreSQL's numbered parameters. */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** What one submission binds to each statement, made before the clock starts. */
interface Submission {
  sessionId: number;
  questionIds: number[];
  memory: unknown[];
  result: (resultSessionId: number) => unknown[];
}

function submissions(userId: number, bankIds: readonly number[], count: number): Submission[] {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const random = seededRandom(42);
  return Array.from({ length: count }, (_, index) => {
    const ids = [...bankIds].sort(() => random() - 0.5).slice(0, ANSWERS);
    const memory = ids.flatMap((id, n) => [
      userId,
      id,
      null,
      1 + (index % 7),
      n % 3 === 0 ? 1 : 0,
      n % 3 === 0 ? 0 : 1,
      2.3065 + n / 10,
      4.9 + n / 100,
      1 + (index % 5),
      n % 3 === 0 ? 1 : 0,
      2,
      0,
      3,
      0,
      later,
      now,
      null,
    ]);
    const answers = JSON.stringify(
      ids.map((id, n) => ({
        question_id: id,
        selected_answers: [n % 3 === 0 ? 2 : 1],
        correct_answers: [1],
        is_correct: n % 3 !== 0,
        points: 1,
        is_extra: false,
      })),
    );
    return {
      sessionId: 0,
      questionIds: ids,
      memory,
      result: (sessionId: number) => [
        userId,
        'exam',
        ANSWERS,
        26,
        65,
        0,
        120,
        26,
        ANSWERS,
        answers,
        null,
        now,
        1,
        'mistakes',
        2,
        'mistakes',
        14,
        0,
        sessionId,
        0,
        'en',
      ],
    };
  });
}

/** The parameters of every statement of one submission, in the order they run. */
function steps(
  userId: number,
  submission: Submission,
  sessionId: number,
  resultId: () => number,
): [Name, () => unknown[]][] {
  const now = new Date().toISOString();
  return [
    ['caller', () => ['bench-token', userId]],
    ['session', () => [sessionId, userId]],
    ['lock', () => [0x6d656d, userId]],
    ['readMemory', () => [userId, ...submission.questionIds]],
    ['upsertMemory', () => submission.memory],
    ['readEvidence', () => [userId, 1]],
    ['saveEvidence', () => [userId, 1, 10, 7, 30, 21.5, 22, now]],
    ['countDay', () => [userId, 1, now.slice(0, 10), ANSWERS]],
    ['insertResult', () => submission.result(sessionId)],
    ['closeSession', () => [now, resultId(), now, sessionId]],
    [
      'audit',
      () => [userId, 'benchalone', 'exam.submit', 'exam.submit', '{"exam_type":"exam"}', now],
    ],
  ];
}

const SESSION_INSERT = `insert into exam_sessions (user_id, exam_type, question_ids, main_count, time_limit_seconds, course_id, started_at)`;

/** A learner (the bench's own row) and the demo bank's question ids. */
interface Prepared {
  userId: number;
  bankIds: number[];
}

/**
 * The database alone on SQLite: one connection, as the app holds it (openSqliteFile's pragmas:
 * WAL, synchronous NORMAL, exclusive), one submission after another for `seconds`, on one core.
 */
export async function sqliteAlone(seconds: number): Promise<AloneFigures> {
  const dataDir = await prepareDataDir('alone');
  const sqlite = openSqliteFile(path.join(dataDir, 'trainer.sqlite'), { exclusive: true });
  try {
    const { userId, bankIds } = prepareSqlite(sqlite);
    const prepared = Object.fromEntries(
      Object.entries(STATEMENTS)
        .filter(([name]) => name !== 'lock')
        .map(([name, text]) => {
          // Rows as arrays: better-sqlite3's own row objects cost more than the read (see
          // withObjectRows in server/db/database.ts, which the app reads through).
          const statement = sqlite.prepare(text);
          return [name, statement.reader ? statement.raw(true) : statement];
        }),
    ) as Record<Exclude<Name, 'lock'>, ReturnType<typeof sqlite.prepare>>;
    const begin = sqlite.prepare('begin');
    const commit = sqlite.prepare('commit');
    const made = submissions(userId, bankIds, 64);
    // Sessions as the app's case starts them beforehand, a batch at a time outside the clock.
    const insertSessions = sqlite.prepare(
      `${SESSION_INSERT} select ?, 'exam', '[]', 40, 2400, 1, ? from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select i from n)`,
    );
    const lastSession = () =>
      (sqlite.prepare('select max(id) as id from exam_sessions').get() as { id: number }).id;
    return await onLoadCore(async () => {
      let done = 0;
      let spent = 0;
      const batch = 500;
      while (spent < seconds * 1000) {
        insertSessions.run(userId, new Date().toISOString(), batch);
        const first = lastSession() - batch + 1;
        const started = performance.now();
        for (let i = 0; i < batch; i++) {
          const submission = made[(done + i) % made.length] as Submission;
          let resultId = 0;
          for (const [name, parameters] of steps(userId, submission, first + i, () => resultId)) {
            if (name === 'lock') continue;
            if (name === 'readMemory') begin.run();
            const statement = prepared[name];
            if (statement.reader) {
              const rows = statement.all(parameters()) as number[][];
              // The result's id is its first column.
              if (name === 'insertResult') resultId = rows[0]?.[0] ?? 0;
            } else statement.run(parameters());
          }
          commit.run();
        }
        spent += performance.now() - started;
        done += batch;
      }
      return {
        submissionsPerSecond: done / (spent / 1000),
        microsecondsEach: (spent * 1000) / done,
        submissions: done,
        connections: 1,
      };
    });
  } finally {
    sqlite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function prepareSqlite(sqlite: ReturnType<typeof openSqliteFile>): Prepared {
  const { id } = sqlite
    .prepare(
      `insert into users (username, email, password_hash, first_name, last_name, is_admin, is_active, created_at)
       values ('benchalone', 'benchalone@example.com', 'x', 'Bench', 'Alone', 0, 1, ?) returning id`,
    )
    .get(new Date().toISOString()) as { id: number };
  const bankIds = (
    sqlite.prepare('select id from questions where course_id = 1').all() as { id: number }[]
  ).map((question) => question.id);
  return { userId: id, bankIds };
}

/**
 * The database alone on PostgreSQL: `connections` clients (the app's pool holds 10) sending one
 * learner's submissions side by side, as the app's case does, with named prepared statements;
 * the learner's memory lock makes them take turns there as in the app.
 */
export async function postgresAlone(
  databaseUrl: string,
  seconds: number,
  connections = 10,
): Promise<AloneFigures> {
  const schema = await createPgSchema(databaseUrl, 'bench_alone');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-bench-alone-pg-'));
  // The app's migrations and demo bank in the schema, then the app is gone.
  const app = await buildApp({
    dataDir,
    jwtSecret: BENCH_JWT_SECRET,
    adminPassword: BENCH_ADMIN_PASSWORD,
    databaseUrl,
    pgSchema: schema,
    seedDemo: true,
    logger: false,
  });
  await app.close();
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: connections,
    options: `-c search_path=${schema}`,
  });
  try {
    const { rows } = await pool.query<{ id: number }>(
      `insert into users (username, email, password_hash, first_name, last_name, is_admin, is_active, created_at)
       values ('benchalone', 'benchalone@example.com', 'x', 'Bench', 'Alone', 0, 1, $1) returning id`,
      [new Date().toISOString()],
    );
    const userId = Number(rows[0]?.id);
    const bankIds = (
      await pool.query<{ id: string }>('select id from questions where course_id = 1')
    ).rows.map((question) => Number(question.id));
    const made = submissions(userId, bankIds, 64);
    const wanted = seconds * 3000;
    const sessions = await pool.query<{ id: string }>(
      `${SESSION_INSERT} select $1, 'exam', '[]', 40, 2400, 1, $2 from generate_series(1, $3) returning id`,
      [userId, new Date().toISOString(), wanted],
    );
    const sessionIds = sessions.rows.map((session) => Number(session.id));
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline && next < sessionIds.length) {
          const index = next++;
          const submission = made[index % made.length] as Submission;
          let resultId = 0;
          for (const [name, parameters] of steps(
            userId,
            submission,
            sessionIds[index] as number,
            () => resultId,
          )) {
            if (name === 'lock') await client.query('begin');
            const result = await client.query({
              name,
              text: numbered(STATEMENTS[name]),
              values: parameters(),
            });
            if (name === 'insertResult') resultId = Number(result.rows[0]?.id ?? 0);
          }
          await client.query('commit');
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const spent = performance.now() - started;
    return {
      submissionsPerSecond: next / (spent / 1000),
      microsecondsEach: (spent * 1000) / next,
      submissions: next,
      connections,
    };
  } finally {
    await pool.end();
    await dropPgSchema(databaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
