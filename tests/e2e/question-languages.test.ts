/**
 * Learning in one's own language (issue 42), in Chromium: a Russian learner of a Korean course
 * reads her exam's questions in Russian with the Korean beside them, and has them read aloud.
 * Headless Chromium has no voices, so `speechSynthesis` is a double installed before the app
 * loads: it records what it is asked to say, in which language, and each stop.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Learner, shoot, sharedHarness } from './harness';

const harness = sharedHarness();

interface Spoken {
  kind: 'speak' | 'cancel';
  text?: string;
  lang?: string;
  rate?: number;
  voice?: string | null;
}

/** Korean questions with their Russian, Chinese and English (the third has no Russian). */
const QUESTIONS = [
  {
    question_text: '정지 표지판에서는 어떻게 해야 합니까?',
    answer_1: '완전히 정지한다',
    answer_2: '서행한다',
    answer_3: '경적을 울린다',
    right_answers: '1',
    explanation: '정지 표지판 앞에서는 반드시 멈춥니다.',
    translations: {
      ru: {
        question_text: 'Что нужно сделать у знака «Стоп»?',
        answer_1: 'Полностью остановиться',
        answer_2: 'Сбавить скорость',
        answer_3: 'Подать звуковой сигнал',
        explanation: 'Перед знаком «Стоп» нужно остановиться всегда.',
      },
      zh: {
        question_text: '在停车标志前应该怎么做？',
        answer_1: '完全停车',
        answer_2: '减速慢行',
        answer_3: '鸣喇叭',
        explanation: '在停车标志前必须停车。',
      },
      en: {
        question_text: 'What must you do at a stop sign?',
        answer_1: 'Stop completely',
        answer_2: 'Slow down',
        answer_3: 'Sound the horn',
        explanation: 'You must always stop before a stop sign.',
      },
    },
  },
  {
    question_text: '황색 신호는 무엇을 뜻합니까?',
    answer_1: '정지할 준비',
    answer_2: '가속',
    right_answers: '1',
    translations: {
      ru: {
        question_text: 'Что означает жёлтый сигнал?',
        answer_1: 'Приготовиться к остановке',
        answer_2: 'Ускориться',
      },
      zh: { question_text: '黄灯表示什么？', answer_1: '准备停车', answer_2: '加速' },
      en: {
        question_text: 'What does an amber light mean?',
        answer_1: 'Get ready to stop',
        answer_2: 'Speed up',
      },
    },
  },
  {
    question_text: '어린이 보호구역의 제한 속도는?',
    answer_1: '시속 30킬로미터',
    answer_2: '시속 60킬로미터',
    right_answers: '1',
    translations: {},
  },
];

/** Replaces the browser's speech synthesis with a recorder offering Russian and Korean voices. */
async function installSpeechDouble(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { spoken: unknown[] }).spoken = log;
    const voices = [
      { lang: 'ru-RU', name: 'Milena', default: false, localService: true, voiceURI: 'Milena' },
      { lang: 'ko-KR', name: 'Yuna', default: false, localService: true, voiceURI: 'Yuna' },
    ];
    class Utterance {
      text: string;
      lang = '';
      rate = 1;
      voice: { name: string } | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    const synthesis = {
      getVoices: () => voices,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      speak: (utterance: Utterance) =>
        log.push({
          kind: 'speak',
          text: utterance.text,
          lang: utterance.lang,
          rate: utterance.rate,
          voice: utterance.voice?.name ?? null,
        }),
      cancel: () => log.push({ kind: 'cancel' }),
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: Utterance,
      configurable: true,
    });
  });
}

/** The exam's texts in an interface language, as the app has them. */
const examTexts = (language: string): { intro: { start: string } } =>
  JSON.parse(readFileSync(`public/locales/${language}/exam.json`, 'utf8'));

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken.slice());

