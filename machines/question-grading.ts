import type { components } from '../openapi/schema';

type Question = components['schemas']['Question'];

/** An answer's number on screen and in the API: answer_1 .. answer_5. */
export type AnswerNumber = 1 | 2 | 3 | 4 | 5;

export const ANSWER_NUMBERS: readonly AnswerNumber[] = [1, 2, 3, 4, 5];

/** One answer option as the learner sees it (empty answers are not shown). */
export interface AnswerOption {
  number: AnswerNumber;
  text: string;
}

export function isAnswerNumber(value: number): value is AnswerNumber {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

/** The answers a question shows: A and B always, C to E when not empty. */
export function answerOptionsOf(question: Question): AnswerOption[] {
  const texts = [
    question.answer_1,
    question.answer_2,
    question.answer_3,
    question.answer_4,
    question.answer_5,
  ];
  const options: AnswerOption[] = [];
  texts.forEach((text, index) => {
    const number = index + 1;
    if (typeof text === 'string' && text.trim() !== '' && isAnswerNumber(number))
      options.push({ number, text });
  });
  return options;
}

/** Reads `right_answers` ('1,3') into sorted answer numbers. */
export function rightAnswersOf(question: Question): AnswerNumber[] {
  const numbers = question.right_answers
    .split(',')
    .map((part) => Number(part.trim()))
    .filter(isAnswerNumber);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

export function isShownAnswer(question: Question | undefined, answer: number): boolean {
  return (
    question !== undefined && answerOptionsOf(question).some((option) => option.number === answer)
  );
}

/** Adds or removes one answer; the result stays sorted so equal sets compare equal. */
export function toggleAnswer(
  selected: readonly AnswerNumber[],
  answer: AnswerNumber,
): AnswerNumber[] {
  return selected.includes(answer)
    ? selected.filter((picked) => picked !== answer)
    : [...selected, answer].sort((a, b) => a - b);
}

/** An answer is correct only if the chosen set equals the correct set exactly (spec 5). */
export function isExactlyRight(question: Question, selected: readonly AnswerNumber[]): boolean {
  const right = rightAnswersOf(question);
  const picked = [...new Set(selected)].sort((a, b) => a - b);
  return right.length === picked.length && right.every((answer, index) => answer === picked[index]);
}

/** How an option is marked once graded: green, red, or a right answer the learner missed. */
export type AnswerMark = 'right' | 'wrong' | 'missed' | 'none';

export function markOf(
  question: Question,
  selected: readonly AnswerNumber[],
  answer: AnswerNumber,
): AnswerMark {
  const isRight = rightAnswersOf(question).includes(answer);
  const isPicked = selected.includes(answer);
  if (isRight && isPicked) return 'right';
  if (isPicked) return 'wrong';
  if (isRight) return 'missed';
  return 'none';
}

/** Remaining whole seconds of a countdown measured against the wall clock. */
export function remainingSecondsOf(
  limitSeconds: number,
  startedAt: number | null,
  now: number | null,
): number {
  if (startedAt === null || now === null) return limitSeconds;
  return Math.max(0, limitSeconds - Math.floor(Math.max(0, now - startedAt) / 1000));
}

/** Whole seconds elapsed since `startedAt`, capped at `capSeconds` when given. */
export function elapsedSecondsOf(
  startedAt: number | null,
  now: number | null,
  capSeconds?: number | null,
): number {
  if (startedAt === null || now === null) return 0;
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return capSeconds === undefined || capSeconds === null ? elapsed : Math.min(elapsed, capSeconds);
}

/** `mm:ss` for a countdown (`65` → `01:05`). */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/**
 * The exact percentage of right answers (16 of 23 → 69.565...); the app shows it rounded down
 * to one decimal (i18n/numbers.ts), so a failed exam never shows the pass mark.
 */
export function percentRight(correct: number, total: number): number {
  return total === 0 ? 0 : (correct * 100) / total;
}
