import type { Redis } from 'ioredis';
import { preferencesOrDefault, type UserPreferences } from '@referrals/shared';
import { CoordinationUnavailableError } from '../coordination.js';
import type { RedisKeys } from '../keys.js';

/** Where each user's preferences live: Redis when there, this process otherwise. */
export interface PreferencesStore {
  /** The user's saved preferences, or the defaults when none were saved. */
  get(username: string): Promise<UserPreferences>;
  put(username: string, prefs: UserPreferences): Promise<void>;
}

/** Runs a Redis call; a connection failure becomes a 503 at the adapter, never a hang or a 500. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new CoordinationUnavailableError(err);
  }
}

/** Preferences in Redis, one JSON string per user; shared by every relay instance. */
export function redisPreferences(redis: Redis, keys: RedisKeys): PreferencesStore {
  return {
    async get(username) {
      const raw = await reach(() => redis.get(keys.preferences(username)));
      if (raw === null) return preferencesOrDefault(null);
      // A value written by an older build that no longer validates reads as the defaults.
      return preferencesOrDefault(JSON.parse(raw));
    },
    async put(username, prefs) {
      await reach(() => redis.set(keys.preferences(username), JSON.stringify(prefs)));
    },
  };
}

/** Preferences of a single in-memory relay (no Redis): kept until it stops. */
export function memoryPreferences(): PreferencesStore {
  const saved = new Map<string, UserPreferences>();
  return {
    get: (username) => Promise.resolve(saved.get(username) ?? preferencesOrDefault(null)),
    put: (username, prefs) => {
      saved.set(username, prefs);
      return Promise.resolve();
    },
  };
}
