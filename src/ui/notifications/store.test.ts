import { describe, expect, it } from 'vitest';
import { CLOSE_ANIMATION_MS, createNotificationStore } from './store';

/** Timers run by hand: `elapse(ms)` fires every timer due by then. */
function manualTimers() {
  let now = 0;
  let timers: { at: number; fn: () => void; handle: number }[] = [];
  let nextHandle = 1;
  return {
    setTimeout: (fn: () => void, ms: number) => {
      const handle = nextHandle++;
      timers.push({ at: now + ms, fn, handle });
      return handle;
    },
    clearTimeout: (handle: unknown) => {
      timers = timers.filter((timer) => timer.handle !== handle);
    },
    elapse(ms: number) {
      const until = now + ms;
      // One at a time in due order, so a timer set by another one counts from when that fired.
      for (;;) {
        const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        now = next.at;
        next.fn();
      }
      now = until;
    },
  };
}

const visible = (store: ReturnType<typeof createNotificationStore>) =>
  store
    .getSnapshot()
    .filter((item) => !item.leaving)
    .map((item) => `${item.type}: ${item.message}`);

describe('notification store', () => {
  it('replaces the notification of the same action: a retried save leaves only its success', () => {
    const timers = manualTimers();
    const store = createNotificationStore(timers);
    store.notify('error', 'The profile could not be updated.', { key: 'profile.save' });
    store.notify('info', 'Something else happened.');
    store.notify('success', 'Your profile has been updated.', { key: 'profile.save' });
    expect(visible(store)).toEqual([
      'info: Something else happened.',
      'success: Your profile has been updated.',
    ]);
    // The replaced one plays its close animation, then goes.
    timers.elapse(CLOSE_ANIMATION_MS);
    expect(store.getSnapshot().map((item) => item.message)).toEqual([
      'Something else happened.',
      'Your profile has been updated.',
    ]);
  });

  it('keeps notifications without a key, or of other actions, side by side, three at most: a fourth closes the oldest', () => {
    const store = createNotificationStore(manualTimers());
    store.notify('error', 'Failed to fetch settings');
    store.notify('error', 'Failed to fetch users');
    store.notify('error', 'The password could not be changed.', { key: 'profile.password' });
    expect(visible(store)).toHaveLength(3);
    store.notify('success', 'Your profile has been updated.', { key: 'profile.save' });
    expect(visible(store)).toEqual([
      'error: Failed to fetch users',
      'error: The password could not be changed.',
      'success: Your profile has been updated.',
    ]);
  });

  it('closes a notification after 5 s, an error after 7 s, each after its close animation', () => {
    const timers = manualTimers();
    const store = createNotificationStore(timers);
    store.notify('success', 'Saved');
    store.notify('error', 'Failed');
    timers.elapse(5000);
    expect(visible(store)).toEqual(['error: Failed']);
    timers.elapse(CLOSE_ANIMATION_MS);
    expect(store.getSnapshot()).toHaveLength(1);
    timers.elapse(2000);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps every notification open while one is held, then gives each its whole time again', () => {
    const timers = manualTimers();
    const store = createNotificationStore(timers);
    const saved = store.notify('success', 'Saved');
    store.notify('error', 'Failed');
    timers.elapse(4000);
    store.hold(saved, 'pointer');
    store.hold(saved, 'focus');
    store.notify('info', 'Came while held');
    timers.elapse(60_000);
    expect(visible(store)).toEqual(['success: Saved', 'error: Failed', 'info: Came while held']);
    // The pointer left, the focus is still there.
    store.release(saved, 'pointer');
    timers.elapse(60_000);
    expect(visible(store)).toHaveLength(3);
    store.release(saved, 'focus');
    timers.elapse(4999);
    expect(visible(store)).toHaveLength(3);
    timers.elapse(1);
    expect(visible(store)).toEqual(['error: Failed']);
    timers.elapse(2000);
    expect(visible(store)).toEqual([]);
  });

  it('lets go of a hold when its notification closes under the pointer (no leave event comes)', () => {
    const timers = manualTimers();
    const store = createNotificationStore(timers);
    const held = store.notify('success', 'Saved');
    store.notify('info', 'Other');
    store.hold(held, 'pointer');
    store.dismiss(held);
    timers.elapse(5000);
    expect(visible(store)).toEqual([]);
  });

  it("closes an action's notification when asked (a new try makes it stale), and no other", () => {
    const store = createNotificationStore(manualTimers());
    store.notify('error', 'The password could not be changed.', { key: 'profile.password' });
    store.notify('error', 'Failed to fetch users');
    store.clear('profile.password');
    expect(visible(store)).toEqual(['error: Failed to fetch users']);
  });
});
