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

/** The answers' letters, as the question form names them and published banks write keys. */
export const ANSWER_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** A key's token of letters, together or alone (`ABD`, `c`). */
const LETTERS_TOKEN = /^[A-E]+$/i;

/**
 * The words a true-or-false question's key and answers are written in (China's 判断题: answers
 * 正确 and 错误, keys 对, 错, √ or ×): a key of one names the answer written with one of the
 * same side.
 */
const TRUE_OR_FALSE = [
  ['对', '正确', '√', '✓', '✔'],
  ['错', '错误', '×', '✗', '✘'],
] as const;

/** The answer a true-or-false word names: the one answer written as a word of its side. */
function trueOrFalseAnswer(
  token: string,
  answers: readonly (string | null | undefined)[],
): AnswerNumber | undefined {
  const side = TRUE_OR_FALSE.find((words) => (words as readonly string[]).includes(token));
  if (!side) return undefined;
  const named = ANSWER_NUMBERS.filter((number) =>
    (side as readonly string[]).includes(halfWidth(trimText(answers[number - 1] ?? ''))),
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The answer numbers one token of a key names: a number from 1 to 5, letters from A to E
 * written together or apart (`ABD`, `A`: as the question form letters answers, and published
 * banks write keys), or a true-or-false word. Undefined when it names none.
 */
function numbersOfToken(
  token: string,
  answers: readonly (string | null | undefined)[],
): AnswerNumber[] | undefined {
  if (/^[1-5]$/.test(token)) return [Number(token) as AnswerNumber];
  if (LETTERS_TOKEN.test(token))
    return [...token.toUpperCase()].map(
      (letter) =>
        (ANSWER_LETTERS.indexOf(letter as (typeof ANSWER_LETTERS)[number]) + 1) as AnswerNumber,
    );
  const answer = trueOrFalseAnswer(token, answers);
  return answer === undefined ? undefined : [answer];
}

/**
 * Reads an answer key as given: answer numbers from 1 to 5 separated by commas, semicolons or
 * spaces (full-width or circled as `halfWidth` reads them: `①,③`; circled ones may also be
 * written together, `①③`, as Korean banks do), letters from A to E (`ABD`, `A,B`), or for a
 * true-or-false question its word (`对`, `×`); at least one, each naming an answer that has text
 * (`answers[n - 1]`; null, empty or blank for none). The key comes back canonical: sorted, each
 * once, `1,3`.
 */
export function readAnswerKey(
  given: string,
  answers: readonly (string | null | undefined)[],
): AnswerKeyReading {
  // Circled numbers apart before NFKC makes `①③` the `13` no answer has.
  const tokens = halfWidth(given.replace(/[\u2460-\u2464]/g, ' $& '))
    .split(KEY_SEPARATORS)
    .filter(Boolean);
  if (tokens.length === 0) return { ok: false, problem: { code: 'rightAnswersEmpty' } };
  const numbers = new Set<AnswerNumber>();
  // Numbers and letters in one key (`1,a`) are a slip, not a key: which was meant is unclear.
  const lettered = tokens.map((token) => LETTERS_TOKEN.test(token));
  if (lettered.some(Boolean) && !lettered.every(Boolean))
    return { ok: false, problem: { code: 'rightAnswersFormat', value: given } };
  for (const token of tokens) {
    const named = numbersOfToken(token, answers);
    if (!named) return { ok: false, problem: { code: 'rightAnswersFormat', value: given } };
    for (const number of named) numbers.add(number);
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
