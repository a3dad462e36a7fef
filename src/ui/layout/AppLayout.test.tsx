import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Setting } from '../../api';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

/** Public settings as the server lists them. */
function settingsOf(values: Record<string, string>): Setting[] {
  return Object.entries(values).map(([key, value], index) => ({
    id: index + 1,
    key,
    value,
    description: null,
    data_type: 'string',
    is_public: true,
    updated_at: '2025-03-01T10:00:00.000Z',
    rule: null,
  }));
}

const withSettings = (values: Record<string, string>): FakeRoutes => ({
  'GET /settings': { body: settingsOf(values) },
});

const NOTICE = '{"enabled":true,"message":"Planned maintenance tonight from 22:00."}';

const brand = () => screen.getByRole('link', { name: /Vienna Driving School|Theory Trainer/ });

describe('site name', () => {
  it('shows a name the administrator chose in the header, footer and tab title', async () => {
    renderApp('/help', { routes: withSettings({ site_name: 'Vienna Driving School' }) });
    await waitFor(() => expect(brand().textContent).toBe('Vienna Driving School'));
    expect(screen.getByText(/All rights reserved/).textContent).toBe(
      `© ${new Date().getFullYear()} Vienna Driving School. All rights reserved.`,
    );
    await waitFor(() => expect(document.title).toBe('Help Center — Vienna Driving School'));
  });

  it('keeps the translated app name while site_name is the default, blank or unavailable', async () => {
    for (const routes of [
      withSettings({ site_name: 'Theory Trainer' }),
      withSettings({ site_name: '  ' }),
      { 'GET /settings': { status: 500, body: {} } },
    ]) {
      const { i18n } = renderWithRussian(routes);
      await screen.findByRole('link', { name: 'Теория вождения' });
      await waitFor(() => expect(document.title).toBe('Теория вождения'));
      expect(i18n.language).toBe('ru');
      cleanup();
    }
  });
});

/** The landing page in Russian (the test's i18next has only English files: Russian is added). */
function renderWithRussian(routes: FakeRoutes) {
  const result = renderApp('/', { routes });
  const i18n = result.router.options.context.i18n;
  i18n.addResourceBundle('ru', 'common', { appName: 'Теория вождения' }, true, true);
  void i18n.changeLanguage('ru');
  return { ...result, i18n };
}

describe('document title', () => {
  it('names the page, then the site, and follows navigation and the language', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Log in — Theory Trainer'));
    await router.navigate({ to: '/terms' });
    await waitFor(() => expect(document.title).toBe('Terms of Service — Theory Trainer'));
    await router.navigate({ to: '/' });
    await waitFor(() => expect(document.title).toBe('Theory Trainer'));
  });

  it('names each signed-in page', async () => {
    const user = userFixture();
    const { router } = renderApp('/dashboard', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: user } },
    });
    await waitFor(() => expect(document.title).toBe('Dashboard — Theory Trainer'));
    await router.navigate({ to: '/profile' });
    await waitFor(() => expect(document.title).toBe('Profile — Theory Trainer'));
  });

  it('says an address that leads nowhere is not found, unlike the landing page', async () => {
    const { router } = renderApp('/no-such-page');
    await waitFor(() => expect(document.title).toBe('Page not found — Theory Trainer'));
    await router.navigate({ to: '/' });
    await waitFor(() => expect(document.title).toBe('Theory Trainer'));
  });
});

