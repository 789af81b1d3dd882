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

/**
 * BullMQ job scheduler with global concurrency 1: whichever relay instance's worker takes the job
 * polls, and only one poll runs at a time in the whole cluster. A killed instance's job is taken
 * over once its lock lapses, which is kept near one interval.
 */
export function createBullScheduler(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly intervalMs: number;
  readonly run: () => Promise<unknown>;
}): PollScheduler {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE, { connection, prefix: options.prefix });
  let worker: Worker | undefined;
  const lockDuration = Math.max(2000, options.intervalMs);

  return {
    kind: 'bullmq',
    async start() {
      await queue.setGlobalConcurrency(1);
      await queue.upsertJobScheduler(
        'poll-every-interval',
        { every: options.intervalMs },
        { name: 'poll', opts: { removeOnComplete: true, removeOnFail: 50 } },
      );
      worker = new Worker(QUEUE, () => options.run(), {
        connection: connection.duplicate({ maxRetriesPerRequest: null }),
        prefix: options.prefix,
        concurrency: 1,
        lockDuration,
        stalledInterval: lockDuration,
        maxStalledCount: 10,
      });
      worker.on('error', (err) => log.warn({ err }, 'poll worker error'));
      worker.on('failed', (_job, err) => log.warn({ err }, 'poll job failed'));
    },
    async pollNow() {
      await queue.add(
        'poll-now',
        {},
        { deduplication: { id: 'poll-now' }, removeOnComplete: true, removeOnFail: 50 },
      );
    },
    async stop() {
      await worker?.close();
      await queue.close();
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
