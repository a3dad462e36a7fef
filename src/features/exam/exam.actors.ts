import { fromPromise } from 'xstate';
import { examMachine } from '../../../machines/exam.machine';
import type { ExamDraw, PreparedExamInput } from '../../../machines/exam.types';
import { unwrap, type ApiClient } from '../../api';
import { keepUnsentResult } from '../../lib/pending-results';
import { resultSubmission } from '../../lib/result-submission';
import { forgetSentExam } from '../../lib/saved-exam';
import { examDrawOf, takePreparedExam } from '../../lib/prepared-exam';
import { WITH_ORIGINAL } from '../../lib/question-languages';
import type { ContentLanguage } from '../../../domain/question-languages';
import { logCallFailure } from '../../lib/call-failure-log';

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
  return examDrawOf(session, false);
}

/**
 * The exam machine with everything it needs from the world, in one place: the session's start
 * (the prepared one this device keeps, with no connection), the submission, and the browser's
 * keeping of a result the server did not take.
 */
export function createExamLogic(
  api: ApiClient,
  {
    userId,
    courseId,
    language,
  }: {
    userId: number;
    courseId: number;
    /** The language chosen to sit it in, read as it starts; the learner's own when undefined. */
    language?: () => ContentLanguage | undefined;
  },
) {
  return examMachine.provide({
    actors: {
      loadQuestions: fromPromise(({ signal }) => startExamSession(api, signal, language?.())),
      startPreparedExam: fromPromise(async ({ input }: { input: PreparedExamInput }) =>
        takePreparedExam(userId, courseId, input.error),
      ),
      submitResult: resultSubmission(api, userId, (submission) =>
        forgetSentExam(userId, submission.session_id),
      ),
    },
    actions: {
      storePendingResult: (_, params) => {
        keepUnsentResult(userId, params.submission, params.error);
      },
      logError: (_, params) => logCallFailure(params),
    },
  });
}

export type ExamLogic = ReturnType<typeof createExamLogic>;
