import {
  type CourseRules,
  extraQuestionsEarned,
  timeLimitWith,
} from '../../../domain/course-rules';
import { isRightByKey } from '../../../domain/answers';
import { elapsedSecondsOf } from '../../../domain/exam-clock';
import { ValidationError } from '../../http/errors';
import { text, type Text } from '../../i18n/text';
import type { AnswerKey } from '../questions/question-bank';

/**
 * How late a submission without answer times may arrive after the exam's limit and still be in
 * time (the network, a slow device), and how far ahead of the server's clock an answer's time
 * may be.
 */
export const SUBMISSION_GRACE_MS = 30_000;

/** What the server holds of an exam while it runs: what it drew, and when it began. */
export interface HeldExam {
  /** The questions drawn, in order: the main part, then the extra-questions reserve. */
  questionIds: readonly number[];
  mainCount: number;
  /** Epoch ms. */
  startedAt: number;
  /** The course's limit when the session started, before any time mistakes add. */
  timeLimitSeconds: number;
}

export interface SubmittedExamAnswer {
  question_id: number;
  selected_answers: readonly number[];
  /** When the learner gave it (client time, on the server's clock); absent: on arrival. */
  answered_at?: string | undefined;
}

/** An exam's answers as the session holds them to be graded. */
export interface HeldAnswers {
  /**
   * The main part in the session's order, then the extra questions the main part's mistakes
   * earned; an empty `selected_answers` was not answered (left out, or given after the limit).
   */
  answers: { question_id: number; selected_answers: number[] }[];
  mainCount: number;
  /** An answer came after the limit, or a submission without answer times came in late. */
  overTime: boolean;
  /**
   * Whole seconds from the start to the exam's end, counted as the exam page counts them, at most
   * the limit: its last answer when every question was answered (the learner finished it),
   * whenever it was sent; else the submission, or the limit when that came later.
   */
  timeTakenSeconds: number;
}

/**
 * When a session's exam began, epoch ms: its own start, or for a session prepared for an offline
 * start the one its submission claims (`claimed`), no earlier than it was drawn and no later than
 * the submission's arrival. A claimed start for any other session, or none for a prepared one,
 * is refused.
 */
export function startOfSession(
  session: { started_at: string; prepared_at: string | null },
  claimed: string | undefined,
  arrivedAt: number,
): number {
  if (session.prepared_at === null) {
    if (claimed !== undefined) throw new ValidationError(text('startOnlyForPrepared'));
    return Date.parse(session.started_at);
  }
  if (claimed === undefined) throw new ValidationError(text('preparedStartRequired'));
  const start = Date.parse(claimed);
  if (!(start >= Date.parse(session.prepared_at) && start <= arrivedAt))
    throw new ValidationError(text('startOutsidePrepared'));
  return start;
}

/** `#3, #7 and #9`, shortened when long, for error details. */
export function listIds(ids: readonly number[]): Text | string {
  const shown = ids
    .slice(0, 10)
    .map((id) => `#${id}`)
    .join(', ');
  return ids.length > 10 ? text('andMore', { shown, more: ids.length - 10 }) : shown;
}

/**
 * Holds a submission to the exam its session drew: only the session's questions, the main part
 * whole (a question left out is unanswered), extras only as far as the main part's mistakes
 * earned them, and the time by the server's clock. An answer whose time is after the limit (the
 * limit growing with each mistake made before it, as the exam's clock did) is dropped; a
 * submission without times is over time when it arrives past the limit and the grace. Throws a
 * ValidationError naming the answers that cannot belong to this exam.
 */
