import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

describe('browsing questions in Chromium', () => {
  it('keeps the list, dimmed and busy, while a slow next page or search loads', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions');
    const cards = page.getByTestId('question-card');
    await cards.first().waitFor();
    const results = page.getByTestId('questions-results');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/questions?*', async (route) => {
      await held;
      await route.continue();
    });

    await page
      .getByRole('navigation', { name: 'Question pages' })
      .getByRole('button', { name: /Next/ })
      .click();
    await page.waitForSelector('[data-testid="questions-results"][aria-busy="true"]');
    // Longer than the router waits before its loading screen: the first page is still there.
    await page.waitForTimeout(1500);
    expect(await cards.count()).toBe(40);
    expect(await page.getByTestId('questions-range').textContent()).toMatch(/^Questions 1–40 of/);
    const search = page.getByRole('searchbox');
    await search.fill('stop');
    await page.waitForTimeout(1500);
    expect(await search.inputValue()).toBe('stop');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await results.getAttribute('aria-busy')).toBe('true');

    // The last request asked (the search) is what shows once answered; the page change is dropped.
    release();
    await page.waitForURL('**/questions?search=stop');
    await page.waitForSelector('[data-testid="questions-results"]:not([aria-busy])');
    expect(await page.getByTestId('questions-range').textContent()).toMatch(/matching “stop”/);
  });

  it('pages through the bank: next, previous, page buttons and go-to-page', async () => {
    const learner = await harness().registerLearner();
    const { body } = await harness().api<{ totalPages: number; totalQuestions: number }>(
      'GET',
      '/questions?mode=all-questions&page=1&limit=40',
      { token: learner.token },
    );
    expect(body.totalPages).toBeGreaterThanOrEqual(3);

    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions');
    const cards = page.getByTestId('question-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(40);
    const range = page.getByTestId('questions-range');
    expect(await range.textContent()).toBe(`Questions 1–40 of ${body.totalQuestions}`);

    // Show and hide the answers of one question.
    const first = cards.first();
    await first.getByRole('button', { name: 'Show answers' }).click();
    await first.getByText('(correct answer)').first().waitFor({ state: 'attached' });
    await first.getByRole('button', { name: 'Hide answers' }).click();
    expect(await first.getByText('(correct answer)').count()).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Question pages' });
    await nav.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL('**/questions?page=2');
    await page.getByText(`Questions 41–80 of ${body.totalQuestions}`).waitFor();
    // The focus leaves the pagination at the list's end for the top of the new page.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'questions-range',
    );
    expect(await nav.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await nav.getByRole('button', { name: /Previous/ }).click();
    await page.waitForURL((url) => url.pathname === '/questions' && url.search === '');
    await page.getByText(`Questions 1–40 of ${body.totalQuestions}`).waitFor();

    await nav.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL('**/questions?page=3');

    // Go to page: out of range is refused, the last page is accepted.
    const goTo = nav.getByLabel('Go to page');
    await goTo.fill(String(body.totalPages + 1));
    await nav.getByRole('button', { name: 'Go', exact: true }).click();
    await nav.getByRole('alert').waitFor();
    expect(new URL(page.url()).search).toBe('?page=3');
    await goTo.fill(String(body.totalPages));
    await goTo.press('Enter');
    await page.waitForURL(`**/questions?page=${body.totalPages}`);
    const lastFirst = (body.totalPages - 1) * 40 + 1;
    await page
      .getByText(`Questions ${lastFirst}–${body.totalQuestions} of ${body.totalQuestions}`)
      .waitFor();
    expect(await nav.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);
    expect(
      await nav
        .getByRole('button', { name: `Page ${body.totalPages}` })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('offline, a page change shows the error card with Retry, not the browser error page', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions');
    await page.getByTestId('question-card').first().waitFor();
    await page.context().setOffline(true);
    const nav = page.getByRole('navigation', { name: 'Question pages' });
    await nav.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('The questions could not be loaded').waitFor();
    await page.getByText('Could not reach the server', { exact: false }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Questions 41–80', { exact: false }).waitFor();
  });

  it('offline while typing a search, the search box stays, with the focus and the text, above the error', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions');
    await page.getByTestId('question-card').first().waitFor();
    await page.context().setOffline(true);
    const box = page.getByRole('searchbox');
    await box.fill('speed');
    await page.getByText('The questions could not be loaded').waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('speed');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    // Corrected and sent again once back online: the list comes back for the new search, and
    // the box keeps the focus for whatever is typed next.
    await page.context().setOffline(false);
    await page.keyboard.type(' limit');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'speed limit');
    await page.getByTestId('question-card').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });

  it('shows the last page for a page past the end', async () => {
    const learner = await harness().registerLearner();
    const { body } = await harness().api<{ totalPages: number; totalQuestions: number }>(
      'GET',
      '/questions?mode=all-questions&page=1&limit=40',
      { token: learner.token },
    );
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions?page=999');
    await page.waitForURL(`**/questions?page=${body.totalPages}`);
    const lastFirst = (body.totalPages - 1) * 40 + 1;
    await page
      .getByText(`Questions ${lastFirst}–${body.totalQuestions} of ${body.totalQuestions}`)
      .waitFor();
    expect(await page.getByText('No questions were found.').count()).toBe(0);
  });

  it('keeps previous and next on one row on a phone, with the page numbers below them', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await harness().loginWithToken(page, learner.token, '/questions');
    const nav = page.getByRole('navigation', { name: 'Question pages' });
    await nav.waitFor();
    const [previous, next, firstPage] = await Promise.all(
      [
        nav.getByRole('button', { name: /Previous/ }),
        nav.getByRole('button', { name: /Next/ }),
        nav.getByRole('button', { name: 'Page 1' }),
      ].map((locator) => locator.boundingBox()),
    );
    if (!previous || !next || !firstPage) throw new Error('pagination not laid out');
    expect(Math.round(next.y)).toBe(Math.round(previous.y));
    expect(next.x).toBeGreaterThan(previous.x + previous.width);
    expect(firstPage.y).toBeGreaterThan(previous.y + previous.height);
  });

  it('says when a search found a question only in its explanation, hidden with the answers', async () => {
    const learner = await harness().registerLearner();
    const added = await harness().api<{ id: number }>('POST', '/admin/questions', {
      token: await harness().adminToken(),
      body: {
        question_text: 'Which lane may a tram use?',
        answer_1: 'Any lane',
        answer_2: 'Its own track',
        right_answers: '2',
        points: 1,
        explanation: 'A xylophonist may not drive on tram tracks either.',
      },
    });
    expect(added.status).toBe(201);
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions?search=Xylophonist');
    const card = page.getByTestId('question-card');
    await card.getByText('Which lane may a tram use?').waitFor();
    const note = card.getByTestId('match-in-explanation');
    expect(await note.textContent()).toBe(
      "Your search matches this question's explanation, shown with the answers.",
    );
    await card.getByRole('button', { name: 'Show answers' }).click();
    await card.getByText('A xylophonist may not drive on tram tracks either.').waitFor();
    expect(await note.count()).toBe(0);
  });

  it('keeps the lines a question, its answers and its explanation were written in', async () => {
    const learner = await harness().registerLearner();
    const added = await harness().api<{ id: number }>('POST', '/admin/questions', {
      token: await harness().adminToken(),
      body: {
        question_text: 'What does this sign mean?\nChoose every right answer.',
        answer_1: 'Sound the horn;\nthen proceed',
        answer_2: 'Stop',
        right_answers: '1',
        points: 1,
        explanation: 'Line one of the why.\nLine two of the why.',
      },
    });
    expect(added.status).toBe(201);
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, `/questions?search=${added.body.id}`);
    const card = page.getByTestId('question-card');
    const heading = card.getByRole('heading', { name: /What does this sign mean/ });
    await heading.waitFor();
    // innerText follows the CSS: lines run together would read as one line here.
    expect(await heading.innerText()).toBe('What does this sign mean?\nChoose every right answer.');
    await card.getByRole('button', { name: 'Show answers' }).click();
    expect(await card.getByText(/^Sound the horn;/).innerText()).toBe(
      'Sound the horn;\nthen proceed',
    );
    expect(await card.getByText(/Line one of the why/).innerText()).toContain(
      'Line one of the why.\nLine two of the why.',
    );
  });

  it('finds questions by words in any case, by number and by topic, kept in the URL', async () => {
    const learner = await harness().registerLearner();
    const admin = await harness().adminToken();
    const added = await harness().api<{ id: number }>('POST', '/admin/questions', {
      token: admin,
      body: {
        // A word found nowhere else, in any language the demo bank is translated into.
        question_text: 'Что означает табличка «Зюзюка» под знаком?',
        answer_1: 'Нужно уступить',
        answer_2: 'Можно ехать',
        right_answers: '1',
        points: 1,
      },
    });
    expect(added.status).toBe(201);
    const topics = await harness().api<{ id: number; name: string }[]>('GET', '/training-topics', {
      token: learner.token,
    });
    const topic = topics.body[0]!;
    const inTopic = await harness().api<{ totalQuestions: number }>(
      'GET',
      `/questions?mode=all-questions&limit=40&topic_id=${topic.id}`,
      { token: learner.token },
    );
    const all = await harness().api<{ totalQuestions: number }>(
      'GET',
      '/questions?mode=all-questions&limit=40',
      { token: learner.token },
    );

    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions?page=2');
    await page.getByText(`Questions 41–80 of ${all.body.totalQuestions}`).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.click();
    // Typed in capitals; the search waits for a pause, goes to page 1 and keeps the focus.
    await box.pressSequentially('ЗЮЗЮКА', { delay: 40 });
    await page.waitForURL((url) => url.search === `?search=${encodeURIComponent('ЗЮЗЮКА')}`);
    await page.getByText('1 question matching “ЗЮЗЮКА”').waitFor();
    expect(await page.getByTestId('question-card').count()).toBe(1);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    // A number finds the question of that id; Enter searches at once.
    await box.fill(String(added.body.id));
    await box.press('Enter');
    await page.getByText(`Question #${added.body.id}`, { exact: true }).waitFor();

    // The cross clears the search and returns the focus to the box.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => url.pathname === '/questions' && url.search === '');
    await page.getByText(`Questions 1–40 of ${all.body.totalQuestions}`).waitFor();
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    const select = page.getByRole('combobox', { name: 'Topic' });
    await select.selectOption(String(topic.id));
    await page.waitForURL(`**/questions?topic=${topic.id}`);
    const shown = Math.min(40, inTopic.body.totalQuestions);
    await page
      .getByText(`Questions 1–${shown} of ${inTopic.body.totalQuestions} in “${topic.name}”`)
      .waitFor();

    /** The empty state says what was searched, and the box holds it. */
    const noMatch = async () => {
      await page
        .getByText(`No questions in “${topic.name}” match “zebra crossing on the moon”.`)
        .waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(
        'zebra crossing on the moon',
      );
    };
    // Nothing matches: the empty state says what was searched, and offers the whole bank again.
    await box.fill('zebra crossing on the moon');
    await box.press('Enter');
    await noMatch();
    // A reload keeps the search and the topic.
    await page.reload();
    await noMatch();
    await page.getByRole('button', { name: 'Show all questions' }).click();
    await page.waitForURL((url) => url.pathname === '/questions' && url.search === '');
    await page.getByText(`Questions 1–40 of ${all.body.totalQuestions}`).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    // Back returns to the search before, box and all.
    await page.goBack();
    await noMatch();
    await harness().api('DELETE', `/admin/questions/${added.body.id}`, { token: admin });
  });

  it('drops what it cannot use from the URL (?page=abc&topic=) and shows the first page', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/questions?page=abc&topic=&search=%20');
    await page.getByText(/^Questions 1–40 of \d+$/).waitFor();
    await page.waitForURL((url) => url.pathname === '/questions' && url.search === '');
  });
});
