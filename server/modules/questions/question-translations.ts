import type { Kysely } from 'kysely';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  fitsQuestion,
  isContentLanguage,
  TRANSLATED_FIELDS,
  translationColumn,
  type TranslationFields,
  type TranslationProblem,
} from '../../../domain/question-languages';
import type { Database, QuestionTranslationRow } from '../../db/schema';
import { text, type Text } from '../../i18n/text';
import type { Question } from './questions.model';

/**
 * A question's translations (issue 42): kept one row per question and language beside the
 * question, which stays in its course's language, the exam's. What a learner reads is made here
 * from the two: their language where the question has it, else the exam's, saying so.
 */

/** A question's translations by language (never its course's own). */
export type Translations = Partial<Record<ContentLanguage, TranslationFields>>;

/** How questions are shown: as stored (to administrators), or in a learner's language. */
export type QuestionView =
  | { kind: 'stored' }
  | {
      kind: 'learner';
      /** The language asked for: the learner's content language, or an exam's. */
      language: ContentLanguage;
      /** Whether the exam language's words come beside a translation (`original`). */
      withOriginal: boolean;
    };

export const STORED_VIEW: QuestionView = { kind: 'stored' };

/** A short key naming a view, for what is kept per view (a question's JSON, a page). */
export function viewKey(view: QuestionView): string {
  return view.kind === 'stored' ? 'stored' : `${view.language}${view.withOriginal ? '+' : ''}`;
}

/** A course's exam language as stored; a value a hand edit left outside the four reads as English. */
export function languageOfCourse(course: { language: string }): ContentLanguage {
  return isContentLanguage(course.language) ? course.language : 'en';
}

/**
 * The languages a course's questions can be read in: its exam language first, then each language
 * `isTranslatedInto` says one of them is translated into, in the order of CONTENT_LANGUAGES.
 */
export function readableLanguages(
  course: { language: string },
  isTranslatedInto: (language: ContentLanguage) => boolean,
): ContentLanguage[] {
  const own = languageOfCourse(course);
  return [
    own,
    ...CONTENT_LANGUAGES.filter((language) => language !== own && isTranslatedInto(language)),
  ];
}

// Keeps each statement under SQLite's bound-parameter limit.
const CHUNK = 500;
// 200 rows of 10 columns stay well under both databases' bound-parameter limits.
const INSERT_CHUNK = 200;

const fieldsOf = (row: QuestionTranslationRow): TranslationFields => ({
  question_text: row.question_text,
  answer_1: row.answer_1,
  answer_2: row.answer_2,
  answer_3: row.answer_3,
  answer_4: row.answer_4,
  answer_5: row.answer_5,
  explanation: row.explanation,
  photo_alt: row.photo_alt,
});

/** The translations of `ids` (only into `language` when given), by question id. */
export async function readTranslations(
  db: Kysely<Database>,
  ids: Iterable<number>,
  language?: ContentLanguage,
): Promise<Map<number, Translations>> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, Translations>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    let query = db
      .selectFrom('question_translations')
      .selectAll()
      .where('question_id', 'in', wanted.slice(i, i + CHUNK));
    if (language) query = query.where('language', '=', language);
    for (const row of await query.execute()) {
      if (!isContentLanguage(row.language)) continue;
      const id = Number(row.question_id);
      found.set(id, { ...found.get(id), [row.language]: fieldsOf(row) });
    }
  }
  return found;
}

/** A translation row to store: its question, its language and its words. */
export interface TranslationRow extends TranslationFields {
  question_id: number;
  language: ContentLanguage;
}

/** Rows for a question's translations, in the languages' order. */
export function rowsOf(questionId: number, translations: Translations): TranslationRow[] {
  return CONTENT_LANGUAGES.flatMap((language) => {
    const fields = translations[language];
    return fields ? [{ question_id: questionId, language, ...fields }] : [];
  });
}

