import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../api';
import { courseFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// The topic's own name field, not its names in other languages ("Name (Russian)").
const NAME = /^Name(?! \()/;

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const topic = (ids: number[]): components['schemas']['Topic'] => ({
  id: 3,
  name: 'Road signs',
  question_ids: JSON.stringify(ids),
  question_count: ids.length,
  created_at: '2025-03-01T10:00:00.000Z',
});

function open(path: string, routes: FakeRoutes = {}) {
  return renderApp(path, {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /training-topics/stats/info': { body: { total_topics: 1, topics_available: 1 } },
      'GET /training-topics': { body: [topic([125, 126, 127, 128, 129, 130, 131, 132, 133, 134])] },
      ...routes,
    },
  });
}

describe('the topic form', () => {
  it('takes question IDs separated by commas, semicolons or spaces, and sends them as a list', async () => {
    const { requests } = open('/admin?tab=topics&edit=new', {
      'POST /training-topics': { status: 201, body: topic([1, 2, 3]) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add topic' });
    fireEvent.change(within(dialog).getByLabelText(NAME), { target: { value: 'Signs' } });
    const ids = within(dialog).getByLabelText(/^Question IDs/);
    fireEvent.change(ids, { target: { value: '1, 2;3 3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: 'Signs', question_ids: [1, 2, 3], translations: {} });
  });

  it('opens a stored topic with its IDs as a reader writes them, and keeps the name to 200 characters', async () => {
    open('/admin?tab=topics&edit=3', {
      'GET /training-topics/3': { body: topic([5, 8, 13]), headers: { etag: '"v1"' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    const ids = (await within(dialog).findByLabelText(/^Question IDs/)) as HTMLTextAreaElement;
    expect(ids.value).toBe('5, 8, 13');
    expect((within(dialog).getByLabelText(NAME) as HTMLInputElement).maxLength).toBe(200);
  });

  it('renames a topic whose questions were all deleted, its IDs left empty', async () => {
    const { requests } = open('/admin?tab=topics&edit=3', {
      'GET /training-topics/3': { body: topic([]), headers: { etag: '"v1"' } },
      'PUT /training-topics/3': { body: { ...topic([]), name: 'Signs' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    const ids = (await within(dialog).findByLabelText(/^Question IDs/)) as HTMLTextAreaElement;
    expect(ids.value).toBe('');
    expect(ids.required).toBe(false);
    expect(dialog.textContent).toContain('This topic has no questions left');
    fireEvent.change(within(dialog).getByLabelText(NAME), { target: { value: 'Signs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Signs',
      question_ids: [],
      translations: {},
    });
  });

  it('drops from the list a topic that its save finds deleted by someone else', async () => {
    const list = { body: [topic([5, 8])] };
    open('/admin?tab=topics&edit=3', {
      'GET /training-topics': list,
      'GET /training-topics/3': { body: topic([5, 8]), headers: { etag: '"v1"' } },
      'PUT /training-topics/3': { status: 404, body: { detail: 'Topic not found' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    await within(dialog).findByLabelText(/^Question IDs/);
    expect(screen.getAllByText('Road signs').length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText(NAME), { target: { value: 'Signs' } });
    list.body = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByTestId('edit-missing');
    // The form stays, with what was typed; the list behind it no longer shows the topic.
    expect((within(dialog).getByLabelText(NAME) as HTMLInputElement).value).toBe('Signs');
    await waitFor(() => expect(screen.queryByText('Road signs')).toBeNull());
  });

  it('still needs at least one ID for a topic that has questions', async () => {
    const { requests } = open('/admin?tab=topics&edit=3', {
      'GET /training-topics/3': { body: topic([5]), headers: { etag: '"v1"' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    const ids = await within(dialog).findByLabelText(/^Question IDs/);
    fireEvent.change(ids, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter at least one question ID.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('lists a topic’s IDs readably: the first ones, then how many more', async () => {
    open('/admin?tab=topics');
    await screen.findByText('125, 126, 127, 128, 129, 130, 131, 132, … and 2 more');
  });

  describe('in a course whose exam is in Korean', () => {
    const standard = courseFixture({ id: 1, name: 'Standard' });
    const korea = courseFixture({ id: 2, name: 'Korea', language: 'ko', is_default: false });
    const signs = {
      ...topic([5, 8]),
      name: '표지판',
      translations: { ru: 'Знаки', en: 'Road signs' },
    };
    const inKorea = (routes: FakeRoutes) =>
      open('/admin?tab=topics&course=2&edit=3', {
        'GET /courses': { body: [standard, korea] },
        'GET /training-topics/3': { body: signs, headers: { etag: '"v1"' } },
        ...routes,
      });

    it('offers the name in the three other languages, filled as stored, and sends what is typed', async () => {
      const { requests } = inKorea({ 'PUT /training-topics/3': { body: signs } });
      const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
      const russian = (await within(dialog).findByLabelText('Name (Russian)')) as HTMLInputElement;
      await waitFor(() => expect(russian.value).toBe('Знаки'));
      expect(russian.lang).toBe('ru');
      expect((within(dialog).getByLabelText('Name (English)') as HTMLInputElement).value).toBe(
        'Road signs',
      );
      expect((within(dialog).getByLabelText('Name (Chinese)') as HTMLInputElement).value).toBe('');
      // Korean is the topic's own name: no field of its own.
      expect(within(dialog).queryByLabelText('Name (Korean)')).toBeNull();
      expect(within(dialog).getByRole('group', { name: 'Name in other languages' })).toBeTruthy();

      fireEvent.change(russian, { target: { value: ' Дорожные знаки ' } });
      fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: '' } });
      fireEvent.change(within(dialog).getByLabelText('Name (Chinese)'), {
        target: { value: '交通标志' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        name: '표지판',
        question_ids: [5, 8],
        translations: { ru: 'Дорожные знаки', zh: '交通标志' },
      });
    });

    it('says a name too long at its language’s field, and the server’s refusal there too', async () => {
      const { requests } = inKorea({
        'PUT /training-topics/3': {
          status: 422,
          body: { detail: 'The topic’s name in Chinese is refused', field: 'translations.zh' },
        },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
      const russian = (await within(dialog).findByLabelText('Name (Russian)')) as HTMLInputElement;
      await waitFor(() => expect(russian.value).toBe('Знаки'));
      fireEvent.change(russian, { target: { value: 'Я'.repeat(201) } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('At most 200 characters.')).toBeTruthy();
      expect(document.activeElement).toBe(russian);
      expect(requests.some((request) => request.method === 'PUT')).toBe(false);

      fireEvent.change(russian, { target: { value: 'Знаки' } });
      const chinese = within(dialog).getByLabelText('Name (Chinese)');
      fireEvent.change(chinese, { target: { value: '标志' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText('The topic’s name in Chinese is refused'),
      ).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(chinese));
    });

    it('lists each topic’s names in other languages under its own, each in its language', async () => {
      open('/admin?tab=topics&course=2', {
        'GET /courses': { body: [standard, korea] },
        'GET /training-topics': { body: [signs] },
      });
      const table = await screen.findByTestId('topics-table');
      const russian = await within(table).findByText('Знаки');
      expect(russian.getAttribute('lang')).toBe('ru');
      expect(within(table).getByText('Road signs').getAttribute('lang')).toBe('en');
      expect(within(table).getByText('표지판')).toBeTruthy();
    });
  });
});
