import { entityTagOf } from '../../http/entity-tags';
import type { TopicRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { existingSummary, storedQuestionIds } from '../questions/questions.model';

export type Topic = Schema<'Topic'>;

/** The longest topic name, as the contract's TopicInput allows. */
export const MAX_TOPIC_NAME_LENGTH = 200;

/**
 * The API view of a topic. `question_count` counts only questions that still exist, so it
 * matches what getTopicQuestions hands the learner.
 */
export function toTopic(row: TopicRow, points: ReadonlyMap<number, number>): Topic {
  return {
    id: row.id,
    name: row.name,
    question_ids: row.question_ids,
    question_count: existingSummary(storedQuestionIds(row.question_ids), points).count,
    created_at: row.created_at,
  };
}

/** The stored fields an update replaces, in a fixed order (for entity tags and checks). */
export const TOPIC_FIELDS = ['name', 'question_ids'] as const satisfies readonly (keyof TopicRow)[];

/** The entity tag of a topic as stored: its name and question list. */
export function topicTagOf(row: Pick<TopicRow, (typeof TOPIC_FIELDS)[number]>): string {
  return entityTagOf(TOPIC_FIELDS.map((field) => row[field]));
}

/** Repeated ids removed, the first occurrence keeping its place. */
export function withoutRepeats(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The ids of `ids` that `existing` lacks, each once, for an error message. */
export function unknownIds(
  ids: readonly number[],
  existing: ReadonlyMap<number, unknown>,
): number[] {
  return withoutRepeats(ids.filter((id) => !existing.has(id)));
}
