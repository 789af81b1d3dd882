/**
 * When a poll cycle last read every upstream stream. Invariant: the time is kept where every
 * instance reads it (Redis, when there is one), so each instance's staleness tells the cluster's.
 */
import type { Redis } from 'ioredis';
import type { RedisKeys } from '../keys.js';
import { logger } from '../log.js';

const log = logger('poller');

/**
 * When a poll cycle last read every upstream stream. One cycle runs at a time in the whole cluster
 * on whichever instance took the job, so the time is kept where every instance reads it: each
 * one's staleness gauge then tells the cluster's, not how often this instance got the job.
 */
export interface PollClock {
  noteSuccess(at: number): Promise<void>;
  lastSuccessAt(): Promise<number | null>;
}

/** The clock in Redis, shared by every instance. */
export function redisPollClock(redis: Redis, keys: RedisKeys): PollClock {
  return {
    async noteSuccess(at) {
      await redis
        .set(keys.health(), String(at))
        .catch((err: unknown) => log.debug({ err }, 'could not note the poll time'));
    },
    async lastSuccessAt() {
      const v = Number(await redis.get(keys.health()));
      return Number.isFinite(v) && v > 0 ? v : null;
    },
  };
}

/** The clock of a single instance. */
export function memoryPollClock(): PollClock {
  let last: number | null = null;
  return {
    noteSuccess(at) {
      last = at;
      return Promise.resolve();
    },
    lastSuccessAt: () => Promise.resolve(last),
  };
}
