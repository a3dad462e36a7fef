import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  renderApp,
  systemStatusFixture,
  userFixture,
  type FakeResponse,
  type FakeRoutes,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

function routes(imports: FakeRoutes[string][]): FakeRoutes {
  return {
    'GET /auth/me': { body: admin },
    'GET /admin/questions': {
      body: { questions: [], page: 1, limit: 10, totalPages: 0, totalQuestions: 0 },
    },
    'GET /training-topics': { body: [] },
    'POST /admin/questions/import-csv': (request) => {
      const next = imports.shift() ?? { status: 500, body: {} };
      return typeof next === 'function' ? next(request) : next;
    },
  };
}

async function openImport(fake: FakeRoutes) {
  const app = renderApp('/admin?tab=questions', { token: 'tok', routes: fake });
  return { ...app, panel: within(await screen.findByTestId('questions-import')) };
}

const file = (name: string, type = 'application/octet-stream', bytes = 16) =>
  new File([new Uint8Array(bytes)], name, { type });

/** Every language's strings, added to the test's English-only i18next to read the panel in one. */
const LOCALE_FILES = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The import area, its interface in `language`. */
async function openImportIn(language: 'ru' | 'ko', fake: FakeRoutes) {
  const app = renderApp('/admin?tab=questions', { token: 'tok', routes: fake });
  const i18n = app.router.options.context.i18n;
  for (const [path, strings] of Object.entries(LOCALE_FILES)) {
    const [namespace = '', lang = ''] = path.split('/').reverse();
    if (lang === language) i18n.addResourceBundle(lang, namespace.replace('.json', ''), strings);
  }
  await i18n.changeLanguage(language);
  return { ...app, panel: within(await screen.findByTestId('questions-import')) };
}

/** An import's answer: two questions with their two photos and a topic. */
const TWO_WITH_PHOTOS = {
  message: 'ok',
  imported: 2,
  skipped: 0,
  photos: 2,
  topics: 1,
  tickets: 0,
  question_ids: [5, 6],
  renamed_photos: [],
  edited_rows: [],
  updated_rows: [],
  translated_rows: [],
};

