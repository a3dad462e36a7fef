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

/**
 * A small store of the visible notifications: each one closes itself after 5000 ms (errors
 * after 7000 ms) and stays 300 ms more for its close animation. A notification with a key
 * closes the earlier one of that key, so a retried save's success does not sit beside the
 * error of the failed try. At most three show: a fourth closes the oldest.
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
  const emit = () => listeners.forEach((listener) => listener());

  const remove = (id: number) => {
    pending.delete(id);
    items = items.filter((item) => item.id !== id);
    emit();
  };

  const dismiss = (id: number) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item || item.leaving) return;
    const timer = pending.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    items = items.map((candidate) =>
      candidate.id === id ? { ...candidate, leaving: true } : candidate,
    );
    emit();
    pending.set(
      id,
      timers.setTimeout(() => remove(id), CLOSE_ANIMATION_MS),
    );
  };

  const notify = (
    type: NotificationType,
    message: string,
    { key, durationMs }: { key?: string; durationMs?: number } = {},
  ) => {
    if (key !== undefined) {
      items.filter((item) => item.key === key).forEach((item) => dismiss(item.id));
    }
    const id = nextId++;
    items = [...items, { id, type, message, key, leaving: false }];
    emit();
    items
      .filter((item) => !item.leaving)
      .slice(0, -MAX_VISIBLE)
      .forEach((item) => dismiss(item.id));
    const duration = durationMs ?? (type === 'error' ? ERROR_DURATION_MS : DURATION_MS);
    pending.set(
      id,
      timers.setTimeout(() => dismiss(id), duration),
    );
    return id;
  };

  return {
    notify,
    dismiss,
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