/** Stores `rows`, each replacing its question's translation into its language. */
export async function putTranslations(
  db: Kysely<Database>,
  rows: readonly TranslationRow[],
): Promise<void> {
  for (const language of CONTENT_LANGUAGES) {
    const ids = rows.filter((row) => row.language === language).map((row) => row.question_id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      await db
        .deleteFrom('question_translations')
        .where('language', '=', language)
        .where('question_id', 'in', ids.slice(i, i + CHUNK))
        .execute();
    }
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('question_translations')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Makes a question's translations exactly `translations`: the languages left out go. */
export async function replaceTranslations(
  db: Kysely<Database>,
  questionId: number,
  translations: Translations,
): Promise<void> {
  await db.deleteFrom('question_translations').where('question_id', '=', questionId).execute();
  const rows = rowsOf(questionId, translations);
  if (rows.length > 0) await db.insertInto('question_translations').values(rows).execute();
}

/** The languages whose translation no longer has the question's answers, in order. */
export function outdatedLanguages(
  translations: Translations,
  question: Pick<Question, 'answer_1' | 'answer_2' | 'answer_3' | 'answer_4' | 'answer_5'>,
): ContentLanguage[] {
  return CONTENT_LANGUAGES.filter((language) => {
    const translation = translations[language];
    return translation !== undefined && !fitsQuestion(translation, question);
  });
}

/** The words of every translation, for the question's search text. */
export function translationWords(translations: Translations | undefined): string[] {
  if (!translations) return [];
  return CONTENT_LANGUAGES.flatMap((language) => {
    const translation = translations[language];
    if (!translation) return [];
    return TRANSLATED_FIELDS.flatMap((field) =>
      field === 'photo_alt' ? [] : (translation[field] ?? []),
    );
  });
}

/**
 * A stored question (in its course's language, `courseLanguage`) as `view` shows it. As stored,
 * it carries its translations. To a learner, in the language asked for where it has that
 * translation (and the translation still has its answers), the explanation and the photo's
 * description falling back to the exam language's where the translation has none; with
 * `withOriginal`, the exam language's words beside. Without that translation it comes in the
 * exam language, saying which language it lacks. The answers keep their numbers in every
 * language, so the answer key is the same.
 */
export function shownQuestion(
  question: Question,
  courseLanguage: ContentLanguage,
  translations: Translations | undefined,
  view: QuestionView,
): Question {
  if (view.kind === 'stored') {
    return { ...question, language: courseLanguage, translations: { ...translations } };
  }
  const { language } = view;
  if (language === courseLanguage) return { ...question, language };
  const translation = translations?.[language];
  if (!translation || !fitsQuestion(translation, question)) {
    return { ...question, language: courseLanguage, missing_language: language };
  }
  const shown: Question = {
    ...question,
    language,
    question_text: translation.question_text,
    answer_1: translation.answer_1,
    answer_2: translation.answer_2,
    answer_3: translation.answer_3,
    answer_4: translation.answer_4,
    answer_5: translation.answer_5,
    explanation: translation.explanation ?? question.explanation,
    photo_alt: translation.photo_alt ?? question.photo_alt,
  };
  if (translation.explanation === null && question.explanation !== null) {
    shown.explanation_language = courseLanguage;
  }
  if (view.withOriginal) {
    shown.original = {
      language: courseLanguage,
      question_text: question.question_text,
      answer_1: question.answer_1,
      answer_2: question.answer_2,
      answer_3: question.answer_3,
      answer_4: question.answer_4,
      answer_5: question.answer_5,
      explanation: question.explanation,
      photo_alt: question.photo_alt,
    };
  }
  return shown;
}

/** A translation problem in the caller's words; fields are named as the CSV names them. */
export function translationProblemText(problem: TranslationProblem): Text {
  switch (problem.code) {
    case 'translationInCourseLanguage':
      return text('translationInCourseLanguage', { language: problem.language });
    case 'fieldEmpty':
      return text('fieldEmpty', { field: translationColumn(problem.field, problem.language) });
    case 'fieldTooLong':
      return text('fieldTooLong', {
        field: translationColumn(problem.field, problem.language),
        max: problem.max,
      });
    case 'translationAnswers':
      return text('translationAnswers', {
        language: problem.language,
        expected: problem.expected.join(', '),
        found: problem.found.join(', ') || '—',
      });
  }
}
