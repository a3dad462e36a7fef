import { isUniqueViolation } from '../../db/data-errors';
import type { AppDeps } from '../../deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import {
  type Caller,
  type OperationHandlers,
  requireCaller,
  sendJson,
} from '../../http/operations';
import type { AnswerKey } from '../questions/question-bank';
import {
  choicesBeyond,
  choicesBeyondDetail,
  parseQuestionIds,
  questionsByIds,
  toQuestion,
} from '../questions/questions.model';
import { type CourseRules, decideExam } from '../../../domain/course-rules';
import { courseOf, examDraw, rulesOf } from '../courses/courses.model';
import { writeAnswers } from '../training-modules/memory';
import { gradeAnswers, percentShown } from './exams.grading';
import { toExamResult, toExamResultSummary, toExamSession } from './exams.model';
import { createExamsRepository } from './exams.repository';
import { createExamStats } from './exam-stats';
import { text, type Text } from '../../i18n/text';

export type ExamOperations =
  | 'submitExam'
  | 'getExamHistory'
  | 'getExamStats'
  | 'getExamResult'
  | 'getExamReview'
  | 'startExamSession'
  | 'completeExamSession';

/** `#3, #7 and #9`, shortened when long, for error details. */
function listIds(ids: readonly number[]): Text | string {
  const shown = ids
    .slice(0, 10)
    .map((id) => `#${id}`)
    .join(', ');
  return ids.length > 10 ? text('andMore', { shown, more: ids.length - 10 }) : shown;
}

/**
 * The rule a result is graded by: an exam's is its course's; a training run passes at the
 * course's pass percent of questions when that is its rule, at 70 percent otherwise.
 */
function resultRules(course: CourseRules, isExam: boolean): CourseRules {
  if (isExam) return course;
  return {
    ...course,
    pass_rule: 'percent_questions',
    pass_value: course.pass_rule === 'percent_questions' ? course.pass_value : 70,
  };
}

