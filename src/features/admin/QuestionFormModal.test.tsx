import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Question } from '../../api';
import { questionFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const stored = questionFixture();

function routes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /auth/me': { body: admin },
    'GET /admin/questions': {
      body: { questions: [stored], page: 1, limit: 10, totalPages: 1, totalQuestions: 1 },
    },
    'GET /training-topics': { body: [] },
    'GET /admin/questions/12': { body: stored, headers: { etag: '"v1"' } },
    ...overrides,
  };
}

async function openForm(fake: FakeRoutes) {
  const app = renderApp('/admin?tab=questions&edit=12', { token: 'tok', routes: fake });
  const dialog = await screen.findByRole('dialog', { name: 'Edit question #12' });
  const text = await within(dialog).findByLabelText(/^Question text/);
  return { ...app, dialog, text: text as HTMLTextAreaElement };
}

describe('the question form', () => {
  it('opens from the URL on the stored version and saves naming it (If-Match)', async () => {
    const { dialog, text, requests } = await openForm(
      routes({ 'PUT /admin/questions/12': { body: { ...stored, question_text: 'Stop sign?' } } }),
    );
    expect(text.value).toBe(stored.question_text);
    fireEvent.change(text, { target: { value: 'Stop sign?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ question_text: 'Stop sign?' });
    expect(put?.headers['if-match']).toBe('"v1"');
  });

  it('starts with the caret after the stored text, so typing goes on from its end', async () => {
    const { text } = await openForm(routes());
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect([text.selectionStart, text.selectionEnd]).toEqual([
      stored.question_text.length,
      stored.question_text.length,
    ]);
  });

  it('keeps an answer to one line: a pasted line break is a space, and Enter saves', async () => {
    const { dialog, requests } = await openForm(
      routes({
        'PUT /admin/questions/12': { body: { ...stored, answer_2: 'Give way to the left' } },
      }),
    );
    const answer = within(dialog).getByLabelText<HTMLTextAreaElement>(/^Answer B/);
    fireEvent.change(answer, { target: { value: 'Give way\nto the left' } });
    expect(answer.value).toBe('Give way to the left');
    fireEvent.keyDown(answer, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ answer_2: 'Give way to the left' });
  });

  it('keeps the changes for a reload, and brings them back with a note', async () => {
    const first = await openForm(routes());
    fireEvent.change(first.text, { target: { value: 'Typed before a reload' } });
    first.unmount();
    cleanup();
    const again = await openForm(routes());
    expect(again.text.value).toBe('Typed before a reload');
    expect(within(again.dialog).getByTestId('edit-restored')).toBeTruthy();
    fireEvent.click(within(again.dialog).getByRole('button', { name: 'Discard them' }));
    expect(again.text.value).toBe(stored.question_text);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('stays open while a save is on its way, whatever closes it, and closes once saved', async () => {
    let answer: (value: { body: Question }) => void = () => {};
    const { dialog, text, requests } = await openForm(
      routes({ 'PUT /admin/questions/12': () => new Promise((resolve) => (answer = resolve)) }),
    );
    fireEvent.change(text, { target: { value: 'Saved slowly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Discard your changes?')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit question #12' })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    answer({ body: { ...stored, question_text: 'Saved slowly' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the question does not exist, and keeps what was typed when it went meanwhile', async () => {
    renderApp('/admin?tab=questions&edit=12', {
      token: 'tok',
      routes: routes({
        'GET /admin/questions/12': { status: 404, body: { detail: 'Question not found' } },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit question #12' });
    await within(dialog).findByText(/There is no such question/);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    // The notice's own Close (the dialog's × is named Close too).
    const notice = screen.getByTestId('edit-missing').parentElement as HTMLElement;
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();

    const deleted = await openForm(
      routes({
        'PUT /admin/questions/12': { status: 404, body: { detail: 'Question not found' } },
      }),
    );
    fireEvent.change(deleted.text, { target: { value: 'Typed for a deleted question' } });
    fireEvent.click(within(deleted.dialog).getByRole('button', { name: 'Save' }));
    await within(deleted.dialog).findByText(/There is no such question/);
    expect(deleted.text.value).toBe('Typed for a deleted question');
    expect(
      within(deleted.dialog).getByRole('button', { name: 'Save' }).getAttribute('disabled'),
    ).not.toBeNull();
  });

  it('says which fields their version changed, which of them were changed here too, and keeps the rest of theirs', async () => {
    const theirs: Question = {
      ...stored,
      question_text: 'Red octagon?',
      answer_2: 'Yield',
      points: 2,
    };
    let reads = 0;
    const { dialog, text } = await openForm(
      routes({
        'GET /admin/questions/12': () =>
          reads++ === 0
            ? { body: stored, headers: { etag: '"v1"' } }
            : { body: theirs, headers: { etag: '"v2"' } },
        'PUT /admin/questions/12': { status: 412, body: { detail: 'Saved by someone else' } },
      }),
    );
    fireEvent.change(text, { target: { value: 'What does this sign mean?' } });
    const answerA = within(dialog).getByLabelText(/^Answer A/) as HTMLInputElement;
    fireEvent.change(answerA, { target: { value: 'Stop completely' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notice = await within(dialog).findByTestId('edit-conflict');
    expect(notice.textContent).toContain(
      'Their version changed Question text, Answer B (2), and Points. ' +
        'You changed Question text too: keeping your changes puts yours there.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my changes' }));
    expect(text.value).toBe('What does this sign mean?');
    expect(answerA.value).toBe('Stop completely');
    expect((within(dialog).getByLabelText(/^Answer B/) as HTMLInputElement).value).toBe('Yield');
    expect((within(dialog).getByLabelText(/^Points/) as HTMLInputElement).value).toBe('2');
  });

  it('holds the text to its limit with a count near it, and says a refusal the server still gives at its field, by its label', async () => {
    const { dialog, text, requests } = await openForm(
      routes({
        'PUT /admin/questions/12': {
          status: 400,
          body: {
            detail: '"explanation" must be at most 4000 characters long',
            field: 'explanation',
          },
        },
      }),
    );
    expect(text.maxLength).toBe(4000);
    expect(within(dialog).queryByText(/characters$/)).toBeNull();
    fireEvent.change(text, { target: { value: 'x'.repeat(3900) } });
    within(dialog).getByText('3,900 / 4,000 characters');

    // Too long (a draft from before the limit, say): said at the field, nothing sent.
    fireEvent.change(text, { target: { value: 'x'.repeat(4001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('At most 4000 characters.');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(text, { target: { value: 'Fine now' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const explanation = within(dialog).getByLabelText(/^Explanation/);
    await waitFor(() => expect(explanation.getAttribute('aria-invalid')).toBe('true'));
    within(dialog).getByText('“Explanation” must be at most 4000 characters long');
    expect(dialog.textContent).not.toContain('"explanation"');
  });

  it('refuses a photo too large or of another type before uploading it, and offers no Remove photo for it', async () => {
    const { dialog, requests } = await openForm(routes());
    const input = within(dialog).getByLabelText(/^Photo/) as HTMLInputElement;
    // A byte over the limit: said as over it, not rounded down to 5 MB.
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await within(dialog).findByText(
      'big.png is 5.1 MB; a photo may be at most 5 MB. Make it smaller or choose another.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Remove photo' })).toBeNull();
    // Back on the picker, which says why, to choose another.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Photo/)),
    );

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText(/^Photo/), { target: { files: [text] } });
    await within(dialog).findByText(
      'notes.txt is not a PNG, JPEG, WebP or GIF image. Choose one of those.',
    );
    expect(requests.some((request) => request.path.includes('upload-image'))).toBe(false);
  });

  it('asks for the answers in order rather than letting the server refuse a gap', async () => {
    const { dialog, requests } = await openForm(routes());
    fireEvent.change(within(dialog).getByLabelText(/^Answer D/), { target: { value: 'Fourth' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(
      'Fill in answer C first: answers are shown in order, without gaps.',
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('keeps what the photo shows with it, and drops the description with the photo', async () => {
    const pictured = { ...stored, photo: 'stop.svg', photo_alt: 'STOP sign at a crossroads' };
    const { dialog, requests } = await openForm(
      routes({
        'GET /admin/questions/12': { body: pictured, headers: { etag: '"v1"' } },
        'PUT /admin/questions/12': { body: pictured },
      }),
    );
    const description = (await within(dialog).findByLabelText(
      /^Picture description/,
    )) as HTMLInputElement;
    expect(description.value).toBe('STOP sign at a crossroads');
    fireEvent.change(description, { target: { value: 'STOP sign, stop line ahead' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      photo: 'stop.svg',
      photo_alt: 'STOP sign, stop line ahead',
    });
  });

  /** The server's answer to `lamp.png` uploaded: stored anew or over the stored one. */
  const lampUploaded = (status: 'created' | 'replaced') => ({
    body: { filename: 'lamp.png', url: '/api/v1/images/questions/lamp.png?v=b2', status },
  });

  it('asks a replaced photo for its own description: the old one goes with the old photo', async () => {
    const pictured = { ...stored, photo: 'stop.svg', photo_alt: 'STOP sign at a crossroads' };
    const { dialog, requests } = await openForm(
      routes({
        'GET /admin/questions/12': { body: pictured, headers: { etag: '"v1"' } },
        'POST /admin/questions/upload-image': lampUploaded('replaced'),
        'PUT /admin/questions/12': { body: pictured },
      }),
    );
    await within(dialog).findByLabelText(/^Picture description/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    const photo = new File([new Uint8Array(8)], 'lamp.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText(/^Photo/), { target: { files: [photo] } });
    const description = (await within(dialog).findByLabelText(
      /^Picture description/,
    )) as HTMLInputElement;
    expect(description.value).toBe('');
    // The focus goes on to it, not back to the top of the dialog.
    await waitFor(() => expect(document.activeElement).toBe(description));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      photo: 'lamp.png',
      photo_alt: null,
    });
  });

  it('says which description another photo cleared, keeps it for the same photo replaced, and shows the new picture', async () => {
    const pictured = { ...stored, photo: 'stop.png', photo_alt: 'STOP sign at a crossroads' };
    const { dialog } = await openForm(
      routes({
        'GET /admin/questions/12': { body: pictured, headers: { etag: '"v1"' } },
        'POST /admin/questions/upload-image': lampUploaded('created'),
      }),
    );
    const description = () =>
      within(dialog).findByLabelText(/^Picture description/) as Promise<HTMLInputElement>;
    const choose = (name: string) =>
      fireEvent.change(within(dialog).getByLabelText(/^Photo/), {
        target: { files: [new File([new Uint8Array(8)], name, { type: 'image/png' })] },
      });
    await description();
    choose('lamp.png');
    await waitFor(async () => expect((await description()).value).toBe(''));
    expect(dialog.textContent).toContain(
      'The previous photo’s description (“STOP sign at a crossroads”) was cleared: describe the new photo.',
    );
    expect(within(dialog).getByTestId('photo-preview').getAttribute('src')).toBe(
      '/api/v1/images/questions/lamp.png?v=b2',
    );

    // The same name again (a better picture of it): its description stays.
    fireEvent.change(await description(), { target: { value: 'A lamp post' } });
    choose('lamp.png');
    await waitFor(() => expect(within(dialog).queryByText(/was cleared/)).toBeNull());
    expect((await description()).value).toBe('A lamp post');
  });

  it('shows the stored name of the photo, the one a CSV import names it by', async () => {
    const pictured = { ...stored, photo: 'q-3f9c.png', photo_alt: 'A STOP sign' };
    const { dialog } = await openForm(
      routes({ 'GET /admin/questions/12': { body: pictured, headers: { etag: '"v1"' } } }),
    );
    expect((await within(dialog).findByTestId('photo-file-name')).textContent).toBe(
      'File name, for the photo column of a CSV import: q-3f9c.png',
    );
  });

  it('asks for no description while the question has no photo', async () => {
    const { dialog, requests } = await openForm(
      routes({ 'PUT /admin/questions/12': { body: stored } }),
    );
    expect(within(dialog).queryByLabelText(/^Picture description/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      photo: null,
      photo_alt: null,
    });
  });
});

describe('the question form with a translation', () => {
  const translated = questionFixture({
    answer_3: 'Turn left',
    right_answers: '1,3',
    language: 'en',
    translations: {
      zh: {
        question_text: '红色八边形是什么意思？',
        answer_1: '停车',
        answer_2: '让行',
        answer_3: '左转',
        answer_4: null,
        answer_5: null,
        explanation: null,
        photo_alt: null,
      },
    },
  });

  it('saves a question whose answer was cleared without that answer in its translation', async () => {
    const { dialog, requests } = await openForm(
      routes({
        'GET /admin/questions/12': { body: translated, headers: { etag: '"v1"' } },
        'PUT /admin/questions/12': { body: translated },
      }),
    );
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/^Answer C/).value).toBe(
        'Turn left',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Answer C/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/^Correct answers/), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      answer_3: null,
      right_answers: '1',
      translations: {
        zh: { question_text: '红色八边形是什么意思？', answer_1: '停车', answer_2: '让行' },
      },
    });
    expect(
      (put?.body as { translations: { zh: { answer_3: unknown } } }).translations.zh.answer_3,
    ).toBeNull();
  });
});
