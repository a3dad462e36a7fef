import type { ContentLanguage } from '../../../domain/question-languages';
import { BoundedMap } from '../../bounded-map';
import type { Caller, Schema } from '../../http/operations';
import type { BankSnapshot, CourseBank } from '../questions/question-bank';
import { topicsIn } from '../topics/topics.model';
import { accuracyPerTopic } from '../training-modules/training-modules.model';
import type { createExamsRepository } from './exams.repository';
import { downToTenths } from './exams.grading';

type ExamStats = Schema<'ExamStats'>;

// Learners whose statistics are kept per bank revision; the oldest entry makes way beyond this.
const MAX_LEARNERS = 10_000;

/**
 * A learner's statistics (exam totals and accuracy per topic, the topics named in `language`,
 * their content language) as the contract's ExamStats JSON text. Adding up their results and every
 * row of their memory costs far more than the rest of the request, so the answer is kept per
 * process and per bank snapshot under the learner's activity revision, which triggers move with
 * any change to their results or memory (whichever process makes it) and which comes with the
 * caller's row: a visit after no new answer reads nothing more, and
 * sends text encoded once.
 */
export function createExamStats(exams: ReturnType<typeof createExamsRepository>) {
  const kept = new WeakMap<
    BankSnapshot,
    Map<number, { activity: number; courseId: number; language: ContentLanguage; json: string }>
  >();

  async function compute(
    userId: number,
    course: CourseBank,
    language: ContentLanguage,
  ): Promise<ExamStats> {
    const totals = await exams.totals(userId, 'exam', course.course.id);
    const counts = new Map((await exams.answerCounts(userId)).map((row) => [row.question_id, row]));
    return {
      total_exams: totals.total,
      passed_exams: totals.passed,
      average_score: downToTenths(totals.average),
      best_score: downToTenths(totals.best),
      success_rate: totals.total === 0 ? 0 : Math.round((100 * totals.passed) / totals.total),
      topics: accuracyPerTopic(counts, topicsIn(await course.topics(), language)),
    };
  }

  return async function examStatsJson(
    caller: Caller,
    bank: BankSnapshot,
    course: CourseBank,
    language: ContentLanguage,
  ): Promise<string> {
    let learners = kept.get(bank);
    const entry = learners?.get(caller.id);
    const courseId = course.course.id;
    if (
      entry?.activity === caller.activity &&
      entry.courseId === courseId &&
      entry.language === language
    )
      return entry.json;
    const json = JSON.stringify(await compute(caller.id, course, language));
    if (!learners) kept.set(bank, (learners = new BoundedMap(MAX_LEARNERS)));
    learners.set(caller.id, { activity: caller.activity, courseId, language, json });
    return json;
  };
}
