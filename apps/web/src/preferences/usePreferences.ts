import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesOrDefault, type UserPreferences } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import type { ApiClient } from '../api/apiClient';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
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

/** Where one user's preferences are cached. */
const keyOf = (username: string) => [...apiKey(PREFERENCES_PATH), username];

/**
 * Loads and saves a user's preferences through the relay and the query cache. The browser's
 * cached copy shows first (so the theme applies before the network answers); a save shows at once,
 * stops a read still under way (the save wins), and is undone if it fails. Only the latest of
 * quick saves decides what shows.
 */
export const usePreferencesState = (api: ApiClient, username: string): PreferencesState => {
  const client = useQueryClient();
  const queryKey = keyOf(username);
  const [cached] = useState(() => readCachedPreferences(username));
  const read = useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      preferencesOrDefault(await api.withSignal(signal).get<unknown>(PREFERENCES_PATH)),
  });
  useOnError(read.error, (err) =>
    log.warn('could not load preferences; keeping the cached ones', err),
  );
  // The save under way (numbered, so only the latest may roll back), and why the last one failed.
  const [pending, setPending] = useState<{
    readonly n: number;
    readonly value: UserPreferences;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saves = useRef(0);
  const preferences = pending?.value ?? read.data ?? cached;

  useEffect(() => writeCachedPreferences(username, preferences), [username, preferences]);

  const save = useCallback(
    (next: UserPreferences) => {
      const n = ++saves.current;
      setPending({ n, value: next });
      setError(null);
      void client.cancelQueries({ queryKey: keyOf(username) });
      api.put<unknown>(PREFERENCES_PATH, next).then(
        (answer) => {
          client.setQueryData(keyOf(username), preferencesOrDefault(answer));
          setPending((p) => (p?.n === n ? null : p));
        },
        (err: unknown) => {
          if (n !== saves.current) return;
          setPending(null);
          const reason = isApiError(err) ? err.error : 'the server did not answer';
          setError(`Your preferences could not be saved: ${reason.replace(/\.$/, '')}.`);
        },
      );
    },
    [api, client, username],
  );
  const dismissError = useCallback(() => setError(null), []);
  return { preferences, loaded: read.isSuccess || read.isError, save, error, dismissError };
};

/** The preferences of the signed-in user, provided once by the shell. */
export const PreferencesContext = createContext<PreferencesState | null>(null);

/** The signed-in user's preferences (inside the shell). */
export const usePreferences = (): PreferencesState => {
  const p = useContext(PreferencesContext);
  if (!p) throw new Error('usePreferences needs the shell’s PreferencesContext');
  return p;
};
