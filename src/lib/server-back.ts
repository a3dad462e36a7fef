import { ApiError, isUnreachable, type ApiClient } from '../api';

/** What a gateway answers while the server behind it is down or restarting. */
const SERVER_DOWN = [502, 503, 504];

/** Whether a failed call found the server out of reach: no answer, or a gateway's 502 to 504. */
export function isOutOfReach(error: unknown): boolean {
  return isUnreachable(error) || (error instanceof ApiError && SERVER_DOWN.includes(error.status));
}

const listenersOf = new WeakMap<ApiClient, Set<() => void>>();

/**
 * Calls `listener` whenever the server answers again after a call of this client found it out
 * of reach (no answer, or a gateway's 502 to 504): a restarted server, a network back. Answers
 * the function that stops it.
 */
export function whenServerBack(api: ApiClient, listener: () => void): () => void {
  let listeners = listenersOf.get(api);
  if (!listeners) {
    const told = new Set<() => void>();
    let outOfReach = false;
    api.use({
      onResponse({ response }) {
        if (SERVER_DOWN.includes(response.status)) outOfReach = true;
        else if (outOfReach) {
          outOfReach = false;
          told.forEach((tell) => tell());
        }
      },
      onError() {
        outOfReach = true;
      },
    });
    listenersOf.set(api, told);
    listeners = told;
  }
  const own = listeners;
  own.add(listener);
  return () => {
    own.delete(listener);
  };
}
