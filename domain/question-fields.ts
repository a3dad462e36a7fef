/**
 * What a question must be to be kept: its fields, their limits, and the problems a draft can
 * have, as codes with their parameters. The server words a problem in the caller's language
 * (server/i18n: the same names), the question form words it beside its field.
 */
import type { components } from '../openapi/schema';
import { ANSWER_FIELDS, type AnswerField, type AnswerKeyProblem, readAnswerKey } from './answers';
import { halfWidth, isTooLong, trimText } from './text';

type Question = components['schemas']['Question'];

/** The contract's limits (openapi/api.yaml: QuestionInput), in characters (code points). */
export const QUESTION_LIMITS = {
  question_text: 4000,
  answer: 1000,
  explanation: 4000,
  photo_alt: 300,
  /** Points are whole numbers from 1 to this. */
  points: 100,
} as const;

// The same rule as the contract's PhotoName, so a CSV cannot store a name the API would refuse.
/** The longest name a stored photo may have, in characters. */
export const PHOTO_NAME_MAX = 128;
// Banks name their pictures as their authors typed them (`Знак 1.1.png`, `标志（3）.png`,
// `图1，2.png`, `driver's view.png`, `sign#4.png`), and Windows adds ` (2)` to a copy. Left out:
// what makes a path (`/`, `\`, a name starting with a dot), what Windows allows in no file name
// (`: * ? " < > |`), control and invisible characters, and line breaks. Names are sent in URLs
// encoded and drawn as text, never as markup.
const PHOTO_NAME = new RegExp(
  `^[\\p{L}\\p{N}_][^\\p{C}\\u2028\\u2029/\\\\:*?"<>|]{0,${PHOTO_NAME_MAX - 1}}$`,
  'u',
);

/**
 * Whether `name` may name a stored photo: up to 128 characters starting with a letter, a digit
 * or `_`, of any alphabet, punctuation or symbol but `/ \ : * ? " < > |`, control and invisible
 * characters.
 */
export const isPhotoName = (name: string): boolean => PHOTO_NAME.test(name);

/**
 * A photo's name as it is stored and compared: composed (NFC). macOS writes `й` in file names as
 * `и` and a combining breve, which a CSV typed elsewhere writes as one character.
 */
export const photoNameOf = (name: string): string => name.normalize('NFC');

/** A unit banks write after the points: 2점 (Korean), 2分 (Chinese), 2 балла (Russian), 2 pts. */
const POINTS_UNIT = /\s*(점|分|балл(а|ов)?|pts?|points?)\.?$/iu;

/**
 * Points as a form or a CSV cell gives them: a whole number, full-width or with its unit
 * (`readQuestion` checks its range), else NaN.
 */
export function pointsOfText(text: string): number {
  const bare = halfWidth(text).trim().replace(POINTS_UNIT, '');
  return /^\d+$/.test(bare) ? Number(bare) : Number.NaN;
}

/** A question's stored fields, in a fixed order (for entity tags, CSV columns and checks). */
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
] as const;

/**
 * A question as it is kept: texts trimmed, absent ones null, the answer key canonical (`1,3`),
 * a photo's description only with a photo.
 */
export type QuestionFields = Pick<Question, (typeof QUESTION_FIELDS)[number]>;

/** A question as given: a form's fields, the JSON body's, or a CSV row's cells. */
export interface QuestionDraft {
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3?: string | null | undefined;
  answer_4?: string | null | undefined;
  answer_5?: string | null | undefined;
  right_answers: string;
  /** Missing: 1. Not a whole number (NaN for a form's unreadable text): `pointsRange`. */
  points?: number | undefined;
  photo?: string | null | undefined;
  photo_alt?: string | null | undefined;
  explanation?: string | null | undefined;
}

type LimitedField = 'question_text' | AnswerField | 'explanation' | 'photo_alt';

