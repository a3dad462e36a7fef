import { useCallback, useEffect, useRef, useState } from 'react';

export interface AdminData<T> {
  /** The last data loaded; kept on screen while the next load runs. */
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * Loads a tab's data when it is shown and again whenever `key` changes or `reload` is called;
 * an answer that arrives after a newer request is dropped. `onError` shows the notification.
 */
export function useAdminData<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onError: (error: unknown) => void,
): AdminData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const errorRef = useRef(onError);
  loadRef.current = load;
  errorRef.current = onError;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setFailed(false);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
        errorRef.current(error);
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, loading, failed, reload };
}
