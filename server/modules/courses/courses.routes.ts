import { type CourseRules, rulesProblem } from '../../../domain/course-rules';
import { isUniqueViolation } from '../../db/data-errors';
import type { CourseRow, Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { whereUnchanged } from '../../db/unchanged';
import { assertIfMatch, ifMatchOf, tagReply } from '../../http/entity-tags';
import {
  ConflictError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../http/errors';
import { type OperationHandlers, type Schema, requireCaller } from '../../http/operations';
import { trimText } from '../../http/text-characters';
import { text } from '../../i18n/text';
import type { Kysely } from 'kysely';
import { COURSE_FIELDS, courseTagOf, DEFAULT_COURSE_ID, toCourse } from './courses.model';

export type CourseOperations =
  'listCourses' | 'createCourse' | 'getCourse' | 'updateCourse' | 'deleteCourse';

type CourseInput = Schema<'CourseInput'>;

/** The tables holding a course's rows, children first, for a course deleted with its data. */
const COURSE_ROWS = [
  'exam_results',
  'exam_sessions',
  'training_sessions',
  'tickets',
  'topics',
] as const;

function checkedRules(rules: CourseRules): CourseRules {
  const problem = rulesProblem(rules);
  if (problem === 'percentRange')
    throw new ValidationError(text('coursePercentRange'), { field: 'rules' });
  if (problem === 'mistakesNotBelowCount')
    throw new ValidationError(text('courseMistakesNotBelowCount'), { field: 'rules' });
  return rules;
}

function columnsOf(input: CourseInput) {
  const rules = checkedRules(input.rules);
  return {
    name: trimText(input.name),
    description: trimText(input.description ?? ''),
    language: input.language,
    ...rules,
    // Left out by a caller from before it: the exam runs to the end, as it did.
    ends_when_failed: rules.ends_when_failed === true ? 1 : 0,
  };
}

/**
 * The default course's rules are also the exam settings (spec): written here, the settings
 * follow in the same transaction (and a trigger makes the course follow the settings the other
 * way, see migration 0013).
 */
async function writeExamSettings(db: Kysely<Database>, rules: CourseRules, now: string) {
  const values: [string, number][] = [
    ['exam_question_count', rules.question_count],
    ['exam_time_limit_seconds', rules.time_limit_seconds],
  ];
  if (rules.pass_rule === 'percent_questions') values.push(['exam_pass_percent', rules.pass_value]);
  for (const [key, value] of values) {
    await db
      .updateTable('settings')
      .set({ value: String(value), updated_at: now })
      .where('key', '=', key)
      .where('value', '!=', String(value))
      .execute();
  }
}

/** How many of a course's questions are translated into `language`. */
async function translationsInto(
  db: Kysely<Database>,
  courseId: number,
  language: string,
): Promise<number> {
  const row = await db
    .selectFrom('question_translations')
    .innerJoin('questions', 'questions.id', 'question_translations.question_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('questions.course_id', '=', courseId)
    .where('question_translations.language', '=', language)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A course's row as stored now, undefined when there is none. */
function storedCourse(db: Kysely<Database>, id: number) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Handlers of the courses operations. */
export function createCourseHandlers(deps: AppDeps): Pick<OperationHandlers, CourseOperations> {
  /** The API view of a stored course, its questions counted as stored now. */
  async function viewOf(row: CourseRow) {
    const id = Number(row.id);
    const total = await deps.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('course_id', '=', id)
      .executeTakeFirst();
    const languages = await (await deps.bank.snapshot()).course(id)?.languages();
    return toCourse({ ...row, id }, Number(total?.total ?? 0), languages);
  }

  async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(text('courseNameTaken'), { field: 'name' });
      throw error;
    }
  }

  return {
    async listCourses({ request }) {
      const bank = await deps.bank.snapshot(request.revisions);
      const sorted = [...bank.courses].sort(
        (a, b) =>
          Number(b.id === DEFAULT_COURSE_ID) - Number(a.id === DEFAULT_COURSE_ID) ||
          a.name.localeCompare(b.name) ||
          a.id - b.id,
      );
      return Promise.all(
        sorted.map(async (course) => {
          const own = bank.course(course.id);
          return toCourse(course, own?.ids.length ?? 0, await own?.languages());
        }),
      );
    },

    async createCourse({ body, caller }) {
      const admin = requireCaller(caller);
      const row = await nameTaken(() =>
        deps.db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('courses')
            .values({ ...columnsOf(body), created_at: deps.now().toISOString() })
            .returningAll()
            .executeTakeFirstOrThrow();
          await deps.audit.record(admin, { action: 'course.create', name: created.name }, trx);
          return created;
        }),
      );
      return toCourse({ ...row, id: Number(row.id) }, 0);
    },

    async getCourse({ params, reply }) {
      const row = await storedCourse(deps.db, params.id);
      if (!row) throw new NotFoundError(text('courseNotFound'));
      tagReply(reply, courseTagOf(row));
      return viewOf(row);
    },

    async updateCourse({ params, body, caller, request, reply }) {
      const admin = requireCaller(caller);
      const columns = columnsOf(body);
      const changed = text('courseChanged');
      const row = await nameTaken(() =>
        deps.db.transaction().execute(async (trx) => {
          const existing = await storedCourse(trx, params.id);
          if (!existing) throw new NotFoundError(text('courseNotFound'));
          assertIfMatch(request, courseTagOf(existing), changed);
          // A question's own fields are in its course's language: a translation into the new
          // one would say the same thing twice, and one of them would never be shown.
          const translated = await translationsInto(trx, params.id, columns.language);
          if (translated > 0) {
            throw new ConflictError(
              text('courseHasTranslationsInto', { language: columns.language, count: translated }),
              { field: 'language' },
            );
          }
          // Checked again as it is written: another save (or Settings, for the default
          // course's rules) may have come in since it was read.
          const updated = await whereUnchanged(
            trx.updateTable('courses').set(columns).where('id', '=', params.id),
            COURSE_FIELDS,
            ifMatchOf(request) === undefined ? undefined : existing,
          )
            .returningAll()
            .executeTakeFirst();
          if (!updated) {
            if (await storedCourse(trx, params.id)) throw new PreconditionFailedError(changed);
            throw new NotFoundError(text('courseNotFound'));
          }
          if (params.id === DEFAULT_COURSE_ID) {
            await writeExamSettings(trx, body.rules, deps.now().toISOString());
          }
          await deps.audit.record(admin, { action: 'course.update', name: updated.name }, trx);
          return updated;
        }),
      );
      tagReply(reply, courseTagOf(row));
      return viewOf(row);
    },

    async deleteCourse({ params, query, caller }) {
      const admin = requireCaller(caller);
      if (params.id === DEFAULT_COURSE_ID) throw new ConflictError(text('courseIsDefault'));
      await deps.db.transaction().execute(async (trx) => {
        const course = await trx
          .selectFrom('courses')
          .selectAll()
          .where('id', '=', params.id)
          .executeTakeFirst();
        if (!course) throw new NotFoundError(text('courseNotFound'));
        const holds = await Promise.all(
          [...COURSE_ROWS, 'questions' as const].map((table) =>
            trx
              .selectFrom(table)
              .select('id')
              .where('course_id', '=', params.id)
              .limit(1)
              .executeTakeFirst(),
          ),
        );
        if (holds.some(Boolean) && query?.confirm?.trim() !== course.name) {
          throw new ConflictError(text('courseNotEmpty', { name: course.name }));
        }
        const questionIds = trx
          .selectFrom('questions')
          .select('id')
          .where('course_id', '=', params.id);
        await trx.deleteFrom('question_memory').where('question_id', 'in', questionIds).execute();
        for (const table of COURSE_ROWS) {
          await trx.deleteFrom(table).where('course_id', '=', params.id).execute();
        }
        await trx.deleteFrom('questions').where('course_id', '=', params.id).execute();
        await trx
          .updateTable('users')
          .set({ course_id: DEFAULT_COURSE_ID })
          .where('course_id', '=', params.id)
          .execute();
        await trx.deleteFrom('courses').where('id', '=', params.id).execute();
        await deps.audit.record(admin, { action: 'course.delete', name: course.name }, trx);
      });
      return { message: 'Course deleted successfully' };
    },
  };
}
