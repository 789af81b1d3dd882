/**
 * Each user's console preferences in the relay's database, and the one-off move of those an
 * older build kept in Redis. Invariant: a stored value that no longer validates reads as the
 * defaults, and a Redis key is deleted only once its row is in the database.
 */
import type { Redis } from 'ioredis';
import { preferencesOrDefault, type UserPreferences } from '@referrals/shared';
import { logger } from '../log.js';
import type { RedisKeys } from '../keys.js';
import { reach, type RelayDatabase } from './database.js';

const log = logger('db');

/** Each user's console preferences, in the relay's database (shared by every instance). */
export interface PreferencesStore {
  /** The user's saved preferences, or the defaults when none were saved. */
  get(username: string): Promise<UserPreferences>;
  put(username: string, prefs: UserPreferences): Promise<void>;
}

export function databasePreferences(database: RelayDatabase): PreferencesStore {
  const { db } = database;
  return {
    async get(username) {
      database.assertReady();
      const row = await reach(() =>
        db
          .selectFrom('preferences')
          .select('prefs')
          .where('username', '=', username)
          .executeTakeFirst(),
      );
      // A value written by an older build that no longer validates reads as the defaults.
      return preferencesOrDefault(row?.prefs ?? null);
    },
    async put(username, prefs) {
      database.assertReady();
      const json = JSON.stringify(prefs);
      await reach(() =>
        db
          .insertInto('preferences')
          .values({ username, prefs: json, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('username').doUpdateSet({ prefs: json, updated_at: new Date() }),
          )
          .execute(),
      );
    },
  };
}

/**
 * Moves preferences an older build kept in Redis (which keeps nothing on disk) into the database,
 * once: a user who already has a row keeps it, and each Redis key goes only after its row is in.
 */
export async function importRedisPreferences(
  redis: Redis,
  keys: RedisKeys,
  database: RelayDatabase,
): Promise<number> {
  const pattern = keys.preferences('*');
  let cursor = '0';
  let moved = 0;
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    for (const key of found) {
      const raw = await redis.get(key);
      const username = key.slice(pattern.length - 1);
      if (raw === null || username === '') continue;
      let prefs: UserPreferences;
      try {
        prefs = preferencesOrDefault(JSON.parse(raw));
      } catch {
        continue;
      }
      const json = JSON.stringify(prefs);
      await reach(() =>
        database.db
          .insertInto('preferences')
          .values({ username, prefs: json })
          .onConflict((oc) => oc.column('username').doNothing())
          .execute(),
      );
      await redis.del(key);
      moved += 1;
    }
  } while (cursor !== '0');
  if (moved > 0) log.info({ moved }, 'preferences moved from Redis to the database');
  return moved;
}
