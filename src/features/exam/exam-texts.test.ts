import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import commonEn from '../../../public/locales/en/common.json';
import commonRu from '../../../public/locales/ru/common.json';
import examEn from '../../../public/locales/en/exam.json';
import examKo from '../../../public/locales/ko/exam.json';
import examRu from '../../../public/locales/ru/exam.json';
import examZh from '../../../public/locales/zh/exam.json';

/** The exam's words of a course's rules in each language, with the plural each number takes. */
async function texts(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: {
      en: { exam: examEn, common: commonEn },
      ru: { exam: examRu, common: commonRu },
      zh: { exam: examZh },
      ko: { exam: examKo },
    },
  });
  return i18n.getFixedT(language, 'exam');
}

describe("the exam's course rules in words", () => {
  it('Russian puts every count in its plural form', async () => {
    const t = await texts('ru');
    expect(t('summary.decision.passed.maxMistakes', { count: 1, allowed: 2 })).toBe(
      'Сдан: 1 ошибка, допускается не больше 2.',
    );
    expect(t('summary.decision.failed.maxMistakes', { count: 3, allowed: 2 })).toBe(
      'Не сдан: 3 ошибки, а допускается не больше 2.',
    );
    expect(t('summary.decision.failed.maxMistakes', { count: 5, allowed: 2 })).toBe(
      'Не сдан: 5 ошибок, а допускается не больше 2.',
    );
    expect(t('summary.decision.passed.maxMistakes', { count: 0, allowed: 2 })).toBe(
      'Сдан: без ошибок.',
    );
    expect(t('summary.passMarkMistakes', { count: 1 })).toBe('не больше 1 ошибки');
    expect(t('summary.passMarkMistakes', { count: 2 })).toBe('не больше 2 ошибок');
    expect(t('intro.mistakesAllowed', { count: 2 })).toBe('ошибки допустимы');
    expect(t('intro.mistakesAllowed', { count: 5 })).toBe('ошибок допустимо');
    expect(t('question.extrasAdded', { count: 5, time: '5 минут' })).toBe(
      'Добавлено 5 дополнительных вопросов, время: +5 минут. Ошибка в любом из них — и экзамен не сдан.',
    );
    expect(t('question.extrasAdded', { count: 2, time: '1 минута' })).toMatch(
      /^Добавлено 2 дополнительных вопроса,/,
    );
    expect(t('summary.timeRanOutUnanswered', { count: 21 })).toBe(
      'Время вышло: 21 вопрос остался без ответа.',
    );
    expect(t('summary.timeRanOutUnanswered', { count: 3 })).toBe(
      'Время вышло: 3 вопроса остались без ответа.',
    );
  });

  it('English says "no mistake" rather than "0 mistakes"', async () => {
    const t = await texts('en');
    expect(t('intro.passRule.maxMistakes', { count: 0 })).toBe('To pass, make no mistake at all.');
    expect(t('intro.passRule.maxMistakes', { count: 1 })).toBe('To pass, make at most 1 mistake.');
    expect(t('summary.passMarkMistakes', { count: 0 })).toBe('no mistakes');
  });

  it('Chinese and Korean state the counts without plural forms', async () => {
    expect(
      (await texts('zh'))('summary.decision.passed.maxMistakes', { count: 1, allowed: 2 }),
    ).toBe('通过：答错 1 题，最多允许 2 题。');
    expect(
      (await texts('ko'))('summary.decision.failed.maxMistakes', { count: 3, allowed: 2 }),
    ).toBe('불합격: 3개 틀림, 2개까지 허용.');
  });
});
