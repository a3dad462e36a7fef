import { describe, expect, it } from 'vitest';
import { pathOf, sharedHarness } from './harness';

const harness = sharedHarness();

describe('signing in and out in Chromium', () => {
  it('registers a learner and lands on the dashboard', async () => {
    const page = await harness().newPage();
    await page.goto('/register');
    const username = `reg${Date.now().toString(36)}`;
    await page.getByLabel(/^First name/).fill('Rita');
    await page.getByLabel(/^Last name/).fill('Register');
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^E-mail/).fill(`${username}@example.com`);
    await page.getByLabel(/^Password/).fill('rita-password');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Rita!' }).waitFor();
    // The form's button left with the form: the focus starts again at the new page's heading.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Welcome, Rita!');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    expect(await page.getByTestId('badge-level').textContent()).toBe('Newcomer');
  });

  it('a reload keeps what was typed in the registration and login forms, except the passwords', async () => {
    const page = await harness().newPage();
    await page.goto('/register');
    await page.getByLabel(/^First name/).fill('Rita');
    await page.getByLabel(/^Last name/).fill('Reload');
    await page.getByLabel(/^Username/).fill('rita_reload');
    await page.getByLabel(/^E-mail/).fill('rita@example.com');
    await page.getByLabel(/^Password/).fill('rita-password');
    await page.reload();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const shown = (labels: RegExp[]) =>
      Promise.all(labels.map((label) => page.getByLabel(label).inputValue()));
    expect(await shown([/^First name/, /^Last name/, /^Username/, /^E-mail/, /^Password/])).toEqual(
      ['Rita', 'Reload', 'rita_reload', 'rita@example.com', ''],
    );

    await page.goto('/login');
    await page.getByLabel(/Username or e-mail/).fill('rita@example.com');
    await page.getByLabel(/^Password/).fill('rita-password');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await shown([/Username or e-mail/, /^Password/])).toEqual(['rita@example.com', '']);
    const kept = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
    expect(kept).toContain('rita@example.com');
    expect(kept).not.toContain('rita-password');
  });

  it('logs out from the user menu: the session ends and the browser goes to /', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);
    await page.getByTestId('user-menu').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The app leaves the page first and ends the session right after.
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows the server detail in a banner when login fails', async () => {
    const page = await harness().newPage();
    await page.goto('/login');
    await page.getByLabel(/Username or e-mail/).fill('nobody');
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect((await banner.textContent())?.length).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/login');
  });

  it('sends a guest from /dashboard to /login, and back there once signed in', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.goto('/training');
    await page.waitForURL('**/login?redirect=%2Ftraining');
    await page.getByText('Log in to open that page. You will go straight there.').waitFor();
    await page.getByLabel(/Username or e-mail/).fill(learner.username);
    await page.getByLabel(/^Password/).fill(learner.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/training');
    await page.getByTestId('mode-tickets').waitFor();
  });

  it('sends a learner from /admin to /dashboard', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/admin');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('menuitem', { name: 'Admin panel' }).count()).toBe(0);
  });

  it('lets the administrator open /admin, with the admin link in the user menu', async () => {
    const page = await harness().newPage();
    await harness().loginWithToken(page, await harness().adminToken(), '/dashboard');
    await page.getByTestId('user-menu').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Admin panel' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin panel' }).waitFor();
  });

  it('a 401 from the API (the session revoked elsewhere) sends the browser to /login, and back', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);
    // The dashboard's own calls done first, so the next call is the navigation's: its figures
    // and charts shown, and the pointer off every link (a link under it is preloaded).
    await page.mouse.move(1, 300);
    await page.getByTestId('badge-level').waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    // Elsewhere the password changes, which ends this browser's session on the server.
    const changed = await harness().api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: learner.password, new_password: 'a-newer-password' },
    });
    expect(changed.status).toBe(200);
    // An in-app navigation that calls the API with the session's token.
    await page.getByRole('link', { name: 'Questions' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.getByText('Your session has ended', { exact: false }).waitFor();
    // Signing in again returns to the page the learner was going to.
    await page.getByLabel(/Username or e-mail/).fill(learner.username);
    await page.getByLabel(/^Password/).fill('a-newer-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/questions');
    // And a full reload with a bad token restores no session either.
    await page.evaluate(() => window.localStorage.setItem('token', 'garbage'));
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('a password change keeps this browser signed in and signs the other one out', async () => {
    const learner = await harness().registerLearner();
    const here = await harness().newPage();
    const there = await harness().newPage();
    for (const page of [here, there])
      await harness().loginThroughForm(page, learner.username, learner.password);

    await here.goto('/profile');
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByLabel(/^Current password/).fill(learner.password);
    await here.getByLabel(/^New password/).fill('a-new-password');
    await here.getByLabel(/^Confirm new password/).fill('a-new-password');
    await here.getByRole('button', { name: 'Update password' }).click();
    await here.getByText('Your password has been changed.').waitFor();

    // This browser goes on with the new token the server gave it.
    await here.getByRole('link', { name: 'Questions' }).first().click();
    await here.waitForURL('**/questions');
    await here.getByRole('heading', { name: 'Questions', level: 1 }).waitFor();
    // The other one, still holding the old token, is sent to the login page and told why.
    await there.getByRole('link', { name: 'Questions' }).first().click();
    await there.waitForURL((url) => url.pathname === '/login');
    await there.getByText('Your session has ended', { exact: false }).waitFor();
  });

  it("follows sign-outs and sign-ins of the browser's other tabs: an exam never changes hands", async () => {
    const ada = await harness().registerLearner('ada');
    const bea = await harness().registerLearner('bea');
    const exam = await harness().newPage();
    await harness().loginThroughForm(exam, ada.username, ada.password);
    await exam.goto('/exam');
    await exam.getByRole('button', { name: 'Start exam' }).click();
    for (const number of [1, 2]) {
      await exam.getByText(`Question ${number} of`).waitFor();
      await exam.keyboard.press('1');
      await exam.keyboard.press('Enter');
    }
    await exam.getByText('Question 3 of').waitFor();

    // Another tab of the same browser signs Ada out: the exam's tab goes to the login page.
    const other = await exam.context().newPage();
    await other.goto('/dashboard');
    await other.getByTestId('user-menu').getByRole('button').click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await exam.waitForURL((url) => url.pathname === '/login');
    expect(new URL(exam.url()).searchParams.get('redirect')).toBe('/exam');
    await exam.getByText('Your session has ended', { exact: false }).waitFor();

    // Bea signs in there: the exam's tab starts over as Bea, at her own exam's start.
    await harness().loginThroughForm(other, bea.username, bea.password);
    await exam.waitForURL((url) => url.pathname === '/exam');
    await exam.getByRole('button', { name: 'Start exam' }).waitFor();
    await other.getByTestId('user-menu').getByRole('button').click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await exam.waitForURL((url) => url.pathname === '/login');

    // Ada again: her exam is where she left it, and nothing was saved for Bea.
    await harness().loginThroughForm(other, ada.username, ada.password);
    await exam.waitForURL((url) => url.pathname === '/exam');
    await exam.getByText('Question 3 of').waitFor();
    const stats = await harness().api<{ total_exams: number }>('GET', '/exams/stats', {
      token: bea.token,
    });
    expect(stats.body.total_exams).toBe(0);
  });

  it('closes the user menu on Escape and on a click outside', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token);
    const trigger = page.getByTestId('user-menu').getByRole('button');
    await trigger.click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await trigger.click();
    await page.getByRole('menu').waitFor();
    await page.mouse.click(20, 400);
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('closes the phone menu on Escape (the language list first), when the focus leaves it, and on a press outside', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await harness().loginWithToken(page, learner.token);
    const toggle = page.getByTestId('mobile-menu-toggle');
    const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
    const hasFocus = (element: typeof toggle) =>
      element.evaluate((node) => node === document.activeElement);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(
      await menu
        .getByRole('link')
        .first()
        .evaluate((node) => node === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(toggle)).toBe(true);

    // The language list inside takes the first Escape; the menu, the second.
    await page.keyboard.press('Enter');
    await menu.getByTestId('language-mobile').getByRole('button').click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // Tabbing past its last control leaves the header: the menu closes instead of covering the
    // page under it where the focus has gone.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    const stops = await menu.locator('a, button').count();
    for (let step = 0; step <= stops; step += 1) await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.closest('header'))).toBeNull();

    await toggle.click();
    await menu.waitFor();
    await page.mouse.click(200, 700);
    await menu.waitFor({ state: 'detached' });
  });
});
