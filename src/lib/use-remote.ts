import { startTransition, useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/** Outcomes of the promises handed to `followPromise`, once they settle. */
const outcomes = new WeakMap<Promise<unknown>, Remote<unknown>>();

/**
 * Notes a promise's outcome as it settles, for `usePromise`: a page whose data came before its
 * first render then draws the data in that render, instead of a loading state first and the data
 * an effect later (a second commit and a second layout of the whole page). Answers the promise.
 */
export function followPromise<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (data) => outcomes.set(promise, { status: 'success', data }),
    (error: unknown) => outcomes.set(promise, { status: 'error', error }),
  );
  return promise;
}

/**
 * The state of a promise started elsewhere, such as data a route loader began fetching beside
 * the page's code: loading until it settles; a new promise (the loader ran again) starts over.
 * Loading while there is none yet (`null`).
 */
export function usePromise<T>(promise: Promise<T> | null): Remote<T> {
  const [settled, setSettled] = useState<{ promise: Promise<T>; remote: Remote<T> } | null>(null);
  const known = promise ? (outcomes.get(promise) as Remote<T> | undefined) : undefined;
  useEffect(() => {
    if (!promise) return;
    // As a transition: drawing the data (a page of charts) yields to the browser every few
    // milliseconds instead of holding the main thread for the whole page.
    const show = (remote: Remote<T>) => startTransition(() => setSettled({ promise, remote }));
    const outcome = outcomes.get(promise) as Remote<T> | undefined;
    if (outcome) {
      // Drawn with its outcome already, unless it settled after that render and before this
      // effect: then it is drawn now, or the page would stay loading (no `then` is left to call).
      if (outcome !== known) show(outcome);
      return;
    }
    let current = true;
    promise.then(
      (data) => {
        if (current) show({ status: 'success', data });
      },
      (error: unknown) => {
        if (current) show({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [promise, known]);
  if (promise && settled?.promise === promise) return settled.remote;
  return known ?? { status: 'loading' };
}
