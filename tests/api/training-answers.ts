import { expect } from 'vitest';
import type { TestApp } from './helpers';

/** A question as the training calls give it, with what grading it needs. */
export interface TrainingQuestion {
  id: number;
  right_answers: string;
  points: number;
  answer_count?: number;
}

export const TRAINING = '/training-modules';

/** The question's right answers, as choices. */
export function rightChoice(question: TrainingQuestion): number[] {
  return question.right_answers.split(',').map((n) => Number(n.trim()));
}

/** A set of answers that is surely not exactly the right one. */
export function wrongChoice(question: TrainingQuestion): number[] {
  const right = rightChoice(question);
  return right.length === 1 && right[0] === 1 ? [2] : [1];
}

/** Some questions of the bank, with their right answers, for a learner to answer. */
export async function someQuestions(
  t: TestApp,
  token: string,
  count: number,
): Promise<TrainingQuestion[]> {
  const res = await t.api('GET', `${TRAINING}/recommendations/questions?count=${count}`, { token });
  expect(res.status).toBe(200);
  return res.body.questions;
}

/** Records a training answer (`updateWeakSpot`) with the given choices and any other fields. */
export function answerInTraining(
  t: TestApp,
  token: string,
  question: TrainingQuestion,
  selected: number[],
  extra: object = {},
) {
  return t.api('POST', `${TRAINING}/weak-spots/update`, {
    token,
    body: { question_id: question.id, is_correct: true, selected_answers: selected, ...extra },
  });
}
