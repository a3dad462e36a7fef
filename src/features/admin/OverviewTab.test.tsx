import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(cleanup);

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

describe('the overview', () => {
  it('counts only administrators who can sign in, and names the deactivated ones', async () => {
    renderApp('/admin', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: admin },
        'GET /admin/users': {
          body: [admin, userFixture({ id: 9, username: 'old', is_admin: true, is_active: false })],
        },
      },
    });
    const card = await screen.findByTestId('count-admins');
    await waitFor(() => expect(card.textContent).toContain('1'));
    expect(card.textContent).toContain('Active administrators');
    expect(card.textContent).toContain('and 1 deactivated');
  });
});
