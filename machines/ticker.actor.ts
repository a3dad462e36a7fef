import { fromCallback, type EventObject } from 'xstate';

/** What the ticker needs from a clock; xstate's `SimulatedClock` fits, so tests never wait. */
export interface TickerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The event a ticker sends its parent: the wall-clock time in epoch ms. */
export interface TimerTickEvent {
  type: 'timer.tick';
  now: number;
}

/** The browser's clock; the SPA passes it (or nothing) in `src/`, tests a `SimulatedClock`. */
export const wallClock: TickerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * A child actor that reports the time at once and then every `intervalMs` (1 s).
 *
 * Machines never decrement a counter: each `timer.tick` carries the wall-clock time and the
 * remaining time is computed from it, so a throttled background tab or a restored snapshot
 * still shows the right time. The first report comes as the ticker starts, which is how a
 * machine learns when its countdown began.
 */
export function createTicker(clock: TickerClock = wallClock, intervalMs = 1000) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    let timeout: unknown;
    const tick = () => {
      sendBack({ type: 'timer.tick', now: clock.now() } satisfies TimerTickEvent);
      timeout = clock.setTimeout(tick, intervalMs);
    };
    tick();
    return () => clock.clearTimeout(timeout);
  });
}
