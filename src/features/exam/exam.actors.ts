import { fromPromise } from 'xstate';
import { examMachine } from '../../../machines/exam.machine';
import type { ExamDraw, ExamSubmission } from '../../../machines/exam.types';
import { unwrap, type ApiClient } from '../../api';
import { keepUnsentResult } from '../../lib/pending-results';

/**
 * `POST /exams/sessions`: the server draws the learner's course's exam (the main part, then the
 * reserve the extra-questions rule reveals from) and holds it; the submission names the session.
 */
export async function startExamSession(api: ApiClient, signal?: AbortSignal): Promise<ExamDraw> {
  const session = await unwrap(
    api.POST('/exams/sessions', { body: { exam_type: 'exam' }, ...(signal ? { signal } : {}) }),
  );
  return {
    sessionId: session.session_id,
    startedAt: Date.parse(session.started_at),
    questions: session.questions,
    mainCount: session.main_count,
    timeLimitSeconds: session.time_limit_seconds,
  };
}

/**
 * The exam machine with everything it needs from the world, in one place: the session's start,
 * the submission, and the browser's keeping of a result the server did not take.
 */
export function createExamLogic(api: ApiClient, { userId }: { userId: number }) {
  return examMachine.provide({
    actors: {
      loadQuestions: fromPromise(({ signal }) => startExamSession(api, signal)),
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
