import { useCallback, useEffect, useRef, useState } from 'react';

/** Where a lookup stands: idle (nothing to look up), pending, or settled for a key. */
export type LookupState<K, R> =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly key: K }
  | { readonly status: 'done'; readonly key: K; readonly result: R }
  | { readonly status: 'failed'; readonly key: K };

/**
 * A lookup that runs `delayMs` after the last `schedule` (or at once with `run`). Only the latest
 * key's answer is kept; a slower answer to an older key is dropped.
 */
export const useDebouncedLookup = <K, R>(fetch: (key: K) => Promise<R>, delayMs: number) => {
  const [state, setState] = useState<LookupState<K, R>>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });

  const run = useCallback((key: K) => {
    clearTimeout(timer.current);
    const ticket = ++latest.current;
    setState({ status: 'pending', key });
    fetchRef.current(key).then(
      (result) => {
        if (ticket === latest.current) setState({ status: 'done', key, result });
      },
      () => {
        if (ticket === latest.current) setState({ status: 'failed', key });
      },
    );
  }, []);

  const schedule = useCallback(
    (key: K) => {
      clearTimeout(timer.current);
      latest.current += 1;
      setState({ status: 'pending', key });
      timer.current = setTimeout(() => run(key), delayMs);
    },
    [delayMs, run],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    latest.current += 1;
    setState({ status: 'idle' });
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { state, schedule, run, clear };
};
