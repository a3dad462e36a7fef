import { markShown } from './presence';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  /** The action it reports (`profile.save`): its next outcome replaces it. */
  key?: string;
  /** True during the 300 ms close animation. */
  leaving: boolean;
}

export const DURATION_MS = 5000;
export const ERROR_DURATION_MS = 7000;
export const CLOSE_ANIMATION_MS = 300;
/** At most this many show at once: a newer one closes the oldest, so they never pile up. */
export const MAX_VISIBLE = 3;

type Listener = () => void;

/** What keeps the notifications open: the pointer on one, or the focus in one. */
export type HoldReason = 'pointer' | 'focus';

/**
 * A small store of the visible notifications: each one closes itself after 5000 ms (errors
 * after 7000 ms) and stays 300 ms more for its close animation. A notification with a key
 * closes the earlier one of that key, so a retried save's success does not sit beside the
 * error of the failed try. At most three show: a fourth closes the oldest. While one is held
 * (the pointer or the focus is on it), none closes by itself, and once none is held each has
 * its whole time again: whoever is reading one is never cut short.
 */
export function createNotificationStore(
  timers: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  } = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
) {
  let items: Notification[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const pending = new Map<number, unknown>();
  const durations = new Map<number, number>();
  /** `${id} ${reason}` of each hold; a notification's own go once it closes. */
  const holds = new Set<string>();
  const emit = () => listeners.forEach((listener) => listener());
  const showing = () => items.filter((item) => !item.leaving);

  const startTimer = (id: number) =>
    pending.set(
      id,
      timers.setTimeout(() => dismiss(id), durations.get(id) ?? DURATION_MS),
    );
  const stopTimer = (id: number) => {
    const timer = pending.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    pending.delete(id);
  };
  /** Changes the holds; the timers stop as the first comes and start again as the last goes. */
  const changeHolds = (change: () => void) => {
    const wasHeld = holds.size > 0;
    change();
    const held = holds.size > 0;
    if (held && !wasHeld) showing().forEach((item) => stopTimer(item.id));
    if (!held && wasHeld) showing().forEach((item) => startTimer(item.id));
  };

  const remove = (id: number) => {
    pending.delete(id);
    durations.delete(id);
    items = items.filter((item) => item.id !== id);
    emit();
  };

  const dismiss = (id: number) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item || item.leaving) return;
    stopTimer(id);
    items = items.map((candidate) =>
      candidate.id === id ? { ...candidate, leaving: true } : candidate,
    );
    // Gone from under the pointer or the focus without their leave or blur events.
    changeHolds(() => {
      holds.delete(`${id} pointer`);
      holds.delete(`${id} focus`);
    });
    emit();
    pending.set(
      id,
      timers.setTimeout(() => remove(id), CLOSE_ANIMATION_MS),
    );
  };

  /** Closes the notification of an action (`profile.save`): a new try makes it stale. */
  const clear = (key: string) =>
    items.filter((item) => item.key === key).forEach((item) => dismiss(item.id));

  const notify = (
    type: NotificationType,
    message: string,
    { key, durationMs }: { key?: string; durationMs?: number } = {},
  ) => {
    if (key !== undefined) clear(key);
    markShown();
    const id = nextId++;
    items = [...items, { id, type, message, key, leaving: false }];
    emit();
    showing()
      .slice(0, -MAX_VISIBLE)
      .forEach((item) => dismiss(item.id));
    durations.set(id, durationMs ?? (type === 'error' ? ERROR_DURATION_MS : DURATION_MS));
    if (holds.size === 0) startTimer(id);
    return id;
  };

  return {
    notify,
    dismiss,
    clear,
    hold: (id: number, reason: HoldReason) => changeHolds(() => holds.add(`${id} ${reason}`)),
    release: (id: number, reason: HoldReason) => changeHolds(() => holds.delete(`${id} ${reason}`)),
    getSnapshot: () => items,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app's notifications. */
export const notifications = createNotificationStore();
