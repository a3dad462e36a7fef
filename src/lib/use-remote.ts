import { useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * The state of a promise started elsewhere, such as data a route loader began fetching beside
 * the page's code: loading until it settles; a new promise (the loader ran again) starts over.
 */
export function usePromise<T>(promise: Promise<T>): Remote<T> {
  const [settled, setSettled] = useState<{ promise: Promise<T>; remote: Remote<T> } | null>(null);
  useEffect(() => {
    let current = true;
    promise.then(
      (data) => {
        if (current) setSettled({ promise, remote: { status: 'success', data } });
      },
      (error: unknown) => {
        if (current) setSettled({ promise, remote: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [promise]);
  return settled?.promise === promise ? settled.remote : { status: 'loading' };
}
