import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseStateParam, resolveInitialState, STATE_QUERY_PARAM } from '@referrals/shared';
import { useApiRead } from '../api/useApiRead';
import type { ListState } from './listState';

const GEO_TIMEOUT_MS = 2000;
/** The relay's answer of the user's appetite: null when the user's agency has no marketplace. */
export const APPETITE_PATH = '/api/list-hints/appetite';

/**
 * The list state, with the state filter mirrored in the URL (`?state=`, read with the shared
 * rule). Signed-in lists ask the geo-location first (a known state wins, as the spec orders it);
 * the list waits for that answer (at most two seconds) so it does not load twice. The answer is
 * kept in the query cache, so the next list opened in the tab does not wait again. A list that
 * opens on the user's appetite (`inAppetite`) asks for its states at the same time: a geo-located
 * state outside them opens All States instead, and `outside` names it for the list to say so.
 */
export const useListState = (
  initial: (urlState: string | null) => ListState,
  geoLocate: boolean,
  inAppetite = false,
): {
  state: ListState;
  ready: boolean;
  update: (change: Partial<ListState>) => void;
  outside: string | null;
} => {
  const read = useApiRead();
  const [params, setParams] = useSearchParams();
  const urlState = params.get(STATE_QUERY_PARAM);
  const [state, setState] = useState(() => initial(parseStateParam(urlState)));
  const [ready, setReady] = useState(!geoLocate);
  const first = useRef(urlState);
  const [outside, setOutside] = useState<string | null>(null);

  useEffect(() => {
    if (!geoLocate) return;
    let done = false;
    const finish = (geoState: string | null, viewStates: readonly string[] | null) => {
      if (done) return;
      done = true;
      const resolved = resolveInitialState({
        urlState: first.current,
        geoState,
        isPublic: false,
        viewStates,
      });
      setState((s) => ({ ...s, stateCode: resolved.code }));
      setOutside(resolved.outside ?? null);
      setReady(true);
    };
    const timer = setTimeout(() => finish(null, null), GEO_TIMEOUT_MS);
    // Asked once per tab: the visitor's state does not change under a list. Geo-location is a
    // hint: its failure falls back to the URL state.
    const geo = read('/api/geo-location', {
      staleTime: Infinity,
    }).then(
      (g) => g.state ?? null,
      () => null,
    );
    const appetite = inAppetite
      ? read(APPETITE_PATH, { staleTime: 60_000 }).then(
          (a) => (Array.isArray(a.states) ? a.states : null),
          () => null,
        )
      : Promise.resolve(null);
    void Promise.all([geo, appetite]).then(([g, a]) => finish(g, a));
    return () => clearTimeout(timer);
  }, [read, geoLocate, inAppetite]);

  // The URL follows the chosen state; All States removes the parameter. Setting the same value
  // would still be a navigation (the whole route renders again), so only a change is written.
  useEffect(() => {
    if (!ready || urlState === state.stateCode) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (state.stateCode) next.set(STATE_QUERY_PARAM, state.stateCode);
        else next.delete(STATE_QUERY_PARAM);
        return next.toString() === p.toString() ? p : next;
      },
      { replace: true },
    );
  }, [ready, urlState, state.stateCode, setParams]);

  const update = useCallback((change: Partial<ListState>) => {
    // Any filter or sort change starts again at the first page.
    setState((s) => ({ ...s, page: 0, ...change }));
  }, []);
  return { state, ready, update, outside };
};
