import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityTagOf } from '../../http/entity-tags';
import { trimText } from '../../http/text-characters';
import { text, type Text } from '../../i18n/text';

/** The stored fields of a question, as an administrator or a CSV row gives them. */
export interface QuestionFields {
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  right_answers: string;
  points: number;
  photo: string | null;
  /** Kept only with a photo: without one there is nothing to describe. */
  photo_alt: string | null;
  explanation: string | null;
}

/** The stored fields an update replaces, in a fixed order (for entity tags and checks). */
export const QUESTION_FIELDS = [
  'question_text',
  'answer_1',
  'answer_2',
  'answer_3',
  'answer_4',
  'answer_5',
  'right_answers',
  'points',
  'photo',
  'photo_alt',
  'explanation',
] as const satisfies readonly (keyof QuestionFields)[];

/** The entity tag of a question as stored. */
export function questionTagOf(question: QuestionFields): string {
  return entityTagOf(QUESTION_FIELDS.map((field) => question[field]));
}

/** Loosely typed input: the JSON body's fields, or a CSV row's cells after `points` is read. */
export interface QuestionDraft {
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3?: string | null | undefined;
  answer_4?: string | null | undefined;
  answer_5?: string | null | undefined;
  right_answers: string;
  points?: number | undefined;
  photo?: string | null | undefined;
  photo_alt?: string | null | undefined;
  explanation?: string | null | undefined;
}

export const MAX_QUESTION_TEXT = 4000;
export const MAX_ANSWER_TEXT = 1000;
export const MAX_EXPLANATION_TEXT = 4000;
export const MAX_PHOTO_ALT_TEXT = 300;
export const MAX_POINTS = 100;
// The same rule as the contract's PhotoName, so a CSV cannot store a name the API would refuse.
const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Whether `name` may name a stored photo (letters, digits, `.`, `-`, `_`; up to 128). */
export const isPhotoName = (name: string): boolean => PHOTO_NAME.test(name);

const ANSWER_KEYS = ['answer_1', 'answer_2', 'answer_3', 'answer_4', 'answer_5'] as const;

export type QuestionCheck = { ok: true; question: QuestionFields } | { ok: false; reason: Text };

function optionalText(value: string | null | undefined): string | null {
  const text = trimText(value ?? '');
  return text === '' ? null : text;
}

/**
 * Checks what the contract's schema cannot: texts that are blank once trimmed, answers filled in
 * order (an empty answer 3 to 5 counts as absent), right answers that name filled answers only,
 * and a well-formed photo name. Returns the question as it is stored, with `right_answers` in
 * the canonical form `1,3`.
 */
export function checkQuestion(draft: QuestionDraft): QuestionCheck {
  const fail = (reason: Text): QuestionCheck => ({ ok: false, reason });

  const questionText = trimText(draft.question_text);
  if (questionText === '') return fail(text('fieldEmpty', { field: 'question_text' }));
  if (questionText.length > MAX_QUESTION_TEXT) {
    return fail(text('fieldTooLong', { field: 'question_text', max: MAX_QUESTION_TEXT }));
  }

  const answers = ANSWER_KEYS.map((key) => optionalText(draft[key]));
  for (const [index, answer] of answers.entries()) {
    const key = ANSWER_KEYS[index] as string;
    if (answer === null && index < 2) return fail(text('answerNeeded', { field: key }));
    if (answer !== null && answer.length > MAX_ANSWER_TEXT) {
      return fail(text('fieldTooLong', { field: key, max: MAX_ANSWER_TEXT }));
    }
    // Answers are shown as A, B, C...: a gap would shift the letters the learner sees.
    if (answer !== null && index > 0 && answers[index - 1] === null) {
      return fail(
        text('answersInOrder', { field: key, previous: ANSWER_KEYS[index - 1] as string }),
      );
    }
  }

  const tokens = draft.right_answers.split(/[\s,;]+/).filter(Boolean);
  if (tokens.length === 0) return fail(text('rightAnswersEmpty'));
  const rightAnswers = new Set<number>();
  for (const token of tokens) {
    const number = Number(token);
    if (!/^[1-5]$/.test(token)) {
      return fail(text('rightAnswersFormat', { value: draft.right_answers }));
    }
    if (answers[number - 1] === null) return fail(text('rightAnswerEmpty', { number }));
    rightAnswers.add(number);
  }

  const points = draft.points ?? 1;
  if (!Number.isInteger(points) || points < 1 || points > MAX_POINTS) {
    return fail(text('pointsRange', { max: MAX_POINTS }));
  }

  const photo = optionalText(draft.photo);
  if (photo !== null && !PHOTO_NAME.test(photo)) {
    return fail(text('photoName', { photo }));
  }

  const photoAlt = photo === null ? null : optionalText(draft.photo_alt);
  if (photoAlt !== null && [...photoAlt].length > MAX_PHOTO_ALT_TEXT) {
    return fail(text('fieldTooLong', { field: 'photo_alt', max: MAX_PHOTO_ALT_TEXT }));
  }

  const explanation = optionalText(draft.explanation);
  if (explanation !== null && explanation.length > MAX_EXPLANATION_TEXT) {
    return fail(text('fieldTooLong', { field: 'explanation', max: MAX_EXPLANATION_TEXT }));
  }

  return {
    ok: true,
    question: {
      question_text: questionText,
      answer_1: answers[0] as string,
      answer_2: answers[1] as string,
      answer_3: answers[2] ?? null,
      answer_4: answers[3] ?? null,
      answer_5: answers[4] ?? null,
      right_answers: [...rightAnswers].sort((a, b) => a - b).join(','),
      points,
      photo,
      photo_alt: photoAlt,
      explanation,
    },
  };
}

/** The names among `names` that no stored image carries. */
export async function unknownPhotos(
  db: Kysely<Database>,
  names: Iterable<string>,
): Promise<Set<string>> {
  const wanted = [...new Set(names)];
  const missing = new Set(wanted);
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('images')
      .select('name')
      .where('name', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) missing.delete(row.name);
  }
  return missing;
}