describe('the questions import area', () => {
  it('takes a CSV and its photos dropped together, sends them as one import and says what came in', async () => {
    const { panel, requests } = await openImport(
      routes([
        {
          body: TWO_WITH_PHOTOS,
        },
      ]),
    );
    const drop = panel.getByTestId('bank-drop');
    fireEvent.drop(drop, {
      dataTransfer: { files: [file('bank.csv', 'text/csv'), file('a.png'), file('b.png')] },
    });
    expect(panel.getByTestId('bank-chosen').textContent).toBe('bank.csv, 2 photos (48 bytes)');
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported 2 questions, 2 photos and 1 topic.');
    const sent = requests.filter((request) => request.path === '/admin/questions/import-csv');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.body).match(/name="file"/g)).toHaveLength(3);
  });

  it('names the lines that have a stored question’s text with other answers, and that question', async () => {
    const { panel } = await openImport(
      routes([
        {
          body: {
            ...TWO_WITH_PHOTOS,
            edited_rows: [
              { line: 3, question_id: 204 },
              { line: 9, question_id: 210 },
            ],
          },
        },
      ]),
    );
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.csv')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Imported 2 questions, 2 photos and 1 topic. Lines 3, 9 have the texts of questions #204, #210 with other answers or details: they were added beside them; delete the old ones if they replace them.',
    );
  });

  it('names a file chosen beside the CSV that the import does not read, such as an SVG', async () => {
    const { panel } = await openImport(routes([]));
    fireEvent.drop(panel.getByTestId('bank-drop'), {
      dataTransfer: { files: [file('bank.csv', 'text/csv'), file('a.png'), file('sign.svg')] },
    });
    expect(panel.getByTestId('bank-chosen').textContent).toBe(
      'bank.csv, 1 photo (48 bytes); not read (not a CSV, a zip or a PNG, JPEG, WebP or GIF photo): sign.svg',
    );
  });

  it("says a chosen file's size in the unit it reads best in, a few bytes as bytes", async () => {
    const { panel } = await openImport(routes([]));
    const sizes: [number, string][] = [
      [1, 'bank.csv (1 byte)'],
      [700, 'bank.csv (700 bytes)'],
      [1536, 'bank.csv (1.5 KB)'],
      [600_000, 'bank.csv (586 KB)'],
      // Just under a megabyte reads as one, not as 1,024 KB.
      [1_048_500, 'bank.csv (1 MB)'],
      [3_670_016, 'bank.csv (3.5 MB)'],
      [50_000_000, 'bank.csv (48 MB)'],
    ];
    for (const [bytes, said] of sizes) {
      fireEvent.change(panel.getByLabelText('Choose files'), {
        target: { files: [file('bank.csv', 'text/csv', bytes)] },
      });
      expect(panel.getByTestId('bank-chosen').textContent, `${bytes} bytes`).toBe(said);
    }
  });

  it("writes a chosen file's size as the interface language does", async () => {
    const russian = await openImportIn('ru', routes([]));
    const choose = async (bytes: number) => {
      fireEvent.change(await russian.panel.findByLabelText('Выбрать файлы'), {
        target: { files: [file('bank.csv', 'text/csv', bytes)] },
      });
      return russian.panel.getByTestId('bank-chosen').textContent;
    };
    expect(await choose(3)).toBe('bank.csv (3 байта)');
    expect(await choose(5)).toBe('bank.csv (5 байт)');
    expect(await choose(1536)).toBe('bank.csv (1,5 КБ)');
    expect(await choose(3_670_016)).toBe('bank.csv (3,5 МБ)');
    cleanup();
    const korean = await openImportIn('ko', routes([]));
    fireEvent.change(await korean.panel.findByLabelText('파일 선택'), {
      target: { files: [file('bank.csv', 'text/csv', 16)] },
    });
    expect(korean.panel.getByTestId('bank-chosen').textContent).toBe('bank.csv (16바이트)');
  });

  it('refuses to send photos without their CSV, or a zip with other files', async () => {
    const { panel } = await openImport(routes([]));
    fireEvent.change(panel.getByLabelText('Choose files'), { target: { files: [file('a.png')] } });
    expect(panel.getByRole('alert').textContent).toMatch(/^Choose one questions CSV/);
    expect(panel.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.zip'), file('a.png')] },
    });
    expect(panel.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('lists each refused line, the topics file named, and copies the list', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { panel } = await openImport(
      routes([
        {
          status: 422,
          body: {
            detail: 'The file has 2 bad rows; nothing was imported',
            errors: [
              { line: 3, reason: 'The photo "x.png" is neither in the package nor on the server' },
              {
                line: 2,
                file: 'topics.csv',
                reason: 'The questions CSV has 4 questions; it has no row 9',
              },
            ],
          },
        },
      ]),
    );
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.zip')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    const list = await panel.findByTestId('csv-errors');
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Line 3: The photo "x.png" is neither in the package nor on the server',
      'topics.csv, line 2: The questions CSV has 4 questions; it has no row 9',
    ]);
    fireEvent.click(panel.getByRole('button', { name: 'Copy the list' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(lines.join('\n')));
    expect(panel.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it("names beside a refused line the spreadsheet row it is, where a cell's line breaks part them", async () => {
    const csv = [
      'question_text;answer_1;answer_2;right_answers;explanation',
      'Q1;Yes;No;1;"A long explanation',
      'over three',
      'lines"',
      'Q2;Yes;No;7;',
    ].join('\r\n');
    const { panel } = await openImport(
      routes([
        {
          status: 422,
          body: {
            detail: 'The file has 1 bad row; nothing was imported',
            errors: [{ line: 5, reason: 'right_answers names answer 7, which is empty' }],
          },
        },
      ]),
    );
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [new File([csv], 'bilety.csv', { type: 'text/csv' }), file('a.png')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    const list = await panel.findByTestId('csv-errors');
    await waitFor(() =>
      expect(within(list).getByRole('listitem').textContent).toBe(
        'Line 5 (row 3 in a spreadsheet): right_answers names answer 7, which is empty',
      ),
    );
  });

  it('replaces photos of taken names only once asked, sending the files again with the flag', async () => {
    const { panel, requests } = await openImport(
      routes([
        {
          status: 409,
          body: { detail: 'taken', photos: ['stop.png'], photo_courses: ['Standard', 'Korea'] },
        },
        {
          body: {
            message: 'ok',
            imported: 1,
            skipped: 0,
            photos: 1,
            topics: 0,
            tickets: 0,
            question_ids: [7],
            renamed_photos: [],
            edited_rows: [],
            updated_rows: [],
            translated_rows: [],
          },
        },
      ]),
    );
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.csv'), file('stop.png')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    expect((await panel.findByTestId('bank-conflict')).textContent).toBe('stop.png');
    // Whose pictures the replacement changes: another school's bank among them.
    expect(panel.getByText(/Questions of these courses/).textContent).toContain(
      'Questions of these courses use it now: Standard and Korea.',
    );
    fireEvent.click(panel.getByRole('button', { name: 'Replace the photo and import' }));
    await screen.findByText('Imported 1 question, 1 photo and 0 topics.');
    const sent = requests.filter((request) => request.path === '/admin/questions/import-csv');
    expect(sent.map((request) => request.query.replace_photos)).toEqual([undefined, 'true']);
  });
  it('leaves out questions the bank already has unless unticked, and says how many it skipped', async () => {
    const { panel, requests } = await openImport(
      routes([
        {
          body: {
            message: 'ok',
            imported: 1,
            skipped: 3,
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
        {
          body: {
            message: 'ok',
            imported: 4,
            skipped: 0,
            photos: 0,
            topics: 0,
            tickets: 0,
            question_ids: [],
            renamed_photos: [],
            edited_rows: [],
            updated_rows: [],
            translated_rows: [],
          },
        },
      ]),
    );
    const box = panel.getByLabelText<HTMLInputElement>(
      'Skip questions the course already has, and rows the file repeats',
    );
    expect(box.checked).toBe(true);
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.csv')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Imported 1 question, 0 photos and 0 topics. Skipped 3 questions already in the bank.',
    );
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.csv')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported 4 questions, 0 photos and 0 topics.');
    const sent = requests.filter((request) => request.path === '/admin/questions/import-csv');
    expect(sent.map((request) => request.query.skip_duplicates)).toEqual(['true', undefined]);
  });

  it("names the photos stored under new names because other courses' photos hold theirs", async () => {
    const { panel } = await openImport(
      routes([
        {
          body: {
            ...TWO_WITH_PHOTOS,
            topics: 0,
            tickets: 0,
            renamed_photos: [
              { from: '1.png', to: '1-Xk3v_9aQ.png' },
              { from: '2.png', to: '2-b7Yt0-Lm.png' },
            ],
          },
        },
      ]),
    );
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.zip')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Imported 2 questions, 2 photos and 0 topics. Other courses have different photos of the same names, so these go by names of their own: 1.png → 1-Xk3v_9aQ.png, 2.png → 2-b7Yt0-Lm.png.',
    );
  });

  it("says how many official tickets the file's ticket column made", async () => {
    const { panel } = await openImport(routes([{ body: { ...TWO_WITH_PHOTOS, tickets: 40 } }]));
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('bank.zip')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      "Imported 2 questions, 2 photos and 1 topic. Made 40 tickets from the file's ticket column.",
    );
  });

  it('imports a new edition over the stored questions when asked, and says which lines updated them', async () => {
    const { panel, requests } = await openImport(
      routes([
        {
          body: {
            ...TWO_WITH_PHOTOS,
            imported: 0,
            updated_rows: [
              { line: 3, question_id: 204 },
              { line: 9, question_id: 210 },
            ],
            translated_rows: [{ line: 5, question_id: 206 }],
          },
        },
      ]),
    );
    const skip = panel.getByLabelText<HTMLInputElement>(
      'Skip questions the course already has, and rows the file repeats',
    );
    const update = panel.getByRole<HTMLInputElement>('checkbox', {
      name: 'Update the questions whose text the course has (a new edition of the bank)',
    });
    expect(update.checked).toBe(false);
    // What it does is read with it.
    expect(update.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(update.getAttribute('aria-describedby')!)?.textContent,
    ).toContain('its learners keep their progress');

    fireEvent.click(skip);
    expect(skip.checked).toBe(false);
    fireEvent.click(update);
    // A new edition leaves copies out as well: the box says so and cannot be unticked.
    expect(skip.checked).toBe(true);
    expect(skip.disabled).toBe(true);
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('edition-2024.csv')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      "Imported 0 questions, 2 photos and 1 topic. Updated 2 questions in place (lines 3, 9). Stored the file's translations on 1 question already in the bank (line 5).",
    );
    const sent = requests.filter((request) => request.path === '/admin/questions/import-csv');
    expect(sent.map((request) => request.query)).toEqual([{ update_edited: 'true' }]);
  });

  it('still says what came in when the administrator went to another tab while it was on its way', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const answered = new Promise<FakeResponse>((resolve) => (answer = resolve));
    const { panel, router, requests } = await openImport({
      ...routes([() => answered]),
      'GET /settings/system/status': { body: systemStatusFixture() },
    });
    fireEvent.change(panel.getByLabelText('Choose files'), {
      target: { files: [file('big.zip')] },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Import' }));
    // While it goes, leaving the page is asked about first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await act(() => router.navigate({ to: '/admin', search: { tab: 'overview' } }));
    await waitFor(() => expect(screen.queryByTestId('questions-import')).toBeNull());
    const statusReads = () =>
      requests.filter((request) => request.path === '/settings/system/status').length;
    await waitFor(() => expect(statusReads()).toBeGreaterThan(0));
    const readsBefore = statusReads();
    answer({ body: TWO_WITH_PHOTOS });
    await screen.findByText('Imported 2 questions, 2 photos and 1 topic.');
    // The Overview's counts and feed are read again: the import is in them.
    await waitFor(() => expect(statusReads()).toBe(readsBefore + 1));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
