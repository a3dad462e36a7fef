import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { I18nProvider } from '../../i18n/react';
import { testI18n } from '../../test/render-app';
import { ErrorScreen } from './screens';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page whose loader fails with each of `failures` in turn, then loads. */
function pageFailingWith(...failures: unknown[]) {
  const root = createRootRoute({ errorComponent: ErrorScreen });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    loader: () => {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
    },
    component: () => <p>The page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('ErrorScreen', () => {
  it('says the server could not be reached when a page got no answer, and Try again loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    pageFailingWith(new ApiError(0, null, [], { cause: new TypeError('Failed to fetch') }));
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading').textContent).toBe('This page could not be loaded');
    expect(alert.textContent).toContain(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(alert.textContent).not.toContain('status 0');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names any other failure as unexpected, with its own words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    pageFailingWith(new Error('The figures could not be added up'));
    await screen.findByRole('alert');
    expect(screen.getByRole('heading').textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText('The figures could not be added up')).toBeTruthy();
  });
});
