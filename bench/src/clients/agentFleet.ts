import { fork, type ChildProcess } from 'node:child_process';
import { nowMs, stopChild, track } from '../procs.js';
import type { AgentSpec, FromAgent, Resumes, ToAgent } from './agentProtocol.js';
import { SOCKETS_PER_WORKER } from './fleet.js';
import { ask } from './ipc.js';

const WORKER = new URL('./agentWorker.ts', import.meta.url).pathname;

/** Agents that reached their rows, those that did not, and a few reasons. */
export interface Arrival {
  readonly rowsMs: number[];
  readonly failed: number;
  readonly retries: number;
  readonly errors: string[];
  /** What the agents' subscribes came to (a storm's: resumed with changes, current, reload). */
  readonly resumed: Resumes;
}

const sum = (outs: readonly { readonly resumed: Readonly<Resumes> }[], k: keyof Resumes) =>
  outs.reduce((n, o) => n + o.resumed[k], 0);

const merge = (outs: readonly Extract<FromAgent, { type: 'opened' | 'stormed' }>[]): Arrival => ({
  rowsMs: outs.flatMap((o) => o.rowsMs),
  failed: outs.reduce((n, o) => n + o.failed, 0),
  retries: outs.reduce((n, o) => n + o.retries, 0),
  errors: [...new Set(outs.flatMap((o) => o.errors))].slice(0, 5),
  resumed: {
    changes: sum(outs, 'changes'),
    current: sum(outs, 'current'),
    reload: sum(outs, 'reload'),
    fresh: sum(outs, 'fresh'),
  },
});

/** 'resumed: 812 with changes · 140 current · 48 reloaded their page · 0 afresh' */
export const describeResumes = (r: Resumes): string =>
  `resumed: ${r.changes} with changes · ${r.current} current · ${r.reload} reloaded their page · ${r.fresh} afresh`;

/**
 * Agent client processes (up to SOCKETS_PER_WORKER agents each), apart from the orchestrator and
 * the relay: open them, let them page, storm them, close them.
 */
export function createAgentFleet(url: string) {
  const workers: ChildProcess[] = [];
  const to = (m: ToAgent) => m;
  return {
    /** Opens every agent (each loads its first page); per-agent time to rows. */
    async open(specs: readonly AgentSpec[]): Promise<Arrival> {
      const jobs: Promise<Extract<FromAgent, { type: 'opened' }>>[] = [];
      for (let i = 0; i < specs.length; i += SOCKETS_PER_WORKER) {
        const take = specs.slice(i, i + SOCKETS_PER_WORKER);
        const child = track(fork(WORKER, [], { execArgv: process.execArgv, stdio: 'inherit' }));
        workers.push(child);
        const timeout = 120_000 + take.length * 40;
        jobs.push(
          ask<FromAgent, 'opened'>(
            child,
            to({ type: 'open', url, specs: take }),
            'opened',
            timeout,
          ),
        );
      }
      return merge(await Promise.all(jobs));
    },
    /**
     * Every agent reconnects at once, resuming from its seq (its page read again only when told
     * to reload); times from the moment of the order. Prints what the resumes came to.
     */
    async storm(timeoutMs: number): Promise<Arrival> {
      const at = nowMs();
      const outs = await Promise.all(
        workers.map((w) =>
          ask<FromAgent, 'stormed'>(
            w,
            to({ type: 'storm', at, timeoutMs }),
            'stormed',
            timeoutMs + 30_000,
          ),
        ),
      );
      const merged = merge(outs);
      process.stdout.write(`storm ${describeResumes(merged.resumed)}\n`);
      return merged;
    },
    /** Latencies of the pagers' page and sort changes since the last call, and failures. */
    async pages(): Promise<{ latencies: number[]; failed: number }> {
      const outs = await Promise.all(
        workers.map((w) => ask<FromAgent, 'pages'>(w, to({ type: 'pages' }), 'pages', 30_000)),
      );
      return {
        latencies: outs.flatMap((o) => o.latencies),
        failed: outs.reduce((n, o) => n + o.failed, 0),
      };
    },
    /** Disconnects every agent and ends the workers. */
    async close(): Promise<void> {
      await Promise.all(
        workers.map(async (w) => {
          await ask<FromAgent, 'closed'>(w, to({ type: 'close' }), 'closed', 10_000).catch(
            () => undefined,
          );
          await stopChild(w, 2000);
        }),
      );
      workers.length = 0;
    },
  };
}
export type AgentFleet = ReturnType<typeof createAgentFleet>;
