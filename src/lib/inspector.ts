import type { InspectionEvent, Observer } from 'xstate';
import { isDev } from '../env';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let inspect: Inspect | undefined;

/**
 * Starts @statelyai/inspect in development only (add `?noinspect` to the URL to skip it); the
 * production build folds `isDev` to false and drops the import. Call once before creating actors.
 */
export async function startInspector(): Promise<void> {
  if (isDev) {
    if (inspect || new URLSearchParams(window.location.search).has('noinspect')) return;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector({ autoStart: true }).inspect;
  }
}

/**
 * Options for createActor / useActorRef / useMachine so every live machine shows in the
 * inspector during development: `useMachine(machine, { ...inspectOptions() })`.
 */
export function inspectOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
