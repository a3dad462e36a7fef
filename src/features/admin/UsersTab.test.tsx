import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(cleanup);

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const learners = Array.from({ length: 60 }, (_, index) =>
  userFixture({ id: index + 2, username: `learner${index + 1}`, email: `l${index + 1}@x.test` }),
);

function open(url = '/admin?tab=users') {
  const all = [admin, ...learners];
  return renderApp(url, {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /admin/users': (request) => {
        const search = new URL(request.url).searchParams.get('search');
        return { body: search ? all.filter((user) => user.username.includes(search)) : all };
      },
      'GET /admin/users/3': { body: learners[1], headers: { ETag: '"v1"' } },
      'POST /admin/users': async (request) => {
        const body = (await request.json()) as { username: string; email: string };
        const user = userFixture({ id: all.length + 1, ...body });
        all.push(user);
        return { status: 201, body: user };
      },
    },
  });
}

const rowNames = () =>
  within(screen.getByTestId('users-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the users list', () => {
  it('shows 61 users 25 a page, with the pager the questions use', async () => {
    open();
    await screen.findByText('Users found: 61, showing 1–25');
    expect(rowNames()).toHaveLength(25);
    const pager = screen.getByRole('navigation', { name: 'User pages' });
    within(pager).getByText('Page 1 of 3');
    // A number typed but not sent belongs to the page it was typed on.
    fireEvent.change(within(pager).getByLabelText('Go to page'), { target: { value: '3' } });
    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    screen.getByText('Users found: 61, showing 26–50');
    expect(rowNames()[0]).toBe('learner25');
    expect(within(pager).getByLabelText<HTMLInputElement>('Go to page').value).toBe('');
    // A page is a whole number: 2.5 is refused with the rule, the page stays.
    fireEvent.change(within(pager).getByLabelText('Go to page'), { target: { value: '2.5' } });
    fireEvent.click(within(pager).getByRole('button', { name: 'Go' }));
    expect(within(pager).getByRole('alert').textContent).toBe('Enter a whole number from 1 to 3.');
    screen.getByText('Users found: 61, showing 26–50');

    // A search starts again at its first page.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'learner1' } });
    await screen.findByText('Users found: 11');
    expect(screen.queryByRole('navigation', { name: 'User pages' })).toBeNull();
    expect(rowNames()[0]).toBe('learner1');
  });

  it('keeps the page in the URL, so a reload or a shared link opens the same page', async () => {
    const { router } = open();
    await screen.findByText('Users found: 61, showing 1–25');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'users', page: 2 }));

    cleanup();
    open('/admin?tab=users&page=3');
    await screen.findByText('Users found: 61, showing 51–61');
    expect(rowNames()[0]).toBe('learner50');
  });

  it('writes a search that reads as a number or a word of JSON into the URL as typed', async () => {
    const { router } = open('/admin?tab=users&search=150');
    expect((await screen.findByLabelText<HTMLInputElement>('Search')).value).toBe('150');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'true' } });
    await waitFor(() => expect(router.state.location.href).toBe('/admin?tab=users&search=true'));

    cleanup();
    open('/admin?tab=users&search=true');
    expect((await screen.findByLabelText<HTMLInputElement>('Search')).value).toBe('true');
  });

  it('turns a page beyond the list into its last page', async () => {
    const { router } = open('/admin?tab=users&page=9');
    await screen.findByText('Users found: 61, showing 51–61');
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'users', page: 3 }));
  });

  it('shows the page that holds a user just added', async () => {
    open();
    await screen.findByText('Users found: 61, showing 1–25');
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'newcomer' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
      target: { value: 'newcomer@x.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), {
      target: { value: 'newcomer-password' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Users found: 62, showing 51–62');
    expect(rowNames()).toContain('newcomer');
  });

  it.each([
    ['a new user', '/admin?tab=users&edit=new', 'Add user', 'Create'],
    ['a reset', '/admin?tab=users&edit=3', 'Edit user', 'Save'],
  ])(
    'refuses a password of spaces only for %s, at the field, and sends nothing',
    async (...args) => {
      const [, url, title, action] = args;
      const { requests } = open(url);
      const dialog = await screen.findByRole('dialog', { name: title });
      const password = await within(dialog).findByLabelText(/^Password/);
      if (title === 'Add user') {
        fireEvent.change(within(dialog).getByLabelText(/^Username/), {
          target: { value: 'spacey' },
        });
        fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
          target: { value: 'spacey@x.test' },
        });
      }
      fireEvent.change(password, { target: { value: ' \t ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: action }));
      expect(await within(dialog).findByText("A password can't be only spaces.")).toBeTruthy();
      expect(document.activeElement).toBe(password);
      expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
    },
  );

  it("says in the administrator's own row, where Delete would be, that an account cannot delete itself", async () => {
    open();
    await screen.findByText('Users found: 61, showing 1–25');
    const own = within(screen.getByTestId('users-table'))
      .getAllByRole('row')
      .find((row) => within(row).queryByText('admin'))!;
    expect(within(own).queryByRole('button', { name: 'Delete user admin' })).toBeNull();
    expect(within(own).getByTestId('cannot-delete').textContent).toBe(
      'You cannot delete your own account.',
    );
    expect(screen.getByRole('button', { name: 'Delete user learner1' })).toBeTruthy();
  });

  it('says before deleting a user that their results and progress go too', async () => {
    open();
    await screen.findByText('Users found: 61, showing 1–25');
    fireEvent.click(screen.getByRole('button', { name: 'Delete user learner1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain(
      'Their exam results, training progress and review history are deleted with the account',
    );
  });
});
