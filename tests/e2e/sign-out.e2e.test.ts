/**
 * Sign-out that holds on the server, redirects that stay on the site, and deleting one's own
 * account, in Chromium against the real app.
 */
import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

describe('signing out in Chromium', () => {
  it('after Log out, the token the browser held no longer works against the API', async () => {
    const learner = await harness().registerLearner('out');
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);
    const held = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(held).toBeTruthy();
    expect((await harness().api('GET', '/auth/me', { token: held ?? '' })).status).toBe(200);

    const told = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/auth/logout',
    );
    await page.getByTestId('user-menu').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await told).status()).toBe(200);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    const refused = await harness().api<{ detail: string }>('GET', '/auth/me', {
      token: held ?? '',
    });
    expect(refused.status).toBe(401);
    // The account itself is fine: signing in again works.
    await harness().loginThroughForm(page, learner.username, learner.password);
  });

  it('Sign out everywhere on the profile ends the sessions of other browsers too', async () => {
    const learner = await harness().registerLearner('everywhere');
    const other = await harness().newPage();
    await harness().loginThroughForm(other, learner.username, learner.password);
    const otherToken = await other.evaluate(() => window.localStorage.getItem('token'));
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You have been signed out on every device.').waitFor();
    expect((await harness().api('GET', '/auth/me', { token: otherToken ?? '' })).status).toBe(401);
    // The other browser finds out at its next call and is sent to sign in.
    await other.goto('/profile');
    await other.waitForURL('**/login**');
  });
});

describe('redirects after sign-in in Chromium', () => {
  for (const target of ['http://evil.example/x', '//evil.example/x', '/\t/evil.example/x']) {
    it(`/login?redirect=${JSON.stringify(target)} lands on /dashboard of this site`, async () => {
      const learner = await harness().registerLearner('redir');
      const page = await harness().newPage();
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await page.getByLabel(/Username or e-mail/).fill(learner.username);
      await page.getByLabel(/^Password/).fill(learner.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      const url = new URL(page.url());
      expect(url.origin).toBe(new URL(harness().baseURL).origin);
      expect(url.pathname).toBe('/dashboard');

      // Signed in already: the same address goes to the dashboard too.
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await page.waitForURL('**/dashboard');
      expect(new URL(page.url()).origin).toBe(new URL(harness().baseURL).origin);
    });
  }

  it('a page of this site named in redirect is where sign-in goes', async () => {
    const learner = await harness().registerLearner('back');
    const page = await harness().newPage();
    await page.goto(`/login?redirect=${encodeURIComponent('/profile')}`);
    await page.getByLabel(/Username or e-mail/).fill(learner.username);
    await page.getByLabel(/^Password/).fill(learner.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/profile');
  });
});

describe('deleting the own account in Chromium', () => {
  it('confirmed with the password, it goes for good: signed out, and the login is refused', async () => {
    const learner = await harness().registerLearner('leaving');
    await harness().submitExam(learner);
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^Password/).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();

    await dialog.getByLabel(/^Password/).fill(learner.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted.').waitFor();
    expect((await harness().api('GET', '/auth/me', { token: learner.token })).status).toBe(401);
    const login = await harness().api('POST', '/auth/login', {
      body: { username: learner.username, password: learner.password },
    });
    expect(login.status).toBe(401);
  });
});
