import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/render-app';
import { NotificationProvider, Notifications } from './Notifications';
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
      <Notifications />
    </NotificationProvider>,
  );
  act(() => void store.notify('success', 'Settings saved'));
  return screen.getByRole('status');
}

const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('the notifications', () => {
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
