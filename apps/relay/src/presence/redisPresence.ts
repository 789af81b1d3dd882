/**
 * Presence in Redis, shared by every relay of a cluster (keys from keys.ts):
 * - viewers: a sorted set per (agency, referral), member = one socket's entry (JSON), score = its
 *   expiry; refreshed by the relay that holds the socket, pruned when read, the key itself
 *   expiring with its last entry;
 * - holds: a string per (agency, referral), set atomically with the hold's TTL (PX), plus a
 *   sorted set per agency of the referrals it holds (scored by expiry) to list them;
 * - changes: one pub/sub channel; each relay reads the new state and tells its own sockets.
 * Invariant: a hold is set or ended only by one script each (check and write atomically), so two
 * teammates at once never both hold, and nobody ends another's hold.
 */
import type { Redis } from 'ioredis';
import {
  HOLD_TTL_MS,
  VIEW_TTL_MS,
  type PresenceHold,
  type PresenceViewer,
} from '@referrals/shared';
import { CoordinationUnavailableError } from '../coordination.js';
import type { RedisKeys } from '../keys.js';
import { logger } from '../log.js';
import {
  parseNotice,
  uniqueViewers,
  type PresenceNotice,
  type PresenceStore,
  type ViewerEntry,
} from './store.js';

const log = logger('realtime');

/** KEYS: hold, agency index. ARGV: hold JSON, ttl ms, username, referral id, expiry ms. */
const HOLD_LUA = `
local cur = redis.call('GET', KEYS[1])
if cur and cjson.decode(cur).username ~= ARGV[3] then return {0, cur} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if cur then return {2, ARGV[1]} end
return {1, ARGV[1]}`;

/** KEYS: hold, agency index. ARGV: username, referral id. */
const RELEASE_LUA = `
local cur = redis.call('GET', KEYS[1])
if not cur then return {0, false} end
if cjson.decode(cur).username ~= ARGV[1] then return {1, cur} end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return {2, cur}`;

/** Runs a Redis call; an unreachable Redis is CoordinationUnavailableError (503), never a wait. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new CoordinationUnavailableError(err);
  }
}

const member = (v: ViewerEntry) => JSON.stringify([v.socketId, v.username, v.name]);
const entryOf = (m: string): ViewerEntry | null => {
  try {
    const [socketId, username, name] = JSON.parse(m) as [string, string, string];
    return { socketId, username, name };
  } catch {
    return null;
  }
};
const holdOfJson = (json: string | null | false): PresenceHold | null =>
  json ? (JSON.parse(json) as PresenceHold) : null;

/** Presence in Redis; `redis` is the relay's client (a subscriber is duplicated from it). */
export function redisPresence(redis: Redis, keys: RedisKeys): PresenceStore {
  let subscriber: Redis | null = null;
  const listeners = new Set<(n: PresenceNotice) => void>();
  const subscribe = () => {
    // Its own connection (a subscribed client does nothing else), queueing the subscribe until
    // it connects and subscribing again after each reconnect (ioredis does both).
    const sub = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    sub.on('error', (err) => log.debug({ err }, 'presence subscriber error'));
    sub.on('message', (_channel: string, text: string) => {
      const notice = parseNotice(text);
      if (notice) for (const l of [...listeners]) l(notice);
    });
    sub.subscribe(keys.presenceChannel()).catch((err: unknown) => {
      log.warn({ err }, 'could not hear presence changes');
    });
    return sub;
  };
  return {
    view: (agencyId, referralId, viewer, now) =>
      reach(async () => {
        const k = keys.presenceViewers(agencyId, referralId);
        await redis
          .multi()
          .zadd(k, now + VIEW_TTL_MS, member(viewer))
          .pexpire(k, VIEW_TTL_MS)
          .exec();
      }),
    leave: (agencyId, referralId, viewer) =>
      reach(async () => {
        await redis.zrem(keys.presenceViewers(agencyId, referralId), member(viewer));
      }),
    viewers: (agencyId, referralId, now) =>
      reach(async () => {
        const k = keys.presenceViewers(agencyId, referralId);
        const answers = await redis
          .multi()
          .zremrangebyscore(k, '-inf', String(now))
          .zrange(k, '0', '-1')
          .exec();
        const pruned = Number(answers?.[0]?.[1] ?? 0) > 0;
        const members = (answers?.[1]?.[1] ?? []) as string[];
        const entries = members.map(entryOf).filter((e): e is ViewerEntry => e !== null);
        return { viewers: uniqueViewers(entries), pruned };
      }),
    viewersOf: (agencyId, referralIds, now) =>
      reach(async () => {
        // A pipeline, not a transaction: reads only, one round trip for every row.
        const pipe = redis.pipeline();
        for (const id of referralIds)
          pipe.zrangebyscore(keys.presenceViewers(agencyId, id), `(${now}`, '+inf');
        const answers = (await pipe.exec()) ?? [];
        const out = new Map<number, PresenceViewer[]>();
        referralIds.forEach((id, i) => {
          const [err, members] = answers[i] ?? [null, []];
          if (err) throw err;
          const entries = (members as string[])
            .map(entryOf)
            .filter((e): e is ViewerEntry => e !== null);
          if (entries.length > 0) out.set(id, uniqueViewers(entries));
        });
        return out;
      }),
    hold: (agencyId, hold) =>
      reach(async () => {
        const [code, json] = (await redis.eval(
          HOLD_LUA,
          2,
          keys.presenceHold(agencyId, hold.referralId),
          keys.presenceHolds(agencyId),
          JSON.stringify(hold),
          HOLD_TTL_MS,
          hold.username,
          hold.referralId,
          Date.parse(hold.until),
        )) as [number, string];
        if (code === 0) return { ok: false as const, current: holdOfJson(json)! };
        return { ok: true as const, hold, renewed: code === 2 };
      }),
    release: (agencyId, referralId, username) =>
      reach(async () => {
        const [code, json] = (await redis.eval(
          RELEASE_LUA,
          2,
          keys.presenceHold(agencyId, referralId),
          keys.presenceHolds(agencyId),
          username,
          referralId,
        )) as [number, string | null];
        if (code === 2) return { ok: true as const, released: holdOfJson(json)! };
        return { ok: false as const, current: holdOfJson(json) };
      }),
    holdOf: (agencyId, referralId) =>
      reach(async () => holdOfJson(await redis.get(keys.presenceHold(agencyId, referralId)))),
    holds: (agencyId, now) =>
      reach(async () => {
        const index = keys.presenceHolds(agencyId);
        await redis.zremrangebyscore(index, '-inf', String(now));
        const ids = await redis.zrange(index, '0', '-1');
        if (ids.length === 0) return [];
        const values = await redis.mget(ids.map((id) => keys.presenceHold(agencyId, Number(id))));
        return values.map(holdOfJson).filter((h): h is PresenceHold => h !== null);
      }),
    publish: (notice) =>
      reach(async () => {
        await redis.publish(keys.presenceChannel(), JSON.stringify(notice));
      }),
    onNotice(listener) {
      listeners.add(listener);
      subscriber ??= subscribe();
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      subscriber?.disconnect();
      subscriber = null;
      return Promise.resolve();
    },
  };
}
