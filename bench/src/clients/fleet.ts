import { fork, type ChildProcess } from 'node:child_process';
import { stopChild, track } from '../procs.js';
import { ask as askChild } from './ipc.js';
import type { FromWorker, SocketSpec, ToWorker } from './protocol.js';

/** Sockets one client process holds at most. */
export const SOCKETS_PER_WORKER = 2500;
const WORKER = new URL('./worker.ts', import.meta.url).pathname;

interface Worker {
  readonly child: ChildProcess;
  held: number;
}

/** Sends a message and waits for the worker's answer of the given type. */
function ask<T extends FromWorker['type']>(
  w: Worker,
  message: ToWorker,
  answer: T,
  timeoutMs: number,
): Promise<Extract<FromWorker, { type: T }>> {
  return askChild<FromWorker, T>(w.child, message, answer, timeoutMs);
}

/** What adding sockets achieved. */
export interface OpenOutcome {
  readonly ok: number;
  readonly failed: number;
  readonly errors: readonly string[];
}

/**
 * Client processes holding the bench's sockets, separate from the orchestrator and the relay.
 * New sockets fill the last worker up to SOCKETS_PER_WORKER, then a new worker is forked.
 */
export function createFleet(url: string) {
  const workers: Worker[] = [];

  function spawnWorker(): Worker {
    // The same tsx loader and conditions as this process, so the worker runs from source.
    const child = track(fork(WORKER, [], { execArgv: process.execArgv, stdio: 'inherit' }));
    const w = { child, held: 0 };
    workers.push(w);
    return w;
  }

  return {
    /** Sockets held (as last reported). */
    get size() {
      return workers.reduce((n, w) => n + w.held, 0);
    },
    get processes() {
      return workers.length;
    },
    /** Opens one socket per spec, spread over the workers. */
    async add(specs: readonly SocketSpec[]): Promise<OpenOutcome> {
      const jobs: Promise<OpenOutcome>[] = [];
      let rest = specs;
      while (rest.length > 0) {
        const last = workers[workers.length - 1];
        const w = last && last.held < SOCKETS_PER_WORKER ? last : spawnWorker();
        const take = rest.slice(0, SOCKETS_PER_WORKER - w.held);
        rest = rest.slice(take.length);
        w.held += take.length;
        const timeout = 60_000 + take.length * 20;
        jobs.push(ask(w, { type: 'open', url, specs: take }, 'opened', timeout));
      }
      const outs = await Promise.all(jobs);
      return {
        ok: outs.reduce((n, o) => n + o.ok, 0),
        failed: outs.reduce((n, o) => n + o.failed, 0),
        errors: outs.flatMap((o) => o.errors).slice(0, 5),
      };
    },
    /** Arrival times per seq from every worker (and clears them), sockets held, disconnects. */
    async collect() {
      const answers = await Promise.all(
        workers.map((w) => ask(w, { type: 'collect' }, 'arrivals', 30_000)),
      );
      const arrivals = new Map<number, number[]>();
      for (const a of answers) {
        for (const [seq, times] of a.arrivals) {
          const list = arrivals.get(seq) ?? [];
          list.push(...times);
          arrivals.set(seq, list);
        }
      }
      answers.forEach((a, i) => {
        const w = workers[i];
        if (w) w.held = a.held;
      });
      return {
        arrivals,
        held: answers.reduce((n, a) => n + a.held, 0),
        disconnects: answers.reduce((n, a) => n + a.disconnects, 0),
      };
    },
    /** Disconnects every socket and ends the workers. */
    async close(): Promise<void> {
      await Promise.all(
        workers.map(async (w) => {
          await ask(w, { type: 'close' }, 'closed', 10_000).catch(() => undefined);
          await stopChild(w.child, 2000);
        }),
      );
      workers.length = 0;
    },
  };
}
export type Fleet = ReturnType<typeof createFleet>;
