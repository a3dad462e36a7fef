import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldInput, problemOf } from '../../test/fields';
import { courseFixture, renderApp, userFixture } from '../../test/render-app';

afterEach(() => {
  cleanup();
  // The kept drafts live in this tab's sessionStorage, which the tests share.
  sessionStorage.clear();
});

const FIELDS = ['First name', 'Last name', 'Username', 'E-mail', 'Password'];

async function fillIn(values: string[]) {
  await screen.findByRole('heading', { name: 'Create your account' });
  FIELDS.forEach((label, index) =>
    fireEvent.change(fieldInput(label), { target: { value: values[index] } }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

/** A server that takes the registration and signs the new learner in. */
const registrationAccepted = () => {
  const user = userFixture();
  return {
    'POST /auth/register': {
      status: 201,
      body: { access_token: 'tok', token_type: 'bearer', user },
    },
    'GET /auth/me': { body: user },
  };
};

const sentRegister = (requests: { path: string }[]) =>
  requests.some((request) => request.path === '/auth/register');

describe('register form', () => {
  it('marks all five fields required, with an e-mail input for the address', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    for (const label of FIELDS) {
      const input = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
      expect(input.required, label).toBe(true);
    }
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).type).toBe('email');
  });

  it('sends nothing while a required field is empty', async () => {
    const { requests } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const form = screen.getByRole('form', { name: 'Create your account' }) as HTMLFormElement;
    expect(form.checkValidity()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Ada' } });
    expect(form.checkValidity()).toBe(false);
    expect(requests.some((request) => request.path === '/auth/register')).toBe(false);
  });

  it('registers, signs in automatically and goes to /dashboard', async () => {
    const user = userFixture();
    const { router, storage, requests } = renderApp('/register', {
      routes: {
        'POST /auth/register': {
          status: 201,
          body: { access_token: 'tok', token_type: 'bearer', user },
        },
        'GET /auth/me': { body: user },
      },
    });
    await screen.findByRole('heading', { name: 'Create your account' });
    const values = ['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret'];
    FIELDS.forEach((label, index) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), {
        target: { value: values[index] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(storage.get('token')).toBe('tok');
    expect(requests.find((request) => request.path === '/auth/register')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it("shows the server's detail, else 'Registration failed'", async () => {
    let answer = { status: 409, body: { detail: 'Username already taken' } as object };
    renderApp('/register', { routes: { 'POST /auth/register': () => answer } });
    await screen.findByRole('heading', { name: 'Create your account' });
    const values = ['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret'];
    FIELDS.forEach((label, index) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), {
        target: { value: values[index] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username already taken');
    answer = { status: 500, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed'));
  });

  it('marks the field the server found taken, focuses it, and clears the mark once it is edited', async () => {
    const { requests } = renderApp('/register', {
      routes: {
        'POST /auth/register': {
          status: 409,
          body: { detail: 'This e-mail is already taken', field: 'email' },
        },
      },
    });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);
    await waitFor(() =>
      expect(problemOf('E-mail')).toBe(
        'Another account already uses this. Choose a different one.',
      ),
    );
    expect(fieldInput('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(fieldInput('E-mail'));
    expect(problemOf('Username')).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('This e-mail is already taken');
    expect(fieldInput('Password').value).toBe('secret');

    fireEvent.change(fieldInput('E-mail'), { target: { value: 'ada2@example.com' } });
    expect(problemOf('E-mail')).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((request) => request.path === '/auth/register')).toHaveLength(1);
  });

  it('marks both fields when the username and the e-mail are both taken, each until it is edited', async () => {
    renderApp('/register', {
      routes: {
        'POST /auth/register': {
          status: 409,
          body: {
            detail: 'This username and this e-mail are already taken',
            field: 'username',
            fields: ['username', 'email'],
          },
        },
      },
    });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);
    const taken = 'Another account already uses this. Choose a different one.';
    await waitFor(() => expect(problemOf('E-mail')).toBe(taken));
    expect(problemOf('Username')).toBe(taken);
    expect(document.activeElement).toBe(fieldInput('Username'));
    expect(screen.getByRole('alert').textContent).toBe(
      'This username and this e-mail are already taken',
    );

    fireEvent.change(fieldInput('Username'), { target: { value: 'ada2' } });
    expect(problemOf('Username')).toBe('');
    expect(problemOf('E-mail')).toBe(taken);
    expect(fieldInput('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('does not mark again a refusal from an earlier visit of the page', async () => {
    const { router } = renderApp('/register', {
      routes: {
        'POST /auth/register': {
          status: 409,
          body: { detail: 'This username is already taken', field: 'username' },
        },
      },
    });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);
    await waitFor(() => expect(problemOf('Username')).not.toBe(''));
    // A page that leaves the sign-in error alone (the login page clears it).
    await router.navigate({ to: '/help' });
    await screen.findByRole('heading', { level: 1, name: /help/i });
    await router.navigate({ to: '/register' });
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(problemOf('Username')).toBe('');
    expect(fieldInput('Username').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a readable message under a bad username and e-mail, sends nothing and keeps the values', async () => {
    const { requests } = renderApp('/register');
    await fillIn(['Ada', 'Lovelace', 'ada lovelace!', 'ada@example', 'secret']);
    expect(problemOf('Username')).toBe(
      'Use only Latin letters, digits and the characters _ . @ + -',
    );
    expect(problemOf('E-mail')).toBe('Enter an e-mail address such as name@example.com.');
    expect(fieldInput('Username').getAttribute('aria-invalid')).toBe('true');
    expect(problemOf('First name')).toBe('');
    expect(problemOf('Password')).toBe('');
    expect(screen.queryByText(/must match pattern/)).toBeNull();
    expect(sentRegister(requests)).toBe(false);
    expect(fieldInput('Username').value).toBe('ada lovelace!');
    expect(fieldInput('E-mail').value).toBe('ada@example');
    expect(fieldInput('Password').value).toBe('secret');
    expect(document.activeElement).toBe(fieldInput('Username'));

    // Editing a field clears its own message, not the other's.
    fireEvent.change(fieldInput('Username'), { target: { value: 'ada_lovelace' } });
    expect(problemOf('Username')).toBe('');
    expect(problemOf('E-mail')).toBe('Enter an e-mail address such as name@example.com.');
  });

  it('refuses a username over 50 characters, an e-mail over 254 and names over 100', async () => {
    const { requests } = renderApp('/register');
    const email = `${'a'.repeat(64)}@${'b'.repeat(190)}.com`;
    await fillIn(['A'.repeat(101), 'Л'.repeat(101), 'a'.repeat(51), email, 'secret']);
    expect(problemOf('Username')).toBe('Use at most 50 characters.');
    expect(problemOf('E-mail')).toBe('Use at most 254 characters.');
    expect(problemOf('First name')).toBe('Use at most 100 characters.');
    expect(problemOf('Last name')).toBe('Use at most 100 characters.');
    expect(sentRegister(requests)).toBe(false);
  });

  it('counts characters as the server does: 100 of them, emoji included, are accepted', async () => {
    const { requests } = renderApp('/register', { routes: registrationAccepted() });
    await fillIn(['😀'.repeat(100), 'Lovelace', 'a'.repeat(50), 'ada@example.com', 'secret']);
    await waitFor(() => expect(sentRegister(requests)).toBe(true));
  });

  it('refuses first and last names made of spaces and sends nothing', async () => {
    const { requests } = renderApp('/register');
    await fillIn(['   ', '\u200B ', 'ada', 'ada@example.com', 'secret']);
    expect(problemOf('First name')).toBe('This field is required.');
    expect(problemOf('Last name')).toBe('This field is required.');
    expect(fieldInput('First name').value).toBe('   ');
    expect(sentRegister(requests)).toBe(false);
  });

  it('refuses a password of spaces only, but takes one with spaces among other characters', async () => {
    const { requests } = renderApp('/register', { routes: registrationAccepted() });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', '   ']);
    expect(problemOf('Password')).toBe("A password can't be only spaces.");
    expect(document.activeElement).toBe(fieldInput('Password'));
    expect(sentRegister(requests)).toBe(false);
    fireEvent.change(fieldInput('Password'), { target: { value: ' two words ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/auth/register')?.body).toMatchObject({
        password: ' two words ',
      }),
    );
  });

  it('sends the values trimmed once they are right', async () => {
    const { requests } = renderApp('/register', { routes: registrationAccepted() });
    await fillIn([' Ada ', 'Lovelace', ' ada.l+1@x ', 'ada@example.com', 'secret']);
    expect(problemOf('Username')).toBe('');
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/auth/register')?.body).toMatchObject({
        first_name: 'Ada',
        username: 'ada.l+1@x',
      }),
    );
  });
});

describe('register form across a reload', () => {
  /** Leaves the page as a reload does and opens it again; resolves once the form shows. */
  async function reload() {
    cleanup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
  }

  const shown = () => FIELDS.map((label) => fieldInput(label).value);

  it('brings back what was typed after a reload, except the password, which is never stored', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const values = ['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret'];
    FIELDS.forEach((label, index) =>
      fireEvent.change(fieldInput(label), { target: { value: values[index] } }),
    );
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret');
    await reload();
    expect(shown()).toEqual(['Ada', 'Lovelace', 'ada', 'ada@example.com', '']);
  });

  it('keeps every field after a refused registration and an unreachable server, and after a reload then', async () => {
    let answer = () =>
      Promise.resolve({ status: 409, body: { detail: 'Username already taken' } as object });
    renderApp('/register', { routes: { 'POST /auth/register': () => answer() } });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);
    await screen.findByRole('alert');
    expect(shown()).toEqual(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/server/i));
    expect(shown()).toEqual(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);

    await reload();
    expect(shown()).toEqual(['Ada', 'Lovelace', 'ada', 'ada@example.com', '']);
  });

  it('forgets what was typed once the learner is registered', async () => {
    const { router } = renderApp('/register', { routes: registrationAccepted() });
    await fillIn(['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem('draft.register')).toBeNull();
    await reload();
    expect(shown()).toEqual(['', '', '', '', '']);
  });
});

describe('register page while registration is closed', () => {
  const closed = {
    'GET /settings': {
      body: [
        {
          id: 1,
          key: 'registration_open',
          value: 'false',
          description: null,
          data_type: 'boolean',
          is_public: true,
          updated_at: '2025-03-01T10:00:00.000Z',
          rule: null,
        },
      ],
    },
  };

  it('says so at once, with a way to log in, and offers no form to fill in', async () => {
    const { router, requests } = renderApp('/register', { routes: closed });
    await screen.findByRole('heading', { name: 'Registration is currently closed' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sentRegister(requests)).toBe(false);
    // The login page no longer points to registration either.
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByText("Don't have an account?")).toBeNull();
  });

  it('shows the form when the settings cannot be read (the server still decides)', async () => {
    renderApp('/register', { routes: { 'GET /settings': { status: 500, body: {} } } });
    await screen.findByRole('heading', { name: 'Create your account' });
  });
});

describe('the course on the register form', () => {
  const standard = courseFixture({ id: 1, name: 'Standard' });
  const korea = courseFixture({ id: 2, name: 'Korea', language: 'ko', is_default: false });
  const values = ['Ada', 'Lovelace', 'ada', 'ada@example.com', 'secret'];

  it('asks nothing and sends no course_id when there is one course', async () => {
    const { requests } = renderApp('/register', {
      routes: { 'GET /courses': { body: [standard] }, ...registrationAccepted() },
    });
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.queryByLabelText(/^Course/)).toBeNull();
    await fillIn(values);
    await waitFor(() => expect(sentRegister(requests)).toBe(true));
    expect(requests.find((request) => request.path === '/auth/register')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it('wants a course chosen by name and language when there are two, and sends it as course_id', async () => {
    const { requests } = renderApp('/register', {
      routes: { 'GET /courses': { body: [standard, korea] }, ...registrationAccepted() },
    });
    await screen.findByRole('heading', { name: 'Create your account' });
    const select = fieldInput('Course') as unknown as HTMLSelectElement;
    expect(select.required).toBe(true);
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose a course',
      'Standard (English)',
      'Korea (Korean)',
    ]);
    await fillIn(values);
    expect(problemOf('Course')).toContain('Choose the course you are preparing for.');
    expect(document.activeElement).toBe(select);
    expect(sentRegister(requests)).toBe(false);

    fireEvent.change(select, { target: { value: '2' } });
    expect(problemOf('Course')).not.toContain('Choose the course');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(sentRegister(requests)).toBe(true));
    expect(requests.find((request) => request.path === '/auth/register')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret',
      course_id: 2,
    });
  });

  it('says of a course whose bank is still empty that it has no questions yet', async () => {
    const empty = courseFixture({ id: 3, name: 'Россия A/B', language: 'ru', question_total: 0 });
    renderApp('/register', { routes: { 'GET /courses': { body: [standard, korea, empty] } } });
    await screen.findByRole('heading', { name: 'Create your account' });
    const select = fieldInput('Course') as unknown as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose a course',
      'Standard (English)',
      'Korea (Korean)',
      'Россия A/B (Russian) — no questions yet',
    ]);
  });

  it('keeps the course chosen for a reload, with the other fields but the password', async () => {
    renderApp('/register', { routes: { 'GET /courses': { body: [standard, korea] } } });
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(fieldInput('Course'), { target: { value: '2' } });
    fireEvent.change(fieldInput('Username'), { target: { value: 'ada' } });
    cleanup();

    renderApp('/register', { routes: { 'GET /courses': { body: [standard, korea] } } });
    await screen.findByRole('heading', { name: 'Create your account' });
    expect((fieldInput('Course') as unknown as HTMLSelectElement).value).toBe('2');
    expect(fieldInput('Username').value).toBe('ada');
  });
});
