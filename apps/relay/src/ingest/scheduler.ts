/**
 * How the poll is scheduled (PollScheduler), and the timer that runs it on a single instance.
 * Invariant: polls never overlap; a poll asked for while one runs runs once more right after it,
 * however many were asked for meanwhile.
 */
import { hostname } from 'node:os';
import { logger } from '../log.js';

const log = logger('poller');

/** The name this process shows as the poll's owner: host and pid (a container's host is its id). */
export function relayName(): string {
  return `${hostname()}:${process.pid}`;
}

/** Runs the poll once per interval for the whole cluster, and at once when asked. */
export interface PollScheduler {
  /** 'lease': the relay holding the cluster's lease polls (pollLease.ts); 'timer': this one. */
  readonly kind: 'lease' | 'timer';
  start(): Promise<void>;
  /** Asks for a poll as soon as possible (after a write); requests made meanwhile coalesce. */
  pollNow(): Promise<void>;
  /** Whether this relay polls now. */
  owns(): boolean;
  /** The name of the relay that polls now (null: none holds the lease at the moment). */
  owner(): Promise<string | null>;
  /** Stops polling here for good and hands the poll over at once (drain); stop still follows. */
  resign(): Promise<void>;
  stop(): Promise<void>;
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
    owns: () => true,
    owner: () => Promise.resolve(relayName()),
    // Alone, nobody takes the poll over: a draining instance keeps polling until it stops.
    resign: () => Promise.resolve(),
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
