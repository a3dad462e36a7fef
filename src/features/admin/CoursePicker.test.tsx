import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  courseFixture,
  questionFixture,
  renderApp,
  systemStatusFixture,
  userFixture,
  type FakeRoutes,
  type RecordedRequest,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const standard = courseFixture({ id: 1, name: 'Standard', question_total: 200 });
const korea = courseFixture({ id: 2, name: 'Korea', language: 'ko', is_default: false });
const emptyPage = { questions: [], page: 1, limit: 10, totalPages: 1, totalQuestions: 0 };
const topic = {
  id: 5,
  name: 'Signs',
  question_ids: '[1]',
  question_count: 1,
  created_at: '2025-03-01T10:00:00.000Z',
};

/** Ticket `number` of the default course, of one question. */
const ticketFixture = (number: number) => ({
  id: number,
  ticket_number: number,
  question_ids: '[1]',
  question_count: 1,
  max_points: 1,
  created_at: '2025-03-01T10:00:00.000Z',
});

const BANK_ROUTES: FakeRoutes = {
  'GET /auth/me': { body: admin },
  'GET /admin/questions': { body: emptyPage },
  'GET /training-topics': { body: [topic] },
  'GET /training-topics/stats/info': { body: { total_topics: 9, topics_available: 9 } },
  'GET /training-tickets': { body: [] },
  'GET /training-tickets/stats/info': { body: { total_tickets: 9, tickets_available: 9 } },
  'GET /settings/system/status': { body: systemStatusFixture() },
};

function open(path: string, courses: unknown[], routes: FakeRoutes = {}) {
  return renderApp(path, {
    token: 'tok',
    routes: { ...BANK_ROUTES, 'GET /courses': { body: courses }, ...routes },
  });
}

/** The calls made to `path` since `from` (an index into `requests`), with their course. */
const coursesOf = (requests: RecordedRequest[], method: string, path: string, from = 0) =>
  requests
    .slice(from)
    .filter((request) => request.method === method && request.path === path)
    .map((request) => request.query.course_id);

