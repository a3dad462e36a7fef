import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldInput, problemOf } from '../../test/fields';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(() => {
  cleanup();
  // The kept drafts live in this tab's sessionStorage, which the tests share.
  sessionStorage.clear();
});

const signedIn = (routes = {}) => ({
  token: 'good-token',
  routes: { 'GET /auth/me': { body: userFixture() }, ...routes },
});

async function openPasswordForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'old' } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'new-one' } });
}

describe('profile', () => {
  it('checks the password fields before sending: required, then matching, under each field', async () => {
    const { requests } = renderApp('/profile', signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(problemOf(label)).toBe('This field is required.');
    // It had the focus since the form opened: it leaves and comes back to be read with its message.
    await waitFor(() => expect(document.activeElement).toBe(fieldInput('Current password')));

    fireEvent.change(fieldInput('Current password'), { target: { value: 'old' } });
    fireEvent.change(fieldInput('New password'), { target: { value: 'new-one' } });
    fireEvent.change(fieldInput('Confirm new password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(problemOf('Confirm new password')).toBe("The passwords don't match.");
    expect(problemOf('New password')).toBe('');
    expect(document.activeElement).toBe(fieldInput('Confirm new password'));
    expect(requests.some((request) => request.path === '/user/change-password')).toBe(false);
  });

  it('puts the focus in the current password field when Change password opens the form', async () => {
    renderApp('/profile', signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(document.activeElement).toBe(fieldInput('Current password'));
  });

  it('reads out the mismatch when the form is sent with Enter from the confirmation itself', async () => {
    renderApp('/profile', signedIn());
    await openPasswordForm();
    const confirm = fieldInput('Confirm new password');
    fireEvent.change(confirm, { target: { value: 'other' } });
    confirm.focus();
    // What a screen reader reads as the field takes focus: its description at that moment.
    const readOnFocus: string[] = [];
    confirm.addEventListener('focus', () => {
      const ids = confirm.getAttribute('aria-describedby')?.split(' ') ?? [];
      readOnFocus.push(ids.map((id) => document.getElementById(id)?.textContent).join(' '));
    });
    fireEvent.submit(confirm.form as HTMLFormElement);
    await waitFor(() => expect(readOnFocus).toContain("The passwords don't match."));
    expect(document.activeElement).toBe(confirm);
  });

  it('refuses a new password of spaces only, whatever the current one is', async () => {
    const { requests } = renderApp('/profile', signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    fireEvent.change(fieldInput('Current password'), { target: { value: '   ' } });
    fireEvent.change(fieldInput('New password'), { target: { value: '  ' } });
    fireEvent.change(fieldInput('Confirm new password'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(problemOf('Current password')).toBe('');
    expect(problemOf('New password')).toBe("A password can't be only spaces.");
    expect(document.activeElement).toBe(fieldInput('New password'));
    expect(requests.some((request) => request.path === '/user/change-password')).toBe(false);
  });

  it('changes the password, shows a success toast, closes the section and keeps the session on its new token', async () => {
    const { requests, storage, session } = renderApp(
      '/profile',
      signedIn({
        'PUT /user/change-password': {
          body: {
            message: 'Password changed',
            access_token: 'renewed-token',
            token_type: 'bearer',
          },
        },
      }),
    );
    await openPasswordForm();
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), {
      target: { value: 'new-one' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(requests.find((request) => request.path === '/user/change-password')?.body).toEqual({
      current_password: 'old',
      new_password: 'new-one',
    });
    expect(screen.getByText('Your password is secure. Change it whenever you like.')).toBeTruthy();
    // The old token ends with the old password: the next calls carry the new one.
    expect(storage.get('token')).toBe('renewed-token');
    expect(session.actor?.getSnapshot().context.token).toBe('renewed-token');
    expect(session.actor?.getSnapshot().matches('signedIn')).toBe(true);
    // The form went: the focus is on the button that opens it again, not lost to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change password' })),
    );
  });

  it('refuses a new password that is the current one at its field, sending nothing', async () => {
    const { requests } = renderApp('/profile', signedIn());
    await openPasswordForm();
    for (const label of [/^New password/, /^Confirm new password/])
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'old' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(problemOf('New password')).toBe('The new password is the same as the current one.');
    expect(document.activeElement).toBe(fieldInput('New password'));
    expect(requests.some((request) => request.path === '/user/change-password')).toBe(false);
  });

  it('marks a wrong current password under its field; another failure is told in a toast', async () => {
    let answer = {
      status: 400,
      body: { detail: 'The current password is incorrect' } as object,
    };
    renderApp('/profile', signedIn({ 'PUT /user/change-password': () => answer }));
    await openPasswordForm();
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), {
      target: { value: 'new-one' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() =>
      expect(problemOf('Current password')).toBe('The current password is incorrect.'),
    );
    expect(document.activeElement).toBe(fieldInput('Current password'));
    expect(screen.queryByText(/The password could not be changed/)).toBeNull();
    // The section stays open with what was typed, to correct and send again.
    expect(fieldInput('Current password').value).toBe('old');

    answer = { status: 500, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password could not be changed.')).toBeTruthy();
  });

  it('keeps the form read-only until Edit, then saves and replaces the stored user', async () => {
    const updated = userFixture({ first_name: 'Augusta' });
    const { session } = renderApp('/profile', signedIn({ 'PUT /user/profile': { body: updated } }));
    const firstName = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    expect(firstName.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(firstName.readOnly).toBe(false);
    // Editing starts at the first field.
    expect(document.activeElement).toBe(firstName);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.change(firstName, { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
    await waitFor(() =>
      expect(session.actor?.getSnapshot().context.user?.first_name).toBe('Augusta'),
    );
    expect(firstName.readOnly).toBe(true);
    // Save went with the form: the focus is on Edit, not lost to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })),
    );
  });

  it('says a taken username at its field alone, and keeps the edits in the form', async () => {
    const { session } = renderApp(
      '/profile',
      signedIn({
        'PUT /user/profile': {
          status: 409,
          body: { detail: 'This username is already taken', field: 'username' },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('Username'), { target: { value: 'grace' } });
    fireEvent.change(fieldInput('First name'), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(problemOf('Username')).toBe(
        'Another account already uses this. Choose a different one.',
      ),
    );
    // No notification besides: on a phone it would cover the field.
    expect(screen.queryByText(/The profile could not be updated/)).toBeNull();
    expect(fieldInput('Username').value).toBe('grace');
    expect(fieldInput('First name').value).toBe('Grace');
    expect(fieldInput('Username').readOnly).toBe(false);
    expect(session.actor?.getSnapshot().context.user?.username).toBe('ada');
    // The field the server named is marked and focused, until it is edited.
    expect(problemOf('Username')).toBe(
      'Another account already uses this. Choose a different one.',
    );
    expect(document.activeElement).toBe(fieldInput('Username'));
    expect(problemOf('First name')).toBe('');
    fireEvent.change(fieldInput('Username'), { target: { value: 'grace2' } });
    expect(problemOf('Username')).toBe('');
  });

  it('takes the error toast of a failed save away when the retried save succeeds', async () => {
    let answer: { status: number; body: object } = { status: 500, body: {} };
    renderApp('/profile', signedIn({ 'PUT /user/profile': () => answer }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The profile could not be updated.')).toBeTruthy();

    answer = { status: 200, body: userFixture() };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
    // Gone after its close animation, long before its own 7 s.
    await waitFor(
      () => expect(screen.queryByText('The profile could not be updated.')).toBeNull(),
      { timeout: 1000 },
    );
  });

  it("notifies the server's reason for a refusal that names no field", async () => {
    renderApp(
      '/profile',
      signedIn({ 'PUT /user/profile': { status: 422, body: { detail: 'The course is closed' } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The profile could not be updated. Reason: The course is closed'),
    ).toBeTruthy();
  });

  it('shows the update error alone when the server gives no reason', async () => {
    renderApp('/profile', signedIn({ 'PUT /user/profile': { status: 500, body: {} } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The profile could not be updated.')).toBeTruthy();
  });

  it('shows readable messages under a bad username and e-mail, sends nothing and keeps the edits', async () => {
    const { requests } = renderApp('/profile', signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('Username'), { target: { value: 'ада' } });
    fireEvent.change(fieldInput('E-mail'), { target: { value: 'ada at example.com' } });
    fireEvent.change(fieldInput('Last name'), { target: { value: 'L'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(problemOf('Username')).toBe(
      'Use only Latin letters, digits and the characters _ . @ + -',
    );
    expect(problemOf('E-mail')).toBe('Enter an e-mail address such as name@example.com.');
    expect(problemOf('Last name')).toBe('Use at most 100 characters.');
    expect(requests.some((request) => request.path === '/user/profile')).toBe(false);
    expect(fieldInput('Username').value).toBe('ада');
    expect(fieldInput('E-mail').value).toBe('ada at example.com');
    expect(fieldInput('Username').readOnly).toBe(false);

    fireEvent.change(fieldInput('Username'), { target: { value: 'a'.repeat(51) } });
    expect(problemOf('Username')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(problemOf('Username')).toBe('Use at most 50 characters.');

    // Cancel restores the stored values and drops the messages.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fieldInput('Username').value).toBe('ada');
    expect(problemOf('Username')).toBe('');
    expect(problemOf('E-mail')).toBe('');
  });

  it('lets the names be emptied on the profile, and sends the fields trimmed', async () => {
    const { requests } = renderApp(
      '/profile',
      signedIn({ 'PUT /user/profile': { body: userFixture({ first_name: '' }) } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('First name'), { target: { value: '  ' } });
    fireEvent.change(fieldInput('E-mail'), { target: { value: ' ada@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
    expect(requests.find((request) => request.path === '/user/profile')?.body).toEqual({
      first_name: '',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.org',
    });
  });

  it("shows 'Not set' for a missing last login", async () => {
    renderApp('/profile', signedIn());
    expect(await screen.findByText('Not set')).toBeTruthy();
  });
});

describe('profile changes across a reload', () => {
  const RESTORED = 'Your unsaved changes from before have been brought back.';

  /** Leaves the page as a reload does and opens it again for `user`; resolves once it shows. */
  async function reload(user = userFixture(), routes = {}) {
    cleanup();
    const app = renderApp('/profile', {
      token: 'good-token',
      routes: { 'GET /auth/me': { body: user }, ...routes },
    });
    await screen.findByLabelText(/^First name/);
    return app;
  }

  async function changeFirstName(value: string, routes = {}) {
    const app = renderApp('/profile', signedIn(routes));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('First name'), { target: { value } });
    return app;
  }

  it('brings unsaved changes back with a note, never the passwords; Discard them restores the stored values', async () => {
    await changeFirstName('Augusta');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    fireEvent.change(fieldInput('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(fieldInput('New password'), { target: { value: 'new-secret' } });
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/secret/);

    await reload();
    expect(screen.getByText(RESTORED)).toBeTruthy();
    expect(fieldInput('First name').value).toBe('Augusta');
    expect(fieldInput('First name').readOnly).toBe(false);
    expect(fieldInput('Last name').value).toBe('Lovelace');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(fieldInput('First name').value).toBe('Ada');
    expect(fieldInput('First name').readOnly).toBe(true);
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
    await reload();
    expect(fieldInput('First name').value).toBe('Ada');
    expect(screen.queryByText(RESTORED)).toBeNull();
  });

  it('brings back only the fields changed: the others show what is stored now', async () => {
    await changeFirstName('Augusta');
    await reload(userFixture({ last_name: 'Byron', email: 'ada@byron.org' }));
    expect(fieldInput('First name').value).toBe('Augusta');
    expect(fieldInput('Last name').value).toBe('Byron');
    expect(fieldInput('E-mail').value).toBe('ada@byron.org');
  });

  it('drops changes that were saved meanwhile (the stored profile already holds them)', async () => {
    await changeFirstName('Augusta');
    await reload(userFixture({ first_name: 'Augusta' }));
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(fieldInput('First name').readOnly).toBe(true);
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    // Gone for good: a later change to the stored name is not covered up by it.
    await reload(userFixture({ first_name: 'Ida' }));
    expect(fieldInput('First name').value).toBe('Ida');
  });

  it('keeps the changes after a failed save, and forgets them once saved or cancelled', async () => {
    await changeFirstName('Augusta', { 'PUT /user/profile': { status: 500, body: {} } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The profile could not be updated.')).toBeTruthy();
    expect(fieldInput('First name').value).toBe('Augusta');

    await reload(userFixture(), {
      'PUT /user/profile': { body: userFixture({ first_name: 'Augusta' }) },
    });
    expect(fieldInput('First name').value).toBe('Augusta');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);

    cleanup();
    await changeFirstName('Grace');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await reload();
    expect(fieldInput('First name').value).toBe('Ada');
    expect(screen.queryByText(RESTORED)).toBeNull();
  });

  it("keeps one account's changes from another account signed in in the same tab", async () => {
    await changeFirstName('Augusta');
    await reload(userFixture({ id: 8, username: 'grace', first_name: 'Grace' }));
    expect(fieldInput('First name').value).toBe('Grace');
    expect(screen.queryByText(RESTORED)).toBeNull();
    // Still there for its own account.
    await reload();
    expect(fieldInput('First name').value).toBe('Augusta');
  });
});
