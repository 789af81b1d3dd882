import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { preferencesOrDefault, type UserPreferences } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import type { ApiClient } from '../api/apiClient';
import { logger } from '../log';
import { readCachedPreferences, writeCachedPreferences } from './preferencesCache';

const log = logger('preferences');

/** The relay's route of the signed-in user's preferences. */
export const PREFERENCES_PATH = '/api/me/preferences';

/** The signed-in user's preferences, and how to change them. */
export interface PreferencesState {
  readonly preferences: UserPreferences;
  /** True once the server answered (until then the browser's cached copy is shown). */
  readonly loaded: boolean;
  /** Saves at once on screen; rolls back and sets `error` when the server refuses or fails. */
  readonly save: (next: UserPreferences) => void;
  /** Why the last save failed, until dismissed. */
  readonly error: string | null;
  readonly dismissError: () => void;
}

/**
 * Loads and saves a user's preferences through the relay. The cached copy shows first (so the
 * theme applies before the network answers); a save shows at once and is undone if it fails.
 */
export const usePreferencesState = (api: ApiClient, username: string): PreferencesState => {
  const [preferences, setPreferences] = useState(() => readCachedPreferences(username));
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The value the server last confirmed, and a counter so only the latest save may roll back.
  const confirmed = useRef(preferences);
  const saves = useRef(0);

  const show = useCallback(
    (p: UserPreferences) => {
      setPreferences(p);
      writeCachedPreferences(username, p);
    },
    [username],
  );

  useEffect(() => {
    let live = true;
    api.get<unknown>(PREFERENCES_PATH).then(
      (answer) => {
        if (!live || saves.current > 0) return; // a save made meanwhile wins
        confirmed.current = preferencesOrDefault(answer);
        show(confirmed.current);
        setLoaded(true);
      },
      (err: unknown) => {
        log.warn('could not load preferences; keeping the cached ones', err);
        if (live) setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, show]);

  const save = useCallback(
    (next: UserPreferences) => {
      const mine = ++saves.current;
      show(next);
      setError(null);
      api.put<unknown>(PREFERENCES_PATH, next).then(
        (answer) => {
          confirmed.current = preferencesOrDefault(answer);
          if (mine === saves.current) show(confirmed.current);
        },
        (err: unknown) => {
          if (mine !== saves.current) return;
          show(confirmed.current);
          const reason = isApiError(err) ? err.error : 'the server did not answer';
          setError(`Your preferences could not be saved: ${reason.replace(/\.$/, '')}.`);
        },
      );
    },
    [api, show],
  );
  const dismissError = useCallback(() => setError(null), []);
  return { preferences, loaded, save, error, dismissError };
};

/** The preferences of the signed-in user, provided once by the shell. */
export const PreferencesContext = createContext<PreferencesState | null>(null);

/** The signed-in user's preferences (inside the shell). */
export const usePreferences = (): PreferencesState => {
  const p = useContext(PreferencesContext);
  if (!p) throw new Error('usePreferences needs the shell’s PreferencesContext');
  return p;
};
