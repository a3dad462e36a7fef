import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../api';
import { expectFocusOnEmptyList, heldDelete } from '../../test/list-focus';
import {
  courseFixture,
  questionFixture,
  renderApp,
  userFixture,
  type FakeRoutes,
  type RecordedRequest,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const ticket = (number: number, count: number): components['schemas']['Ticket'] => ({
  id: number,
  ticket_number: number,
  question_ids: '[]',
  question_count: count,
  max_points: count,
  created_at: '2025-03-01T10:00:00.000Z',
});

function open(bank: number, tickets: components['schemas']['Ticket'][], routes: FakeRoutes = {}) {
  return renderApp('/admin?tab=tickets', {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /training-tickets/stats/info': {
        body: { total_tickets: tickets.length, tickets_available: tickets.length },
      },
      'GET /training-tickets': { body: tickets },
      'GET /admin/questions': {
        body: { questions: [], page: 1, limit: 1, totalPages: 1, totalQuestions: bank },
      },
      ...routes,
    },
  });
}

describe('the tickets tab', () => {
  it('says before anything is asked that the bank is too small to generate, and keeps Generate off', async () => {
    open(2, []);
    const note = await screen.findByTestId('generate-note');
    expect(note.textContent).toContain('Generating needs at least 40 questions');
    expect(note.textContent).toContain('the bank has 2');
    expect(screen.getByRole('button', { name: 'Generate tickets' }).hasAttribute('disabled')).toBe(
      true,
    );
    // Nothing to delete either, and no 'questions per ticket' without a ticket.
    expect(
      screen.getByRole('button', { name: 'Delete all tickets' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByTestId('tickets-per-ticket').textContent).toContain(
      'No tickets yet; new ones get 40 questions each.',
    );
  });

  it('explains what an available ticket is, counts the questions tickets hold, and deletes all after naming how many', async () => {
    const { requests } = open(200, [ticket(1, 40), ticket(2, 38)], {
      'DELETE /training-tickets/all': { body: { message: 'ok' } },
    });
    const perTicket = await screen.findByTestId('tickets-per-ticket');
    await waitFor(() => expect(perTicket.textContent).toContain('38–40'));
    // Uneven tickets lost questions: said with what evens them out.
    expect(perTicket.textContent).toContain(
      'Generating replaces them all with tickets of one size',
    );
    expect(screen.getByTestId('tickets-available').textContent).toContain(
      'Tickets whose questions are all still in the bank',
    );
    expect(screen.queryByTestId('generate-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete all tickets' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This deletes all 2 training tickets.');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('puts the focus on what the emptied list says after Delete all, not on the page', async () => {
    let deleted = false;
    const remove = heldDelete(() => (deleted = true));
    open(200, [], {
      'GET /training-tickets': () => ({ body: deleted ? [] : [ticket(1, 40)] }),
      'DELETE /training-tickets/all': remove.route,
    });
    await screen.findByTestId('ticket');
    await expectFocusOnEmptyList(
      screen.getByRole('button', { name: 'Delete all tickets' }),
      'There are no tickets. Generate them from the question bank.',
      { release: remove.release },
    );
  });

  it('says that generating replaces the tickets only where there are some', async () => {
    open(200, [ticket(1, 40)]);
    await screen.findByTestId('ticket');
    expect(screen.getByTestId('tickets-per-ticket').textContent).not.toContain(
      'tickets of one size',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate tickets' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Generate 25 tickets of 40 questions? The existing tickets will be replaced.',
    );
    cleanup();

    open(200, []);
    await screen.findByText('There are no tickets. Generate them from the question bank.');
    fireEvent.click(screen.getByRole('button', { name: 'Generate tickets' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Generate 25 tickets of 40 questions?');
    expect(dialog.textContent).not.toContain('replaced');
  });
});

/** A course whose exam asks `count` questions (Russia's A/B: 20). */
const courseOf = (id: number, count: number, is_default = true) =>
  courseFixture({
    id,
    name: `Course ${id}`,
    is_default,
    rules: { ...courseFixture().rules, question_count: count },
  });

const totalField = () => screen.getByLabelText(/^Tickets/) as HTMLInputElement;
const perTicketField = () => screen.getByLabelText(/^Questions per ticket/) as HTMLInputElement;
const generateButton = () => screen.getByRole('button', { name: 'Generate tickets' });
const type = (field: HTMLInputElement, value: string) =>
  fireEvent.change(field, { target: { value } });
const generations = (requests: RecordedRequest[]) =>
  requests.filter(
    (request) => request.method === 'POST' && request.path === '/training-tickets/generate',
  );

describe('how many tickets of how many questions', () => {
  it("starts from 25 tickets of the course's exam size, and 40 when no course can be read", async () => {
    open(800, [], { 'GET /courses': { body: [courseOf(1, 20)] } });
    await waitFor(() => expect(perTicketField().value).toBe('20'));
    expect(totalField().value).toBe('25');
    expect(screen.getByText("The course's exam has 20 questions.", { exact: false })).toBeTruthy();
    expect(screen.getByTestId('tickets-per-ticket').textContent).toContain(
      'No tickets yet; new ones get 20 questions each.',
    );
    cleanup();

    // Two courses: the one the address names.
    renderApp('/admin?tab=tickets&course=2', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: admin },
        'GET /courses': { body: [courseOf(1, 40), courseOf(2, 30, false)] },
        'GET /training-tickets': { body: [] },
        'GET /admin/questions': {
          body: { questions: [], page: 1, limit: 1, totalPages: 1, totalQuestions: 30 },
        },
      },
    });
    await waitFor(() => expect(perTicketField().value).toBe('30'));
    expect(totalField().value).toBe('25');
    // A 30-question bank can now deal its own exam's tickets.
    expect(screen.queryByTestId('generate-note')).toBeNull();
    expect(generateButton().hasAttribute('disabled')).toBe(false);
    cleanup();

    // No list of courses (an older server): the spec's 40.
    open(800, [], {
      'GET /courses': {
        status: 404,
        body: { detail: 'Not Found' },
        offContract: 'a server from before courses',
      },
    });
    await waitFor(() => expect(perTicketField().value).toBe('40'));
    expect(totalField().value).toBe('25');
    expect(screen.getByText('From 1 to 200, and no more than the bank holds.')).toBeTruthy();
  });

  it('asks about and sends the numbers typed, by the button or by Enter in a field', async () => {
    const { requests } = open(800, [], {
      'GET /courses': { body: [courseOf(1, 20)] },
      'POST /training-tickets/generate': {
        body: { message: 'ok', total_tickets: 40, questions_per_ticket: 20 },
      },
    });
    await waitFor(() => expect(perTicketField().value).toBe('20'));
    type(totalField(), '40');
    fireEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Generate 40 tickets of 20 questions?');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(generations(requests)).toHaveLength(1));
    expect(generations(requests)[0]!.body).toEqual({ total_tickets: 40, questions_per_ticket: 20 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Enter in a field goes through the same question; one of each reads in the singular.
    type(totalField(), '1');
    type(perTicketField(), '1');
    expect(screen.getByTestId('tickets-per-ticket').textContent).toContain(
      'No tickets yet; new ones get 1 question each.',
    );
    fireEvent.submit(perTicketField().form!);
    const again = await screen.findByRole('dialog');
    expect(again.textContent).toContain('Generate 1 ticket of 1 question?');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generations(requests)).toHaveLength(1);
  });

  it('says what is wrong with a number out of range or not whole, and keeps Generate off', async () => {
    open(800, [], { 'GET /courses': { body: [courseOf(1, 20)] } });
    await waitFor(() => expect(perTicketField().value).toBe('20'));
    expect(generateButton().hasAttribute('disabled')).toBe(false);
    const error = 'Enter a whole number from 1 to 200.';
    for (const [field, value] of [
      [totalField, '0'],
      [totalField, '201'],
      [totalField, '2.5'],
      [totalField, ''],
      [perTicketField, '0'],
      [perTicketField, '250'],
      [perTicketField, '-3'],
    ] as const) {
      type(field(), value);
      expect(field().getAttribute('aria-invalid'), `${value}`).toBe('true');
      const errorId = `${field().id}-error`;
      expect(document.getElementById(errorId)?.textContent).toBe(error);
      expect(generateButton().hasAttribute('disabled'), `${value}`).toBe(true);
      // The button names why it is off.
      expect(generateButton().getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
      // Enter in a field sends nothing either.
      fireEvent.submit(field().form!);
      expect(screen.queryByRole('dialog')).toBeNull();
      type(field(), field === totalField ? '25' : '20');
      expect(field().getAttribute('aria-invalid')).toBeNull();
    }
    expect(screen.queryByText(error)).toBeNull();
    expect(generateButton().hasAttribute('disabled')).toBe(false);
    expect(generateButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps Generate off for tickets larger than the bank, naming the size chosen', async () => {
    open(30, [], { 'GET /courses': { body: [courseOf(1, 20)] } });
    await waitFor(() => expect(perTicketField().value).toBe('20'));
    // The bank holds a 20-question ticket.
    await waitFor(() => expect(screen.getByTestId('tickets-per-ticket').textContent).toBeTruthy());
    expect(screen.queryByTestId('generate-note')).toBeNull();
    expect(generateButton().hasAttribute('disabled')).toBe(false);

    type(perTicketField(), '31');
    const note = await screen.findByTestId('generate-note');
    expect(note.textContent).toBe(
      'Generating needs at least 31 questions in the bank (a ticket never holds the same question twice); the bank has 30. Add or import questions first.',
    );
    expect(generateButton().hasAttribute('disabled')).toBe(true);
    expect(generateButton().getAttribute('aria-describedby')).toBe(note.id);

    type(perTicketField(), '30');
    expect(screen.queryByTestId('generate-note')).toBeNull();
    expect(generateButton().hasAttribute('disabled')).toBe(false);
  });

  it('keeps what was typed across a reload, per course', async () => {
    const courses = { 'GET /courses': { body: [courseOf(1, 20)] } };
    open(800, [], courses);
    await waitFor(() => expect(perTicketField().value).toBe('20'));
    type(totalField(), '40');
    type(perTicketField(), '2');
    cleanup();

    open(800, [], courses);
    await waitFor(() => expect(totalField().value).toBe('40'));
    expect(perTicketField().value).toBe('2');
    // Set back to the defaults, nothing is kept.
    type(totalField(), '25');
    type(perTicketField(), '20');
    cleanup();
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('draft.'))).toEqual(
      [],
    );
  });

  it("lists a ticket's questions in its order when opened, read only then", async () => {
    const { requests } = open(60, [ticket(1, 2), ticket(2, 2)], {
      'GET /training-tickets/1': {
        body: {
          id: 1,
          ticket_number: 1,
          max_points: 2,
          questions: [
            questionFixture({ id: 12, question_text: 'Билет 1, вопрос 1' }),
            questionFixture({ id: 11, question_text: 'Билет 1, вопрос 2' }),
          ],
        },
      },
    });
    const [first] = await screen.findAllByTestId('ticket');
    const asked = () =>
      requests.filter((request) => request.path.startsWith('/training-tickets/1'));
    expect(asked()).toHaveLength(0);
    fireEvent.click(within(first!).getByText('Show its questions'));
    const list = await within(first!).findByTestId('ticket-questions');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#12 Билет 1, вопрос 1', '#11 Билет 1, вопрос 2']);
    expect(asked()).toHaveLength(1);
  });
});
