/**
 * Sliding-window rate limits over rate-limiter-flexible's counters, in Redis or in memory.
 * Invariant: a subject never gets more than `limit` hits in any window's span, and a refused hit
 * is not counted.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisKeys } from './keys.js';

/** Counts a hit of `subject` doing `action`; false when it would go over `limit` per window. */
export type RateLimit = (
  action: string,
  subject: string,
  limit: number,
  windowMs: number,
) => Promise<boolean>;

/** Builds the counters of one window length (their keys outlive two windows). */
type Counters = (windowMs: number) => RateLimiterAbstract;

/**
 * A sliding-window limit over rate-limiter-flexible's counters (atomic in Redis, so one count is
 * shared by every instance; in this process's memory without Redis). The count of the current
 * clock window is added to the previous window's, weighted by how much of it the sliding window
 * still covers. A fixed window let `limit` hits in at the end of one window and `limit` more at the
 * start of the next; this lets `limit` in at once and then refills at `limit` per window. A hit
 * refused is given back, so hammering does not push the next allowed one further out.
 */
export function slidingWindowLimit(
  counters: Counters,
  keyOf: (action: string, subject: string, window: number) => string,
): RateLimit {
  const byWindow = new Map<number, RateLimiterAbstract>();
  return async (action, subject, limit, windowMs) => {
    let counter = byWindow.get(windowMs);
    if (!counter) byWindow.set(windowMs, (counter = counters(windowMs)));
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const key = keyOf(action, subject, window);
    const [previous, current] = await Promise.all([
      counter.get(keyOf(action, subject, window - 1)),
      // The counter's own limit is never reached: the decision is the weighted sum below.
      counter.consume(key),
    ]);
    const covered = 1 - (now - window * windowMs) / windowMs;
    const estimate = (previous?.consumedPoints ?? 0) * covered + current.consumedPoints;
    if (estimate <= limit) return true;
    await counter.reward(key);
    return false;
  };
}

/** Keys of a counter live two windows: the previous window is read during the current one. */
const lifeSeconds = (windowMs: number) => Math.ceil((2 * windowMs) / 1000);

/** Counts in Redis under the relay's rate-limit keys, shared by every instance. */
export function redisRateLimit(redis: Redis, keys: RedisKeys): RateLimit {
  return slidingWindowLimit(
    (windowMs) =>
      new RateLimiterRedis({
        storeClient: redis,
        // The whole key comes from the key builder.
        keyPrefix: '',
        points: Number.MAX_SAFE_INTEGER,
        duration: lifeSeconds(windowMs),
        // Fail at once while Redis is away (the gateway answers 503) rather than queue.
        rejectIfRedisNotReady: true,
      }),
    keys.rateLimit,
  );
}

/** Counts in this process (a relay without Redis runs alone). */
export function memoryRateLimit(): RateLimit {
  return slidingWindowLimit(
    (windowMs) =>
      new RateLimiterMemory({
        keyPrefix: '',
        points: Number.MAX_SAFE_INTEGER,
        duration: lifeSeconds(windowMs),
      }),
    (action, subject, window) => `${action}:${subject}:${window}`,
  );
}
