import { CONTENT_LANGUAGES, type ContentLanguage, isContentLanguage } from './question-languages';
import { isTooLong, trimText } from './text';

/**
 * A topic's name in the languages its course's questions are read in: the name as stored is in
 * the course's exam language, and a topic may carry its name in the others, so a learner who
 * reads the questions in Russian reads the topics in Russian too.
 */

/** The longest topic name, in any language, as the contract's TopicInput allows. */
export const MAX_TOPIC_NAME_LENGTH = 200;

/** A topic's names in other languages than its course's, by language. */
export type TopicTranslations = Partial<Record<ContentLanguage, string>>;

/** A topic's name in a CSV column of its own language: `name@ru`. */
export const topicNameColumn = (language: ContentLanguage): string => `name@${language}`;

/** The language a CSV column such as `name@ko` gives a topic's name in; undefined for any other. */
export function readTopicNameColumn(column: string): ContentLanguage | undefined {
  const match = /^name@(.+)$/.exec(column);
  return match && isContentLanguage(match[1]) ? match[1] : undefined;
}

/**
 * The translations kept in a topic's row (a JSON object by language), read leniently: anything
 * but a non-blank name of a known language is left out, and a damaged cell reads as none.
 */
export function storedTopicTranslations(json: string | null | undefined): TopicTranslations {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const kept: TopicTranslations = {};
  for (const language of CONTENT_LANGUAGES) {
    const name: unknown = (value as Record<string, unknown>)[language];
    if (typeof name === 'string' && trimText(name) !== '') kept[language] = name;
  }
  return kept;
}

/** The stored text of a topic's translations: null for none, else its languages in list order. */
export function topicTranslationsJson(translations: TopicTranslations): string | null {
  const kept = CONTENT_LANGUAGES.filter((language) => translations[language] !== undefined);
  if (kept.length === 0) return null;
  return JSON.stringify(
    Object.fromEntries(kept.map((language) => [language, translations[language]])),
  );
}

/** A topic's name as read in `language`: its translation there, else the name as stored. */
export function topicNameIn(
  topic: { name: string; translations: TopicTranslations },
  language: ContentLanguage,
): string {
  return topic.translations[language] ?? topic.name;
}

/**
 * A topic's names after a file gave some: each language the file has a column of takes the
 * row's name there (a blank cell removing it), the others keep theirs.
 */
export function namesAfterFile(
  kept: TopicTranslations,
  given: TopicTranslations,
  columns: readonly ContentLanguage[],
): TopicTranslations {
  const names: TopicTranslations = {};
  for (const language of CONTENT_LANGUAGES) {
    const name = columns.includes(language) ? given[language] : kept[language];
    if (name !== undefined) names[language] = name;
  }
  return names;
}

/** Why a topic's translated names cannot be kept. */
export type TopicTranslationProblem =
  | { code: 'topicNameInCourseLanguage'; language: ContentLanguage }
  | { code: 'topicNameTooLong'; language: ContentLanguage; max: number };

export type TopicTranslationsReading =
  { ok: true; translations: TopicTranslations } | { ok: false; problem: TopicTranslationProblem };

/**
 * Reads a topic's names in other languages as given (a form, a JSON body, a CSV row's `name@…`
 * cells): each trimmed, a blank one meaning none; none may be in the course's own language (its
 * name there is the topic's name) or longer than a name may be.
 */
export function readTopicTranslations(
  given: Partial<Record<ContentLanguage, string | null | undefined>>,
  /** Undefined where it is not known yet (a bank package, checked against its course later). */
  courseLanguage: ContentLanguage | undefined,
): TopicTranslationsReading {
  const translations: TopicTranslations = {};
  for (const language of CONTENT_LANGUAGES) {
    const name = trimText(given[language] ?? '');
    if (name === '') continue;
    if (language === courseLanguage) {
      return { ok: false, problem: { code: 'topicNameInCourseLanguage', language } };
    }
    if (isTooLong(name, MAX_TOPIC_NAME_LENGTH)) {
      return {
        ok: false,
        problem: { code: 'topicNameTooLong', language, max: MAX_TOPIC_NAME_LENGTH },
      };
    }
    translations[language] = name;
  }
  return { ok: true, translations };
}
