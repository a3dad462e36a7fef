import { type Kysely, sql } from 'kysely';
import { type LearnerEvidence, NO_EVIDENCE, withAnswer } from '../../../domain/readiness';
import { precompiledFor } from '../../db/precompiled';
import type { Database, ReadinessEvidenceTable } from '../../db/schema';

/** One answer as readiness learns from it. */
export interface EvidenceAnswer {
  questionId: number;
  /** The course its question is in, when the caller knows it; looked up otherwise. */
  courseId?: number | undefined;
  isCorrect: boolean;
  /** The question's FSRS retrievability just before the answer; undefined for a first answer. */
  retrievability: number | undefined;
  /** When it counts (the memory's review time). */
  at: Date;
}

const DAY_MS = 86_400_000;
/** The UTC day of a time, as a number: a submission's answers share one, worked out once. */
const dayNumber = (time: Date) => Math.floor(time.getTime() / DAY_MS);
/** A day number as readiness_days keeps it: `2030-03-02`. */
const utcDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

// Every answer a learner gives runs these three: each built once per dialect.
const storedEvidenceOf = precompiledFor((db) =>
  db
    .selectFrom('readiness_evidence')
    .selectAll()
    .where('user_id', '=', 0)
    .where('course_id', '=', 0),
);
const EVIDENCE_COLUMNS = [
  'user_id',
  'course_id',
  'first_answers',
  'first_right',
  'seen_answers',
  'seen_retrievability',
  'seen_right',
  'updated_at',
] as const satisfies readonly (keyof ReadinessEvidenceTable)[];
const saveEvidenceOf = precompiledFor((db) =>
  db
    .insertInto('readiness_evidence')
    .values(Object.fromEntries(EVIDENCE_COLUMNS.map((column) => [column, 0])) as never)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'course_id'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            EVIDENCE_COLUMNS.slice(2).map((column) => [column, eb.ref(`excluded.${column}`)]),
          ),
        ),
    ),
);
// Parameters: user, course, day, answers; a new day starts without a probability.
const countDayOf = precompiledFor((db) =>
  db
    .insertInto('readiness_days')
    .values({ user_id: 0, course_id: 0, day: '', answers: 0, probability: sql<null>`null` })
    .onConflict((oc) =>
      oc.columns(['user_id', 'course_id', 'day']).doUpdateSet({
        answers: sql<number>`${sql.ref('readiness_days.answers')} + ${sql.ref('excluded.answers')}`,
      }),
    ),
);

/** The courses of the answered questions the caller did not name one for. */
async function coursesOf(
  trx: Kysely<Database>,
  answers: readonly EvidenceAnswer[],
): Promise<Map<number, number>> {
  const unknown = [
    ...new Set(
      answers.filter((answer) => answer.courseId === undefined).map((answer) => answer.questionId),
    ),
  ];
  if (unknown.length === 0) return new Map();
  const rows = await trx
    .selectFrom('questions')
    .select(['id', 'course_id'])
    .where('id', 'in', unknown)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.course_id)]));
}

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
  const looked = await coursesOf(trx, answers);
  const byCourse = new Map<number, EvidenceAnswer[]>();
  for (const answer of answers) {
    // A question deleted meanwhile has no course, and teaches readiness nothing.
    const course = answer.courseId ?? looked.get(answer.questionId);
    if (course === undefined) continue;
    const given = byCourse.get(course);
    if (given) given.push(answer);
    else byCourse.set(course, [answer]);
  }
  for (const [courseId, given] of byCourse) {
    const [stored] = await storedEvidenceOf(trx, userId, courseId);
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
    await saveEvidenceOf(
      trx,
      userId,
      courseId,
      evidence.firstAnswers,
      evidence.firstRight,
      evidence.seenAnswers,
      evidence.seenRetrievability,
      evidence.seenRight,
      now.toISOString(),
    );
    const perDay = new Map<number, number>();
    for (const answer of given) {
      const day = dayNumber(answer.at);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    for (const [day, count] of perDay) await countDayOf(trx, userId, courseId, utcDay(day), count);
  }
}
