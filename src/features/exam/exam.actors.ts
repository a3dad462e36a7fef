import { fromPromise } from 'xstate';
import { examMachine } from '../../../machines/exam.machine';
import type { ExamSubmission, Question } from '../../../machines/exam.types';
import { unwrap, type ApiClient } from '../../api';
import { keepUnsentResult } from '../../lib/pending-results';

/** `GET /questions?mode=training`: the exam takes every question the server returns. */
export async function loadExamQuestions(api: ApiClient, signal?: AbortSignal): Promise<Question[]> {
  const data = await unwrap(
    api.GET('/questions', {
      params: { query: { mode: 'training' } },
      ...(signal ? { signal } : {}),
    }),
  );
  return Array.isArray(data) ? data : data.questions;
}

/**
 * The exam machine with everything it needs from the world, in one place: the question load,
 * the submission, and the browser's keeping of a result the server did not take.
 */
export function createExamLogic(api: ApiClient, { userId }: { userId: number }) {
  return examMachine.provide({
    actors: {
      loadQuestions: fromPromise(({ signal }) => loadExamQuestions(api, signal)),
      submitResult: fromPromise(({ input }: { input: ExamSubmission }) =>
        unwrap(api.POST('/exams/submit', { body: input })),
      ),
    },
    actions: {
      storePendingResult: (_, params) => {
        keepUnsentResult(userId, params.submission, params.error);
      },
      logError: (_, params) => {
        console.error(`[${params.where}]`, params.error);
      },
    },
  });
}

export type ExamLogic = ReturnType<typeof createExamLogic>;
