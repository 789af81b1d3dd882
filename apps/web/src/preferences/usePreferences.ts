import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One save: whose preferences, and their new value. */
interface PreferencesSave {
  readonly user: string;
  readonly value: UserPreferences;
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
      preferencesOrDefault(await api.withSignal(signal).get(PREFERENCES_PATH)),
  });
  useOnError(read.error, (err) =>
    log.warn('could not load preferences; keeping the cached ones', err),
  );
  // The value of the latest save, shown from the click until that save settles. Kept here rather
  // than read from the mutation's variables: those reach the screen a tick after the click, and a
  // save shows in the render the click causes (the theme changes at once).
  const [shown, setShown] = useState<UserPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preferences = shown ?? read.data ?? cached;

  useEffect(() => writeCachedPreferences(username, preferences), [username, preferences]);

  const writing = useMutation({
    mutationFn: ({ value }: PreferencesSave) => api.put(PREFERENCES_PATH, value),
    // Any save's answer is what the server holds now, so it goes in the cache.
    onSuccess: (answer, { user }) => client.setQueryData(keyOf(user), preferencesOrDefault(answer)),
  });
  const { mutate } = writing;
  const save = useCallback(
    (next: UserPreferences) => {
      setShown(next);
      setError(null);
      void client.cancelQueries({ queryKey: keyOf(username) });
      // These callbacks follow the latest save only: an earlier one never rolls back a later.
      mutate(
        { user: username, value: next },
        {
          onSuccess: () => setShown(null),
          onError: (err) => {
            setShown(null);
            const reason = isApiError(err) ? err.error : 'the server did not answer';
            setError(`Your preferences could not be saved: ${reason.replace(/\.$/, '')}.`);
          },
        },
      );
    },
    [client, mutate, username],
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