describe('the course picker above the bank tabs', () => {
  it('is not there with one course, and no call names a course', async () => {
    const { requests } = open('/admin?tab=questions', [standard]);
    await screen.findByTestId('questions-table');
    await waitFor(() =>
      expect(coursesOf(requests, 'GET', '/admin/questions')).toEqual([undefined]),
    );
    expect(screen.queryByTestId('course-picker')).toBeNull();
    expect(coursesOf(requests, 'GET', '/training-topics')).toEqual([undefined]);
  });

  it('shows the default course first; choosing another reloads the questions with its course_id and keeps it in the URL', async () => {
    const { requests, router } = open('/admin?tab=questions', [standard, korea]);
    const picker = within(await screen.findByTestId('course-picker')).getByLabelText(/^Course/);
    expect((picker as HTMLSelectElement).value).toBe('1');
    expect(picker.textContent).toContain('Standard (English) — 200 questions');
    expect(picker.textContent).toContain('Korea (Korean) — 200 questions');
    await waitFor(() => expect(coursesOf(requests, 'GET', '/admin/questions')).toEqual(['1']));
    const before = requests.length;
    fireEvent.change(picker, { target: { value: '2' } });
    await waitFor(() =>
      expect(coursesOf(requests, 'GET', '/admin/questions', before)).toEqual(['2']),
    );
    // The topic filter lists this course's topics.
    expect(coursesOf(requests, 'GET', '/training-topics', before)).toEqual(['2']);
    expect(router.state.location.search).toEqual({ tab: 'questions', course: 2 });
  });

  it("sends the chosen course with a new question, the CSV import and delete all, counted in the course's own bank", async () => {
    const { requests } = open('/admin?tab=questions&course=2', [standard, korea], {
      'GET /admin/questions': {
        body: { ...emptyPage, totalQuestions: 4, questions: [] },
      },
      'POST /admin/questions/import-csv': {
        body: {
          message: 'Imported 1 question',
          imported: 1,
          skipped: 0,
          photos: 0,
          topics: 0,
          tickets: 0,
          question_ids: [9],
          renamed_photos: [],
          edited_rows: [],
          updated_rows: [],
          translated_rows: [],
        },
      },
      'DELETE /admin/questions/all/delete': { body: { message: 'ok' } },
    });
    const picker = within(await screen.findByTestId('course-picker')).getByLabelText(/^Course/);
    expect((picker as HTMLSelectElement).value).toBe('2');
    // Delete all: the counts are this course's (4 questions, 1 topic), not the server's totals.
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all questions' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This deletes all 4 questions in the bank.');
    expect(dialog.textContent).toContain('The 1 topic is kept but left with no questions.');
    fireEvent.change(within(dialog).getByTestId('confirm-type'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(coursesOf(requests, 'DELETE', '/admin/questions/all/delete')).toEqual(['2']),
    );

    const file = new File(['question_text\n'], 'bank.csv', { type: 'text/csv' });
    const importPanel = screen.getByTestId('questions-import');
    fireEvent.change(within(importPanel).getByLabelText('Choose files'), {
      target: { files: [file] },
    });
    fireEvent.click(within(importPanel).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(coursesOf(requests, 'POST', '/admin/questions/import-csv')).toEqual(['2']),
    );
  });

  it("says the course's new bank size once an import or a deletion changed it", async () => {
    let total = 200;
    const { requests } = open('/admin?tab=questions&course=2', [], {
      'GET /courses': () => ({
        body: [standard, courseFixture({ ...korea, question_total: total })],
      }),
      'GET /admin/questions': { body: { ...emptyPage, totalQuestions: 4 } },
      'POST /admin/questions/import-csv': () => {
        total = 230;
        return {
          body: {
            message: 'Imported 30 questions',
            imported: 30,
            skipped: 0,
            photos: 0,
            topics: 0,
            tickets: 0,
            question_ids: [9],
            renamed_photos: [],
            edited_rows: [],
            updated_rows: [],
            translated_rows: [],
          },
        };
      },
      'DELETE /admin/questions/all/delete': () => {
        total = 0;
        return { body: { message: 'ok' } };
      },
    });
    const picker = within(await screen.findByTestId('course-picker')).getByLabelText(/^Course/);
    expect(picker.textContent).toContain('Korea (Korean) — 200 questions');

    const importPanel = screen.getByTestId('questions-import');
    fireEvent.change(within(importPanel).getByLabelText('Choose files'), {
      target: { files: [new File(['question_text\n'], 'bank.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(importPanel).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(picker.textContent).toContain('Korea (Korean) — 230 questions'));

    fireEvent.click(await screen.findByRole('button', { name: 'Delete all questions' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('confirm-type'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(picker.textContent).toContain('Korea (Korean) — 0 questions'));
    expect(requests.filter((request) => request.path === '/courses').length).toBeGreaterThan(2);
  });

  it('creates a question in the chosen course', async () => {
    const { requests } = open('/admin?tab=questions&course=2&edit=new', [standard, korea], {
      'POST /admin/questions': {
        status: 201,
        body: questionFixture({
          id: 9,
          question_text: 'What does a red light mean?',
          answer_2: 'Go',
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    fireEvent.change(within(dialog).getByLabelText(/^Question text/), {
      target: { value: 'What does a red light mean?' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Answer A/), { target: { value: 'Stop' } });
    fireEvent.change(within(dialog).getByLabelText(/^Answer B/), { target: { value: 'Go' } });
    fireEvent.change(within(dialog).getByLabelText(/^Correct answers/), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(coursesOf(requests, 'POST', '/admin/questions')).toEqual(['2']));
  });

  it('keeps the course from tab to tab: tickets listed, counted and generated in it', async () => {
    const { requests, router } = open('/admin?tab=questions&course=2', [standard, korea], {
      'GET /admin/questions': { body: { ...emptyPage, totalQuestions: 80 } },
      'POST /training-tickets/generate': {
        body: { message: 'Generated 2 tickets', total_tickets: 2, questions_per_ticket: 40 },
      },
    });
    await screen.findByTestId('course-picker');
    fireEvent.click(screen.getByRole('tab', { name: 'Training Tickets' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'tickets', course: 2 }),
    );
    await waitFor(() => expect(coursesOf(requests, 'GET', '/training-tickets')).toEqual(['2']));
    // Its stats come from its own list (the stats call knows no course).
    await waitFor(() => expect(screen.getByTestId('tickets-total').textContent).toContain('0'));
    expect(requests.some((request) => request.path === '/training-tickets/stats/info')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Generate tickets' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(coursesOf(requests, 'POST', '/training-tickets/generate')).toEqual(['2']),
    );
  });

  it('creates, imports, exports and deletes all topics in the course the URL names after a reload', async () => {
    const { requests } = open('/admin?tab=topics&course=2', [standard, korea], {
      'POST /training-topics': { status: 201, body: topic },
      'POST /training-topics/import-csv': { body: { message: 'Imported 1 topic', imported: 1 } },
      'GET /training-topics/export': { body: 'name,question_ids\n' },
      'DELETE /training-topics/all/delete': { body: { message: 'ok' } },
    });
    const picker = within(await screen.findByTestId('course-picker')).getByLabelText(/^Course/);
    expect((picker as HTMLSelectElement).value).toBe('2');
    await waitFor(() => expect(screen.getByTestId('topics-total').textContent).toContain('1'));
    expect(coursesOf(requests, 'GET', '/training-topics')).toEqual(['2']);
    // The import's note offers the name columns of the other languages, not the course's own.
    expect(screen.getByText(/Optional columns/).textContent).toContain(
      'Optional columns name@en, name@ru, and name@zh give',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add topic' });
    fireEvent.change(within(dialog).getByLabelText(/^Name(?! \()/), {
      target: { value: 'Lights' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Question IDs/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(coursesOf(requests, 'POST', '/training-topics')).toEqual(['2']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const file = new File(['name,question_ids\n'], 'topics.csv', { type: 'text/csv' });
    const importPanel = screen.getByTestId('topics-import');
    fireEvent.change(within(importPanel).getByLabelText(/CSV file/), { target: { files: [file] } });
    fireEvent.click(within(importPanel).getByRole('button', { name: 'Upload CSV' }));
    await waitFor(() =>
      expect(coursesOf(requests, 'POST', '/training-topics/import-csv')).toEqual(['2']),
    );

    URL.createObjectURL = () => 'blob:topics';
    URL.revokeObjectURL = () => {};
    // jsdom cannot follow the download link.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(coursesOf(requests, 'GET', '/training-topics/export')).toEqual(['2']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete all topics' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(coursesOf(requests, 'DELETE', '/training-topics/all/delete')).toEqual(['2']),
    );
  });

  it("shows the translations CSV's columns in a language the course is translated into", async () => {
    const russia = courseFixture({ id: 3, name: 'Russia', language: 'ru', is_default: false });
    open('/admin?tab=questions&course=3', [standard, korea, russia]);
    const panel = await screen.findByTestId('translations-import');
    await waitFor(() =>
      expect(panel.textContent).toContain('question_id,question_text@en,answer_1@en'),
    );
    expect(panel.textContent).toContain('question_text@en, answer_1@en … explanation@en');
    expect(panel.textContent).not.toContain('@ru');
  });

  it('drops from the URL a course that is gone, showing the default one', async () => {
    const { router, requests } = open('/admin?tab=topics&course=9', [standard, korea]);
    const picker = within(await screen.findByTestId('course-picker')).getByLabelText(/^Course/);
    expect((picker as HTMLSelectElement).value).toBe('1');
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'topics' }));
    expect(coursesOf(requests, 'GET', '/training-topics')).not.toContain('9');
  });
});

describe('the overview with several courses', () => {
  it("lists each course's questions, topics and tickets", async () => {
    open('/admin', [standard, korea], {
      'GET /admin/users': { body: [admin] },
      'GET /training-topics': (request) => ({
        body: new URL(request.url).searchParams.get('course_id') === '2' ? [topic, topic] : [topic],
      }),
      'GET /training-tickets': (request) => ({
        body:
          new URL(request.url).searchParams.get('course_id') === '2'
            ? []
            : [1, 2, 3].map((number) => ticketFixture(number)),
      }),
    });
    const table = await screen.findByTestId('overview-courses');
    await waitFor(() => {
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Standard', '200', '1', '3'],
        ['Korea', '200', '2', '0'],
      ]);
    });
  });

  it('names the course of each entry that has one, and none with a single course', async () => {
    const entry = (id: number, action: string, details: Record<string, string | number>) => ({
      id,
      action,
      summary: 'English',
      details,
      username: 'admin',
      created_at: '2026-12-07T08:00:00Z',
    });
    const status = {
      ...systemStatusFixture(),
      recent_activity: [
        entry(2, 'question.import', { count: 60, skipped: 0, filename: 'ko.csv', course: 'Korea' }),
        entry(1, 'setting.update', { key: 'daily_goal' }),
      ],
    };
    const routes = {
      'GET /admin/users': { body: [admin] },
      'GET /settings/system/status': { body: status },
    };
    const metas = async () => {
      const feed = await screen.findByTestId('activity-feed');
      return [...feed.querySelectorAll('li > p:last-child')].map((meta) =>
        meta.textContent?.replace(/ · [^·]+$/, ''),
      );
    };
    open('/admin', [standard, korea], routes);
    expect(await metas()).toEqual(['admin · Korea', 'admin']);
    cleanup();
    open('/admin', [standard], routes);
    expect(await metas()).toEqual(['admin', 'admin']);
  });
});
