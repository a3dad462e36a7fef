import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database, QuestionRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Schema } from '../../http/operations';
import { PACKAGE_JSON_PATH } from '../../paths';
import { toExamResultSummary } from '../exams/exams.model';
import { toQuestion } from '../questions/questions.model';
import { toTicket } from '../tickets/tickets.model';
import { STORED_TOPIC, toTopic } from '../topics/topics.model';
import { toUser } from '../users/users.model';
import { toCourse } from '../courses/courses.model';
import { readableLanguages, readTranslations } from '../questions/question-translations';
import { toSetting } from '../settings/settings.model';

type SystemStatus = Schema<'SystemStatus'>;
type DataExport = Schema<'DataExport'>['data'];

const RECENT_ACTIVITY = 20;

let version: string | undefined;
function appVersion(): string {
  version ??= (
    JSON.parse(readFileSync(PACKAGE_JSON_PATH, 'utf8')) as {
      version: string;
    }
  ).version;
  return version;
}

async function count(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What an administrator sees on the status page: versions, resources, counts and recent activity. */
export async function systemStatus(deps: AppDeps): Promise<SystemStatus> {
  const { db } = deps;
  const [users, admins, questions, exams, tickets, topics, settings, activity] = await Promise.all([
    count(db, 'users'),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('is_admin', '=', 1)
      .executeTakeFirstOrThrow(),
    count(db, 'questions'),
    db
      .selectFrom('exam_results')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('exam_type', '=', 'exam')
      .executeTakeFirstOrThrow(),
    count(db, 'tickets'),
    count(db, 'topics'),
    count(db, 'settings'),
    db
      .selectFrom('audit_log')
      .select(['id', 'action', 'summary', 'details', 'username', 'created_at'])
      .orderBy('id', 'desc')
      .limit(RECENT_ACTIVITY)
      .execute(),
  ]);
  return {
    status: 'ok',
    version: appVersion(),
    database: deps.database.dialect,
    uptime_seconds: Math.max(
      0,
      Math.floor((deps.now().getTime() - deps.startedAt.getTime()) / 1000),
    ),
    memory_rss_bytes: process.memoryUsage.rss(),
    node_version: process.version,
    cache_entries: deps.bank.cachedEntries(),
    counts: {
      users,
      admins: Number(admins.n),
      questions,
      exams: Number(exams.n),
      tickets,
      topics,
      settings,
    },
    recent_activity: activity.map((entry) => ({ ...entry, details: parseDetails(entry.details) })),
  };
}

type ActivityDetails = Record<string, string | number | boolean>;

/** An entry's kept values; null when none were kept or they cannot be read. */
function parseDetails(text: string | null): ActivityDetails | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ActivityDetails)
      : null;
  } catch {
    return null;
  }
}

/** Every record an administrator may take away, in the API's own shapes: no password hashes. */
export async function exportData(deps: Pick<AppDeps, 'db' | 'database'>): Promise<DataExport> {
  // One snapshot, so tickets and topics count the same questions the export lists
  // (PostgreSQL's default, read committed, would give each statement its own).
  let transaction = deps.db.transaction();
  if (deps.database.dialect === 'postgres')
    transaction = transaction.setIsolationLevel('repeatable read');
  return transaction.execute(async (trx) => {
    const [courses, users, questions, tickets, topics, settings, results] = await Promise.all([
      trx.selectFrom('courses').selectAll().orderBy('id').execute(),
      trx.selectFrom('users').selectAll().orderBy('id').execute(),
      trx.selectFrom('questions').selectAll().orderBy('id').execute(),
      trx.selectFrom('tickets').selectAll().orderBy('course_id').orderBy('ticket_number').execute(),
      trx.selectFrom('topics').selectAll().orderBy('course_id').orderBy('name').execute(),
      trx.selectFrom('settings').selectAll().orderBy('key').execute(),
      trx.selectFrom('exam_results').selectAll().orderBy('id').execute(),
    ]);
    const translations = await readTranslations(
      trx,
      questions.map((question) => question.id),
    );
    const pointsById = new Map(questions.map((q: QuestionRow) => [q.id, q.points]));
    return {
      courses: courses.map((course) => {
        const own = questions.filter((question) => question.course_id === course.id);
        const translated = new Set(
          own.flatMap((question) => Object.keys(translations.get(question.id) ?? {})),
        );
        return toCourse(
          course,
          own.length,
          readableLanguages(course, (language) => translated.has(language)),
        );
      }),
      users: users.map(toUser),
      questions: questions.map((question) => ({
        ...toQuestion(question),
        course_id: question.course_id,
        translations: translations.get(question.id) ?? {},
      })),
      tickets: tickets.map((ticket) => ({
        ...toTicket(ticket, pointsById),
        course_id: ticket.course_id,
      })),
      topics: topics.map((topic) => ({
        ...toTopic(topic, pointsById, STORED_TOPIC),
        course_id: topic.course_id,
      })),
      settings: settings.map((row) => toSetting(row)),
      exam_results: results.map(toExamResultSummary),
    };
  });
}

/** The maintenance actions the admin panel offers; paths are relative to the API base. */
export const MAINTENANCE_ACTIONS: Schema<'MaintenanceAction'>[] = [
  {
    action: 'clear_cache',
    name: 'Clear cache',
    description: "Empties this server process's caches; settings are read afresh.",
    method: 'POST',
    path: '/settings/maintenance/clear_cache',
  },
  {
    action: 'backup_database',
    name: 'Back up database',
    description: 'Writes a consistent copy of every table into a new SQLite file to download.',
    method: 'POST',
    path: '/settings/maintenance/backup_database',
  },
  {
    action: 'export_data',
    name: 'Export data',
    description:
      'Users (without passwords), questions, tickets, topics, settings and results as JSON.',
    method: 'POST',
    path: '/settings/maintenance/export_data',
  },
  {
    action: 'restore_database',
    name: 'Restore database',
    description: "Replaces all data with an uploaded backup file (multipart field 'file').",
    method: 'POST',
    path: '/settings/maintenance/restore_database',
  },
  {
    action: 'initialize_defaults',
    name: 'Initialize default settings',
    description: 'Creates every missing default setting; existing values are kept.',
    method: 'POST',
    path: '/settings/initialize-defaults',
  },
];
