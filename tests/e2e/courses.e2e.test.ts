/**
 * A school with two courses: a learner registers into the Russian one in Russian, sits its exam
 * (3 questions, at most 1 mistake, each mistake adding 2 questions and a minute), sees it grow
 * after her mistake and the verdict; moving to the other course shows that course's bank, and
 * her results come back when she returns.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shoot, sharedHarness } from './harness';

const harness = sharedHarness();
const RUSSIA = 'Россия A/B';
const ENDING = 'ГИБДД: экзамен до решающей ошибки';

/** The learner's stored token, as the app keeps it. */
const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('token') ?? '');

async function answer(page: Page, pick: number, move: RegExp): Promise<void> {
  await page.locator(`button[data-answer="${pick}"]`).click();
  await page.getByRole('button', { name: move }).click();
}

/** Picks the option of the select labelled `label` that names `course`. */
async function selectCourse(page: Page, label: RegExp, course: string): Promise<void> {
  const select = page.getByLabel(label);
  const option = await select.locator('option', { hasText: course }).first().textContent();
  await select.selectOption({ label: (option ?? course).trim() });
}

/** A learner registered through the Russian form into `course`, on her dashboard. */
async function registeredInto(
  course: string,
  [firstName, lastName, username]: [string, string, string],
): Promise<Page> {
  const page = await harness().newPage({ language: 'ru' });
  await page.goto('/register');
  await page.getByLabel(/^Имя/).first().fill(firstName);
  await page.getByLabel(/^Фамилия/).fill(lastName);
  await page.getByLabel(/^Имя пользователя/).fill(username);
  await page.getByLabel(/^Электронная почта/).fill(`${username}@example.com`);
  await selectCourse(page, /^Курс/, course);
  await page.getByLabel(/^Пароль/).fill(`${username}-password`);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

async function chooseCourse(page: Page, course: string): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Изменить', exact: true }).click();
  await selectCourse(page, /^Курс/, course);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect
    .poll(() => page.getByText(`Теперь вы занимаетесь по курсу ${course}`).count())
    .toBeGreaterThan(0);
}

