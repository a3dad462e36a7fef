import { fromPromise } from 'xstate';
import { examMachine } from '../../../machines/exam.machine';
import type { ExamDraw, ExamSubmission } from '../../../machines/exam.types';
import { unwrap, type ApiClient } from '../../api';
import { keepUnsentResult } from '../../lib/pending-results';
import { WITH_ORIGINAL } from '../../lib/question-languages';
import type { ContentLanguage } from '../../../domain/question-languages';

/**
 * `POST /exams/sessions`: the server draws the learner's course's exam (the main part, then the
 * reserve the extra-questions rule reveals from) and holds it; the submission names the session.
 * It is sat in `language` (the exam's own, or the learner's content language when not given),
 * with the exam language's words beside each translated question.
 */
export async function startExamSession(
  api: ApiClient,
  signal?: AbortSignal,
  language?: ContentLanguage,
): Promise<ExamDraw> {
  const session = await unwrap(
    api.POST('/exams/sessions', {
      params: { query: WITH_ORIGINAL },
      body: { exam_type: 'exam', ...(language ? { language } : {}) },
      ...(signal ? { signal } : {}),
    }),
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
export function createExamLogic(
  api: ApiClient,
  {
    userId,
    language,
  }: {
    userId: number;
    /** The language chosen to sit it in, read as it starts; the learner's own when undefined. */
    language?: () => ContentLanguage | undefined;
  },
) {
  return examMachine.provide({
    actors: {
      loadQuestions: fromPromise(({ signal }) => startExamSession(api, signal, language?.())),
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
