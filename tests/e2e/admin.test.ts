import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pathOf, sharedHarness } from './harness';

const harness = sharedHarness();
const downloads = mkdtempSync(path.join(tmpdir(), 'admin-e2e-downloads-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

// A 1×1 PNG for the photo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const QUESTIONS_HEADER =
  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation';

let adminToken = '';
async function token(): Promise<string> {
  adminToken ||= await harness().adminToken();
  return adminToken;
}

/** The text of the label of the focused field, or '' when no labelled field has the focus. */
async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const field = document.activeElement;
    const labels = field && 'labels' in field ? (field as HTMLInputElement).labels : null;
    return labels?.[0]?.textContent ?? '';
  });
}

/** Opens /admin as the administrator, on the given tab. */
async function openAdmin(
  tab?: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await harness().newPage(viewport ? { viewport } : {});
  await harness().loginWithToken(page, await token(), '/admin');
  await page.getByRole('tab', { name: 'Overview' }).waitFor();
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  return page;
}

/** The page's path and search, as the address bar shows them. */
function address(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits for a notification of the given kind and text. */
async function notified(
  page: Page,
  type: 'success' | 'error',
  text: string | RegExp,
): Promise<void> {
  await page.locator(`[data-type="${type}"]`).filter({ hasText: text }).first().waitFor();
}

/** Answers the confirmation dialog after checking its question. */
async function confirmWith(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByTestId('confirm-accept').click();
  await dialog.waitFor({ state: 'detached' });
}

async function api<T>(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return harness().api<T>(method, url, {
    token: await token(),
    ...(body === undefined ? {} : { body }),
  });
}

describe('admin panel in Chromium', () => {
  it('overview shows the real counts and the audit log; tabs move with the arrow keys', async () => {
    await api('POST', '/settings', { key: 'e2e_overview', value: 'x', data_type: 'string' });
    const status = await api<{ counts: Record<string, number> }>('GET', '/settings/system/status');
    const page = await openAdmin();
    await page
      .getByTestId('count-questions')
      .getByText(String(status.body.counts.questions))
      .waitFor();
    expect(await page.getByTestId('count-users').locator('p').nth(1).textContent()).toBe(
      String(status.body.counts.users),
    );
    // Only administrators who can sign in.
    const admins = await api<{ is_active: boolean }[]>('GET', '/admin/users?role=admin');
    await page
      .getByTestId('count-admins')
      .getByText(String(admins.body.filter((user) => user.is_active).length), { exact: true })
      .waitFor();
    expect(await page.getByTestId('count-exams').locator('p').nth(1).textContent()).toBe(
      String(status.body.counts.exams),
    );
    await page
      .getByTestId('activity-feed')
      .getByText(/e2e_overview/)
      .waitFor();

    // Keyboard: the selected tab holds focus; arrows move and load, End and Home jump.
    const overview = page.getByRole('tab', { name: 'Overview' });
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByTestId('users-table').getByText('admin@theory-trainer.example').waitFor();
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    await page.getByTestId('settings-table').waitFor();
    await page.keyboard.press('Home');
    expect(await overview.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('dialogs from the keyboard: focus on the first field or Cancel, back where it was, and on the next row after a delete', async () => {
    const gone = await harness().registerLearner('focusgone');
    const page = await openAdmin('Users');
    const table = page.getByTestId('users-table');
    await table.getByText(gone.email).waitFor();
    // Radix gives the focus back a moment after a dialog has gone: wait for it to land.
    const settled = () => page.waitForFunction(() => document.activeElement !== document.body);
    const focused = async () => {
      await settled();
      return page.evaluate(() => {
        const element = document.activeElement;
        return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
      });
    };
    const focusedLabel = async () => {
      await settled();
      return page.evaluate(() => document.activeElement?.id ?? '');
    };

    // Add user: the first field has the focus; Escape puts it back on Add user.
    await page.getByRole('button', { name: 'Add user' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Add user' });
    await modal.waitFor();
    expect(await focusedLabel()).toBe(await modal.getByLabel(/^Username/).getAttribute('id'));
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Add user');

    // Something typed: closing asks first, starting on Keep editing, which keeps it.
    await page.keyboard.press('Enter');
    await modal.getByLabel(/^Username/).fill('half_typed');
    const titleBox = (await modal.getByRole('heading', { name: 'Add user' }).boundingBox()) ?? {
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    };
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const formTitle = await page.screenshot({ clip: titleBox });
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.waitFor();
    expect(await focused()).toBe('Keep editing');
    // The question's backdrop dims the form below it too.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect((await page.screenshot({ clip: titleBox })).equals(formTitle)).toBe(false);
    await page.keyboard.press('Enter');
    await discard.waitFor({ state: 'detached' });
    expect(await modal.getByLabel(/^Username/).inputValue()).toBe('half_typed');
    // Back in the form (the question fully gone) before the next close is tried.
    expect(await focusedLabel()).toBe(await modal.getByLabel(/^Username/).getAttribute('id'));
    // A click on the backdrop asks too; Keep editing gives the focus back to the field.
    await page.mouse.click(5, 5);
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await focusedLabel()).toBe(await modal.getByLabel(/^Username/).getAttribute('id'));
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await modal.waitFor({ state: 'detached' });

    // Delete: the confirmation starts on Cancel, which gives the focus back to Delete.
    const rows = table.locator('tbody tr');
    const index = await rows.evaluateAll(
      (all, email) => all.findIndex((row) => row.textContent?.includes(email)),
      gone.email,
    );
    // The row after it, or the one before when it is the last.
    const count = await rows.count();
    const next = await rows
      .nth(index + 1 < count ? index + 1 : index - 1)
      .getByRole('button', { name: /^Edit user/ })
      .getAttribute('aria-label');
    await page.getByRole('button', { name: `Delete user ${gone.username}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused()).toBe(`Delete user ${gone.username}`);
    // Confirmed, the row goes and the focus stays in the table, on the row now in its place.
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-accept').focus();
    await page.keyboard.press('Enter');
    await table.getByText(gone.email).waitFor({ state: 'detached' });
    expect(await focused()).toBe(next);

    // Escape while the save is on its way asks nothing (closing would not stop the save); the
    // form closes once saved, and the next one opens clean.
    await page.route('**/api/v1/admin/users', async (route) => {
      if (route.request().method() === 'POST') await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add user' }).click();
    await modal.getByLabel(/^Username/).fill('stale_prompt');
    await modal.getByLabel(/^E-mail/).fill('stale_prompt@example.com');
    await modal.getByLabel(/^Password/).fill('stale-password');
    await modal.getByRole('button', { name: 'Create' }).click();
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await modal.waitFor({ state: 'detached' });
    expect(await discard.count()).toBe(0);
    await page.getByRole('button', { name: 'Add user' }).click();
    await modal.waitFor();
    expect(await discard.count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/admin/users');
  });

  it("a notification starts below an open dialog's banner, not over it, on a phone too", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await openAdmin('Questions', viewport);
      await page.getByRole('button', { name: /^Edit/ }).first().click();
      const dialog = page.getByRole('dialog');
      const text = dialog.getByLabel(/Question text/);
      await text.fill('Changed for the banner check');
      // Brought back after a reload, the change comes with a banner at the dialog's top.
      await page.waitForTimeout(600);
      await page.reload();
      const banner = dialog.getByTestId('edit-restored');
      await banner.waitFor();
      await page.route('**/api/v1/admin/questions/*', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ detail: 'Internal trouble' }),
            })
          : route.continue(),
      );
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Internal trouble' });
      await toast.waitFor();
      await page.waitForTimeout(400);
      const bannerBox = await banner.locator('xpath=ancestor::*[@data-banner][1]').boundingBox();
      const toastBox = await toast.boundingBox();
      expect(toastBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
      await page.close();
    }
  });

  it('users: search, role filter, add, edit, delete, and no deleting oneself', async () => {
    const learner = await harness().registerLearner('searchme');
    const page = await openAdmin('Users');
    const table = page.getByTestId('users-table');
    await table.getByText('admin@theory-trainer.example').waitFor();

    await page.getByLabel('Search', { exact: true }).fill(learner.username);
    await table.getByText(learner.email).waitFor();
    await page.getByText('Users found: 1').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    // "Users found: 1" is also what the search before said: the learner's row going tells apart.
    await table.getByText(learner.email).waitFor({ state: 'detached' });
    await page.getByText('Users found: 1').waitFor();
    // The search and the role are kept in the address: a reload shows the same list.
    await page.getByLabel('Search', { exact: true }).fill('theory-trainer');
    await page.waitForURL((url) => url.searchParams.get('search') === 'theory-trainer');
    expect(new URL(page.url()).searchParams.get('role')).toBe('admin');
    await page.reload();
    await table.getByText('admin@theory-trainer.example').waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('theory-trainer');
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('admin');
    await page.getByText('Users found: 1').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Role', { exact: true }).selectOption('all');
    await table.getByText(learner.email).waitFor();

    // Add: username and e-mail required, a password for a new user.
    await page.getByRole('button', { name: 'Add user' }).click();
    const modal = page.getByRole('dialog', { name: 'Add user' });
    await modal.getByRole('button', { name: 'Create' }).click();
    expect(await modal.getByText('This field is required.').count()).toBe(3);
    expect(
      await modal.getByLabel(/^Username/).evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await modal.getByLabel(/^Username/).fill('e2e_editor');
    await modal.getByLabel(/^E-mail/).fill(learner.email);
    await modal.getByLabel('First name').fill('Eddie');
    await modal.getByLabel(/^Password/).fill('editor-password');
    await modal.getByRole('button', { name: 'Create' }).click();
    // An e-mail another account has: refused, and marked under its field, which gets the focus;
    // no notification besides, which on a phone would cover the field.
    await modal.getByText('Another account already uses this. Choose a different one.').waitFor();
    expect(await page.locator('[data-type="error"]').count()).toBe(0);
    expect(
      await modal.getByLabel(/^E-mail/).evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await modal.getByLabel(/^E-mail/).fill('e2e_editor@example.com');
    expect(
      await modal.getByText('Another account already uses this.', { exact: false }).count(),
    ).toBe(0);
    await modal.getByRole('button', { name: 'Create' }).click();
    await notified(page, 'success', 'User created successfully');
    await table.getByText('e2e_editor@example.com').waitFor();

    // Edit: promote to administrator and deactivate.
    await page.getByRole('button', { name: 'Edit user e2e_editor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    expect(await edit.getByLabel(/^Username/).inputValue()).toBe('e2e_editor');
    // Both yes/no choices are checkboxes, applied on Save.
    expect(await edit.getByRole('switch').count()).toBe(0);
    await edit.getByRole('checkbox', { name: 'Administrator' }).check();
    await edit.getByRole('checkbox', { name: 'Active (can sign in)' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await notified(page, 'success', 'User updated successfully');
    const users = await api<{ username: string; is_admin: boolean; is_active: boolean }[]>(
      'GET',
      '/admin/users?search=e2e_editor',
    );
    expect(users.body[0]).toMatchObject({ is_admin: true, is_active: false });

    // Delete asks first; Cancel keeps the user.
    await page.getByRole('button', { name: 'Delete user e2e_editor' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await table.getByText('e2e_editor@example.com').waitFor();
    await page.getByRole('button', { name: 'Delete user e2e_editor' }).click();
    await confirmWith(
      page,
      'Delete the user e2e_editor? Their exam results, training progress and review history are deleted with the account, and this cannot be undone. To keep them, deactivate the account instead.',
    );
    await notified(page, 'success', 'User deleted successfully');
    await table.getByText('e2e_editor@example.com').waitFor({ state: 'detached' });

    // Their own account is not offered for deletion (the server refuses it too), and says why
    // where Delete would be, in words a phone and the keyboard reach.
    expect(await page.getByRole('button', { name: 'Delete user admin' }).count()).toBe(0);
    const ownRow = table.getByRole('row').filter({ hasText: 'admin@' });
    expect(await ownRow.getByTestId('cannot-delete').textContent()).toBe(
      'You cannot delete your own account.',
    );

    // Their own password is set on the profile, which keeps the session; here it would end it.
    await page.getByRole('button', { name: 'Edit user admin' }).click();
    const own = page.getByRole('dialog', { name: 'Edit user' });
    await own.getByTestId('own-password-note').waitFor();
    expect(await own.getByLabel(/^Password/).count()).toBe(0);
    // Nor can they take away their own rights or access (the server refuses it too), and it says so.
    for (const label of ['Administrator', /^Active/]) {
      expect(await own.getByLabel(label).isDisabled()).toBe(true);
    }
    await own.getByTestId('own-rights-note').waitFor();
    await own.getByRole('link', { name: 'Open profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('questions: page size, clamped go-to-page, CSV import with a bad row, add with a photo, delete', async () => {
    const before = await api<{ totalQuestions: number }>('GET', '/admin/questions?page=1&limit=10');
    const total = before.body.totalQuestions;
    const page = await openAdmin('Questions');
    await page.getByText(`Showing 10 of ${total}`).waitFor();
    await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`).waitFor();

    await page.getByLabel('Per page').selectOption('20');
    await page.getByText(`Showing 20 of ${total}`).waitFor();
    const pages = Math.ceil(total / 20);
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    // The URL keeps the tab, the page and its size: a reload returns there, Back to the tab before.
    await page.waitForURL('**/admin?tab=questions&page=2&size=20');
    await page.reload();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await page.getByText(`Showing 20 of ${total}`).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '');
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    await page.goForward();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await page.getByRole('button', { name: /Previous/ }).click();
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    // Go to page clamps to the page count.
    await page.getByLabel('Go to page').fill('999');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByText(`Page ${pages} of ${pages}`).waitFor();
    // The number typed is done with: the page shown says where it went.
    expect(await page.getByLabel('Go to page').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);
    await page.getByText(`Showing ${total - (pages - 1) * 20} of ${total}`).waitFor();

    // The import area: off until a CSV (or a package) is chosen.
    const importer = page.getByTestId('questions-import');
    const upload = importer.getByRole('button', { name: 'Import', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    // The picker speaks the interface language (the native one speaks the browser's).
    const csvForm = importer.getByRole('form');
    await csvForm.getByText('Choose files', { exact: true }).waitFor();
    await csvForm.getByText('No files chosen', { exact: true }).waitFor();
    const files = importer.getByLabel('Choose files');
    await files.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await csvForm.getByText('notes.txt (1 byte)', { exact: true }).waitFor();
    await importer.getByText(/^Choose one questions CSV/).waitFor();
    expect(await upload.isDisabled()).toBe(true);

    const bad = `${QUESTIONS_HEADER}\nE2E good question,Yes,No,,,,1,1,,\nE2E bad question,Yes,No,,,,4,1,,\n`;
    await files.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await upload.click();
    await notified(page, 'error', /The bank was not imported: /);
    const errors = importer.getByTestId('csv-errors');
    await errors.getByText(/^Line 3: /).waitFor();
    expect(await errors.locator('li').count()).toBe(1);
    expect(
      (await api<{ totalQuestions: number }>('GET', '/admin/questions?page=1&limit=10')).body
        .totalQuestions,
    ).toBe(total);

    // A header it refuses is said once, without a list of lines.
    await files.setInputFiles({
      name: 'header.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('question_text,answer_1\nE2E,Yes\n'),
    });
    await upload.click();
    const headerProblem = importer.getByText(/^The header lacks the required columns/);
    await headerProblem.waitFor();
    expect(await importer.getByText(/The header lacks/).count()).toBe(1);
    expect(await importer.getByTestId('csv-errors').count()).toBe(0);
    // The second refusal's notification took the place of the first's.
    await expect.poll(() => page.locator('[data-type="error"]').count()).toBe(1);

    // A photo for the CSV, uploaded on its own: stored under its own name.
    const csvPhotos = importer.getByTestId('csv-photos');
    await csvPhotos
      .getByLabel('Choose photos')
      .setInputFiles({ name: 'e2e-sign.png', mimeType: 'image/png', buffer: PNG });
    await csvPhotos.getByText('stored', { exact: true }).waitFor();
    const storedName = (await csvPhotos.locator('li code').textContent()) ?? '';
    expect(storedName).toBe('e2e-sign.png');

    const good = `${QUESTIONS_HEADER}\nE2E imported one,Yes,No,,,,1,1,${storedName},\nE2E imported two,Yes,No,Maybe,,,"1,3",2,,Because\n`;
    await files.setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await upload.click();
    await notified(page, 'success', 'Imported 2 questions, 0 photos and 0 topics.');
    await expect.poll(() => page.locator('[data-type="error"]').count()).toBe(0);
    await page
      .getByTestId('questions-showing')
      .filter({ hasText: new RegExp(`of ${total + 2}$`) })
      .waitFor();
    expect(await errors.count()).toBe(0);
    const imported = await api<{ questions: { photo: string | null }[] }>(
      'GET',
      `/admin/questions?page=1&limit=10&search=${encodeURIComponent('E2E imported one')}`,
    );
    expect(imported.body.questions.map((question) => question.photo)).toEqual([storedName]);

    // Add a question with a photo.
    await page.getByRole('button', { name: 'Add question' }).click();
    const modal = page.getByRole('dialog', { name: 'Add question' });
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('This field is required.').first().waitFor();
    // The first field with a problem takes the focus, scrolled into view in the dialog.
    await expect.poll(() => focusedLabel(page)).toMatch(/^Question text/);
    await modal.getByLabel(/^Question text/).fill('E2E: which lamp is this?');
    await modal.getByLabel(/^Answer A/).fill('Fog lamp');
    await modal.getByLabel(/^Answer B/).fill('Dipped beam');
    await modal.getByLabel(/^Answer C/).fill('Hazard lights');
    await modal.getByLabel(/^Correct answers/).fill('2,4');
    await modal.getByLabel(/^Points/).fill('3');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('Answer D (4) is empty, so it cannot be a correct answer.').waitFor();
    expect(await focusedLabel(page)).toMatch(/^Correct answers/);
    await modal.getByLabel(/^Correct answers/).fill('3, 1');
    // A file the server refuses as a photo (its bytes are no image) is said at the field; it
    // no longer shows as chosen, and there is no stored photo to remove.
    await modal
      .getByLabel('Photo')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') });
    const refusal = modal.getByText(/The photo could not be uploaded/);
    await refusal.waitFor();
    await modal.getByText('No file chosen', { exact: true }).waitFor();
    expect(await modal.getByRole('button', { name: 'Remove photo' }).count()).toBe(0);
    await modal
      .getByLabel('Photo')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    const preview = modal.getByTestId('photo-preview');
    await preview.waitFor();
    expect(
      await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).toBe(1);
    await modal.getByRole('button', { name: 'Create' }).click();
    await notified(page, 'success', 'Question created successfully');
    const last = await api<{
      totalPages: number;
      questions: { id: number; right_answers: string; points: number; photo: string | null }[];
    }>('GET', `/admin/questions?page=${total + 3}&limit=1`);
    const created = last.body.questions[0]!;
    expect(created).toMatchObject({ right_answers: '1,3', points: 3 });
    expect(created.photo).toBeTruthy();

    // Its thumbnail is on the last page; delete it after confirming.
    await page.getByLabel('Go to page').fill('999');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    const thumb = page.getByRole('img', { name: `Photo of question #${created.id}` });
    await thumb.waitFor();
    // At the URL that names the photo's bytes: a replaced photo gets a new one.
    expect(await thumb.getAttribute('src')).toMatch(
      new RegExp(`^/api/v1/images/questions/${created.photo}\\?v=[\\w-]+$`),
    );
    await page.getByRole('button', { name: `Delete question #${created.id}` }).click();
    await confirmWith(
      page,
      `Are you sure you want to delete question #${created.id} “E2E: which lamp is this?”? ` +
        'It is also taken out of every ticket and topic that holds it.',
    );
    await notified(page, 'success', 'Question deleted successfully');
    expect((await api('GET', `/admin/questions?page=1&limit=10`)).status).toBe(200);
    await thumb.waitFor({ state: 'detached' });
  });

  it('questions: search and topic filter through the machine, kept in the URL beside page and size', async () => {
    const topics = await api<{ id: number; name: string }[]>('GET', '/training-topics');
    const topic = topics.body[0]!;
    const matching = await api<{ totalQuestions: number }>(
      'GET',
      '/admin/questions?page=1&limit=5&search=THE',
    );
    const both = await api<{ totalQuestions: number }>(
      'GET',
      `/admin/questions?page=1&limit=5&search=THE&topic_id=${topic.id}`,
    );
    expect(matching.body.totalQuestions).toBeGreaterThan(5);
    const page = await openAdmin('Questions');
    await page.getByLabel('Per page').selectOption('5');
    await page.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL('**/admin?tab=questions&page=2&size=5');

    // A search goes to page 1 and keeps the size; the focus stays in the box.
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('THE');
    await page.waitForURL('**/admin?tab=questions&size=5&search=THE');
    await page
      .getByTestId('questions-showing')
      .filter({ hasText: `Showing 5 of ${matching.body.totalQuestions} matching “THE”` })
      .waitFor();
    await page.getByText(`Page 1 of ${Math.ceil(matching.body.totalQuestions / 5)}`).waitFor();
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByRole('combobox', { name: 'Topic' }).selectOption(String(topic.id));
    await page.waitForURL(`**/admin?tab=questions&size=5&search=THE&topic=${topic.id}`);
    await page
      .getByTestId('questions-showing')
      .filter({
        hasText: `of ${both.body.totalQuestions} matching “THE” in “${topic.name}”`,
      })
      .waitFor();
    // A reload starts the tab from the URL, search and topic included.
    await page.reload();
    await page
      .getByTestId('questions-showing')
      .filter({ hasText: `of ${both.body.totalQuestions} matching “THE” in “${topic.name}”` })
      .waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('THE');

    // Nothing matches: the table says so; Escape clears the search.
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such words anywhere');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByText('No questions match this search.').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).press('Escape');
    await page.waitForURL(`**/admin?tab=questions&size=5&topic=${topic.id}`);
  });

  it("question form: kept through a reload and a sign-in, and never saved over someone else's change unseen", async () => {
    const created = await api<{ id: number }>('POST', '/admin/questions', {
      question_text: 'Versioned question, as stored',
      answer_1: 'Yes',
      answer_2: 'No',
      right_answers: '1',
    });
    const id = created.body.id;
    // A second administrator, whose session can end without touching the shared one.
    const password = 'second-admin-password';
    const second = await api<{ id: number }>('POST', '/admin/users', {
      username: 'second_admin',
      email: 'second.admin@example.com',
      password,
      is_admin: true,
    });
    const login = await harness().api<{ access_token: string }>('POST', '/auth/login', {
      body: { username: 'second_admin', password },
    });
    const page = await harness().newPage();
    await harness().loginWithToken(
      page,
      login.body.access_token,
      `/admin?tab=questions&search=${id}`,
    );
    await page.getByRole('button', { name: `Edit question #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit question #${id}` });
    const text = dialog.getByLabel(/^Question text/);
    await expect.poll(() => text.inputValue()).toBe('Versioned question, as stored');
    expect(new URL(page.url()).searchParams.get('edit')).toBe(String(id));

    // A reload brings the form back with what was typed, and says so.
    await text.fill('Mine, typed before a reload');
    await page.reload();
    await expect.poll(() => text.inputValue()).toBe('Mine, typed before a reload');
    await dialog.getByTestId('edit-restored').waitFor();

    // Someone else saves meanwhile: the save is refused, nothing of theirs is lost, mine stays.
    await api('PUT', `/admin/questions/${id}`, {
      question_text: 'Theirs, saved meanwhile',
      answer_1: 'Yes',
      answer_2: 'No',
      right_answers: '1',
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByTestId('edit-conflict').waitFor();
    expect(await text.inputValue()).toBe('Mine, typed before a reload');
    // The choice has the focus (Save waits for it).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Use their version');
    const stored = async () =>
      (await api<{ question_text: string }>('GET', `/admin/questions/${id}`)).body.question_text;
    expect(await stored()).toBe('Theirs, saved meanwhile');
    await dialog.getByRole('button', { name: 'Use their version' }).click();
    expect(await text.inputValue()).toBe('Theirs, saved meanwhile');

    // The session ends while a change is being made: signing in again returns to it.
    await text.fill('Mine, after their version');
    await api('PUT', `/admin/users/${second.body.id}`, { is_active: false });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/login?**');
    await api('PUT', `/admin/users/${second.body.id}`, { is_active: true });
    await page.getByLabel(/Username or e-mail/).fill('second_admin');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => text.inputValue()).toBe('Mine, after their version');
    expect(await stored()).toBe('Theirs, saved meanwhile');

    // Saved from their version, it goes through; the form closes and forgets the changes.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notified(page, 'success', 'Question updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await stored()).toBe('Mine, after their version');
    expect(new URL(page.url()).searchParams.get('edit')).toBeNull();
    await page.getByRole('button', { name: `Edit question #${id}` }).click();
    await expect.poll(() => text.inputValue()).toBe('Mine, after their version');
    expect(await dialog.getByTestId('edit-restored').count()).toBe(0);
  });

  it('question form: Back closes it onto the list as it was, Forward opens it again, and Back asks first about changes', async () => {
    const page = await openAdmin('Questions');
    await page.getByLabel('Per page').selectOption('5');
    await page.getByRole('searchbox', { name: 'Search' }).fill('THE');
    await page.waitForURL('**/admin?tab=questions&size=5&search=THE');
    await page.getByRole('button', { name: /Next/ }).click();
    const list = '/admin?tab=questions&page=2&size=5&search=THE';
    await page.waitForURL(`**${list}`);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    const row = await api<{ questions: { id: number; question_text: string }[] }>(
      'GET',
      '/admin/questions?page=2&limit=5&search=THE',
    );
    const { id, question_text: stored } = row.body.questions[0]!;
    const dialog = page.getByRole('dialog', { name: `Edit question #${id}`, exact: true });
    const text = dialog.getByLabel(/^Question text/);
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });

    await page.getByRole('button', { name: `Edit question #${id}`, exact: true }).click();
    await expect.poll(() => text.inputValue()).toBe(stored);
    expect(address(page)).toBe(`${list}&edit=${id}`);
    // Back closes the form: the list on the same page, with the same search.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('THE');
    // Forward opens it again.
    await page.goForward();
    await expect.poll(() => text.inputValue()).toBe(stored);
    expect(address(page)).toBe(`${list}&edit=${id}`);

    // Typed in: Back asks as Cancel does; staying keeps the form, what was typed and the address.
    await text.fill('Typed, then Back');
    await page.goBack();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    await page.waitForURL(`**${list}&edit=${id}`);
    expect(await text.inputValue()).toBe('Typed, then Back');
    // Discarding closes it and forgets what was typed: Forward opens the stored version.
    await page.goBack();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);
    await page.goForward();
    await expect.poll(() => text.inputValue()).toBe(stored);
    expect(await dialog.getByTestId('edit-restored').count()).toBe(0);

    // A save on its way: Back stays on the form (no question), and the save closes it when it lands.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/v1/admin/questions/${id}`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.fallback();
    });
    await text.fill(`${stored} (saved while Back was pressed)`);
    const sent = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await sent;
    await page.goBack();
    await page.waitForURL(`**${list}&edit=${id}`);
    expect(await question.count()).toBe(0);
    expect(await dialog.count()).toBe(1);
    release();
    await notified(page, 'success', 'Question updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);
    const saved = await api<{ question_text: string }>('GET', `/admin/questions/${id}`);
    expect(saved.body.question_text).toBe(`${stored} (saved while Back was pressed)`);
  });

  it('question form: closed from within, its entry goes too, so Back goes to what came before it (also after a reload)', async () => {
    const page = await openAdmin('Questions');
    const list = '/admin?tab=questions';
    await page.waitForURL(`**${list}`);
    const add = page.getByRole('dialog', { name: 'Add question' });
    await page.getByRole('button', { name: 'Add question' }).click();
    await add.waitFor();
    expect(address(page)).toBe(`${list}&edit=new`);
    // Back closes it, Forward opens it again; Cancel then takes its entry away.
    await page.goBack();
    await add.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);
    await page.goForward();
    await add.waitFor();
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);

    // Opened, reloaded, closed with Escape: the list's entry below it is still the one closed to.
    const first = await api<{ totalQuestions: number; questions: { id: number }[] }>(
      'GET',
      '/admin/questions?page=1',
    );
    const id = first.body.questions[0]!.id;
    const edit = page.getByRole('dialog', { name: `Edit question #${id}`, exact: true });
    await page.getByRole('button', { name: `Edit question #${id}`, exact: true }).click();
    await edit.getByLabel(/^Question text/).waitFor();
    await page.reload();
    await expect.poll(() => edit.getByLabel(/^Question text/).inputValue()).not.toBe('');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(address(page)).toBe(list);

    // Saved: closed onto the page that shows the new question, and the address names that page.
    await page.getByRole('button', { name: 'Add question' }).click();
    await add.getByLabel(/^Question text/).fill('E2E: added, then Back');
    await add.getByLabel(/^Answer A/).fill('Yes');
    await add.getByLabel(/^Answer B/).fill('No');
    await add.getByLabel(/^Correct answers/).fill('1');
    await add.getByRole('button', { name: 'Create' }).click();
    await notified(page, 'success', 'Question created successfully');
    await add.waitFor({ state: 'detached' });
    const pages = Math.ceil((first.body.totalQuestions + 1) / 10);
    await page.getByText(`Page ${pages} of ${pages}`).waitFor();
    await expect.poll(() => address(page)).toBe(`${list}&page=${pages}`);

    // Back goes to the overview the questions tab was opened from, not to a form.
    await page.goBack();
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    expect(address(page)).toBe('/admin');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goForward();
    await page.getByRole('tab', { name: 'Questions', selected: true }).waitFor();
    expect(address(page)).toBe(`${list}&page=${pages}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const added = await api<{ questions: { id: number }[] }>(
      'GET',
      `/admin/questions?page=1&search=${encodeURIComponent('E2E: added, then Back')}`,
    );
    await api('DELETE', `/admin/questions/${added.body.questions[0]!.id}`);
  });

  it('a topic form loaded from its address closes onto the list without `edit`; opened from the list, Back closes it', async () => {
    const topics = await api<{ id: number; name: string }[]>('GET', '/training-topics');
    const topic = topics.body[0]!;
    const page = await openAdmin();
    await page.goto(`/admin?tab=topics&edit=${topic.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit topic' });
    await expect.poll(() => dialog.getByLabel(/^Name(?! \()/).inputValue()).toBe(topic.name);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe('/admin?tab=topics');
    await page.getByTestId('topics-table').getByText(topic.name).waitFor();
    // No entry of the list below the form: its entry became the list's, and Back leaves the tab.
    await page.goBack();
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    await page.goForward();
    await page.getByTestId('topics-table').getByText(topic.name).waitFor();
    expect(address(page)).toBe('/admin?tab=topics');
    expect(await dialog.count()).toBe(0);

    await page.getByRole('button', { name: `Edit topic ${topic.name}` }).click();
    await expect.poll(() => dialog.getByLabel(/^Name(?! \()/).inputValue()).toBe(topic.name);
    expect(address(page)).toBe(`/admin?tab=topics&edit=${topic.id}`);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe('/admin?tab=topics');
  });

  it('training tickets: delete all after naming how many, then generate 25 of 40', async () => {
    const page = await openAdmin('Training Tickets');
    const list = page.getByTestId('tickets-list');
    await list.getByTestId('ticket').first().waitFor();

    await page.getByRole('button', { name: 'Delete all tickets' }).click();
    await confirmWith(
      page,
      'This deletes all 25 training tickets. The questions stay in the bank, and tickets can be generated again. This cannot be undone.',
    );
    await notified(page, 'success', 'All tickets deleted successfully');
    await page.getByTestId('tickets-total').getByText('0', { exact: true }).waitFor();
    await page.getByText('There are no tickets. Generate them from the question bank.').waitFor();

    await page.getByRole('button', { name: 'Generate tickets' }).click();
    // None left to replace: the question says nothing of replacing.
    await confirmWith(page, 'Generate 25 tickets of 40 questions?');
    await notified(page, 'success', 'Tickets generated successfully');
    await page.getByTestId('tickets-total').getByText('25', { exact: true }).waitFor();
    expect(await list.getByTestId('ticket').count()).toBe(25);
    expect(await list.getByText('Questions: 40').count()).toBe(25);
    await list.getByText('Ticket 25', { exact: true }).waitFor();
    const stats = await api<{ total_tickets: number }>('GET', '/training-tickets/stats/info');
    expect(stats.body.total_tickets).toBe(25);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('tickets-available').getByText('25', { exact: true }).waitFor();
  });

  it('training topics: add with checked IDs, edit, export as CSV, import with a bad row, delete', async () => {
    const page = await openAdmin('Training Topics');
    const table = page.getByTestId('topics-table');
    await table.getByText('Road signs').waitFor();
    const before = (await api<unknown[]>('GET', '/training-topics')).body.length;

    await page.getByRole('button', { name: 'Add topic' }).click();
    const modal = page.getByRole('dialog', { name: 'Add topic' });
    await modal.getByLabel(/^Name(?! \()/).fill('E2E topic');
    await modal.getByLabel(/^Question IDs/).fill('[1,2');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('Enter question IDs separated by commas, for example 1, 2, 3.').waitFor();
    await modal.getByLabel(/^Question IDs/).fill('[1,2,"x"]');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('Every ID must be a whole number of 1 or more.').waitFor();
    // Questions that do not exist are refused by the server, and said under the field too.
    await modal.getByLabel(/^Question IDs/).fill('[1,2,999999]');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('This course has no questions with these ids: 999999').waitFor();
    expect(await focusedLabel(page)).toMatch(/^Question IDs/);
    expect((await api<unknown[]>('GET', '/training-topics')).body.length).toBe(before);
    // Read leniently, as the spec reads a topic's list: commas, semicolons or spaces.
    await modal.getByLabel(/^Question IDs/).fill('1, 2;3');
    await modal.getByRole('button', { name: 'Create' }).click();
    await notified(page, 'success', 'Topic created successfully');
    await table.getByText('E2E topic').waitFor();
    await page
      .getByTestId('topics-total')
      .getByText(String(before + 1), { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Edit topic E2E topic' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit topic' });
    expect(await edit.getByLabel(/^Question IDs/).inputValue()).toBe('1, 2, 3');
    await edit.getByLabel(/^Question IDs/).fill('[4, 5]');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notified(page, 'success', 'Topic updated successfully');
    // Shown as a reader writes them, not as the stored JSON.
    await table.getByText('4, 5', { exact: true }).waitFor();
    expect(
      (await api<{ name: string; question_ids: string }[]>('GET', '/training-topics')).body.find(
        (topic) => topic.name === 'E2E topic',
      )?.question_ids,
    ).toBe('[4,5]');

    // Export: a file named training_topics_{date}.csv holding every topic.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    expect(download.suggestedFilename()).toBe(`training_topics_${today}.csv`);
    const saved = path.join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const csv = readFileSync(saved, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      // The demo bank's topics are named in Russian, Chinese and Korean too.
      'name,question_ids,name@ru,name@zh,name@ko',
    );
    expect(csv).toContain('E2E topic');
    await notified(page, 'success', 'Topics exported successfully');

    // Import: one bad row refuses the file, nothing imported.
    const importer = page.getByTestId('topics-import');
    // Before any file, the panel says that a topic of a name already stored is replaced.
    await importer
      .getByText('A topic in the file with the name of an existing topic replaces it', {
        exact: false,
      })
      .waitFor();
    await importer.getByLabel('CSV file').setInputFiles({
      name: 'topics.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'name,question_ids\nE2E imported topic,"[1,2]"\nE2E broken topic,not-ids\n',
      ),
    });
    await importer.getByRole('button', { name: 'Upload CSV' }).click();
    await notified(page, 'error', /Failed to upload topics CSV: /);
    await importer
      .getByTestId('csv-errors')
      .getByText(/^Line 3: /)
      .waitFor();
    expect(await table.getByText('E2E imported topic').count()).toBe(0);
    await importer.getByLabel('CSV file').setInputFiles({
      name: 'topics.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,question_ids\nE2E imported topic,"[1,2]"\n'),
    });
    await importer.getByRole('button', { name: 'Upload CSV' }).click();
    await notified(page, 'success', 'Topics imported successfully: 1 topic');
    await table.getByText('E2E imported topic').waitFor();
    // Its name again replaces it rather than adding one: the message says so. The file takes
    // one of its two questions out, which is asked first.
    await importer.getByLabel('CSV file').setInputFiles({
      name: 'topics.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,question_ids\ne2e IMPORTED topic,"[1]"\n'),
    });
    await importer.getByRole('button', { name: 'Upload CSV' }).click();
    await confirmWith(
      page,
      "The file lists fewer questions for these topics than they have, and each topic would keep only the file's (questions now → after): E2E imported topic 2 → 1.",
    );
    await notified(page, 'success', 'Topics imported successfully: 1 topic; replaced by name: 1');
    expect(await table.getByText(/^E2E imported topic$/i).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete topic E2E topic' }).click();
    await confirmWith(page, 'Are you sure you want to delete the topic E2E topic?');
    await notified(page, 'success', 'Topic deleted successfully');
    await table.getByText('E2E topic', { exact: true }).waitFor({ state: 'detached' });
  });

  it('settings: edit one of each data type with client-side checks, add, delete', async () => {
    for (const [key, value, data_type] of [
      ['e2e_string', 'hello', 'string'],
      ['e2e_number', '10', 'number'],
      ['e2e_boolean', 'true', 'boolean'],
      ['e2e_json', '{"a":1}', 'json'],
    ] as const) {
      expect(
        (await api('POST', '/settings', { key, value, data_type, description: `E2E ${data_type}` }))
          .status,
      ).toBe(201);
    }
    const page = await openAdmin('Settings');
    const table = page.getByTestId('settings-table');
    await table.getByText('e2e_json').waitFor();

    /** Tries each bad value with the message it must get, then saves the good one. */
    const edit = async (key: string, bad: [value: string, message: string][], good: string) => {
      await page.getByRole('button', { name: `Edit setting ${key}` }).click();
      const modal = page.getByRole('dialog', { name: 'Edit setting' });
      const keyInput = modal.getByLabel(/^Key/);
      expect(await keyInput.inputValue()).toBe(key);
      expect(await keyInput.getAttribute('readonly')).not.toBeNull();
      const valueInput = modal.getByLabel(/^Value/);
      for (const [value, message] of bad) {
        await valueInput.fill(value);
        await modal.getByRole('button', { name: 'Save' }).click();
        await modal.getByText(message, { exact: true }).waitFor();
      }
      await valueInput.fill(good);
      await modal.getByRole('button', { name: 'Save' }).click();
      await notified(page, 'success', 'Setting updated successfully');
      await modal.waitFor({ state: 'detached' });
      const stored = await api<{ value: string }>('GET', `/settings/key/${key}`);
      expect(stored.body.value).toBe(good);
    };
    await edit('e2e_string', [['', 'This field is required.']], 'hello, world');
    // A built-in setting's range, sent by the server with it, is checked before sending.
    const passPercent = await api<{ value: string }>('GET', '/settings/key/exam_pass_percent');
    await edit(
      'exam_pass_percent',
      [['70.5', 'Enter a whole number from 1 to 100.']],
      passPercent.body.value,
    );
    await edit(
      'e2e_number',
      [
        ['', 'This field is required.'],
        ['ten', '"ten" is not a number. Enter a number such as 40 or 2.5.'],
      ],
      '12.5',
    );
    // A yes/no is a checkbox.
    await page.getByRole('button', { name: 'Edit setting e2e_boolean' }).click();
    const booleanModal = page.getByRole('dialog', { name: 'Edit setting' });
    await booleanModal.getByRole('checkbox', { name: 'On', exact: true }).uncheck();
    await booleanModal.getByRole('button', { name: 'Save' }).click();
    await notified(page, 'success', 'Setting updated successfully');
    await booleanModal.waitFor({ state: 'detached' });
    expect((await api<{ value: string }>('GET', '/settings/key/e2e_boolean')).body.value).toBe(
      'false',
    );
    await edit(
      'e2e_json',
      [['{a:1}', 'This is not valid JSON. Check the brackets, quotes and commas.']],
      '{"a":[1,2]}',
    );

    // Add a public setting, then delete it. A number with no value is asked for, not misread.
    await page.getByRole('button', { name: 'Add setting' }).click();
    const modal = page.getByRole('dialog', { name: 'Add setting' });
    await expect.poll(() => focusedLabel(page)).toMatch(/^Key/);
    await modal.getByLabel(/^Key/).fill('e2e_string');
    await modal.getByLabel(/^Value/).fill('x');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal
      .getByText('A setting with the key e2e_string already exists', { exact: true })
      .waitFor();
    await expect.poll(() => focusedLabel(page)).toMatch(/^Key/);
    await modal.getByLabel(/^Value/).fill('');
    await modal.getByLabel(/^Key/).fill('e2e_added');
    await modal.getByLabel('Type').selectOption('number');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('This field is required.', { exact: true }).waitFor();
    expect(await modal.getByText('is not a number', { exact: false }).count()).toBe(0);
    await modal.getByLabel(/^Value/).fill('7');
    await modal.getByLabel('Public (accessible by non-admin users)').check();
    await modal.getByRole('button', { name: 'Create' }).click();
    await notified(page, 'success', 'Setting created successfully');
    const publicSettings = await harness().api<{ key: string }[]>(
      'GET',
      '/settings?public_only=true',
    );
    expect(publicSettings.body.map((setting) => setting.key)).toContain('e2e_added');
    await page.getByRole('button', { name: 'Delete setting e2e_added' }).click();
    await confirmWith(page, 'Are you sure you want to delete the setting e2e_added?');
    await notified(page, 'success', 'Setting deleted successfully');
    await table.getByText('e2e_added').waitFor({ state: 'detached' });
    // A setting the app reads says what its deletion means, naming the value that takes its
    // place, or the course rules an exam setting follows; Cancel keeps it.
    const builtIn = page.getByRole('dialog');
    const deletions = {
      registration_open:
        'Delete the built-in setting registration_open? The app reads it: until it is created ' +
        'again (Initialize defaults does that), the app uses its default value: Yes.',
      express_question_count:
        'Delete the built-in setting express_question_count? The app reads it: until it is ' +
        'created again (Initialize defaults does that), the app uses its default value: 10.',
      exam_time_limit_seconds:
        "Delete the built-in setting exam_time_limit_seconds? It follows the default course's " +
        'exam rules, which stay as they are (Courses tab); Initialize defaults creates it again ' +
        'from them.',
    };
    for (const [key, message] of Object.entries(deletions)) {
      await page.getByRole('button', { name: `Delete setting ${key}` }).click();
      await builtIn.getByText(message, { exact: true }).waitFor();
      await builtIn.getByRole('button', { name: 'Cancel' }).click();
      await builtIn.waitFor({ state: 'detached' });
      await table.getByText(key, { exact: true }).waitFor();
    }

    // Editing, the focus starts on the value, what an edit usually changes.
    await page.getByRole('button', { name: 'Edit setting e2e_string' }).click();
    await expect.poll(() => focusedLabel(page)).toMatch(/^Value/);
    await page.keyboard.press('Escape');
  });

  it('a list that could not be loaded says so and loads again on request, never showing it as empty', async () => {
    const page = await harness().newPage({});
    let refusing = true;
    await page.route('**/api/v1/admin/users*', (route) =>
      refusing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x"}' })
        : route.continue(),
    );
    await harness().loginWithToken(page, await token(), '/admin?tab=users');
    const table = page.getByTestId('users-table');
    await page.getByTestId('list-load-failed').waitFor();
    expect(await page.getByTestId('list-load-failed').textContent()).toBe(
      'This list could not be loaded.',
    );
    expect(await table.getByText('No users match', { exact: false }).count()).toBe(0);
    refusing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await table.getByText('admin@theory-trainer.example').waitFor();
    expect(await page.getByTestId('list-load-failed').count()).toBe(0);
  });

  it('maintenance: the backup downloads as a valid SQLite database; export, cache, defaults and restore run', async () => {
    const page = await openAdmin('Settings');
    await page.getByTestId('settings-table').getByText('site_name').waitFor();

    const [backup] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Backup database' }).click(),
    ]);
    expect(backup.suggestedFilename()).toMatch(/^backup-[0-9A-Za-z-]+\.sqlite$/);
    const file = path.join(downloads, backup.suggestedFilename());
    await backup.saveAs(file);
    await notified(page, 'success', 'Backup downloaded');
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const tables = (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name);
      for (const table of ['users', 'questions', 'tickets', 'topics', 'settings'])
        expect(tables).toContain(table);
      const questions = db.prepare('select count(*) as n from questions').get() as { n: number };
      const live = await api<{ totalQuestions: number }>('GET', '/admin/questions?page=1&limit=1');
      expect(questions.n).toBe(live.body.totalQuestions);
      const admin = db.prepare("select is_admin from users where username = 'admin'").get() as
        { is_admin: number } | undefined;
      expect(admin).toBeTruthy();
    } finally {
      db.close();
    }

    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^theory_trainer_export_\d{4}-\d{2}-\d{2}\.json$/);
    const json = path.join(downloads, exported.suggestedFilename());
    await exported.saveAs(json);
    const data = JSON.parse(readFileSync(json, 'utf8')) as {
      data: { questions: unknown[]; users: object[] };
    };
    expect(data.data.questions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.data.users)).not.toContain('password');
    await notified(page, 'success', 'Export downloaded');

    await page.getByRole('button', { name: 'Clear cache' }).click();
    await notified(page, 'success', 'Cache cleared successfully');

    await api(
      'DELETE',
      `/settings/${(await api<{ id: number }>('GET', '/settings/key/exam_pass_percent')).body.id}`,
    );
    await page.getByRole('button', { name: 'Initialize defaults' }).click();
    await notified(page, 'success', '1 missing default setting created');
    await page.getByTestId('settings-table').getByText('exam_pass_percent').waitFor();

    // Restore the backup after confirming: the setting added since goes away.
    await api('POST', '/settings', { key: 'e2e_after_backup', value: '1', data_type: 'number' });
    await page.getByLabel('Backup file').setInputFiles(file);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await confirmWith(
      page,
      `Replace all current data with the backup ${backup.suggestedFilename()}? Everything stored since that backup is lost, and this cannot be undone. To keep a way back, download a backup of the current data first (Backup database).`,
    );
    await notified(page, 'success', 'Database restored successfully');
    expect((await api('GET', '/settings/key/e2e_after_backup')).status).toBe(404);
  });

  it('a learner gets no admin data from the API (403) and is sent from /admin to /dashboard', async () => {
    const learner = await harness().registerLearner('nosy');
    const calls: [string, string][] = [
      ['GET', '/admin/users'],
      ['GET', '/admin/questions?page=1&limit=10'],
      ['GET', '/settings/system/status'],
      ['GET', '/settings'],
      ['GET', '/training-topics/export'],
      ['POST', '/settings/maintenance/backup_database'],
      ['POST', '/settings/maintenance/export_data'],
      ['POST', '/training-tickets/generate'],
      ['DELETE', '/training-tickets/all'],
    ];
    for (const [method, url] of calls) {
      const response = await harness().api<{ detail: string }>(method, url, {
        token: learner.token,
      });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(JSON.stringify(response.body)).not.toMatch(/"username"|"question_text"|"counts"/);
    }
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/admin');
    await page.waitForURL('**/dashboard');
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('on a phone the admin tables become cards and every tab shows, on as many rows as needed', async () => {
    const page = await openAdmin('Settings', { width: 360, height: 740 });
    const table = page.getByTestId('settings-table');
    await table.getByText('site_name').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const display = await table
      .locator('tbody tr')
      .first()
      .evaluate((row) => getComputedStyle(row).display);
    expect(display).toBe('block');
    // No tab hides past the screen's edge ('Training Tickets' was cut off, with no hint).
    const tablist = page.getByRole('tablist', { name: 'Admin sections' });
    const cutOff = await tablist.evaluate((list) => {
      const shown = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role="tab"]')].filter((tab) => {
        const box = tab.getBoundingClientRect();
        return box.left < shown.left - 1 || box.right > shown.right + 1;
      }).length;
    });
    expect(cutOff).toBe(0);
    // Opened from its address, the last tab is scrolled into the list: the reader sees which is open.
    const opened = await harness().newPage({ viewport: { width: 360, height: 740 } });
    await harness().loginWithToken(opened, await token(), '/admin?tab=settings');
    await opened.getByTestId('settings-table').getByText('site_name').waitFor();
    const selectedTabShown = () =>
      opened.getByRole('tablist', { name: 'Admin sections' }).evaluate((list) => {
        const tab = list.querySelector('[aria-selected="true"]');
        if (!tab) return false;
        const shown = list.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left >= shown.left - 1 && box.right <= shown.right + 1;
      });
    await expect.poll(selectedTabShown).toBe(true);
  });

  it("keeps every row's Edit and Delete in view at 1024 px when a question, name, e-mail, topic or setting holds an 80-letter word", async () => {
    const word = 'Verylongunbrokenword'.repeat(4);
    const question = await api<{ id: number }>('POST', '/admin/questions', {
      question_text: `Is ${word} a word?`,
      answer_1: 'Yes',
      answer_2: 'No',
      right_answers: '1',
    });
    const user = await api<{ id: number }>('POST', '/admin/users', {
      username: 'long_words',
      email: `${word.toLowerCase().slice(0, 60)}@example.com`,
      password: 'long-words-password',
      first_name: word,
      last_name: word,
    });
    const topic = await api<{ id: number }>('POST', '/training-topics', {
      name: word,
      question_ids: [question.body.id],
    });
    const setting = await api<{ id: number }>('POST', '/settings', {
      key: 'e2e_long_words',
      value: word,
      description: `About ${word}`,
      data_type: 'string',
      is_public: false,
    });
    const tables: Array<[string, string]> = [
      ['questions-table', `/admin?tab=questions&search=${question.body.id}`],
      ['users-table', '/admin?tab=users&search=long_words'],
      ['topics-table', '/admin?tab=topics'],
      ['settings-table', '/admin?tab=settings'],
    ];
    for (const language of ['en', 'ru']) {
      const page = await harness().newPage({ language, viewport: { width: 1024, height: 800 } });
      await harness().loginWithToken(page, await token(), '/admin');
      for (const [testId, target] of tables) {
        await page.goto(target);
        const table = page.getByTestId(testId);
        await table
          .getByText(new RegExp(word.slice(0, 30), 'i'))
          .first()
          .waitFor();
        const fit = await table.evaluate((element) => {
          const frame = element.parentElement!.getBoundingClientRect();
          const buttons = [...element.querySelectorAll('td button')];
          return {
            sideways: element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
            outside: buttons.filter((button) => button.getBoundingClientRect().right > frame.right)
              .length,
          };
        });
        expect({ language, testId, ...fit }).toEqual({ language, testId, sideways: 0, outside: 0 });
      }
    }
    await api('DELETE', `/settings/${setting.body.id}`);
    await api('DELETE', `/training-topics/${topic.body.id}`);
    await api('DELETE', `/admin/users/${user.body.id}`);
    await api('DELETE', `/admin/questions/${question.body.id}`);
  });
});
