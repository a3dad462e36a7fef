import type { components } from '../openapi/schema';
import { answerKeyOf, isAnswerNumber, type AnswerNumber } from '../domain/answers';

// Answer numbers and the answer key's rules live in domain/answers.ts; the machines and screens
// read them through here.
export { ANSWER_NUMBERS, isAnswerNumber, type AnswerNumber } from '../domain/answers';
// Whole seconds of a clock, as the server counts an exam's time taken: domain/exam-clock.ts.
export { elapsedSecondsOf } from '../domain/exam-clock';

type Question = components['schemas']['Question'];

/** One answer option as the learner sees it (empty answers are not shown). */
export interface AnswerOption {
  number: AnswerNumber;
  text: string;
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

/** The question's right answers, sorted (its `right_answers` read by `answerKeyOf`). */
export function rightAnswersOf(question: Question): AnswerNumber[] {
  return answerKeyOf(question.right_answers);
}

export function isShownAnswer(question: Question | undefined, answer: number): boolean {
  return (
    question !== undefined && answerOptionsOf(question).some((option) => option.number === answer)
  );
}

/**
 * Adds or removes one answer of `question`; the result stays sorted so equal sets compare equal.
 * A question with one right answer says "Choose 1 answer": a new pick replaces the one before,
 * as a real exam's single choice does, rather than making a second that can only be wrong. One
 * that says "Choose 2 answers" takes no third pick until one is taken back, as the UK's and
 * Korea's computer tests do.
 */
export function toggleAnswer(
  selected: readonly AnswerNumber[],
  answer: AnswerNumber,
  question: Question,
): AnswerNumber[] {
  if (selected.includes(answer)) return selected.filter((picked) => picked !== answer);
  const asked = rightAnswersOf(question).length;
  if (asked === 1) return [answer];
  if (selected.length >= asked) return [...selected];
  return [...selected, answer].sort((a, b) => a - b);
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
