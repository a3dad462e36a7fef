import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Setting } from '../../api';
import { courseFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

const setting = (overrides: Partial<Setting>): Setting => ({
  id: 7,
  key: 'own_setting',
  value: 'x',
  description: null,
  data_type: 'string',
  is_public: true,
  updated_at: '2025-03-01T10:00:00.000Z',
  rule: null,
  ...overrides,
});

function routes(stored: Setting): FakeRoutes {
  return {
    'GET /auth/me': { body: admin },
    'GET /settings': { body: [stored] },
    [`GET /settings/${stored.id}`]: { body: stored, headers: { etag: '"v1"' } },
    [`PUT /settings/${stored.id}`]: async (request) => ({
      body: { ...stored, ...((await request.json()) as Partial<Setting>) },
    }),
  };
}

async function openForm(stored: Setting) {
  const app = renderApp(`/admin?tab=settings&edit=${stored.id}`, {
    token: 'tok',
    routes: routes(stored),
  });
  const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
  await within(dialog).findByRole('button', { name: 'Save' });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  const sent = () => app.requests.filter((request) => request.method === 'PUT');
  return { ...app, dialog, save, sent };
}

describe('the setting form', () => {
  it('says a built-in number setting’s range up front and checks it before sending, with the type fixed and the value focused', async () => {
    const { dialog, save, sent } = await openForm(
      setting({
        key: 'exam_pass_percent',
        value: '70',
        data_type: 'number',
        rule: { kind: 'whole_number', min: 1, max: 100 },
      }),
    );
    const type = within(dialog).getByLabelText('Type') as HTMLSelectElement;
    expect(type.disabled).toBe(true);
    expect(within(dialog).getByText(/Built-in setting/)).toBeTruthy();
    const value = within(dialog).getByRole('spinbutton', { name: /^Value/ }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect([value.min, value.max, value.step]).toEqual(['1', '100', '1']);
    expect(within(dialog).getByText('A whole number from 1 to 100.')).toBeTruthy();

    fireEvent.change(value, { target: { value: '150' } });
    save();
    await within(dialog).findByText('Enter a whole number from 1 to 100.');
    expect(sent()).toEqual([]);
    expect(document.activeElement).toBe(value);

    fireEvent.change(value, { target: { value: '80' } });
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()[0]?.body).toMatchObject({ value: '80', data_type: 'number' });
  });

  it('warns under the exam question count when the bank holds fewer questions, and still saves it', async () => {
    const stored = setting({
      key: 'exam_question_count',
      value: '40',
      data_type: 'number',
      rule: { kind: 'whole_number', min: 1, max: 200 },
    });
    const bank = (size: number): FakeRoutes => ({
      'GET /questions': {
        body: { questions: [], page: 1, limit: 1, totalPages: size, totalQuestions: size },
      },
    });
    const app = renderApp(`/admin?tab=settings&edit=${stored.id}`, {
      token: 'tok',
      routes: { ...routes(stored), ...bank(25) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
    const warning =
      'The question bank holds only 25 questions, so the exam will have just 25 until more are added.';
    const value = (await within(dialog).findByRole('spinbutton', {
      name: /^Value/,
    })) as HTMLInputElement;
    await within(dialog).findByText(warning);
    expect(value.getAttribute('aria-invalid')).toBeNull();
    expect(value.getAttribute('aria-describedby')).toContain(within(dialog).getByText(warning).id);

    fireEvent.change(value, { target: { value: '25' } });
    expect(within(dialog).queryByText(warning)).toBeNull();
    fireEvent.change(value, { target: { value: '60' } });
    within(dialog).getByText(warning);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      value: '60',
    });
  });

  it('says the pass percent changes no exam while the default course passes on mistakes, and nothing while on questions right', async () => {
    const stored = setting({
      key: 'exam_pass_percent',
      value: '70',
      data_type: 'number',
      rule: { kind: 'whole_number', min: 1, max: 100 },
    });
    const warning =
      'The default course passes by “Most mistakes allowed”, so this percentage changes no exam. It counts only while the course passes by share of questions right (Courses tab).';
    const course = (passRule: 'max_mistakes' | 'percent_questions'): FakeRoutes => ({
      'GET /courses': {
        body: [courseFixture({ rules: { ...courseFixture().rules, pass_rule: passRule } })],
      },
    });
    renderApp(`/admin?tab=settings&edit=${stored.id}`, {
      token: 'tok',
      routes: { ...routes(stored), ...course('max_mistakes') },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
    await within(dialog).findByText(warning);
    cleanup();

    const { requests } = renderApp(`/admin?tab=settings&edit=${stored.id}`, {
      token: 'tok',
      routes: { ...routes(stored), ...course('percent_questions') },
    });
    const again = await screen.findByRole('dialog', { name: 'Edit setting' });
    await within(again).findByRole('spinbutton', { name: /^Value/ });
    // Once the courses are read, the rule that uses the percent says nothing.
    await waitFor(() => expect(requests.some((request) => request.path === '/courses')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(again).queryByText(/changes no exam/)).toBeNull();
  });

  it('says the exam cannot start while the bank is empty', async () => {
    renderApp('/admin?tab=settings&edit=7', {
      token: 'tok',
      routes: {
        ...routes(
          setting({
            key: 'exam_question_count',
            value: '40',
            data_type: 'number',
            rule: { kind: 'whole_number', min: 1, max: 200 },
          }),
        ),
        'GET /questions': {
          body: { questions: [], page: 1, limit: 1, totalPages: 0, totalQuestions: 0 },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit setting' });
    await within(dialog).findByText(
      'The question bank is empty: learners cannot take the exam until questions are added.',
    );
  });

  it('edits the maintenance notice with a switch and a message, sending the JSON the banner reads', async () => {
    const { dialog, save, sent } = await openForm(
      setting({
        key: 'maintenance_notice',
        value: '{"enabled":false,"message":""}',
        data_type: 'json',
        rule: { kind: 'notice', max_length: 500 },
      }),
    );
    const shown = within(dialog).getByRole('checkbox', { name: 'Show the notice' });
    await waitFor(() => expect(document.activeElement).toBe(shown));
    const message = within(dialog).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.maxLength).toBe(500);
    expect(within(dialog).queryByDisplayValue(/enabled/)).toBeNull();

    fireEvent.click(shown);
    save();
    await within(dialog).findByText('Write the message to show, or turn the notice off.');
    expect(sent()).toEqual([]);
    // Said at the message, which takes the focus: below four other fields it went unseen.
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(message.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
        ?.textContent,
    ).toBe('Write the message to show, or turn the notice off.');
    await waitFor(() => expect(document.activeElement).toBe(message));

    fireEvent.change(message, { target: { value: 'Closed tonight' } });
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse((sent()[0]?.body as { value: string }).value)).toEqual({
      enabled: true,
      message: 'Closed tonight',
    });
  });

  it('switches registration on and off with a checkbox', async () => {
    const { dialog, save, sent } = await openForm(
      setting({
        key: 'registration_open',
        value: 'true',
        data_type: 'boolean',
        rule: { kind: 'boolean' },
      }),
    );
    const on = within(dialog).getByRole('checkbox', { name: 'On' }) as HTMLInputElement;
    expect(on.checked).toBe(true);
    fireEvent.click(on);
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()[0]?.body).toMatchObject({ value: 'false' });
  });

  it('limits the site name to its length and asks for an e-mail address as support address', async () => {
    const name = await openForm(
      setting({
        key: 'site_name',
        value: 'Vienna Driving School',
        rule: { kind: 'text', max_length: 60 },
      }),
    );
    const nameInput = within(name.dialog).getByRole('textbox', { name: /^Value/ });
    expect((nameInput as HTMLInputElement).maxLength).toBe(60);
    expect(within(name.dialog).getByText('Up to 60 characters.')).toBeTruthy();
    // Spaces pasted at either end are not part of the name.
    fireEvent.change(nameInput, { target: { value: '  Shelbyville Driving School ' } });
    name.save();
    await waitFor(() => expect(name.sent()).toHaveLength(1));
    expect(name.sent()[0]?.body).toMatchObject({ value: 'Shelbyville Driving School' });
    name.unmount();
    cleanup();

    const email = await openForm(
      setting({
        key: 'support_email',
        value: 'help@school.example',
        rule: { kind: 'email', max_length: 254 },
      }),
    );
    const emailInput = within(email.dialog).getByRole('textbox', { name: /^Value/ });
    expect((emailInput as HTMLInputElement).type).toBe('email');
    fireEvent.change(emailInput, { target: { value: 'not an email' } });
    email.save();
    await within(email.dialog).findByText('Enter an e-mail address such as help@school.example.');
    expect(email.sent()).toEqual([]);
  });

  it("leaves an administrator's own setting's type to choose", async () => {
    const { dialog } = await openForm(setting({}));
    const type = within(dialog).getByLabelText('Type') as HTMLSelectElement;
    expect(type.disabled).toBe(false);
    expect(within(dialog).queryByText(/Built-in setting/)).toBeNull();
  });

  it('holds a new key to the 100 characters the server takes', async () => {
    renderApp('/admin?tab=settings&edit=new', {
      token: 'tok',
      routes: routes(setting({})),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add setting' });
    const key = (await within(dialog).findByLabelText(/^Key/)) as HTMLInputElement;
    expect(key.maxLength).toBe(100);
  });
});

describe('the settings table', () => {
  it('shows a JSON value with spaces to wrap at, and all of it in its title', async () => {
    const notice = setting({
      key: 'maintenance_notice',
      value: '{"enabled":true,"message":"Closed tonight"}',
      data_type: 'json',
      rule: { kind: 'notice', max_length: 500 },
    });
    renderApp('/admin?tab=settings', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: admin }, 'GET /settings': { body: [notice] } },
    });
    const cell = await screen.findByText('{ "enabled": true, "message": "Closed tonight" }');
    expect(JSON.parse(cell.getAttribute('title') ?? '')).toEqual(JSON.parse(notice.value));
  });

  it('shows a switch as Yes or No, as its Public column does', async () => {
    const open = setting({ key: 'registration_open', value: 'false', data_type: 'boolean' });
    renderApp('/admin?tab=settings', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: admin }, 'GET /settings': { body: [open] } },
    });
    const row = (await screen.findByText('registration_open')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('No');
    expect(row.textContent).not.toContain('false');
  });
});
