import { preferencesOrDefault, type UserPreferences } from '@referrals/shared';

/** The localStorage key of one user's cached preferences. */
export const cacheKey = (username: string): string => `rc.preferences.${username}`;

/** Storage as the cache uses it; localStorage in the browser. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

const storageOrNull = (): PreferenceStorage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the server's answer is all there is
  }
};

/**
 * The last preferences this browser saw for a user, so the theme applies before the server
 * answers; the defaults when none or when the cached text is not valid.
 */
export const readCachedPreferences = (
  username: string,
  storage: PreferenceStorage | null = storageOrNull(),
): UserPreferences => {
  try {
    const raw = storage?.getItem(cacheKey(username));
    return preferencesOrDefault(raw ? JSON.parse(raw) : null);
  } catch {
    return preferencesOrDefault(null);
  }
};

/** Remembers a user's preferences in this browser (best effort: a full storage is ignored). */
export const writeCachedPreferences = (
  username: string,
  prefs: UserPreferences,
  storage: PreferenceStorage | null = storageOrNull(),
): void => {
  try {
    storage?.setItem(cacheKey(username), JSON.stringify(prefs));
  } catch {
    // The cache is a speed-up; the server keeps the preferences.
  }
};