/** What is wrong with a draft, one field at a time. */
export type QuestionProblem =
  | { code: 'fieldEmpty'; field: 'question_text' }
  | { code: 'fieldTooLong'; field: LimitedField; max: number }
  /** Answers 1 and 2 are needed: a question has at least two answers. */
  | { code: 'answerNeeded'; field: AnswerField }
  /** `previous` is empty though `field`, after it, is filled: the letters would shift. */
  | { code: 'answersInOrder'; field: AnswerField; previous: AnswerField }
  | AnswerKeyProblem
  | { code: 'pointsRange'; max: number }
  | { code: 'photoName'; photo: string };

export type QuestionReading =
  { ok: true; question: QuestionFields } | { ok: false; problems: QuestionProblem[] };

function optionalText(value: string | null | undefined): string | null {
  const text = trimText(value ?? '');
  return text === '' ? null : text;
}

/**
 * Checks a draft against every rule the contract's schema cannot state: texts that are blank
 * once trimmed, answers filled in order (an empty answer 3 to 5 counts as absent), an answer key
 * naming filled answers only (`readAnswerKey`), points, a well-formed photo name, and the
 * limits. Problems come in the fields' order (text, answers, key, points, photo, its
 * description, explanation); each empty answer before a filled one is a problem of its own,
 * the nearest first. With none, the question as it is kept.
 */
export function readQuestion(draft: QuestionDraft): QuestionReading {
  const problems: QuestionProblem[] = [];
  const tooLong = (field: LimitedField, value: string | null, max: number) => {
    if (value !== null && isTooLong(value, max))
      problems.push({ code: 'fieldTooLong', field, max });
  };

  const questionText = trimText(draft.question_text);
  if (questionText === '') problems.push({ code: 'fieldEmpty', field: 'question_text' });
  tooLong('question_text', questionText, QUESTION_LIMITS.question_text);

  const answers = ANSWER_FIELDS.map((field) => optionalText(draft[field]));
  ANSWER_FIELDS.forEach((field, index) => {
    const answer = answers[index] ?? null;
    if (answer === null && index < 2) {
      // `A;;C` has two answers, one of them out of place: said as a gap, not as one too few.
      const later = answers.findIndex((other, at) => at > index && other !== null);
      const filled = answers.filter((other) => other !== null).length;
      problems.push(
        later === -1 || filled < 2
          ? { code: 'answerNeeded', field }
          : {
              code: 'answersInOrder',
              field: ANSWER_FIELDS[later] as AnswerField,
              previous: field,
            },
      );
    }
    tooLong(field, answer, QUESTION_LIMITS.answer);
    // Answers are shown as A, B, C...: a gap would shift the letters the learner sees. Each
    // empty answer of the gap before this filled one is named, the nearest first.
    for (let at = index - 1; answer !== null && at >= 2 && answers[at] === null; at--) {
      problems.push({ code: 'answersInOrder', field, previous: ANSWER_FIELDS[at] as AnswerField });
    }
  });

  const key = readAnswerKey(draft.right_answers, answers);
  if (!key.ok) problems.push(key.problem);

  const points = draft.points ?? 1;
  if (!Number.isInteger(points) || points < 1 || points > QUESTION_LIMITS.points) {
    problems.push({ code: 'pointsRange', max: QUESTION_LIMITS.points });
  }

  const given = optionalText(draft.photo);
  const photo = given === null ? null : photoNameOf(given);
  if (photo !== null && !isPhotoName(photo)) problems.push({ code: 'photoName', photo });
  const photoAlt = photo === null ? null : optionalText(draft.photo_alt);
  tooLong('photo_alt', photoAlt, QUESTION_LIMITS.photo_alt);

  const explanation = optionalText(draft.explanation);
  tooLong('explanation', explanation, QUESTION_LIMITS.explanation);

  if (problems.length > 0 || !key.ok) return { ok: false, problems };
  return {
    ok: true,
    question: {
      question_text: questionText,
      answer_1: answers[0] as string,
      answer_2: answers[1] as string,
      answer_3: answers[2] ?? null,
      answer_4: answers[3] ?? null,
      answer_5: answers[4] ?? null,
      right_answers: key.key,
      points,
      photo,
      photo_alt: photoAlt,
      explanation,
    },
  };
}
