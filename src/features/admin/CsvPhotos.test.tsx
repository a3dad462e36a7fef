import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import koreanAdmin from '../../../public/locales/ko/admin.json';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

/**
 * The server: each upload in turn is stored, or (`taken`) finds its name holding another photo
 * (409) unless it says replace. (jsdom's files reach the fake without their names.)
 */
function routes(outcomes: ('stored' | 'taken')[] = [], usedBy: string[][] = []): FakeRoutes {
  return {
    'GET /auth/me': { body: admin },
    'GET /admin/questions': {
      body: { questions: [], page: 1, limit: 10, totalPages: 0, totalQuestions: 0 },
    },
    'GET /training-topics': { body: [] },
    'POST /admin/questions/upload-image': (request) => {
      if (new URL(request.url).searchParams.get('replace') === 'true') {
        return { status: 200, body: { filename: 'x', url: '/x?v=2', status: 'replaced' } };
      }
      if (outcomes.shift() === 'taken') {
        return {
          status: 409,
          body: { detail: 'taken', photos: ['x'], photo_courses: usedBy.shift() ?? [] },
        };
      }
      return { status: 201, body: { filename: 'x', url: '/x?v=1', status: 'created' } };
    },
  };
}

async function openPhotos(fake: FakeRoutes) {
  const app = renderApp('/admin?tab=questions', { token: 'tok', routes: fake });
  return { ...app, photos: within(await screen.findByTestId('csv-photos')) };
}

const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });
const choose = (photos: ReturnType<typeof within>, files: File[]) =>
  fireEvent.change(photos.getByLabelText('Choose photos'), { target: { files } });

describe("the questions CSV import's photos", () => {
  it('uploads many photos at once under their own names, each with its result, kept for a reload', async () => {
    const { photos } = await openPhotos(routes());
    choose(photos, [png('stop.png'), png('lights.png')]);
    await waitFor(() => expect(photos.getAllByRole('listitem')).toHaveLength(2));
    const items = photos.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['stop.pngstoredCopy', 'lights.pngstoredCopy']);

    cleanup();
    const again = await openPhotos(routes());
    expect(again.photos.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(again.photos.getByRole('button', { name: 'Clear this list' }));
    expect(again.photos.queryAllByRole('listitem')).toHaveLength(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('replaces photos stored under the same names only once the administrator confirms', async () => {
    const { photos, requests } = await openPhotos(routes(['taken', 'stored', 'taken']));
    choose(photos, [png('stop.png'), png('new.png'), png('give-way.png')]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('stop.png, give-way.png');
    // While the administrator is asked, the two wait: not listed as kept, no progress shown.
    // (Under the open dialog, the page is hidden from the accessibility tree.)
    expect(
      photos.getAllByRole('listitem', { hidden: true }).map((item) => item.textContent),
    ).toEqual(['new.pngstoredCopy']);
    expect(photos.queryByTestId('photos-progress')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace all 2' }));
    await waitFor(() =>
      expect(photos.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'stop.pngreplacedCopy',
        'give-way.pngreplacedCopy',
        'new.pngstoredCopy',
      ]),
    );
    const replaced = requests.filter((request) => request.query.replace === 'true');
    expect(replaced).toHaveLength(2);
  });

  it('asks to replace one photo with a plain "Replace", in Korean too, which has no plural form for one', async () => {
    const { photos, router } = await openPhotos(routes(['taken', 'taken']));
    choose(photos, [png('stop.png')]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Replace' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the stored one' }));
    await photos.findByText('not uploaded: the stored photo of this name was kept');

    const i18n = router.options.context.i18n;
    i18n.addResourceBundle('ko', 'admin', koreanAdmin, true, true);
    await act(() => i18n.changeLanguage('ko'));
    fireEvent.change(photos.getByTestId('photo-files'), { target: { files: [png('stop.png')] } });
    const korean = await screen.findByRole('dialog');
    // "바꾸기" alone: "replace all 1 photos" (1장 모두 바꾸기) it said before.
    expect(within(korean).getByRole('button', { name: '바꾸기' })).toBeTruthy();
  });

  it('names the courses whose questions use the stored photos before they are replaced', async () => {
    const { photos } = await openPhotos(
      routes(['taken', 'taken'], [['Seoul school'], ['Seoul school', 'Busan school']]),
    );
    choose(photos, [png('1.png'), png('2.png')]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Questions of these courses use them now: Seoul school and Busan school.',
    );
  });

  it('keeps the stored photos when the administrator says so', async () => {
    const { photos, requests } = await openPhotos(routes(['taken']));
    choose(photos, [png('stop.png')]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the stored one' }));
    await photos.findByText('not uploaded: the stored photo of this name was kept');
    expect(requests.some((request) => request.query.replace === 'true')).toBe(false);
  });

  it('copies a name to the clipboard and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { photos } = await openPhotos(routes());
    choose(photos, [png('stop.png')]);
    const copy = await photos.findByRole('button', { name: 'Copy the file name stop.png' });
    fireEvent.click(copy);
    await waitFor(() => expect(copy.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('stop.png');
  });

  it('refuses a file that is not a photo, or whose name is unsafe, before sending it', async () => {
    const { photos, requests } = await openPhotos(routes());
    choose(photos, [new File(['a,b'], 'bank.csv', { type: 'text/csv' }), png('my photo: 1.png')]);
    await photos.findByText('bank.csv is not a PNG, JPEG, WebP or GIF image. Choose one of those.');
    await photos.findByText(
      /^my photo: 1\.png: a photo's name may hold any letters, digits, spaces and punctuation but /,
    );
    expect(requests.some((request) => request.path.includes('upload-image'))).toBe(false);
  });

  it("says the server's reason when it refuses the photo", async () => {
    const { photos } = await openPhotos({
      ...routes(),
      'POST /admin/questions/upload-image': {
        status: 422,
        body: {
          detail: 'The file starts like a PNG image, but its header is damaged or cut short',
        },
      },
    });
    choose(photos, [png('broken.png')]);
    await photos.findByText(/header is damaged or cut short/);
  });
});
