import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { logger } from '../log.js';

const log = logger('poller');

/** Runs the poll once per interval for the whole cluster, and at once when asked. */
export interface PollScheduler {
  readonly kind: 'bullmq' | 'timer';
  start(): Promise<void>;
  /** Asks for a poll as soon as possible (after a write); requests made meanwhile coalesce. */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

const QUEUE = 'poll';

/** How long stop waits for the queue to close before cutting its connections. */
const CLOSE_WAIT_MS = 2000;

/** How long pollNow waits for Redis before giving up: a write must not hang on a dead queue. */
const POLL_NOW_TIMEOUT_MS = 1000;

/**
 * How long a poll job's lock lasts and how often stalled jobs are looked for. A killed
 * instance's job is taken over only after its lock lapses and two stall checks have seen it
 * without one (BullMQ marks, then moves), so takeover takes up to lockDuration + 2 x
 * stalledInterval plus the poll: 1.2 intervals with these values, inside the promised two. A lock
 * lost to a stalled event loop only lets a second poll run; commits are fenced by seq, so that
 * costs an upstream read, never a wrong snapshot.
 */
export function lockTiming(intervalMs: number) {
  const lockDuration = Math.max(500, Math.round(intervalMs * 0.6));
  return { lockDuration, stalledInterval: Math.max(250, Math.round(lockDuration / 2)) };
}

/**
 * BullMQ job scheduler with global concurrency 1: whichever relay instance's worker takes the job
 * polls, and only one poll runs at a time in the whole cluster. A killed instance's job is taken
 * over once its lock lapses (see lockTiming). The scheduler lives in Redis, so when Redis comes
 * back empty after a restart each instance puts it back on reconnecting.
 */
export function createBullScheduler(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly intervalMs: number;
  readonly run: () => Promise<unknown>;
}): PollScheduler {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (err) => log.debug({ err }, 'poll queue connection error'));
  const queue = new Queue(QUEUE, { connection, prefix: options.prefix });
  // Without a listener BullMQ prints every connection error of the queue to the console.
  queue.on('error', (err) => log.debug({ err }, 'poll queue error'));
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let started = false;
  const { lockDuration, stalledInterval } = lockTiming(options.intervalMs);
  const schedule = async () => {
    await queue.setGlobalConcurrency(1);
    await queue.upsertJobScheduler(
      'poll-every-interval',
      { every: options.intervalMs },
      { name: 'poll', opts: { removeOnComplete: true, removeOnFail: 50 } },
    );
  };
  // 'ready' follows every reconnect: an idempotent upsert restores a scheduler Redis lost.
  connection.on('ready', () => {
    if (!started) return;
    schedule().then(
      () => log.info('poll schedule restored after a Redis reconnect'),
      (err: unknown) => log.warn({ err }, 'could not restore the poll schedule'),
    );
  });
  return {
    kind: 'bullmq',
    async start() {
      await schedule();
      started = true;
      workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
      workerConnection.on('error', (err) => log.debug({ err }, 'poll worker connection error'));
      worker = new Worker(QUEUE, () => options.run(), {
        connection: workerConnection,
        prefix: options.prefix,
        concurrency: 1,
        lockDuration,
        stalledInterval,
        maxStalledCount: 10,
      });
      worker.on('error', (err) => log.warn({ err }, 'poll worker error'));
      worker.on('failed', (_job, err) => log.warn({ err }, 'poll job failed'));
    },
    async pollNow() {
      // The queue's connection queues commands while Redis is away; a write must not wait on it.
      if (connection.status !== 'ready') throw new Error('Redis is unavailable: poll not queued');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Redis did not answer: poll not queued')),
          POLL_NOW_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([
          queue.add(
            'poll-now',
            {},
            { deduplication: { id: 'poll-now' }, removeOnComplete: true, removeOnFail: 50 },
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      started = false;
      // BullMQ's close waits for Redis; with Redis away a stopping relay would hang until it is
      // killed. It gets a moment, then its connections are cut.
      const closing = (async () => {
        await worker?.close();
        await queue.close();
      })().catch((err: unknown) => log.debug({ err }, 'poll queue close failed'));
      await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())]);
      workerConnection?.disconnect();
      connection.disconnect();
    },
  };
}

/** A timer on one instance, for running without Redis. */
export function createTimerScheduler(options: {
  readonly intervalMs: number;
  readonly run: () => Promise<unknown>;
}): PollScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const cycle = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    do {
      again = false;
      try {
        await options.run();
      } catch (err) {
        log.error({ err }, 'poll failed');
      }
    } while (again && !stopped);
    if (!stopped) timer = setTimeout(() => void kick(), options.intervalMs);
  };
  const kick = () => {
    if (running) {
      again = true;
      return running;
    }
    running = cycle().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    kind: 'timer',
    start() {
      void kick();
      return Promise.resolve();
    },
    pollNow() {
      void kick();
      return Promise.resolve();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
