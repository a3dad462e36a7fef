import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(cleanup);

const FIELDS = ['First name', 'Last name', 'Username', 'E-mail', 'Password'];

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
});
