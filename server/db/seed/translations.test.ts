import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_DIR } from '../../paths';
import {
  DEMO_TRANSLATIONS,
  demoTopicNames,
  demoTranslationRows,
  readDemoTranslations,
} from './translations';

interface DemoQuestion {
  topic: string;
  question_text: string;
  answers: string[];
  photo: string | null;
  explanation: string;
}

const questions = JSON.parse(readFileSync(`${SEED_DIR}/questions.json`, 'utf8')) as DemoQuestion[];
const photos = readdirSync(`${SEED_DIR}/images`).filter((name) => name.endsWith('.svg'));

/** Each language's own script: a translated text holds some of it (numbers and units aside). */
const SCRIPT: Record<string, RegExp> = {
  ru: /\p{Script=Cyrillic}/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
};
// What a translation may keep as it is: numbers, units, the sign's own word and the like.
const LANGUAGE_FREE =
  /^[\d\s.,:;()–\-+×÷‰%/]*(km\/h|g\/l|m|mm|cm|STOP|112|118|911)?[\d\s.,()–\-‰%]*$/;

describe('the demo bank in Russian, Chinese and Korean', () => {
  it('translates every question, answer, explanation and picture, each fitting its question', () => {
    const ids = questions.map((_, at) => at + 1);
    const rows = demoTranslationRows(
      questions,
      ids,
      new Map(photos.map((photo) => [photo, 'described'])),
    );
    // Every question in every language: none left out, none refused.
    expect(rows).toHaveLength(questions.length * DEMO_TRANSLATIONS.length);
    for (const row of rows) {
      const question = questions[row.question_id - 1] as DemoQuestion;
      expect([row.language, row.question_id, row.explanation !== null]).toEqual([
        row.language,
        row.question_id,
        true,
      ]);
      expect(row.photo_alt !== null).toBe(question.photo !== null);
    }
  });

  it('names every topic in every language, in its script, and no topic the bank lacks', () => {
    const topics = [...new Set(questions.map((question) => question.topic))].sort();
    expect(topics).toHaveLength(10);
    for (const language of DEMO_TRANSLATIONS) {
      const names = readDemoTranslations(language).topics;
      expect([language, Object.keys(names).sort()]).toEqual([language, topics]);
      for (const [topic, name] of Object.entries(names)) {
        expect([language, topic, (SCRIPT[language] as RegExp).test(name)]).toEqual([
          language,
          topic,
          true,
        ]);
      }
    }
    expect(JSON.parse(demoTopicNames('First aid') ?? '{}')).toEqual({
      ru: 'Первая помощь',
      zh: '急救',
      ko: '응급처치',
    });
  });

  it('writes each text in its language, not left in English', () => {
    const untranslated: string[] = [];
    for (const language of DEMO_TRANSLATIONS) {
      const file = readDemoTranslations(language);
      const script = SCRIPT[language] as RegExp;
      const texts = [
        ...Object.entries(file.photos).map(([photo, text]) => [photo, text] as const),
        ...file.questions.flatMap((question, at) => [
          [`${at + 1} question`, question.question_text] as const,
          ...question.answers.map((answer, n) => [`${at + 1} answer ${n + 1}`, answer] as const),
          [`${at + 1} explanation`, question.explanation] as const,
        ]),
      ];
      for (const [where, text] of texts) {
        if (!script.test(text) && !LANGUAGE_FREE.test(text)) {
          untranslated.push(`${language} ${where}: ${text}`);
        }
      }
      // Every picture described, and only those.
      expect(Object.keys(file.photos).sort()).toEqual([...photos].sort());
    }
    expect(untranslated).toEqual([]);
  });
});
