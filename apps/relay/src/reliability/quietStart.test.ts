import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_NODE_FLAGS } from '../nodeFlags.js';
import { startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { startRelayProcess, waitFor } from './process.testkit.js';

/**
 * The warnings a start may log, as README's "Start-up notices" lists them: anything else at warn
 * or above is a false alarm or a fault an operator would chase.
 */
const NOTICES = [
  /^no REDIS_URL: running single-instance on an in-memory store$/,
  /^no DATABASE_URL: user data in embedded PGlite at /,
];

/** pino's levels: 40 warn, 50 error, 60 fatal. */
const WARN = 40;

interface LogLine {
  readonly level: number;
  readonly msg?: string;
  readonly err?: { readonly message?: string };
}

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let dataDir: string;

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  dataDir = mkdtempSync(path.join(tmpdir(), 'quiet-start-'));
});
afterAll(async () => {
  await sim.close();
  await redis.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a start as `npm start` makes it', () => {
  it('logs no warning but the listed notices, from a fresh data folder to a stop', async ({
    annotate,
  }) => {
    const startedAt = Date.now();
    // What scripts/start.mjs gives the relay on a machine whose Redis answers: that Redis, this
    // relay alone, the embedded database (here in a fresh folder), the default poll interval.
    const relay = await startRelayProcess(
      {
        LOG_LEVEL: 'info',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: redis.prefix,
        RELAY_ALONE: '1',
        DATABASE_URL: undefined,
        PGLITE_DIR: path.join(dataDir, 'pglite'),
        POLL_INTERVAL_MS: undefined,
        SHUTDOWN_GRACE_MS: '0',
        UPSTREAM_URL: sim.origin,
        OIDC_URL: sim.origin,
      },
      [...RELAY_NODE_FLAGS],
    );
    const readyMs = await waitFor(
      'ready',
      async () => (await fetch(`${relay.url}/readyz`)).ok,
      60_000,
      100,
    );
    // The longest event-loop delay since the start (prom-client resets it at each scrape: this
    // is the first).
    const page = await (await fetch(relay.metricsUrl)).text();
    const lagMax = Number(/^nodejs_eventloop_lag_max_seconds ([\d.e+-]+)$/m.exec(page)?.[1]);
    await annotate(
      `ready ${Date.now() - startedAt} ms after the spawn (${readyMs} after listening); event-loop delay max ${Math.round(lagMax * 1000)} ms`,
    );
    // Four poll intervals of the default 3 s, then a stop.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const exited = new Promise((resolve) => relay.proc.once('exit', resolve));
    relay.proc.kill('SIGTERM');
    await exited;
    const lines = relay
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    // The log was read: the start's own lines are there.
    expect(lines.map((l) => l.msg)).toContain('read model loaded; polling');
    const unexpected = lines
      .filter((l) => l.level >= WARN && !NOTICES.some((n) => n.test(l.msg ?? '')))
      .map((l) => `${l.level} ${l.msg ?? ''}${l.err?.message ? `: ${l.err.message}` : ''}`);
    expect(unexpected).toEqual([]);
    expect(relay.stderr()).not.toMatch(/warn|error/i);
    // The embedded database opened on its own thread: on this one, a fresh folder held the
    // event loop for seconds (16 s at a load of 9, against 0.2 s on its own thread).
    expect(lagMax).toBeLessThan(2);
  }, 120_000);
});
