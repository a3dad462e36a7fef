import { halfWidth, trimText } from './text';

/**
 * A question's answers and its answer key: the numbers that name the answers, how the key
 * (`right_answers`, such as `1,3`) is read, and exact grading. The server grades with these, the
 * machines grade with these, and the screens mark answers with these.
 */

/** An answer's number on screen and in the API: answer_1 .. answer_5. */
export type AnswerNumber = 1 | 2 | 3 | 4 | 5;

export const ANSWER_NUMBERS: readonly AnswerNumber[] = [1, 2, 3, 4, 5];

/** The answers' fields, answer_1 to answer_5, in order. */
export const ANSWER_FIELDS = ['answer_1', 'answer_2', 'answer_3', 'answer_4', 'answer_5'] as const;

export type AnswerField = (typeof ANSWER_FIELDS)[number];

export function isAnswerNumber(value: number): value is AnswerNumber {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

/** What separates the numbers of a key: commas, semicolons or spaces (`1,3`, `1; 3`, `1 3`). */
const KEY_SEPARATORS = /[\s,;]+/;

/**
 * The answer numbers a stored key names, sorted and each once: `'3, 1'` is `[1, 3]`. Read
 * leniently (anything that is not an answer number is left out): a stored key was checked by
 * `readAnswerKey` on its way in.
 */
export function answerKeyOf(key: string): AnswerNumber[] {
  const numbers = key.split(KEY_SEPARATORS).filter(Boolean).map(Number).filter(isAnswerNumber);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** Why an answer key typed by an administrator or given in a CSV cannot be kept. */
export type AnswerKeyProblem =
  | { code: 'rightAnswersEmpty' }
  | { code: 'rightAnswersFormat'; value: string }
  /** `number`: the first right answer named whose text is empty. */
  | { code: 'rightAnswerEmpty'; number: AnswerNumber };

export type AnswerKeyReading =
  { ok: true; numbers: AnswerNumber[]; key: string } | { ok: false; problem: AnswerKeyProblem };

/**
 * Reads an answer key as given: answer numbers from 1 to 5 separated by commas, semicolons or
 * spaces (full-width or circled as `halfWidth` reads them: `①,③`), at least one, each naming an answer that has text (`answers[n - 1]`; null, empty
 * or blank for none). The key comes back canonical: sorted, each once, `1,3`.
 */
export function readAnswerKey(
  given: string,
  answers: readonly (string | null | undefined)[],
): AnswerKeyReading {
  const tokens = halfWidth(given).split(KEY_SEPARATORS).filter(Boolean);
  if (tokens.length === 0) return { ok: false, problem: { code: 'rightAnswersEmpty' } };
  const numbers = new Set<AnswerNumber>();
  for (const token of tokens) {
    const number = Number(token);
    if (!/^[1-5]$/.test(token) || !isAnswerNumber(number)) {
      return { ok: false, problem: { code: 'rightAnswersFormat', value: given } };
    }
    numbers.add(number);
  }
  const sorted = [...numbers].sort((a, b) => a - b);
  const empty = sorted.find((number) => trimText(answers[number - 1] ?? '') === '');
  if (empty !== undefined)
    return { ok: false, problem: { code: 'rightAnswerEmpty', number: empty } };
  return { ok: true, numbers: sorted, key: sorted.join(',') };
}

/** An answer is right only when the chosen set equals the right set exactly (spec 5). */
export function isExactlyRight(selected: readonly number[], right: readonly number[]): boolean {
  const chosen = new Set(selected);
  const wanted = new Set(right);
  return chosen.size === wanted.size && [...wanted].every((number) => chosen.has(number));
}

/** Exact grading against a stored key: `isExactlyRight` of the choices and `answerKeyOf(key)`. */
export function isRightByKey(selected: readonly number[], key: string): boolean {
  return isExactlyRight(selected, answerKeyOf(key));
}
