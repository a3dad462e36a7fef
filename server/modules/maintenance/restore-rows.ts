import { MAX_TIME_LIMIT_SECONDS } from '../../../domain/course-rules';
import { isContentLanguage } from '../../../domain/question-languages';
import { isTooLong } from '../../../domain/text';
import {
  MAX_TOPIC_NAME_LENGTH,
  storedTopicTranslations,
  topicTranslationsJson,
} from '../../../domain/topic-names';
import { fitsContractString } from '../../http/contract';
import { isExamType, isGradedAnswer } from '../exams/exams.model';
import { detectImageKind } from '../questions/questions.images';
import { parseQuestionIds } from '../questions/questions.model';
import { checkQuestion } from '../questions/questions.validation';
import { isSessionType } from '../training-modules/training-modules.model';
import { isDataType, settingProblem } from '../settings/settings.model';
import type { Row, TableName } from './table-copy';

import { text, type Text } from '../../i18n/text';

/**
 * What the API itself would refuse to store, checked on each row of a backup before it is
 * restored: a row the app could not have written could not be served either (a result whose
 * answers are not graded answers made the result page fail) or would be served unchecked (an
 * "image" declared as HTML). Each check answers why the row does not fit, or undefined.
 */
type RowCheck = (row: Row) => Text | string | undefined;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
// An SVG document (the demo bank's drawings), served under a policy that lets it draw only.
const SVG_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;
// FSRS card states: new, learning, review, relearning.
const FSRS_STATES: readonly unknown[] = [0, 1, 2, 3];

const textValue = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first problem of several checks, each a condition and what it means when false. */
function firstProblem(checks: readonly (readonly [boolean, string])[]): string | undefined {
  return checks.find(([fits]) => !fits)?.[1];
}

const isFlag = (value: unknown) => value === 0 || value === 1;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isTimestamp = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value));
const isOptionalTimestamp = (value: unknown) => value === null || isTimestamp(value);
const areQuestionIds = (value: unknown) => parseQuestionIds(textValue(value)) !== undefined;
// Absent from a backup made before migration 0023, null for "not said".
const isOptionalLanguage = (value: unknown) =>
  value === undefined || value === null || isContentLanguage(value);

/** A topic's names in other languages as the app writes them, or none (before migration 0028). */
function isOptionalTopicTranslations(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const names = storedTopicTranslations(value);
  return (
    topicTranslationsJson(names) === value &&
    Object.values(names).every((name) => !isTooLong(name, MAX_TOPIC_NAME_LENGTH))
  );
}

/** The value of JSON text, boxed so that `null` reads apart from "not JSON" (undefined). */
function parsedJson(value: unknown): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(textValue(value)) };
  } catch {
    return undefined;
  }
}

/** A result's answers as the server grades them, every one of them. */
function areGradedAnswers(value: unknown): boolean {
  const parsed = parsedJson(value)?.value;
  return Array.isArray(parsed) && parsed.every(isGradedAnswer);
}

function imageProblem(row: Row): string | undefined {
  const data = Buffer.isBuffer(row.data) ? row.data : Buffer.alloc(0);
  const type = textValue(row.content_type);
  if (type === 'image/svg+xml') {
    return SVG_START.test(data.subarray(0, 4096).toString('utf8'))
      ? undefined
      : 'is declared an SVG image but does not start as one';
  }
  if (!IMAGE_TYPES.includes(type))
    return `has the type "${type}", not an image type the app serves`;
  const kind = detectImageKind(data)?.contentType;
  return kind === type ? undefined : `is declared ${type} but its bytes are ${kind ?? 'no image'}`;
}

