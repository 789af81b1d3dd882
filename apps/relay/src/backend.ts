/**
 * The relay's backend: Redis for a cluster, or memory for one instance. Invariant: the choice is
 * made once, by createBackend; the rest of the relay never asks which it runs on.
 */
import { Redis } from 'ioredis';
import type { RelayConfig } from './config.js';
import { memoryCoordination, redisCoordination, type Coordination } from './coordination.js';
import type { RelayDatabase } from './db/database.js';
import { importRedisPreferences } from './db/preferences.js';
import { redisKeys } from './keys.js';
import { memoryPresence } from './presence/memoryPresence.js';
import { redisPresence } from './presence/redisPresence.js';
import type { PresenceStore } from './presence/store.js';
import { logger } from './log.js';
import { memoryPollClock, redisPollClock, type PollClock } from './ingest/pollClock.js';
import { createLeaseScheduler } from './ingest/pollLease.js';
import { createTimerScheduler, type PollScheduler } from './ingest/scheduler.js';
import { createMemoryStore } from './changeLog/memoryStore.js';
import { createRedisStore } from './changeLog/redisStore.js';
import type { ReadModelStore } from './changeLog/store.js';
import { BACKOFF, backoffMs } from './resilience.js';
import { redisAnswers, watchRedis } from './storeWatch.js';

const log = logger('main');

/**
 * Everything of the relay that differs between a cluster on Redis and one instance in memory. The
 * choice is made once, by createBackend, so the rest of the relay never asks which it runs on.
 */
export interface RelayBackend {
  /** The store as the logs name it: 'Redis at <url>', or 'memory'. */
  readonly name: string;
  readonly store: ReadModelStore;
  readonly pollClock: PollClock;
  readonly coordination: Coordination;
  /** Team presence and holds: in Redis for a cluster, in this process alone (presence/). */
  readonly presence: PresenceStore;
  /**
   * Whether Socket.IO may restore a dropped client's rooms: only on a single instance, since in a
   * cluster a client may come back to another one (clients resync by seq either way).
   */
  readonly stateRecovery: boolean;
  /** The poll's scheduler: one poll per interval for the whole cluster, running `run`. */
  scheduler(run: () => Promise<unknown>): PollScheduler;
  /** Whether the store answers now; null when there is nothing to ask (memory never goes away). */
  storeAnswers(): Promise<boolean | null>;
  /**
   * Tells `onChange` whenever the store stops or starts answering, starting unreachable until it
   * first answers (memory never changes, so never calls). Returns the stop.
   */
  watch(onChange: (reachable: boolean) => void): () => void;
  /** Moves data an older build kept in the store into the database, once both answer. */
  moveToDatabase(database: RelayDatabase): Promise<void>;
  /** Drops the store's connections, last in a stop (after the store itself is closed). */
  disconnect(): void;
}

/** How long one attempt to open a connection to Redis may take. */
const CONNECT_TIMEOUT_MS = 1000;

/**
 * The relay's Redis client. It connects in the background and keeps trying, with the relay's
 * backoff (BACKOFF.redisReconnect), for as long as the process lives: a relay given a Redis never
 * runs without it.
 */
function redisClient(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    // Commands fail at once while Redis is away instead of queueing for minutes.
    enableOfflineQueue: false,
    // ioredis counts its reconnects from 1.
    retryStrategy: (times) => backoffMs(times - 1, BACKOFF.redisReconnect),
  });
  redis.on('error', (err) => log.debug({ err }, 'redis error'));
  return redis;
}

type BackendConfig = Pick<RelayConfig, 'redisPrefix' | 'pollIntervalMs'>;

/** A cluster's backend: the read model, locks, limits and the poll's schedule all in Redis. */
export function redisBackend(url: string, config: BackendConfig): RelayBackend {
  const keys = redisKeys(config.redisPrefix);
  const redis = redisClient(url);
  const name = `Redis at ${url}`;
  return {
    name,
    store: createRedisStore(redis, keys),
    pollClock: redisPollClock(redis, keys),
    coordination: redisCoordination(redis, keys, config.redisPrefix),
    presence: redisPresence(redis, keys),
    stateRecovery: false,
    scheduler: (run) =>
      createLeaseScheduler({
        redis,
        leaseKey: keys.pollOwner(),
        channel: keys.pollChannel(),
        intervalMs: config.pollIntervalMs,
        run,
      }),
    storeAnswers: () => redisAnswers(redis, CONNECT_TIMEOUT_MS),
    watch(onChange) {
      // Until Redis first answers, and whenever it stops, this instance's clients are told stale.
      onChange(false);
      return watchRedis(redis, (reachable) => {
        if (reachable) log.info('Redis answers');
        else log.warn(`${name} does not answer: clients told stale, not ready`);
        onChange(reachable);
      });
    },
    async moveToDatabase(database) {
      // Preferences an older build kept in Redis, which keeps nothing on disk.
      await importRedisPreferences(redis, keys, database).catch((err: unknown) =>
        log.warn({ err }, 'could not move preferences from Redis; the next start will'),
      );
    },
    disconnect: () => redis.disconnect(),
  };
}

/** A single instance's backend: everything in this process, nothing to wait for or connect. */
export function memoryBackend(config: BackendConfig): RelayBackend {
  return {
    name: 'memory',
    store: createMemoryStore(),
    pollClock: memoryPollClock(),
    coordination: memoryCoordination(),
    presence: memoryPresence(),
    stateRecovery: true,
    scheduler: (run) => createTimerScheduler({ intervalMs: config.pollIntervalMs, run }),
    storeAnswers: () => Promise.resolve(null),
    watch: () => () => undefined,
    moveToDatabase: () => Promise.resolve(),
    disconnect: () => undefined,
  };
}

/** The backend REDIS_URL names: Redis, required once given, or memory when it is unset. */
export function createBackend(config: RelayConfig): RelayBackend {
  if (config.store.kind === 'redis') return redisBackend(config.store.url, config);
  log.warn('no REDIS_URL: running single-instance on an in-memory store');
  return memoryBackend(config);
}