/** Handlers of the exams operations. */
export function createExamHandlers(deps: AppDeps): Pick<OperationHandlers, ExamOperations> {
  const exams = createExamsRepository(deps.db);
  const examStatsJson = createExamStats(exams);

  /** A stored result its caller may see: their own, or anyone's for an administrator. */
  async function visibleResult(id: number, caller: Caller | null) {
    const user = requireCaller(caller);
    const row = await exams.resultById(id);
    if (!row) throw new NotFoundError(text('resultNotFound'));
    if (row.user_id !== user.id && !user.isAdmin) throw new ForbiddenError(text('resultOfAnother'));
    return row;
  }

  return {
    async submitExam({ body, caller, request }) {
      const user = requireCaller(caller);
      // A resend of an attempt the server already saved (its answer was lost on the way back).
      const clientId = body.client_id ?? null;
      const earlier = clientId ? await exams.resultByClientId(user.id, clientId) : undefined;
      if (earlier) return toExamResult(earlier);
      const ids = body.answers.map((answer) => answer.question_id);
      const seen = new Set<number>();
      const repeated = new Set<number>();
      for (const id of ids) {
        if (seen.has(id)) repeated.add(id);
        seen.add(id);
      }
      if (repeated.size > 0) {
        throw new ValidationError(text('answeredTwice', { ids: listIds([...repeated]) }));
      }
      const bank = await deps.bank.snapshot(request.revisions);
      const keys = new Map<number, AnswerKey>();
      const unknown: number[] = [];
      for (const id of ids) {
        const key = bank.answerKey(id);
        if (key) keys.set(id, key);
        else unknown.push(id);
      }
      if (unknown.length > 0)
        throw new ValidationError(text('unknownQuestions', { ids: listIds(unknown) }));
      // Graded by the rules of the course the questions are in: a result kept in the browser
      // still counts where it was made after its learner has moved to another course.
      const course = bank.course(keys.get(ids[0] as number)?.courseId ?? user.courseId);
      if (!course) throw new ValidationError(text('unknownCourse'));
      const elsewhere = ids.filter((id) => keys.get(id)?.courseId !== course.course.id);
      if (elsewhere.length > 0)
        throw new ValidationError(text('questionsOfOtherCourse', { ids: listIds(elsewhere) }));
      const beyond = choicesBeyondDetail(
        body.answers.map((answer) =>
          choicesBeyond(
            answer.question_id,
            answer.selected_answers,
            keys.get(answer.question_id)?.answerCount ?? 0,
          ),
        ),
      );
      if (beyond) throw new ValidationError(beyond);

      const isExam = body.exam_type === 'exam';
      const rules = resultRules(rulesOf(course.course), isExam);
      // The course's count of questions comes first; the rest are extras its rule added.
      const grade = gradeAnswers(
        body.answers,
        keys,
        isExam ? Math.min(rules.question_count, body.answers.length) : body.answers.length,
      );
      const verdict = decideExam(
        rules,
        grade.answers.map((answer) => ({
          isCorrect: answer.is_correct,
          points: keys.get(answer.question_id)?.points ?? 0,
          answered: answer.selected_answers.length > 0,
          isExtra: answer.is_extra,
        })),
      );
      // The result, the learner's memory, the session and the audit entry: saved together or not at all.
      const save = deps.db.transaction().execute(async (trx) => {
        // Training answers already reach memory one by one through the weak-spot update call as
        // the learner checks each of them; feeding the finished run again would count them twice.
        // Memory first: it waits for the learner's other memory writes (see writeAnswers) before
        // this transaction locks anything they need, such as the learner's row.
        if (isExam) {
          // A question the time ran out on was never answered: it teaches memory nothing.
          await writeAnswers(
            trx,
            user.id,
            grade.answers
              .filter((answer) => answer.selected_answers.length > 0)
              .map((answer) => ({ questionId: answer.question_id, isCorrect: answer.is_correct })),
            deps.now(),
          );
        }
        const saved = createExamsRepository(trx);
        const row = await saved.insertResult({
          user_id: user.id,
          exam_type: body.exam_type,
          total_questions: grade.totalQuestions,
          correct_answers: grade.correctAnswers,
          score: grade.score,
          passed: verdict.passed ? 1 : 0,
          course_id: course.course.id,
          pass_rule: rules.pass_rule,
          pass_value: rules.pass_value,
          decided_by: verdict.decidedBy,
          mistakes: verdict.mistakes,
          unanswered: verdict.unanswered,
          time_taken: isExam ? (body.time_taken ?? null) : null,
          total_points: grade.totalPoints,
          max_points: grade.maxPoints,
          answers: JSON.stringify(grade.answers),
          client_id: clientId,
          created_at: deps.now().toISOString(),
        });

        // `session_id` may also name a training session (closed by its own update call), so only
        // an open exam session of this learner and this type is closed here; any other id is left alone.
        if (body.session_id) {
          const session = await saved.ownSession(body.session_id, user.id);
          if (session && session.exam_type === body.exam_type && session.completed_at === null) {
            await saved.completeSession(session.id, {
              completed_at: row.created_at,
              result_id: row.id,
            });
          }
        }

        await deps.audit.record(
          user,
          {
            action: 'exam.submit',
            username: user.username,
            exam_type: body.exam_type,
            passed: row.passed === 1,
            score: percentShown(grade),
          },
          trx,
        );
        return row;
      });
      try {
        return toExamResult(await save);
      } catch (error) {
        // The same attempt sent twice at once: the other request saved it first.
        const saved =
          clientId && isUniqueViolation(error)
            ? await exams.resultByClientId(user.id, clientId)
            : undefined;
        if (saved) return toExamResult(saved);
        throw error;
      }
    },

    async getExamHistory({ query, caller }) {
      const user = requireCaller(caller);
      const rows = await exams.history(user.id, user.courseId, {
        examType: query?.exam_type,
        limit: query?.limit ?? 50,
      });
      return rows.map(toExamResultSummary);
    },

    async getExamStats({ caller, request, reply }) {
      const bank = await deps.bank.snapshot(request.revisions);
      const learner = requireCaller(caller);
      return sendJson(reply, await examStatsJson(learner, bank, courseOf(bank, learner)));
    },

    async getExamResult({ params, caller }) {
      return toExamResult(await visibleResult(params.id, caller));
    },

    async getExamReview({ params, caller }) {
      const result = toExamResult(await visibleResult(params.id, caller));
      const ids = result.answers.map((answer) => answer.question_id);
      return { result, questions: (await questionsByIds(deps.db, ids)).map(toQuestion) };
    },

    async startExamSession({ body, caller }) {
      const user = requireCaller(caller);
      const bank = await deps.bank.snapshot();
      const course = courseOf(bank, user);
      const questions = await questionsByIds(deps.db, examDraw(course));
      if (questions.length === 0) throw new ConflictError(text('bankEmpty'));
      const row = await exams.insertSession({
        user_id: user.id,
        exam_type: body?.exam_type ?? 'exam',
        question_ids: JSON.stringify(questions.map((q) => q.id)),
        time_limit_seconds: course.course.time_limit_seconds,
        course_id: course.course.id,
        result_id: null,
        started_at: deps.now().toISOString(),
        completed_at: null,
      });
      return toExamSession(row, questions);
    },

    async completeExamSession({ params, body, caller }) {
      const user = requireCaller(caller);
      const session = await exams.ownSession(params.id, user.id);
      if (!session) throw new NotFoundError(text('examSessionNotFound'));
      const resultId = body?.result_id ?? null;
      if (resultId !== null) {
        const result = await exams.resultById(resultId);
        if (!result || result.user_id !== user.id) {
          throw new ValidationError(text('resultNotYours', { id: resultId }));
        }
      }
      // Completing twice keeps the first completion time; a result given later is still linked.
      const updated = await exams.completeSession(session.id, {
        completed_at: session.completed_at ?? deps.now().toISOString(),
        result_id: resultId ?? session.result_id,
      });
      if (!updated) throw new NotFoundError(text('examSessionNotFound'));
      const questions = await questionsByIds(deps.db, parseQuestionIds(updated.question_ids) ?? []);
      return toExamSession(updated, questions);
    },
  };
}
