import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

function routes(uploaded: string[]): FakeRoutes {
  return {
    'GET /auth/me': { body: admin },
    'GET /admin/questions': {
      body: { questions: [], page: 1, limit: 10, totalPages: 0, totalQuestions: 0 },
    },
    'GET /training-topics': { body: [] },
    'POST /admin/questions/upload-image': () => ({
      status: 201,
      body: { filename: uploaded.shift() ?? 'q-none.png' },
    }),
  };
}

async function openPhotos(fake: FakeRoutes) {
  const app = renderApp('/admin?tab=questions', { token: 'tok', routes: fake });
  return { ...app, photos: within(await screen.findByTestId('csv-photos')) };
}

const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });

describe("the questions CSV import's photos", () => {
  it('lists each uploaded photo with the name the CSV must give it, newest first, kept for a reload', async () => {
    const { photos } = await openPhotos(routes(['q-aaa.png', 'q-bbb.png']));
    for (const name of ['stop.png', 'lights.png']) {
      fireEvent.change(photos.getByLabelText(/^Photo to upload/), {
        target: { files: [png(name)] },
      });
      await photos.findByText(name);
    }
    const items = photos.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['lights.pngq-bbb.pngCopy', 'stop.pngq-aaa.pngCopy']);

    cleanup();
    const again = await openPhotos(routes([]));
    expect(again.photos.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(again.photos.getByRole('button', { name: 'Clear this list' }));
    expect(again.photos.queryAllByRole('listitem')).toHaveLength(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('copies a name to the clipboard and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { photos } = await openPhotos(routes(['q-aaa.png']));
    fireEvent.change(photos.getByLabelText(/^Photo to upload/), {
      target: { files: [png('stop.png')] },
    });
    const copy = await photos.findByRole('button', { name: 'Copy the file name q-aaa.png' });
    fireEvent.click(copy);
    await waitFor(() => expect(copy.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('q-aaa.png');
  });

  it('refuses a file that is not a photo before sending it, and lists nothing', async () => {
    const { photos, requests } = await openPhotos(routes(['q-aaa.png']));
    fireEvent.change(photos.getByLabelText(/^Photo to upload/), {
      target: { files: [new File(['a,b'], 'bank.csv', { type: 'text/csv' })] },
    });
    await photos.findByText('bank.csv is not a PNG, JPEG, WebP or GIF image. Choose one of those.');
    expect(requests.some((request) => request.path.includes('upload-image'))).toBe(false);
    expect(photos.queryAllByRole('listitem')).toHaveLength(0);
  });

  it("says the server's reason when it refuses the photo", async () => {
    const { photos } = await openPhotos({
      ...routes([]),
      'POST /admin/questions/upload-image': {
        status: 422,
        body: {
          detail: 'The file starts like a PNG image, but its header is damaged or cut short',
        },
      },
    });
    fireEvent.change(photos.getByLabelText(/^Photo to upload/), {
      target: { files: [png('broken.png')] },
    });
    await photos.findByText(/header is damaged or cut short/);
    expect(photos.queryAllByRole('listitem')).toHaveLength(0);
  });
});
