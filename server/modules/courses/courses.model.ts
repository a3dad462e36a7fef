import type { Kysely } from 'kysely';
import {
  type CourseRules,
  DEFAULT_COURSE_RULES,
  MAX_TIME_LIMIT_SECONDS,
  reserveSize,
  rulesForDraw,
} from '../../../domain/course-rules';
import { drawSize } from '../../../domain/draw';
import type { CourseRow, Database } from '../../db/schema';
import { entityTagOf } from '../../http/entity-tags';
import type { Caller, Schema } from '../../http/operations';
import { NotFoundError } from '../../http/errors';
import { text } from '../../i18n/text';
import type { BankSnapshot, CourseBank } from '../questions/question-bank';

export type Course = Schema<'Course'>;
export type CourseLanguage = Schema<'CourseLanguage'>;

/** The course made from the settings by migration 0013: the spec's calls act on it by default. */
export const DEFAULT_COURSE_ID = 1;

const LANGUAGES: readonly CourseLanguage[] = ['en', 'ru', 'zh', 'ko'];
const PASS_RULES: readonly CourseRules['pass_rule'][] = [
  'percent_questions',
  'percent_points',
  'max_mistakes',
];

/** A course's rules as stored; a value a hand edit left out of the contract reads as the spec's. */
export function rulesOf(row: CourseRow): CourseRules {
  return {
    question_count: row.question_count,
    time_limit_seconds: row.time_limit_seconds,
    pass_rule: PASS_RULES.find((rule) => rule === row.pass_rule) ?? 'percent_questions',
    pass_value: row.pass_value,
    extra_questions_per_mistake: row.extra_questions_per_mistake,
    extra_seconds_per_mistake: row.extra_seconds_per_mistake,
    ends_when_failed: row.ends_when_failed === 1,
  };
}

/** The stored fields an update replaces, in a fixed order (for entity tags and checks). */
export const COURSE_FIELDS = [
  'name',
  'description',
  'language',
  'question_count',
  'time_limit_seconds',
  'pass_rule',
  'pass_value',
  'extra_questions_per_mistake',
  'extra_seconds_per_mistake',
  'ends_when_failed',
] as const satisfies readonly (keyof CourseRow)[];

/**
 * The entity tag of a course as stored: its name, description, language and rules. The default
 * course's rules follow the exam settings (migration 0013), so a save in Settings moves it too.
 */
export function courseTagOf(row: Pick<CourseRow, (typeof COURSE_FIELDS)[number]>): string {
  return entityTagOf(COURSE_FIELDS.map((field) => row[field]));
}

/**
 * The API view of a course; `languages` are those its questions can be read in (its exam
 * language first: see CourseBank.languages), just the exam language when not given.
 */
export function toCourse(
  row: CourseRow,
  questionTotal: number,
  languages?: readonly CourseLanguage[],
): Course {
  const language = LANGUAGES.find((known) => known === row.language) ?? 'en';
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language,
    languages: languages ? [...languages] : [language],
    is_default: row.id === DEFAULT_COURSE_ID,
    question_total: questionTotal,
    rules: rulesOf(row),
    created_at: row.created_at,
  };
}

/**
 * The course a call acts on: for an administrator the one `requested` names, else the caller's
 * own (the default one when theirs is gone). An unknown requested course is a 404.
 */
export function courseOf(
  bank: BankSnapshot,
  caller: Pick<Caller, 'courseId'> & { isAdmin?: boolean },
  requested?: number | undefined,
): CourseBank {
  if (caller.isAdmin === true && requested !== undefined) return requestedCourse(bank, requested);
  const own = bank.course(caller.courseId) ?? bank.course(DEFAULT_COURSE_ID);
  if (!own) throw new NotFoundError(text('courseNotFound'));
  return own;
}

/** An administrator's bank call: the course named, else the default course. */
export function adminCourseOf(bank: BankSnapshot, requested: number | undefined): CourseBank {
  return requestedCourse(bank, requested ?? DEFAULT_COURSE_ID);
}

function requestedCourse(bank: BankSnapshot, id: number): CourseBank {
  const course = bank.course(id);
  if (!course) throw new NotFoundError(text('courseNotFound'));
  return course;
}

/**
 * An exam's questions: the course's count (the whole bank when it holds fewer), then, for a
 * course whose rule adds questions after mistakes, a reserve for every mistake that can still
 * pass, shown only as mistakes earn them.
 */
export function examDraw(course: CourseBank): number[] {
  return drawExam(course).ids;
}

/**
 * An exam's draw (see examDraw) with how many of it are the main part (the rest is the reserve)
 * and the rules it is held to (rulesForDraw).
 */
export function drawExam(course: CourseBank): {
  ids: number[];
  mainCount: number;
  rules: CourseRules;
} {
  const main = drawSize(course.course.question_count, course.ids.length);
  const rules = rulesForDraw(rulesOf(course.course), main);
  return { ids: course.draw(main + reserveSize(rules, main)), mainCount: main, rules };
}

/**
 * Makes the default course when it is missing (a restored backup made before courses), with
 * the exam settings as its rules, as the upgrade to courses does.
 */
export async function ensureDefaultCourse(db: Kysely<Database>, now: Date): Promise<void> {
  const existing = await db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', DEFAULT_COURSE_ID)
    .executeTakeFirst();
  if (existing) return;
  const settings = new Map(
    (await db.selectFrom('settings').select(['key', 'value']).execute()).map((row) => [
      row.key,
      Number(row.value),
    ]),
  );
  const setting = (key: string, fallback: number, low: number, high: number) => {
    const value = settings.get(key);
    return value !== undefined && Number.isInteger(value) && value >= low && value <= high
      ? value
      : fallback;
  };
  await db
    .insertInto('courses')
    .values({
      id: DEFAULT_COURSE_ID,
      name: 'Driving theory',
      description: '',
      language: 'en',
      ...DEFAULT_COURSE_RULES,
      ends_when_failed: 0,
      question_count: setting('exam_question_count', DEFAULT_COURSE_RULES.question_count, 1, 200),
      time_limit_seconds: setting(
        'exam_time_limit_seconds',
        DEFAULT_COURSE_RULES.time_limit_seconds,
        60,
        MAX_TIME_LIMIT_SECONDS,
      ),
      pass_value: setting('exam_pass_percent', DEFAULT_COURSE_RULES.pass_value, 0, 100),
      created_at: now.toISOString(),
    })
    .execute();
}
