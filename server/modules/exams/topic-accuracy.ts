import type { BankSnapshot } from '../questions/question-bank';
import { accuracyPerTopic, type TopicAccuracy } from '../training-modules/training-modules.model';
import type { createExamsRepository } from './exams.repository';

// Learners whose accuracy is kept per bank revision; the oldest entry makes way beyond this.
const MAX_LEARNERS = 10_000;

/**
 * A learner's accuracy per topic, from their memory of each question. Reading every memory row
 * costs far more than the page's other work, so the result is kept per process and per bank
 * snapshot, keyed by a fingerprint of the learner's memory that any new answer changes (the
 * answer counts only grow), whichever process recorded it; the caller reads the fingerprint.
 */
export function createTopicAccuracy(exams: ReturnType<typeof createExamsRepository>) {
  const kept = new WeakMap<
    BankSnapshot,
    Map<number, { fingerprint: string; topics: TopicAccuracy[] }>
  >();

  async function compute(userId: number, bank: BankSnapshot): Promise<TopicAccuracy[]> {
    const counts = new Map((await exams.answerCounts(userId)).map((row) => [row.question_id, row]));
    return accuracyPerTopic(counts, await bank.topics());
  }

  return async function topicAccuracy(
    userId: number,
    bank: BankSnapshot,
    fingerprint: string,
  ): Promise<TopicAccuracy[]> {
    let learners = kept.get(bank);
    const entry = learners?.get(userId);
    if (entry?.fingerprint === fingerprint) return entry.topics;
    const topics = await compute(userId, bank);
    if (!learners) kept.set(bank, (learners = new Map()));
    learners.delete(userId);
    learners.set(userId, { fingerprint, topics });
    if (learners.size > MAX_LEARNERS) learners.delete(learners.keys().next().value as number);
    return topics;
  };
}
