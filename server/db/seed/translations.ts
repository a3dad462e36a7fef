import { readFileSync } from 'node:fs';
import {
  type ContentLanguage,
  readTranslation,
  type TranslationProblem,
} from '../../../domain/question-languages';
import { topicTranslationsJson } from '../../../domain/topic-names';
import type { TranslationRow } from '../../modules/questions/question-translations';
import { SEED_DIR } from '../../paths';

/**
 * The demo bank's translations (issue 42): one file per language in `translations/`, its
 * questions in the order of questions.json, what each picture shows (the photos' alt text)
 * by file name, and each topic's name by its English one.
 */
export interface DemoTranslationFile {
  topics: Record<string, string>;
  photos: Record<string, string>;
  questions: { question_text: string; answers: string[]; explanation: string }[];
}

/** The languages the demo bank is translated into; it is written in English. */
export const DEMO_TRANSLATIONS: readonly ContentLanguage[] = ['ru', 'zh', 'ko'];

export function readDemoTranslations(language: ContentLanguage): DemoTranslationFile {
  return JSON.parse(
    readFileSync(`${SEED_DIR}/translations/${language}.json`, 'utf8'),
  ) as DemoTranslationFile;
}

interface DemoQuestionShape {
  question_text: string;
  answers: string[];
  photo: string | null;
}

/**
 * The translation rows of the demo questions, stored as `ids` (in the order of questions.json).
 * A translation that does not fit its question (another number of answers, a blank text) is a
 * mistake in the files: it stops the seed rather than show a learner the wrong answers.
 */
export function demoTranslationRows(
  questions: readonly DemoQuestionShape[],
  ids: readonly number[],
  descriptions: ReadonlyMap<string, string>,
): TranslationRow[] {
  const rows: TranslationRow[] = [];
  for (const language of DEMO_TRANSLATIONS) {
    const file = readDemoTranslations(language);
    if (file.questions.length !== questions.length) {
      throw new Error(
        `translations/${language}.json has ${file.questions.length} questions; questions.json has ${questions.length}`,
      );
    }
    for (const [at, question] of questions.entries()) {
      const translated = file.questions[at];
      const id = ids[at];
      if (!translated || id === undefined) continue;
      const answers = Object.fromEntries(
        translated.answers.map((answer, index) => [`answer_${index + 1}`, answer]),
      );
      const own = Object.fromEntries(
        question.answers.map((answer, index) => [`answer_${index + 1}`, answer]),
      );
      const read = readTranslation(
        {
          question_text: translated.question_text,
          ...answers,
          explanation: translated.explanation,
          photo_alt: question.photo === null ? null : (file.photos[question.photo] ?? null),
        },
        { language, courseLanguage: 'en', question: { ...own, photo: question.photo } },
      );
      if (!read.ok) {
        const problem = read.problems[0] as TranslationProblem;
        throw new Error(
          `translations/${language}.json, question ${at + 1}: ${JSON.stringify(problem)}`,
        );
      }
      if (
        question.photo !== null &&
        descriptions.has(question.photo) &&
        !read.translation.photo_alt
      ) {
        throw new Error(`translations/${language}.json describes no photo ${question.photo}`);
      }
      rows.push({ question_id: id, language, ...read.translation });
    }
  }
  return rows;
}

/** A demo topic's names in the languages the demo bank is translated into, as stored. */
export function demoTopicNames(name: string): string | null {
  return topicTranslationsJson(
    Object.fromEntries(
      DEMO_TRANSLATIONS.flatMap((language) => {
        const translated = readDemoTranslations(language).topics[name];
        return translated === undefined ? [] : [[language, translated]];
      }),
    ),
  );
}
