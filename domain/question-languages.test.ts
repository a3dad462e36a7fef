import { describe, expect, it } from 'vitest';
import {
  contentLanguageFor,
  filledAnswers,
  fitsQuestion,
  isBlankTranslation,
  isContentLanguage,
  readTranslation,
  readTranslationColumn,
  translationColumn,
} from './question-languages';

describe('the language a learner reads questions in', () => {
  const course = { language: 'en' as const, languages: ['en' as const, 'ru' as const] };

  it('is the one they chose, whatever the interface', () => {
    expect(contentLanguageFor({ chosen: 'ko', interfaceLanguage: 'ru', course })).toBe('ko');
  });

  it("is the interface language when the course's questions come in it", () => {
    expect(contentLanguageFor({ chosen: null, interfaceLanguage: 'ru', course })).toBe('ru');
  });

  it("is the course's exam language otherwise", () => {
    expect(contentLanguageFor({ chosen: null, interfaceLanguage: 'zh', course })).toBe('en');
    expect(contentLanguageFor({ chosen: undefined, interfaceLanguage: 'fr', course })).toBe('en');
    expect(contentLanguageFor({ chosen: null, interfaceLanguage: undefined, course })).toBe('en');
  });

  it('names only the four content languages', () => {
    expect(['en', 'ru', 'zh', 'ko'].every(isContentLanguage)).toBe(true);
    expect(['fr', 'EN', '', null, 1].some(isContentLanguage)).toBe(false);
  });
});

describe("a translation's answers", () => {
  it('are the numbers of the answers with text', () => {
    expect(filledAnswers({ answer_1: 'A', answer_2: ' ', answer_3: 'C', answer_5: null })).toEqual([
      1, 3,
    ]);
  });

  it('fit their question when the same numbers are filled', () => {
    const question = { answer_1: 'Yes', answer_2: 'No', answer_3: 'Maybe' };
    expect(fitsQuestion({ answer_1: 'Да', answer_2: 'Нет', answer_3: 'Может' }, question)).toBe(
      true,
    );
    // One missing, one more, or the same count at other numbers: no fit.
    expect(fitsQuestion({ answer_1: 'Да', answer_2: 'Нет' }, question)).toBe(false);
    expect(
      fitsQuestion({ answer_1: 'a', answer_2: 'b', answer_3: 'c', answer_4: 'd' }, question),
    ).toBe(false);
    expect(fitsQuestion({ answer_1: 'a', answer_2: 'b', answer_4: 'd' }, question)).toBe(false);
  });
});

describe("a translation's CSV column", () => {
  it('is the field and language joined by @, and reads back', () => {
    expect(translationColumn('answer_2', 'ko')).toBe('answer_2@ko');
    expect(readTranslationColumn('answer_2@ko')).toEqual({ field: 'answer_2', language: 'ko' });
    expect(readTranslationColumn('question_text@ru')).toEqual({
      field: 'question_text',
      language: 'ru',
    });
  });

  it('names nothing without a known field and language', () => {
    for (const name of ['answer_2', 'answer_2@fr', 'topic@ru', '@ru', 'answer_6@zh']) {
      expect(readTranslationColumn(name)).toBeUndefined();
    }
  });
});

describe('a translation as given', () => {
  const question = { answer_1: 'Yes', answer_2: 'No', answer_3: null, photo: null };
  const russian = { question_text: ' Вопрос? ', answer_1: 'Да', answer_2: 'Нет' };

  it('is blank when every field is', () => {
    expect(isBlankTranslation({ question_text: ' ', explanation: '\u200B' })).toBe(true);
    expect(isBlankTranslation({ explanation: 'Why' })).toBe(false);
  });

  it('is kept trimmed, absent texts null', () => {
    expect(readTranslation(russian, { language: 'ru', question })).toEqual({
      ok: true,
      translation: {
        question_text: 'Вопрос?',
        answer_1: 'Да',
        answer_2: 'Нет',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        explanation: null,
        photo_alt: null,
      },
    });
  });

  it('keeps every answer its question has, and its explanation', () => {
    const five = { ...question, answer_3: 'Maybe', answer_4: 'Never', answer_5: 'Always' };
    const draft = {
      ...russian,
      answer_3: 'Может быть',
      answer_4: 'Никогда',
      answer_5: 'Всегда ',
      explanation: 'Потому что',
    };
    expect(readTranslation(draft, { language: 'ru', question: five })).toMatchObject({
      ok: true,
      translation: {
        answer_3: 'Может быть',
        answer_4: 'Никогда',
        answer_5: 'Всегда',
        explanation: 'Потому что',
      },
    });
  });

  it('keeps a photo description only when the question has a photo', () => {
    const draft = { ...russian, photo_alt: 'Знак' };
    const read = (photo: string | null) =>
      readTranslation(draft, { language: 'ru', question: { ...question, photo } });
    expect(read('sign.jpg')).toMatchObject({ ok: true, translation: { photo_alt: 'Знак' } });
    expect(read(null)).toMatchObject({ ok: true, translation: { photo_alt: null } });
  });

  it("is never in the course's own language", () => {
    expect(readTranslation(russian, { language: 'ru', courseLanguage: 'ru', question })).toEqual({
      ok: false,
      problems: [{ code: 'translationInCourseLanguage', language: 'ru' }],
    });
  });

  it('needs its question text and exactly the answers its question has', () => {
    expect(
      readTranslation({ answer_1: 'Да', answer_3: 'Нет' }, { language: 'ru', question }),
    ).toEqual({
      ok: false,
      problems: [
        { code: 'fieldEmpty', field: 'question_text', language: 'ru' },
        { code: 'translationAnswers', language: 'ru', expected: [1, 2], found: [1, 3] },
      ],
    });
  });

  it("keeps to its question's limits, counted in characters", () => {
    const draft = {
      ...russian,
      answer_2: 'я'.repeat(1001),
      explanation: 'я'.repeat(4000),
    };
    expect(readTranslation(draft, { language: 'ru', question })).toEqual({
      ok: false,
      problems: [{ code: 'fieldTooLong', field: 'answer_2', max: 1000, language: 'ru' }],
    });
    expect(
      readTranslation({ ...russian, explanation: 'я'.repeat(4001) }, { language: 'ru', question }),
    ).toEqual({
      ok: false,
      problems: [{ code: 'fieldTooLong', field: 'explanation', max: 4000, language: 'ru' }],
    });
    const photoAlt = { ...russian, photo_alt: 'я'.repeat(301) };
    expect(
      readTranslation(photoAlt, { language: 'ru', question: { ...question, photo: 'a.jpg' } }),
    ).toEqual({
      ok: false,
      problems: [{ code: 'fieldTooLong', field: 'photo_alt', max: 300, language: 'ru' }],
    });
  });
});