describe('questions in the learner’s language, in Chromium', () => {
  let courseId: number;

  beforeAll(async () => {
    const h = harness();
    const admin = await h.adminToken();
    const created = await h.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: {
        name: '대한민국 2종 보통',
        description: '',
        language: 'ko',
        rules: {
          question_count: 3,
          time_limit_seconds: 600,
          pass_rule: 'percent_questions',
          pass_value: 60,
          extra_questions_per_mistake: 0,
          extra_seconds_per_mistake: 0,
        },
      },
    });
    expect(created.status).toBe(201);
    courseId = created.body.id;
    for (const question of QUESTIONS) {
      const res = await h.api('POST', `/admin/questions?course_id=${courseId}`, {
        token: admin,
        body: question,
      });
      expect(res.status).toBe(201);
    }
  });

  /** A learner of the Korean course (the interface language is the page's). */
  async function koreanCourseLearner(prefix: string): Promise<Learner> {
    const h = harness();
    const learner = await h.registerLearner(prefix);
    const moved = await h.api('PUT', '/user/profile', {
      token: learner.token,
      body: {
        username: learner.username,
        email: learner.email,
        first_name: learner.first_name,
        last_name: learner.last_name,
        course_id: courseId,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return learner;
  }

  /** Opens the exam and starts it, in the interface's `language`. */
  async function startExam(page: Page, language: string): Promise<void> {
    await page.goto('/exam');
    await page.getByRole('button', { name: examTexts(language).intro.start }).click();
    await page.getByTestId('question-languages').waitFor();
  }

  it('shows a Russian learner her Korean exam in Russian with the Korean beside, and reads it aloud', async () => {
    const learner = await koreanCourseLearner('vera');
    const page = await harness().newPage({ language: 'ru' });
    await installSpeechDouble(page);
    await harness().loginWithToken(page, learner.token, '/exam');

    // The intro offers the two languages to sit the exam in; hers is chosen first.
    const choice = page.getByTestId('exam-language-choice');
    await choice.waitFor();
    expect(await choice.getByLabel(/ваш язык/).isChecked()).toBe(true);
    // Offline the exam kept on the device, drawn in her language, is the one there is: no choice.
    await page.context().setOffline(true);
    await choice.waitFor({ state: 'detached' });
    await page.context().setOffline(false);
    await choice.waitFor();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByText(/^Вопрос\s1\sиз\s3$/).waitFor();

    const frame = page.getByTestId('question-languages');
    const russianTexts = new Map(
      QUESTIONS.map((question) => [question.translations.ru?.question_text, question] as const),
    );

    // Every question with a Russian translation shows it; the Korean beside on request.
    const seen: string[] = [];
    for (let number = 1; number <= 3; number++) {
      await page.getByText(new RegExp(`^Вопрос\\s${number}\\sиз\\s3$`)).waitFor();
      const language = await frame.getAttribute('data-language');
      const text =
        (await frame.locator('[lang]').first().getByRole('heading').first().textContent()) ?? '';
      seen.push(text);
      const question = [...russianTexts.values()].find(
        (entry) => entry.translations.ru?.question_text === text || entry.question_text === text,
      );
      expect(question, text).toBeDefined();
      if (question?.translations.ru) {
        expect(language).toBe('ru');
        expect(await page.getByTestId('missing-translation').count()).toBe(0);
        // The Korean beside it: asked for once, kept for the questions after.
        if ((await page.getByTestId('original').count()) === 0) {
          await page.getByTestId('show-original').click();
        }
        const original = page.getByTestId('original');
        await original.waitFor();
        expect(await original.getAttribute('lang')).toBe('ko');
        expect(await original.textContent()).toContain(question.question_text);
        expect(await original.textContent()).toContain(question.answer_1);
        await shoot(page, `question-languages-ru-beside-${number}-1280`);

        // Read aloud: the Russian question and its answers, in Russian, with the Russian voice.
        await page.getByTestId('read-aloud').first().click();
        const asked = (await spoken(page)).filter((entry) => entry.kind === 'speak').at(-1);
        expect(asked).toMatchObject({
          lang: 'ru-RU',
          voice: 'Milena',
          rate: 1,
          text: [
            question.translations.ru.question_text,
            `1. ${question.translations.ru.answer_1}`,
            `2. ${question.translations.ru.answer_2}`,
            ...('answer_3' in question.translations.ru
              ? [`3. ${question.translations.ru.answer_3}`]
              : []),
          ].join('\n'),
        });
        expect(await page.getByTestId('read-aloud').first().getAttribute('aria-pressed')).toBe(
          'true',
        );
        // The Korean side reads in Korean, with the Korean voice.
        await page.getByTestId('original').getByTestId('read-aloud').click();
        expect((await spoken(page)).at(-1)).toMatchObject({
          kind: 'speak',
          lang: 'ko-KR',
          voice: 'Yuna',
        });
        expect(((await spoken(page)).at(-1)?.text ?? '').startsWith(question.question_text)).toBe(
          true,
        );
      } else {
        // No Russian: the Korean is shown, and the page says so.
        expect(language).toBe('ko');
        await page.getByTestId('missing-translation').waitFor();
        expect(await page.getByTestId('missing-translation').textContent()).toContain('русский');
        await shoot(page, `question-languages-ru-missing-1280`);
        // The R key reads it, in Korean.
        await page.keyboard.press('r');
        expect((await spoken(page)).at(-1)).toMatchObject({ kind: 'speak', lang: 'ko-KR' });
      }
      // The next question stops the reading.
      const before = (await spoken(page)).length;
      await page.locator('button[data-answer="1"]').click();
      if (number < 3) {
        await page.getByRole('button', { name: 'Следующий вопрос' }).click();
        await page.getByText(new RegExp(`^Вопрос\\s${number + 1}\\sиз\\s3$`)).waitFor();
        const after = (await spoken(page)).slice(before);
        expect(after.map((entry) => entry.kind)).toContain('cancel');
        expect(after.filter((entry) => entry.kind === 'speak')).toEqual([]);
      }
    }
    expect(new Set(seen).size).toBe(3);

    // Graded as in Korean: every first answer is right, whichever language showed it.
    await page.getByRole('button', { name: 'Завершить экзамен' }).click();
    await page
      .getByText(/3 из 3|100/)
      .first()
      .waitFor();
    const history = await harness().api<{ language: string | null; correct_answers: number }[]>(
      'GET',
      '/exams/history?exam_type=exam',
      { token: learner.token },
    );
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ correct_answers: 3, language: 'ru' });

    // Sat in the exam's language when she chooses it: every question in Korean, none translated.
    expect(await page.getByTestId('exam-language').getAttribute('data-language')).toBe('ru');
    await page.getByRole('button', { name: 'Пройти экзамен ещё раз' }).click();
    await page
      .getByTestId('exam-language-choice')
      .getByLabel(/язык экзамена/)
      .check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByText(/^Вопрос\s1\sиз\s3$/).waitFor();
    expect(await frame.getAttribute('data-language')).toBe('ko');
    expect(await page.getByTestId('missing-translation').count()).toBe(0);
    expect(await page.getByTestId('show-original').count()).toBe(0);
  });

  it('lets an administrator see which languages each question has, find one missing, and translate it in its tab', async () => {
    const h = harness();
    const admin = await h.adminToken();
    const bank = await h.api<{ questions: { id: number; question_text: string }[] }>(
      'GET',
      `/admin/questions?course_id=${courseId}&limit=100`,
      { token: admin },
    );
    const untranslated = bank.body.questions.find(
      (question) => question.question_text === QUESTIONS[2]!.question_text,
    )!;
    for (const width of [1280, 390]) {
      const page = await h.newPage({ viewport: { width, height: 900 } });
      await h.loginWithToken(page, admin, `/admin?tab=questions&course=${courseId}`);
      const cells = page.getByTestId('question-languages-cell');
      await expect.poll(() => cells.count()).toBe(3);
      // Filtered by a missing Russian: only the untranslated question is left.
      await page.getByTestId('missing-language').selectOption('ru');
      await expect.poll(() => cells.count()).toBe(1);
      expect(
        await page.getByRole('button', { name: `Edit question #${untranslated.id}` }).count(),
      ).toBe(1);
      await shoot(page, `question-languages-admin-list-${width}`);
      if (width !== 1280) continue;

      // Translated into Russian in its tab, saved with the question.
      await page.getByRole('button', { name: `Edit question #${untranslated.id}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit question #${untranslated.id}` });
      const tabs = dialog.getByTestId('question-language-tabs');
      await tabs.getByRole('tab', { name: /Русский/ }).click();
      const russian = dialog.getByTestId('translation-ru');
      await russian
        .getByLabel(/^Question text/)
        .fill('Какова предельная скорость в зоне защиты детей?');
      await russian.getByLabel(/^Answer A/).fill('30 км/ч');
      await russian.getByLabel(/^Answer B/).fill('60 км/ч');
      await shoot(page, `question-languages-admin-form-${width}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => cells.count()).toBe(0);
      const stored = await h.api<{
        translations: Record<string, { question_text: string; answer_1: string }>;
      }>('GET', `/admin/questions/${untranslated.id}`, { token: admin });
      expect(stored.body.translations.ru).toMatchObject({
        question_text: 'Какова предельная скорость в зоне защиты детей?',
        answer_1: '30 км/ч',
      });
      // Put back as it was, for the tests after.
      const restored = await h.api('PUT', `/admin/questions/${untranslated.id}`, {
        token: admin,
        body: { ...QUESTIONS[2], translations: {} },
      });
      expect(restored.status).toBe(200);
    }
  });

  it('remembers the reading speed, and says so where the device has no voice for a language', async () => {
    const learner = await koreanCourseLearner('mila');
    const page = await harness().newPage({ language: 'ru' });
    await page.addInitScript(() => {
      // A device with no voices at all, as headless Chromium is.
      const synthesis = {
        getVoices: () => [],
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        speak: () => undefined,
        cancel: () => undefined,
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
    });
    await harness().loginWithToken(page, learner.token, '/exam');
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByTestId('read-aloud').first().click();
    const note = page.getByTestId('no-voice');
    await expect.poll(() => note.textContent()).toMatch(/нет голоса для языка/);
    await page.getByTestId('speech-rate').selectOption('1.25');
    await page.reload();
    await page.getByTestId('speech-rate').waitFor();
    expect(await page.getByTestId('speech-rate').inputValue()).toBe('1.25');
  });

  it.each([
    { language: 'en', width: 1280 },
    { language: 'ru', width: 390 },
    { language: 'zh', width: 1280 },
    { language: 'zh', width: 390 },
    { language: 'ko', width: 390 },
    { language: 'en', width: 390 },
  ])(
    'shows the question language section and the question beside its original in $language at $width px',
    async ({ language, width }) => {
      const learner = await koreanCourseLearner(`lang${language}${width}`);
      const page = await harness().newPage({ language, viewport: { width, height: 900 } });
      await installSpeechDouble(page);
      await harness().loginWithToken(page, learner.token, '/profile');
      await page.getByTestId('question-language').waitFor();
      await shoot(page, `question-language-profile-${language}-${width}`);
      await startExam(page, language);
      if ((await page.getByTestId('show-original').count()) > 0) {
        await page.getByTestId('show-original').click();
        await page.getByTestId('original').waitFor();
        const [shown, original] = await Promise.all([
          page.getByTestId('question-languages').locator('[lang]').first().boundingBox(),
          page.getByTestId('original').boundingBox(),
        ]);
        // Side by side on a desktop, one under the other on a phone.
        if (width >= 1000) expect(original!.x).toBeGreaterThan(shown!.x + shown!.width / 2);
        else expect(original!.y).toBeGreaterThan(shown!.y);
      }
      await shoot(page, `question-languages-${language}-${width}`);
    },
  );
});
