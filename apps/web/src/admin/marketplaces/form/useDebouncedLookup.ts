import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** Where a lookup stands: idle (nothing to look up), pending, or settled for a key. */
export type LookupState<K, R> =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly key: K }
  | { readonly status: 'done'; readonly key: K; readonly result: R }
  | { readonly status: 'failed'; readonly key: K };

/** The key asked for last, and whether its debounce ran out (its query may run). */
type Asked<K> = { readonly key: K; readonly due: boolean } | null;

const IDLE_KEY = ['lookup', 'idle'] as const;

/**
 * A lookup through the query cache that runs `delayMs` after the last `schedule` (or at once with
 * `run`). The query is keyed by the key asked for last, so a slower answer to an older key is
 * never shown, and asking a key again within the cache's time answers at once.
 */
export const useDebouncedLookup = <K, R, Q extends QueryKey>(
  /** The cached query that looks a key up (`apiQuery` of its path). */
  queryOf: (key: K) => UseQueryOptions<R, Error, R, Q>,
  delayMs: number,
) => {
  const [asked, setAsked] = useState<Asked<K>>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = useQuery<R, Error, R, Q>(
    asked?.due ? queryOf(asked.key) : { queryKey: IDLE_KEY as unknown as Q, queryFn: skipToken },
  );

  const run = useCallback((key: K) => {
    clearTimeout(timer.current);
    setAsked({ key, due: true });
  }, []);

  const schedule = useCallback(
    (key: K) => {
      clearTimeout(timer.current);
      const next = { key, due: false };
      setAsked(next);
      // Due only if nothing was asked since.
      timer.current = setTimeout(
        () => setAsked((a) => (a === next ? { key, due: true } : a)),
        delayMs,
      );
    },
    [delayMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setAsked(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const { isPending, isError, data } = query;
  // A new object only when the lookup moved: effects on it run once per change, not per render.
  const state = useMemo((): LookupState<K, R> => {
    if (asked === null) return { status: 'idle' };
    if (!asked.due || isPending) return { status: 'pending', key: asked.key };
    if (isError) return { status: 'failed', key: asked.key };
    return { status: 'done', key: asked.key, result: data };
  }, [asked, isPending, isError, data]);
  return { state, schedule, run, clear };
};