describe('maintenance notice', () => {
  it('shows the message under the header to a guest and hides it for the session once dismissed', async () => {
    renderApp('/', { routes: withSettings({ maintenance_notice: NOTICE }) });
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain('Planned maintenance tonight from 22:00.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();

    // Another page load in the same tab keeps it hidden; a new message shows again.
    cleanup();
    renderApp('/', { routes: withSettings({ maintenance_notice: NOTICE, site_name: 'X' }) });
    await screen.findByRole('link', { name: 'X' });
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    cleanup();
    renderApp('/', {
      routes: withSettings({ maintenance_notice: '{"enabled":true,"message":"Back at 23:00."}' }),
    });
    expect((await screen.findByTestId('maintenance-banner')).textContent).toContain(
      'Back at 23:00.',
    );
  });

  it('shows nothing when it is off, empty or not valid JSON', async () => {
    for (const value of [
      '{"enabled":false,"message":"Planned maintenance"}',
      '{"enabled":true,"message":"   "}',
      '{"enabled":true,',
      '"Planned maintenance"',
    ]) {
      renderApp('/', { routes: withSettings({ maintenance_notice: value, site_name: 'Loaded' }) });
      await screen.findByRole('link', { name: 'Loaded' });
      expect(screen.queryByTestId('maintenance-banner'), value).toBeNull();
      cleanup();
    }
  });
});

describe('registration closed', () => {
  it('offers a guest no Register button in the header or on the landing page', async () => {
    renderApp('/', { routes: withSettings({ registration_open: 'false', site_name: 'Loaded' }) });
    await screen.findByRole('link', { name: 'Loaded' });
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start for free' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });

  it('still offers registration while it is open', async () => {
    renderApp('/', { routes: withSettings({ registration_open: 'true' }) });
    expect(await screen.findByRole('link', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start for free' })).toBeTruthy();
  });
});

describe('an administrator saving a setting', () => {
  it('shows the new site name in the header and tab at once, without a reload', async () => {
    const admin = userFixture({ is_admin: true, username: 'admin' });
    let settings = settingsOf({ site_name: 'Theory Trainer', maintenance_notice: '{}' });
    renderApp('/admin', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: admin },
        'GET /settings': () => ({ body: settings }),
        'GET /settings/1': () => ({ body: settings[0], headers: { etag: '"v1"' } }),
        'PUT /settings/1': async (request) => {
          const { value } = (await request.json()) as { value: string };
          settings = settings.map((s) => (s.id === 1 ? { ...s, value } : s));
          return { body: settings[0] };
        },
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit setting site_name' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Value/), {
      target: { value: 'Vienna Driving School' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(brand().textContent).toBe('Vienna Driving School'));
    await waitFor(() => expect(document.title).toBe('Admin panel — Vienna Driving School'));
  });
});

describe("the header's name for the learner", () => {
  it('calls a Chinese learner by the whole name, as the dashboard does, and others by the given name', async () => {
    renderApp('/profile', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: userFixture({ first_name: '明', last_name: '王' }) } },
    });
    expect(await screen.findByRole('button', { name: /王明/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('mobile-menu-toggle'));
    expect(await screen.findByText('Hello, 王明!')).toBeTruthy();
    cleanup();
    renderApp('/profile', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: userFixture({ first_name: 'Anna', last_name: 'Lee' }) } },
    });
    expect(await screen.findByRole('button', { name: /Anna/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Lee/ })).toBeNull();
  });
});

describe('logging out', () => {
  it('leaves the keyboard focus on the main content, not on the body, once the user menu has gone', async () => {
    renderApp('/profile', { token: 'tok', routes: { 'GET /auth/me': { body: userFixture() } } });
    const trigger = await screen.findByRole('button', { name: /account menu/i });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });
});

describe('donation details', () => {
  const learner = { token: 'tok', me: { 'GET /auth/me': { body: userFixture({}) } } };
  const footerLinks = () =>
    within(screen.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it("lists the administrator's lines on the page, and links to it from the footer", async () => {
    const details = JSON.stringify({
      en: 'Bank transfer: 110-123-456789\nhttps://pay.example/school',
      ru: 'Перевод по СБП: +7 900 123-45-67',
    });
    renderApp('/donations', {
      token: learner.token,
      routes: { ...learner.me, ...withSettings({ donation_details: details }) },
    });
    const lines = await screen.findByTestId('donation-lines');
    expect([...lines.children].map((line) => line.textContent)).toEqual([
      'Bank transfer110-123-456789',
      'https://pay.example/school',
    ]);
    expect(footerLinks()).toContain('Donations');
  });

  it('says the school takes none, and no link leads to the page, when there are no lines', async () => {
    for (const value of ['{}', '{"en":"   "}', 'not json']) {
      renderApp('/donations', {
        token: learner.token,
        routes: { ...learner.me, ...withSettings({ donation_details: value }) },
      });
      expect((await screen.findByTestId('donations-none')).textContent, value).toBe(
        'This school does not take donations. Thank you for thinking of it!',
      );
      expect(footerLinks(), value).not.toContain('Donations');
      cleanup();
    }
  });
});

describe('the phone menu', () => {
  const learner: FakeRoutes = {
    'GET /auth/me': { body: userFixture() },
    'GET /training-modules/modes': {
      body: ['express', 'marathon'].map((id) => ({
        id,
        question_count: null,
        time_limit_seconds: null,
        available: true,
      })),
    },
  };
  const menu = () => screen.queryByRole('navigation', { name: 'Mobile navigation' });
  /** Opens the phone menu and taps its link named `name`. */
  async function tapInMenu(name: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const link = within(menu()!).getByRole('link', { name });
    link.focus();
    fireEvent.click(link);
  }

  it('closes when a link to the section already open is tapped, the page going back to its start', async () => {
    const { router } = renderApp('/training?mode=express', { token: 'tok', routes: learner });
    await screen.findByRole('heading', { level: 1, name: 'Express test' });
    await tapInMenu('Training');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/training');
    expect(menu()).toBeNull();
    expect(screen.getByTestId('mobile-menu-toggle').getAttribute('aria-label')).toBe('Open menu');
    // As after a link to another section, the page's heading takes the focus the link had.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Training' }),
      ),
    );
  });

  it('closes when the page it links to is the one open', async () => {
    const { router } = renderApp('/dashboard', { token: 'tok', routes: learner });
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    await tapInMenu('Dashboard');
    expect(menu()).toBeNull();
    expect(screen.getByTestId('mobile-menu-toggle').getAttribute('aria-label')).toBe('Open menu');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('closes when a link to another section is tapped', async () => {
    const { router } = renderApp('/dashboard', { token: 'tok', routes: learner });
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    await tapInMenu('Questions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    await waitFor(() => expect(menu()).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'All questions' }),
      ),
    );
  });
});