export function holdToSession(
  exam: HeldExam,
  rules: CourseRules,
  submitted: readonly SubmittedExamAnswer[],
  keyOf: (id: number) => AnswerKey | undefined,
  arrivedAt: number,
): HeldAnswers {
  const position = new Map(exam.questionIds.map((id, index) => [id, index]));
  const outside = submitted.filter((a) => !position.has(a.question_id)).map((a) => a.question_id);
  if (outside.length > 0)
    throw new ValidationError(text('questionsNotInSession', { ids: listIds(outside) }));

  const timed = submitted.map((answer) => ({
    answer,
    at: answer.answered_at === undefined ? undefined : Date.parse(answer.answered_at),
  }));
  const misdated = timed
    .filter(
      ({ at }) => at !== undefined && (at < exam.startedAt || at > arrivedAt + SUBMISSION_GRACE_MS),
    )
    .map(({ answer }) => answer.question_id);
  if (misdated.length > 0)
    throw new ValidationError(text('answeredOutsideSession', { ids: listIds(misdated) }));

  const mainCount = Math.min(exam.mainCount, exam.questionIds.length);
  const isMain = (id: number) => (position.get(id) ?? 0) < mainCount;
  const isWrong = (answer: SubmittedExamAnswer) => {
    const key = keyOf(answer.question_id);
    return !key || !isRightByKey(answer.selected_answers, key.right_answers);
  };
  const heldRules = { ...rules, time_limit_seconds: exam.timeLimitSeconds };
  // The answers in the order they were given (those without a time on arrival, after the rest):
  // each mistake in the main part moves the limit for the answers after it.
  const given = timed
    .filter(({ answer }) => answer.selected_answers.length > 0)
    .sort(
      (a, b) =>
        (a.at ?? Infinity) - (b.at ?? Infinity) ||
        (position.get(a.answer.question_id) ?? 0) - (position.get(b.answer.question_id) ?? 0),
    );
  let mainMistakes = 0;
  let droppedLate = false;
  let lastKept: number | undefined;
  let untimed = false;
  const kept = new Map<number, number[]>();
  for (const { answer, at } of given) {
    const limitMs = timeLimitWith(heldRules, mainCount, mainMistakes) * 1000;
    if (at !== undefined && at > exam.startedAt + limitMs) {
      droppedLate = true;
      continue;
    }
    if (at === undefined) untimed = true;
    else lastKept = Math.max(lastKept ?? at, at);
    kept.set(
      answer.question_id,
      [...new Set(answer.selected_answers)].sort((a, b) => a - b),
    );
    if (isMain(answer.question_id) && isWrong(answer)) mainMistakes += 1;
  }

  const reserve = exam.questionIds.length - mainCount;
  const earned = Math.min(reserve, extraQuestionsEarned(rules, mainCount, mainMistakes));
  const unearned = submitted
    .filter((answer) => (position.get(answer.question_id) ?? 0) >= mainCount + earned)
    .map((answer) => answer.question_id);
  if (unearned.length > 0)
    throw new ValidationError(text('extrasNotEarned', { ids: listIds(unearned) }));

  const limitSeconds = timeLimitWith(heldRules, mainCount, mainMistakes);
  const deadline = exam.startedAt + limitSeconds * 1000;
  const arrivedInTime = arrivedAt <= deadline + SUBMISSION_GRACE_MS;
  const asked = exam.questionIds.slice(0, mainCount + earned);
  // When the exam ended, whenever it arrives (the browser's outbox sends it late, within the
  // limit or past it): an answer after the limit, at the limit; every question answered and
  // dated, with its last answer (the page finishes an exam only on it); a question left
  // unanswered, when the time ran out, so at the limit unless it was sent before. Answers
  // without a date were given on arrival, or with the last dated one when it came late.
  let endedAt: number;
  if (droppedLate) endedAt = deadline;
  else if (untimed) endedAt = arrivedInTime ? arrivedAt : (lastKept ?? arrivedAt);
  else if (lastKept !== undefined && asked.every((id) => kept.has(id)))
    endedAt = Math.min(lastKept, arrivedAt);
  else endedAt = Math.min(arrivedAt, deadline);
  return {
    answers: asked.map((id) => ({
      question_id: id,
      selected_answers: kept.get(id) ?? [],
    })),
    mainCount,
    overTime: droppedLate || (untimed && !arrivedInTime),
    timeTakenSeconds: elapsedSecondsOf(exam.startedAt, endedAt, limitSeconds),
  };
}

/** Whether two sets of answers name the same questions with the same picks. */
export function samePicks(
  a: readonly { question_id: number; selected_answers: readonly number[] }[],
  b: readonly { question_id: number; selected_answers: readonly number[] }[],
): boolean {
  const picks = (answers: typeof a) =>
    new Map(
      answers.map((answer) => [
        answer.question_id,
        [...new Set(answer.selected_answers)].sort((x, y) => x - y).join(','),
      ]),
    );
  const left = picks(a);
  const right = picks(b);
  return left.size === right.size && [...left].every(([id, chosen]) => right.get(id) === chosen);
}
