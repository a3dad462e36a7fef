import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/render-app';
import { NotificationRegion } from './NotificationRegion';
import { NotificationList, NotificationProvider } from './Notifications';
import { createNotificationStore } from './store';

testI18n();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function showOne() {
  vi.useFakeTimers();
  const store = createNotificationStore();
  render(
    <NotificationProvider store={store}>
      <NotificationList />
    </NotificationProvider>,
  );
  act(() => void store.notify('success', 'Settings saved'));
  return screen.getByRole('status');
}

const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('the notifications', () => {
  it('come into a live region that is in the page before the first of them', async () => {
    const store = createNotificationStore();
    const { container } = render(
      <NotificationProvider store={store}>
        <NotificationRegion />
      </NotificationProvider>,
    );
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region?.childElementCount).toBe(0);
    act(() => void store.notify('error', 'Could not save'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Could not save');
    expect(region?.contains(toast)).toBe(true);
  });

  it('stay while the pointer is on one, and close in their own time after it leaves', () => {
    const toast = showOne();
    fireEvent.pointerEnter(toast);
    wait(30_000);
    expect(screen.queryByText('Settings saved')).not.toBeNull();
    fireEvent.pointerLeave(toast);
    wait(5_000 + 300);
    expect(screen.queryByText('Settings saved')).toBeNull();
  });

  it('stay while the focus is on one', () => {
    const toast = showOne();
    fireEvent.focus(toast.querySelector('button') as HTMLButtonElement);
    wait(30_000);
    expect(screen.queryByText('Settings saved')).not.toBeNull();
  });
});
