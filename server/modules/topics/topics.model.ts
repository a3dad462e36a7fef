import type { ContentLanguage } from '../../../domain/question-languages';
import type { TopicQuestions } from '../questions/question-bank';
import {
  storedTopicTranslations,
  topicNameIn,
  type TopicTranslationProblem,
} from '../../../domain/topic-names';
import { text, type Text } from '../../i18n/text';
import { entityTagOf } from '../../http/entity-tags';
import type { TopicRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { existingSummary, storedQuestionIds } from '../questions/questions.model';

export { MAX_TOPIC_NAME_LENGTH } from '../../../domain/topic-names';

export type Topic = Schema<'Topic'>;

/**
 * Whom a topic is given to: an administrator reads it as stored, with its names in other
 * languages; a learner reads its name in `language` (their content language) where it has one.
 */
export type TopicView = { kind: 'stored' } | { kind: 'learner'; language: ContentLanguage };

export const STORED_TOPIC: TopicView = { kind: 'stored' };

/** A stored topic's name as `view` shows it: as stored, or in the learner's language. */
export function shownTopicName(
  row: Pick<TopicRow, 'name' | 'translations'>,
  view: TopicView,
): string {
  if (view.kind === 'stored') return row.name;
  return topicNameIn(
    { name: row.name, translations: storedTopicTranslations(row.translations) },
    view.language,
  );
}

/**
 * The API view of a topic. `question_count` counts only questions that still exist, so it
 * matches what getTopicQuestions hands the learner.
 */
export function toTopic(
  row: TopicRow,
  points: ReadonlyMap<number, number>,
  view: TopicView,
): Topic {
  return {
    id: row.id,
    name: shownTopicName(row, view),
    ...(view.kind === 'stored' ? { translations: storedTopicTranslations(row.translations) } : {}),
    question_ids: row.question_ids,
    question_count: existingSummary(storedQuestionIds(row.question_ids), points).count,
    created_at: row.created_at,
  };
}

/** What is wrong with a topic's name in another language, in the caller's words. */
export function topicNameProblemText(problem: TopicTranslationProblem): Text {
  return problem.code === 'topicNameInCourseLanguage'
    ? text('topicNameInCourseLanguage', { language: problem.language })
    : text('topicNameTranslationTooLong', { language: problem.language, max: problem.max });
}

/** A course's topics as a learner reading in `language` reads them: each name in it where it has one. */
export function topicsIn(
  topics: readonly TopicQuestions[],
  language: ContentLanguage,
): TopicQuestions[] {
  return topics.map((topic) => ({ ...topic, name: topicNameIn(topic, language) }));
}

/**
 * A topic's name as an answer kept it (in whichever language the learner read it then) turned
 * into its name in `language`: the course's topic holding it as its name or a translation, in
 * any case; a name no topic holds any more (renamed, deleted) stays as it was.
 */
export function topicNamesReadIn(
  topics: readonly TopicQuestions[],
  language: ContentLanguage,
): (kept: string) => string {
  const byName = new Map<string, string>();
  for (const topic of topics) {
    const shown = topicNameIn(topic, language);
    for (const name of [topic.name, ...Object.values(topic.translations)]) {
      if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), shown);
    }
  }
  return (kept) => byName.get(kept.toLowerCase()) ?? kept;
}

/** Topics in the order of their names as read in `language` (the list's own order otherwise). */
export function byNameIn(topics: readonly Topic[], language: ContentLanguage): Topic[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...topics].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** The stored fields an update replaces, in a fixed order (for entity tags and checks). */
export const TOPIC_FIELDS = [
  'name',
  'question_ids',
  'translations',
] as const satisfies readonly (keyof TopicRow)[];

/** The entity tag of a topic as stored: its names and question list. */
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