describe('courses in the browser', () => {
  beforeAll(async () => {
    const h = harness();
    const admin = await h.adminToken();
    const created = await h.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: {
        name: RUSSIA,
        description: 'Билеты категорий A и B',
        language: 'ru',
        rules: {
          question_count: 3,
          time_limit_seconds: 600,
          pass_rule: 'max_mistakes',
          pass_value: 1,
          extra_questions_per_mistake: 2,
          extra_seconds_per_mistake: 60,
        },
      },
    });
    expect(created.status).toBe(201);
    // The same exam as the real one ends it: at the mistake that fails it.
    const ending = await h.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: {
        name: ENDING,
        language: 'ru',
        rules: {
          question_count: 3,
          time_limit_seconds: 600,
          pass_rule: 'max_mistakes',
          pass_value: 1,
          extra_questions_per_mistake: 2,
          extra_seconds_per_mistake: 60,
          ends_when_failed: true,
        },
      },
    });
    expect(ending.status).toBe(201);
    for (const course of [created.body.id, ending.body.id]) {
      for (let i = 1; i <= 8; i++) {
        const res = await h.api('POST', `/admin/questions?course_id=${course}`, {
          token: admin,
          body: {
            question_text: `Билет ${i}: кто проезжает перекрёсток первым?`,
            answer_1: 'Трамвай',
            answer_2: 'Легковой автомобиль',
            answer_3: 'Грузовик',
            right_answers: '1',
          },
        });
        expect(res.status).toBe(201);
      }
    }
  });

  it('ends the exam of a course that says so at the mistake that fails it, the rest not asked', async () => {
    const page = await registeredInto(ENDING, ['Ирина', 'Смирнова', 'irina_ru']);
    await page.goto('/exam');
    await page.getByTestId('exam-ends-rule').waitFor();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByText('Вопрос 1 из 3').waitFor();
    // The first mistake may still pass: two extra questions join.
    await answer(page, 2, /^Следующий вопрос/);
    await page.getByText('Вопрос 2 из 5').waitFor();
    // The second cannot: the exam ends here, with 3 questions never asked.
    await answer(page, 2, /^Следующий вопрос/);
    await page.getByText('Не сдан: 2 ошибки, а допускается не больше 1.').waitFor();
    expect(await page.getByTestId('exam-ended-early').textContent()).toBe(
      'Экзамен закончился на ошибке, после которой его уже не сдать: 3 вопроса не были заданы.',
    );
    // Graded on the two questions asked: their mistakes, none unanswered.
    expect(await page.getByTestId('exam-mistakes').textContent()).toBe('2');
    expect(await page.getByTestId('exam-correct').textContent()).toMatch(/^0\s+из\s+2$/);
    expect(await page.getByTestId('exam-unanswered').count()).toBe(0);
    await shoot(page, 'courses-exam-ended-early-ru');
    const history = await harness().api<Record<string, unknown>[]>('GET', '/exams/history', {
      token: await tokenOf(page),
    });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      ended_early: true,
      total_questions: 2,
      mistakes: 2,
      unanswered: 0,
      passed: false,
    });
    await page.goto('/dashboard');
    expect(await page.getByTestId('recent-ended-early').textContent()).toBe(
      'завершён на решающей ошибке',
    );
  });

  it('registers a learner into the Russian course, grows her exam after a mistake and keeps each course apart', async () => {
    const page = await registeredInto(RUSSIA, ['Ольга', 'Петрова', 'olga_ru']);
    const token = await tokenOf(page);
    const me = await harness().api<{ course_id: number }>('GET', '/auth/me', { token });
    expect(me.body.course_id).toBeGreaterThan(1);

    await page.goto('/exam');
    await expect
      .poll(() => page.getByText('Экзамен сдан, если ошибок не больше 1.').count())
      .toBe(1);
    await shoot(page, 'courses-exam-intro-ru');
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByText('Вопрос 1 из 3').waitFor();
    // One right answer: the question says to pick one.
    await page.getByText('Выберите 1 ответ').waitFor();
    // Every question's right answer is the first: the second is a mistake.
    await answer(page, 2, /^Следующий вопрос/);
    await page.getByText('Вопрос 2 из 5').waitFor();
    await expect
      .poll(() => page.getByText(/Добавлено 2 дополнительных вопроса/).count())
      .toBeGreaterThan(0);
    await shoot(page, 'courses-exam-extras-ru');
    await answer(page, 1, /^Следующий вопрос/);
    await answer(page, 1, /^Следующий вопрос/);
    await page.getByText('Вопрос 4 из 5').waitFor();
    await answer(page, 1, /^Следующий вопрос/);
    await answer(page, 1, /^Завершить экзамен/);
    await page.getByText('Сдан: 1 ошибка, допускается не больше 1.').waitFor();
    await shoot(page, 'courses-exam-result-ru');

    const history = await harness().api<
      { total_questions: number; passed: boolean; decided_by: string }[]
    >('GET', '/exams/history', { token });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      total_questions: 5,
      passed: true,
      decided_by: 'max_mistakes',
    });

    // The other course: its bank, none of her results.
    await chooseCourse(page, 'Driving theory');
    await page.goto('/questions');
    await page
      .getByText(/Вопрос|Question/)
      .first()
      .waitFor();
    expect(await page.getByText(/Билет \d: кто проезжает/).count()).toBe(0);
    const other = await harness().api<unknown[]>('GET', '/exams/history', { token });
    expect(other.body).toHaveLength(0);
    await page.goto('/dashboard');
    await page.getByText('Добро пожаловать, Ольга!').waitFor();
    // Loaded, with no exam in this course: the chart says so.
    await page.getByText('Результаты появятся здесь после первого экзамена.').waitFor();
    expect(await page.getByText(/Верно\s4\sиз\s5/).count()).toBe(0);

    // Back to the Russian course: her exam is there again.
    await chooseCourse(page, RUSSIA);
    await page.goto('/dashboard');
    await page.getByText('Последние экзамены').waitFor();
    await expect.poll(() => page.getByText(/Верно\s4\sиз\s5/).count()).toBeGreaterThan(0);
    await page.goto('/questions');
    await page
      .getByText(/Билет \d: кто проезжает/)
      .first()
      .waitFor();
  });
});