const CHECKS: Partial<Record<TableName, RowCheck>> = {
  courses: (row) =>
    firstProblem([
      [textValue(row.name).trim() !== '', 'name is empty'],
      [
        ['en', 'ru', 'zh', 'ko'].includes(textValue(row.language)),
        'language is not en, ru, zh or ko',
      ],
      [
        ['percent_questions', 'percent_points', 'max_mistakes'].includes(textValue(row.pass_rule)),
        'pass_rule is not a pass rule',
      ],
      [
        [
          row.question_count,
          row.time_limit_seconds,
          row.pass_value,
          row.extra_questions_per_mistake,
          row.extra_seconds_per_mistake,
        ].every(isCount),
        'a rule is not a whole number',
      ],
      // Absent from a backup made before migration 0030: the exam runs to the end.
      [
        row.ends_when_failed === undefined || isFlag(row.ends_when_failed),
        'ends_when_failed must be 0 or 1',
      ],
      [isTimestamp(row.created_at), 'created_at is not a date'],
    ]),
  users: (row) =>
    firstProblem([
      [fitsContractString('Username', row.username), 'username is not a valid username'],
      [fitsContractString('Email', row.email), 'email is not an e-mail address'],
      [textValue(row.password_hash).startsWith('$'), 'password_hash is not a password hash'],
      [isFlag(row.is_admin) && isFlag(row.is_active), 'is_admin and is_active must be 0 or 1'],
      [isTimestamp(row.created_at) && isOptionalTimestamp(row.last_login), 'a date is not a date'],
      // A backup made before migration 0023 has none: the default language.
      [isOptionalLanguage(row.content_language), 'content_language is not en, ru, zh or ko'],
    ]),
  questions: (row) => {
    const checked = checkQuestion({
      question_text: textValue(row.question_text),
      answer_1: textValue(row.answer_1),
      answer_2: textValue(row.answer_2),
      answer_3: row.answer_3 as string | null,
      answer_4: row.answer_4 as string | null,
      answer_5: row.answer_5 as string | null,
      right_answers: textValue(row.right_answers),
      points: row.points as number,
      photo: row.photo as string | null,
      photo_alt: (row.photo_alt ?? null) as string | null,
      explanation: row.explanation as string | null,
    });
    return checked.ok ? undefined : checked.reason;
  },
  question_translations: (row) =>
    firstProblem([
      [isContentLanguage(row.language), 'language is not en, ru, zh or ko'],
      [
        [row.question_text, row.answer_1, row.answer_2].every(
          (value) => textValue(value).trim() !== '',
        ),
        'a translation lacks its question text or its first two answers',
      ],
    ]),
  images: imageProblem,
  tickets: (row) =>
    firstProblem([
      [
        Number.isSafeInteger(row.ticket_number) && (row.ticket_number as number) >= 1,
        'ticket_number is not a ticket number',
      ],
      [areQuestionIds(row.question_ids), 'question_ids is not a list of question ids'],
      [isTimestamp(row.created_at), 'created_at is not a date'],
    ]),
  topics: (row) =>
    firstProblem([
      [
        textValue(row.name).trim() !== '' && textValue(row.name).length <= MAX_TOPIC_NAME_LENGTH,
        'name is empty or too long',
      ],
      [areQuestionIds(row.question_ids), 'question_ids is not a list of question ids'],
      [isTimestamp(row.created_at), 'created_at is not a date'],
      [
        isOptionalTopicTranslations(row.translations),
        'translations is not an object of names by language (en, ru, zh, ko)',
      ],
    ]),
  settings: (row) => {
    const dataType = textValue(row.data_type);
    if (!isDataType(dataType)) return `data_type "${dataType}" is not one of the setting types`;
    const key = textValue(row.key);
    const problem = settingProblem(key, textValue(row.value), dataType);
    return problem && text('keyedProblem', { key, problem });
  },
  exam_results: (row) =>
    firstProblem([
      [isExamType(row.exam_type), 'exam_type is neither exam nor training'],
      [areGradedAnswers(row.answers), 'answers is not a list of graded answers'],
      [isFlag(row.passed), 'passed must be 0 or 1'],
      [
        [row.total_questions, row.correct_answers, row.total_points, row.max_points].every(
          isCount,
        ) &&
          isCount(row.score) &&
          (row.score as number) <= 100,
        'a count or the score is out of range',
      ],
      [row.time_taken === null || isCount(row.time_taken), 'time_taken is not a number of seconds'],
      // A backup made before migration 0018 has no over_time: it reads as not over time.
      [row.over_time === undefined || isFlag(row.over_time), 'over_time must be 0 or 1'],
      // A backup made before migration 0030 has no ended_early: it reads as run to the end.
      [row.ended_early === undefined || isFlag(row.ended_early), 'ended_early must be 0 or 1'],
      [isOptionalLanguage(row.language), 'language is not en, ru, zh or ko'],
      [isTimestamp(row.created_at), 'created_at is not a date'],
    ]),
  exam_sessions: (row) =>
    firstProblem([
      [isExamType(row.exam_type), 'exam_type is neither exam nor training'],
      [areQuestionIds(row.question_ids), 'question_ids is not a list of question ids'],
      [isCount(row.time_limit_seconds), 'time_limit_seconds is not a number of seconds'],
      [isOptionalLanguage(row.language), 'language is not en, ru, zh or ko'],
      // Absent from a backup made before migration 0030; a spoiled one grades by the course's.
      [
        row.rules === undefined || row.rules === null || typeof row.rules === 'string',
        'rules is not text',
      ],
      [
        isTimestamp(row.started_at) &&
          isOptionalTimestamp(row.completed_at) &&
          // Absent from a backup made before migration 0025.
          (row.prepared_at === undefined || isOptionalTimestamp(row.prepared_at)),
        'a date is not a date',
      ],
    ]),
  training_sessions: (row) =>
    firstProblem([
      [isSessionType(row.session_type), 'session_type is not a training mode'],
      [areQuestionIds(row.question_ids), 'question_ids is not a list of question ids'],
      [
        row.time_limit_seconds === null || isCount(row.time_limit_seconds),
        'time_limit_seconds is not a number of seconds',
      ],
      [
        [
          row.questions_answered,
          row.correct_answers,
          row.total_points,
          row.time_spent_seconds,
        ].every(isCount),
        'a count is negative',
      ],
      [isFlag(row.is_completed), 'is_completed must be 0 or 1'],
      [
        isTimestamp(row.created_at) && isOptionalTimestamp(row.completed_at),
        'a date is not a date',
      ],
      // A backup made before migration 0022 has none: its figures read as the client's.
      [
        row.counted_question_ids === undefined ||
          row.counted_question_ids === null ||
          areQuestionIds(row.counted_question_ids),
        'counted_question_ids is not a list of question ids',
      ],
    ]),
  question_memory: (row) =>
    firstProblem([
      [
        [
          row.correct_count,
          row.wrong_count,
          row.reps,
          row.lapses,
          row.elapsed_days,
          row.scheduled_days,
          row.learning_steps,
        ].every(isCount),
        'a count is negative',
      ],
      [isFlag(row.last_correct), 'last_correct must be 0 or 1'],
      [FSRS_STATES.includes(row.state), 'state is not a review state'],
      [
        [row.stability, row.difficulty].every(
          (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0,
        ),
        'stability and difficulty must be numbers of at least 0',
      ],
      [isTimestamp(row.due_at) && isTimestamp(row.last_answered_at), 'a date is not a date'],
    ]),
  bookmarks: (row) => firstProblem([[isTimestamp(row.created_at), 'created_at is not a date']]),
  readiness_days: (row) =>
    firstProblem([
      [/^\d{4}-\d\d-\d\d$/.test(textValue(row.day)), 'day is not a date'],
      [isCount(row.answers), 'answers is negative'],
      [
        row.probability === null ||
          (typeof row.probability === 'number' && row.probability >= 0 && row.probability <= 1),
        'probability is not from 0 to 1',
      ],
    ]),
  readiness_evidence: (row) =>
    firstProblem([
      [
        [
          row.first_answers,
          row.first_right,
          row.seen_answers,
          row.seen_retrievability,
          row.seen_right,
        ].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0),
        'the answer sums must be numbers of at least 0',
      ],
      [isTimestamp(row.updated_at), 'updated_at is not a date'],
    ]),
  audit_log: (row) =>
    firstProblem([
      [row.details === null || parsedJson(row.details) !== undefined, 'details is not JSON'],
      [isTimestamp(row.created_at), 'created_at is not a date'],
    ]),
};

/**
 * Why the app would refuse this row of `table`, or undefined when it would store it. The checks
 * the API shares (a question, a setting) are worded in the caller's language; the backup's own
 * integrity checks name columns and stay in English.
 */
/**
 * A row as this version stores it. An exam time over 6 hours was a setting the exam never used
 * (the default course held 6 hours): it comes back as what the exams had (migration 0027).
 */
export function upgradedRow(table: TableName, row: Row): Row {
  if (
    table === 'settings' &&
    row.key === 'exam_time_limit_seconds' &&
    /^[0-9]{1,9}$/.test(textValue(row.value)) &&
    Number(row.value) > MAX_TIME_LIMIT_SECONDS
  ) {
    return { ...row, value: String(MAX_TIME_LIMIT_SECONDS) };
  }
  return row;
}

export function restoredRowProblem(table: TableName, row: Row): Text | string | undefined {
  return CHECKS[table]?.(row);
}
