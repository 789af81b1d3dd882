/**
 * Cluster-wide locks and rate limits: in Redis when there is one, in this process otherwise.
 * Invariant: a lock is released only by its holder, and an unreachable Redis is an error at once
 * (CoordinationUnavailableError), never a wait.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { memoryRateLimit, redisRateLimit } from './rateLimit.js';

/** Cluster-wide mutual exclusion and rate limits: Redis when there, this process otherwise. */
export interface Coordination {
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Counts a hit; false when the subject would go over `limit` per sliding window (rateLimit.ts). */
  allow(action: string, subject: string, limit: number, windowMs: number): Promise<boolean>;
}

/** Thrown when a lock could not be had in time (someone else holds it too long). */
export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`could not lock ${key}`);
    this.name = 'LockTimeoutError';
  }
}

/** Thrown when Redis cannot be reached: the gateway answers 503 at once instead of hanging. */
export class CoordinationUnavailableError extends Error {
  constructor(cause: unknown) {
    super('coordination store unavailable', { cause });
    this.name = 'CoordinationUnavailableError';
  }
}

/** Runs a Redis call, turning a connection failure into CoordinationUnavailableError. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new CoordinationUnavailableError(err);
  }
}

const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Locks and counters in Redis, shared by every relay instance. */
export function redisCoordination(redis: Redis, keys: RedisKeys, prefix: string): Coordination {
  const rateLimit = redisRateLimit(redis, keys);
  return {
    async withLock(key, fn) {
      const lockKey = `${prefix}lock:${key}`;
      const token = randomUUID();
      const deadline = Date.now() + 10_000;
      while ((await reach(() => redis.set(lockKey, token, 'PX', 15_000, 'NX'))) !== 'OK') {
        if (Date.now() > deadline) throw new LockTimeoutError(key);
        await new Promise((r) => setTimeout(r, 25));
      }
      try {
        return await fn();
      } finally {
        // A lock that cannot be released lapses by itself after its 15 s.
        await redis.eval(RELEASE_LUA, 1, lockKey, token).catch(() => undefined);
      }
    },
    allow: (action, subject, limit, windowMs) =>
      reach(() => rateLimit(action, subject, limit, windowMs)),
  };
}

/** Locks and counters of a single instance. */
export function memoryCoordination(): Coordination {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async withLock(key, fn) {
      const before = tails.get(key) ?? Promise.resolve();
      const run = before.catch(() => undefined).then(fn);
      tails.set(key, run);
      try {
        return await run;
      } finally {
        if (tails.get(key) === run) tails.delete(key);
      }
    },
    allow: memoryRateLimit(),
  };
}
