import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage';
import { SPEECH_RATES } from './speech';

/**
 * How a learner likes questions shown, kept in this browser across questions, pages and visits:
 * the exam language beside a translation, and the read-aloud speed.
 */

const SHOW_ORIGINAL_KEY = 'question.showOriginal';
const SPEECH_RATE_KEY = 'question.speechRate';

const listeners = new Set<() => void>();

function write(key: string, value: string): void {
  // Refused (private mode): the choice lasts for this page only.
  writeStored(key, value);
  memory.set(key, value);
  listeners.forEach((listener) => listener());
}

// What was chosen in this page, even where storage refuses it.
const memory = new Map<string, string>();
const stored = (key: string) => memory.get(key) ?? readStored(key);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice shows here too.
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === SHOW_ORIGINAL_KEY || event.key === SPEECH_RATE_KEY) {
      memory.delete(event.key);
      listener();
    }
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Whether the exam language's words show beside a translated question; off until chosen. */
export function useShowOriginal(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(
    subscribe,
    () => stored(SHOW_ORIGINAL_KEY) === 'true',
    () => false,
  );
  return [show, (next) => write(SHOW_ORIGINAL_KEY, String(next))];
}

/** The read-aloud speed (one of SPEECH_RATES); the voice's normal speed until chosen. */
export function useSpeechRate(): [number, (rate: number) => void] {
  const rate = useSyncExternalStore(
    subscribe,
    () => {
      const value = Number(stored(SPEECH_RATE_KEY));
      return SPEECH_RATES.find((known) => known === value) ?? 1;
    },
    () => 1,
  );
  return [rate, (next) => write(SPEECH_RATE_KEY, String(next))];
}
