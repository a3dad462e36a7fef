import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { courseFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const standard = courseFixture({ id: 1, name: 'Standard' });
const russia = courseFixture({ id: 2, name: 'Russia A/B', language: 'ru', is_default: false });
const admin = userFixture({ id: 1, is_admin: true, username: 'admin', course_id: 1 });
const ivan = userFixture({ id: 3, username: 'ivan', email: 'ivan@x.test', course_id: 2 });

function open(url: string, courses = [standard, russia], routes: FakeRoutes = {}) {
  return renderApp(url, {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /courses': { body: courses },
      'GET /admin/users': { body: [admin, ivan] },
      'GET /admin/users/3': { body: ivan, headers: { ETag: '"v1"' } },
      'PUT /admin/users/3': async (request) => ({
        body: { ...ivan, ...((await request.json()) as object) },
        headers: { ETag: '"v2"' },
      }),
      'POST /admin/users': async (request) => ({
        status: 201,
        body: userFixture({ id: 4, course_id: 1, ...((await request.json()) as object) }),
      }),
      ...routes,
    },
  });
}

const courseSelect = (dialog: HTMLElement) =>
  within(dialog).getByLabelText<HTMLSelectElement>(/^Course/);

/** The table's course cells, row by row, as [text, the label a phone's card shows]. */
const courseCells = () => {
  const table = screen.getByTestId('users-table');
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent === 'Course');
  expect(column).toBeGreaterThanOrEqual(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cell = within(row).getAllByRole('cell')[column];
      return [cell?.textContent, cell?.getAttribute('data-label')];
    });
};

describe("a user's course in the admin panel", () => {
  it("lists each user's course by name, labelled on a phone's card too", async () => {
    open('/admin?tab=users');
    await screen.findByText('Users found: 2');
    await waitFor(() =>
      expect(courseCells()).toEqual([
        ['Standard', 'Course'],
        ['Russia A/B', 'Course'],
      ]),
    );
  });

  it("opens an edit on the user's course and moves them with the save", async () => {
    const { requests } = open('/admin?tab=users&edit=3');
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await waitFor(() => expect(courseSelect(dialog).value).toBe('2'));
    expect(
      [...courseSelect(dialog).options].map((option) => [option.value, option.textContent]),
    ).toEqual([
      ['1', 'Standard (English)'],
      ['2', 'Russia A/B (Russian)'],
    ]);
    const hint = document.getElementById(courseSelect(dialog).getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'The course whose exams, training and statistics the user sees. Their results in other courses are kept.',
    );
    fireEvent.change(courseSelect(dialog), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.headers['if-match']).toBe('"v1"');
    expect(put?.body).toEqual({
      username: 'ivan',
      email: 'ivan@x.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_admin: false,
      is_active: true,
      course_id: 1,
    });
  });

  it('adds a user in the default course unless another is chosen', async () => {
    const { requests } = open('/admin?tab=users&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await waitFor(() => expect(courseSelect(dialog).value).toBe('1'));
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'olga' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
      target: { value: 'olga@x.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), {
      target: { value: 'olga-password' },
    });
    fireEvent.change(courseSelect(dialog), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'olga',
      email: 'olga@x.test',
      first_name: '',
      last_name: '',
      password: 'olga-password',
      is_admin: false,
      is_active: true,
      course_id: 2,
    });
  });

  it('leaves a course the list does not hold yet as it is when saving other fields', async () => {
    const newer = { ...ivan, course_id: 9 };
    const { requests } = open('/admin?tab=users&edit=3', [standard, russia], {
      'GET /admin/users/3': { body: newer, headers: { ETag: '"v1"' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await waitFor(() => expect(courseSelect(dialog).value).toBe('1'));
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Ivan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      username: 'ivan',
      email: 'ivan@x.test',
      first_name: 'Ivan',
      last_name: 'Lovelace',
      is_admin: false,
      is_active: true,
    });
  });

  it('asks for no course where there is only one', async () => {
    const { requests } = open('/admin?tab=users&edit=new', [standard]);
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await screen.findByText('Users found: 2');
    expect(within(dialog).queryByLabelText(/^Course/)).toBeNull();
    // The list behind the form is hidden from its roles while the form is open.
    const headers = [...screen.getByTestId('users-table').querySelectorAll('th')];
    expect(headers.map((header) => header.textContent)).not.toContain('Course');
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'olga' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
      target: { value: 'olga@x.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), {
      target: { value: 'olga-password' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).not.toHaveProperty(
      'course_id',
    );
  });
});
