import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../api';
import { expectFocusOnEmptyList, heldDelete } from '../../test/list-focus';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(cleanup);

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
    expect(perTicket.textContent).toContain('generate them again to even them out');
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
    expect(screen.getByTestId('tickets-per-ticket').textContent).not.toContain('even them out');
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
