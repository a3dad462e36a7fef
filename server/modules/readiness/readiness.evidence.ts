import { type Kysely, sql } from 'kysely';
import { type LearnerEvidence, NO_EVIDENCE, withAnswer } from '../../../domain/readiness';
import type { Database } from '../../db/schema';

/** One answer as readiness learns from it. */
export interface EvidenceAnswer {
  questionId: number;
  isCorrect: boolean;
  /** The question's FSRS retrievability just before the answer; undefined for a first answer. */
  retrievability: number | undefined;
  /** When it counts (the memory's review time). */
  at: Date;
}

const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Adds answers to the learner's readiness inputs in each course they belong to: the decayed
 * answer sums (domain/readiness.ts `withAnswer`) and the day's answer count. Runs inside the
 * transaction that writes the memory, which already holds the learner's memory lock.
 */
export async function recordEvidence(
  trx: Kysely<Database>,
  userId: number,
  answers: readonly EvidenceAnswer[],
  now: Date,
): Promise<void> {
  if (answers.length === 0) return;
  const courses = new Map(
    (
      await trx
        .selectFrom('questions')
        .select(['id', 'course_id'])
        .where('id', 'in', [...new Set(answers.map((answer) => answer.questionId))])
        .execute()
    ).map((row) => [row.id, Number(row.course_id)]),
  );
  const byCourse = new Map<number, EvidenceAnswer[]>();
  for (const answer of answers) {
    const course = courses.get(answer.questionId);
    if (course === undefined) continue;
    byCourse.set(course, [...(byCourse.get(course) ?? []), answer]);
  }
  for (const [courseId, given] of byCourse) {
    const stored = await trx
      .selectFrom('readiness_evidence')
      .selectAll()
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    let evidence: LearnerEvidence = stored
      ? {
          firstAnswers: stored.first_answers,
          firstRight: stored.first_right,
          seenAnswers: stored.seen_answers,
          seenRetrievability: stored.seen_retrievability,
          seenRight: stored.seen_right,
        }
      : NO_EVIDENCE;
    for (const answer of given) {
      evidence = withAnswer(evidence, answer.isCorrect, answer.retrievability);
    }
    const values = {
      first_answers: evidence.firstAnswers,
      first_right: evidence.firstRight,
      seen_answers: evidence.seenAnswers,
      seen_retrievability: evidence.seenRetrievability,
      seen_right: evidence.seenRight,
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto('readiness_evidence')
      .values({ user_id: userId, course_id: courseId, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'course_id']).doUpdateSet(values))
      .execute();
    const perDay = new Map<string, number>();
    for (const answer of given)
      perDay.set(utcDay(answer.at), (perDay.get(utcDay(answer.at)) ?? 0) + 1);
    for (const [day, count] of perDay) {
      await trx
        .insertInto('readiness_days')
        .values({ user_id: userId, course_id: courseId, day, answers: count, probability: null })
        .onConflict((oc) =>
          oc.columns(['user_id', 'course_id', 'day']).doUpdateSet({
            answers: sql<number>`${sql.ref('readiness_days.answers')} + ${count}`,
          }),
        )
        .execute();
    }
  }
}
