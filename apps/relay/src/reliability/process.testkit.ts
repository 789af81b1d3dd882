/**
 * Processes the reliability tests start and kill: a throwaway redis-server, the real relay in a
 * child process, and the waits between. Invariant: a test touches only processes it started
 * (the shared Redis is never restarted).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { inject } from 'vitest';

/** Waits until `check` answers true, polling every `everyMs`; throws after `ms`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  everyMs = 25,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(everyMs);
  }
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/**
 * A throwaway redis-server of this test alone, on a free loopback port, with no persistence: a
 * restart comes back empty, as a crashed cache does. The shared Redis is never touched. With
 * `{ up: false }` only its port is chosen; restart() starts it.
 */
export async function startRedisServer(options: { readonly up?: boolean } = {}) {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  const up = async () => {
    proc = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await waitFor(
        'redis-server up',
        () =>
          probe.connect().then(
            () => true,
            () => false,
          ),
        10_000,
        50,
      );
    } finally {
      probe.disconnect();
    }
  };
  if (options.up !== false) await up();
  return {
    port,
    url,
    /** Kills the server at once (SIGKILL): connections drop, nothing is saved. */
    async kill() {
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited(proc);
      proc = undefined;
    },
    /** Starts it (again) on the same port, empty. */
    restart: up,
  };
}
export type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const RELAY_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The real relay (src/main.ts) in a child process, so a test can SIGKILL it or measure its event
 * loop apart from the test's own clients. Answers once /healthz does. An undefined value in `env`
 * removes that variable.
 */
export async function startRelayProcess(
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  const metricsPort = await freePort();
  const proc = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--conditions=@referrals/source', MAIN],
    {
      cwd: RELAY_DIR,
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          DATABASE_URL: inject('databaseUrl'),
          ...env,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
        }).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  // The log (pino's JSON lines), the last 256 kB of it.
  let stdout = '';
  proc.stdout?.on('data', (d: Buffer) => {
    stdout = (stdout + d.toString()).slice(-262_144);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      'child relay up',
      async () => {
        if (proc.exitCode !== null) throw new Error(`child relay exited: ${stderr}`);
        return fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      30_000,
      100,
    );
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    /** The relay's Prometheus page, on its own port. */
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    proc,
    stderr: () => stderr,
    stdout: () => stdout,
    /** SIGKILL: no shutdown, no lock released, sockets cut. */
    async kill() {
      proc.kill('SIGKILL');
      await exited(proc);
    },
  };
}
