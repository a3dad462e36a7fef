import { isUniqueViolation } from '../../db/data-errors';
import type { ExamResultRow, ExamSessionRow } from '../../db/schema';
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
import {
  type CourseRules,
  decideExam,
  DEFAULT_COURSE_RULES,
  mainShares,
} from '../../../domain/course-rules';
import { courseOf, drawExam, rulesOf } from '../courses/courses.model';
import { writeAnswers } from '../training-modules/memory';
import { askedInExam, downToTenths, gradeAnswers, percentShown } from './exams.grading';
import {
  mainCountOf,
  sessionRulesOf,
  toExamResult,
  toExamResultSummary,
  toExamSession,
  toSavedExamResult,
} from './exams.model';
import { createExamsRepository } from './exams.repository';
import { createExamStats } from './exam-stats';
import {
  contentLanguageOf,
  createLearnerQuestions,
  learnerView,
  questionsIn,
} from '../questions/question-views';
import { isContentLanguage } from '../../../domain/question-languages';
import { languageOfCourse } from '../questions/question-translations';
import { holdToSession, listIds, samePicks, startOfSession } from './exam-session';
import { text } from '../../i18n/text';

export type ExamOperations =
  | 'submitExam'
  | 'getExamHistory'
  | 'getExamStats'
  | 'getExamResult'
  | 'getExamReview'
  | 'startExamSession'
  | 'completeExamSession';

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
  const inLearnersLanguage = createLearnerQuestions(deps);

  /** A stored result its caller may see: their own, or anyone's for an administrator. */
  async function visibleResult(id: number, caller: Caller | null) {
    const user = requireCaller(caller);
    const row = await exams.resultById(id);
    if (!row) throw new NotFoundError(text('resultNotFound'));
    if (row.user_id !== user.id && !user.isAdmin) throw new ForbiddenError(text('resultOfAnother'));
    return row;
  }

  return {
    async submitExam({ body, caller, request, reply }) {
      const user = requireCaller(caller);
      const arrivedAt = deps.now().getTime();
      /** A result saved before, answered as such (200) rather than as saved now (201). */
      const savedBefore = (row: ExamResultRow) => reply.code(200).send(toExamResult(row));
      // A resend of an attempt the server already saved (its answer was lost on the way back).
      const clientId = body.client_id ?? null;
      const earlier = clientId ? await exams.resultByClientId(user.id, clientId) : undefined;
      if (earlier) return savedBefore(earlier);
      const isExam = body.exam_type === 'exam';
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
      // An exam is graded against the session the server drew it in; it names it.
      let session: ExamSessionRow | undefined;
      if (isExam) {
        if (!body.session_id) throw new ValidationError(text('examSessionRequired'));
        session = await exams.ownSession(body.session_id, user.id);
        if (session?.exam_type !== 'exam')
          throw new ValidationError(text('examSessionNotYours', { id: body.session_id }));
      }
      if (!session && body.started_at !== undefined)
        throw new ValidationError(text('startOnlyForPrepared'));
      const bank = await deps.bank.snapshot(request.revisions);
      const sessionIds = session ? (parseQuestionIds(session.question_ids) ?? []) : [];
      if (session) {
        const drawn = new Set(sessionIds);
        const outside = ids.filter((id) => !drawn.has(id));
        if (outside.length > 0)
          throw new ValidationError(text('questionsNotInSession', { ids: listIds(outside) }));
      }
      const keys = new Map<number, AnswerKey>();
      const unknown = new Set<number>();
      for (const id of ids) {
        const key = bank.answerKey(id);
        if (key) keys.set(id, key);
        else unknown.add(id);
      }
      // A question of a held exam deleted from the bank while it was sat cannot be graded: its
      // answer is left out, as the exam's review leaves the question out. Any other is refused.
      if (unknown.size > 0 && !session)
        throw new ValidationError(text('unknownQuestions', { ids: listIds([...unknown]) }));
      const submitted = body.answers.filter((answer) => !unknown.has(answer.question_id));
      // Graded by the rules of the course the questions are in: a result kept in the browser
      // still counts where it was made after its learner has moved to another course.
      const course = bank.course(
        session?.course_id ?? keys.get(ids[0] as number)?.courseId ?? user.courseId,
      );
      if (!course) throw new ValidationError(text('unknownCourse'));
      const elsewhere = submitted
        .map((answer) => answer.question_id)
        .filter((id) => keys.get(id)?.courseId !== course.course.id);
      if (elsewhere.length > 0)
        throw new ValidationError(text('questionsOfOtherCourse', { ids: listIds(elsewhere) }));
      const beyond = choicesBeyondDetail(
        submitted.map((answer) =>
          choicesBeyond(
            answer.question_id,
            answer.selected_answers,
            keys.get(answer.question_id)?.answerCount ?? 0,
          ),
        ),
      );
      if (beyond) throw new ValidationError(beyond);

      // A held exam by the rules it began with: a change made meanwhile does not refuse it.
      const rules = resultRules(
        session ? sessionRulesOf(session, rulesOf(course.course)) : rulesOf(course.course),
        isExam,
      );
      let graded: { question_id: number; selected_answers: readonly number[] }[] = submitted;
      let mainCount = submitted.length;
      let endedEarly = false;
      let overTime = false;
      let timeTaken: number | null = null;
      let startedAt: number | null = null;
      if (session) {
        startedAt = startOfSession(session, body.started_at, arrivedAt);
        // A question drawn but deleted (or moved to another course) since, and not answered,
        // cannot be graded: it is left out.
        const drawnMain = new Set(sessionIds.slice(0, mainCountOf(session, rules)));
        const gradable: number[] = [];
        for (const id of sessionIds) {
          const key = bank.answerKey(id);
          if (key?.courseId !== course.course.id) continue;
          keys.set(id, key);
          gradable.push(id);
        }
        const held = holdToSession(
          {
            questionIds: gradable,
            mainCount: gradable.filter((id) => drawnMain.has(id)).length,
            startedAt,
            timeLimitSeconds: session.time_limit_seconds,
          },
          rules,
          submitted,
          (id) => keys.get(id),
          arrivedAt,
        );
        mainCount = held.mainCount;
        overTime = held.overTime;
        timeTaken = held.timeTakenSeconds;
        // Ended at the mistake after which it could not pass: graded on the questions asked.
        const asked = askedInExam(
          rules,
          held.answers,
          Math.min(rules.question_count, mainCount),
          keys,
        );
        endedEarly = asked < held.answers.length;
        graded = held.answers.slice(0, asked);
      }
      // One result per session: the same picks sent again get it back, other picks are refused.
      const answeredBefore = async (sessionId: number, resultId: number | null) => {
        const row =
          (resultId === null ? undefined : await exams.resultById(resultId)) ??
          (await exams.resultBySession(sessionId));
        if (!row) return undefined;
        if (!samePicks(toExamResult(row).answers, graded))
          throw new ConflictError(text('sessionAnsweredOtherwise'));
        return savedBefore(row);
      };
      if (session && session.result_id !== null) {
        const answered = await answeredBefore(session.id, session.result_id);
        if (answered) return answered;
      }

      // The course's count of questions comes first; the rest are extras its rule added.
      const grade = gradeAnswers(
        graded,
        keys,
        isExam ? Math.min(rules.question_count, mainCount) : mainCount,
      );
      const gradedQuestions = grade.answers.map((answer) => ({
        isCorrect: answer.is_correct,
        points: keys.get(answer.question_id)?.points ?? 0,
        answered: answer.selected_answers.length > 0,
        isExtra: answer.is_extra,
      }));
      const verdict = decideExam(rules, gradedQuestions);
      // The figure the entry gives the administrator: the one the course's rule judged, as the
      // learner's result shows it (the main part's share of questions or points, or mistakes).
      const judgedFigure = () => {
        if (!isExam) return { score: percentShown(grade) };
        // Failed by a mistake among the extra questions, whatever the main part's figure.
        if (verdict.decidedBy === 'extra_mistake') {
          return { score: percentShown(grade), extra_mistake: true as const };
        }
        const shares = mainShares(gradedQuestions);
        switch (rules.pass_rule) {
          case 'percent_questions':
            return { score: downToTenths(shares.questions) };
          case 'percent_points':
            return { score: downToTenths(shares.points), by_points: true as const };
          case 'max_mistakes':
            return { score: percentShown(grade), mistakes: verdict.mistakes };
        }
      };
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
              .map((answer) => ({
                questionId: answer.question_id,
                isCorrect: answer.is_correct,
                // Every graded question is in the course (checked above).
                courseId: course.course.id,
              })),
            deps.now(),
            { resultSaved: true },
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
          time_taken: timeTaken,
          total_points: grade.totalPoints,
          max_points: grade.maxPoints,
          answers: JSON.stringify(grade.answers),
          client_id: clientId,
          session_id: session?.id ?? null,
          over_time: overTime ? 1 : 0,
          ended_early: endedEarly ? 1 : 0,
          // The language the exam was sat in, as its session says; none for training.
          language: session?.language ?? null,
          created_at: deps.now().toISOString(),
        });

        if (session) {
          // Its result, whenever the session was completed (PUT .../complete keeps its time).
          await saved.closeSession(
            session.id,
            session.completed_at ?? row.created_at,
            row.id,
            // A prepared session's start is the one its first result claimed.
            session.prepared_at === null || startedAt === null
              ? session.started_at
              : new Date(startedAt).toISOString(),
          );
        } else if (body.session_id) {
          // A training run may name a training session (closed by its own update call too), so
          // only an open session of this learner and this type is closed here.
          const named = await saved.ownSession(body.session_id, user.id);
          if (named && named.exam_type === body.exam_type && named.completed_at === null) {
            await saved.completeSession(named.id, {
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
            ...judgedFigure(),
            course: course.course.name,
          },
          trx,
        );
        return row;
      });
      try {
        return toSavedExamResult(await save, grade.answers);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same attempt (or session) sent twice at once: the other request saved it first.
        const saved = clientId ? await exams.resultByClientId(user.id, clientId) : undefined;
        if (saved) return savedBefore(saved);
        const answered = session ? await answeredBefore(session.id, null) : undefined;
        if (answered) return answered;
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
      const course = courseOf(bank, learner);
      const language = await contentLanguageOf(course, learner, request);
      return sendJson(reply, await examStatsJson(learner, bank, course, language));
    },

    async getExamResult({ params, caller }) {
      return toExamResult(await visibleResult(params.id, caller));
    },

    async getExamReview({ params, caller, query, request }) {
      const result = toExamResult(await visibleResult(params.id, caller));
      const ids = result.answers.map((answer) => answer.question_id);
      const questions = (await questionsByIds(deps.db, ids)).map(toQuestion);
      return {
        result,
        questions: await inLearnersLanguage(request, requireCaller(caller), questions, {
          withOriginal: query?.with_original,
        }),
      };
    },

    async startExamSession({ body, caller, query, request }) {
      const user = requireCaller(caller);
      const bank = await deps.bank.snapshot();
      const course = courseOf(bank, user);
      // Sat in the language asked for, else the learner's; the result will say which.
      const view = await learnerView(course, user, request, {
        withOriginal: query?.with_original,
        language: body?.language,
      });
      const draw = drawExam(course);
      const questions = await questionsByIds(deps.db, draw.ids);
      if (questions.length === 0) throw new ConflictError(text('bankEmpty'));
      // A question deleted since the bank was read is left out, of its part of the draw.
      const found = new Set(questions.map((q) => q.id));
      const mainCount = draw.ids.slice(0, draw.mainCount).filter((id) => found.has(id)).length;
      const drawnAt = deps.now().toISOString();
      const row = await exams.insertSession({
        user_id: user.id,
        exam_type: body?.exam_type ?? 'exam',
        question_ids: JSON.stringify(questions.map((q) => q.id)),
        main_count: mainCount,
        time_limit_seconds: course.course.time_limit_seconds,
        // Its grading follows these (for a bank smaller than the exam, its share of mistakes),
        // whatever the course says by the time it is sent.
        rules: JSON.stringify(draw.rules),
        course_id: course.course.id,
        result_id: null,
        started_at: drawnAt,
        completed_at: null,
        language: view.kind === 'learner' ? view.language : null,
        prepared_at: body?.prepared ? drawnAt : null,
      });
      const courseLanguage = languageOfCourse(course.course);
      const shown = await questionsIn(
        deps.db,
        bank,
        questions.map(toQuestion),
        view,
        courseLanguage,
      );
      return toExamSession(
        row,
        shown,
        mainCount,
        view.kind === 'learner' ? view.language : courseLanguage,
      );
    },

    async completeExamSession({ params, body, caller, query, request }) {
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
      const bank = await deps.bank.snapshot();
      const course = bank.course(updated.course_id);
      const rules = course ? rulesOf(course.course) : DEFAULT_COURSE_RULES;
      // In the language it was sat in (the learner's, for a session from before languages).
      const language = isContentLanguage(updated.language) ? updated.language : undefined;
      const shown = await inLearnersLanguage(request, user, questions.map(toQuestion), {
        withOriginal: query?.with_original,
        language,
      });
      return toExamSession(
        updated,
        shown,
        mainCountOf(updated, rules),
        language ?? shown[0]?.language ?? languageOfCourse(course?.course ?? { language: 'en' }),
      );
    },
  };
}
