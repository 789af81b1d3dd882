import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free port on loopback. */
function freePort(): Promise<number> {
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

async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function run(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/** The PostgreSQL server the run uses (the machine's own): its maintenance database. */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the maintenance database. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Deletes this run's keys, and only those, from the Redis the relay used. */
async function deletePrefix(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // No Redis (the relay ran on memory): nothing to clean.
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the stand-in (controls on, quiet market) and the relay serving the built web app, each
 * on a free port, under a Redis key prefix of this run's own. `npm run build` must have run (the
 * e2e test script does it). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [simPort, port, noWebSocketPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const sim = `http://localhost:${simPort}`;
  const base = `http://localhost:${port}`;
  // A suite puts a proxy that refuses WebSockets on this port: the relay must allow its origin.
  const noWebSocket = `http://localhost:${noWebSocketPort}`;
  const prefix = `e2e:${randomUUID().slice(0, 8)}:`;
  // A database of the run's own: the relay's users start with nothing saved, every run.
  const database = `rc_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await onServer(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${database}`;
  const children = [
    run('apps/upstream-sim/dist/main.js', {
      SIM_PORT: String(simPort),
      SIM_CONTROLS: '1',
      SIM_CONSOLE_ORIGINS: base,
      // The market stays still unless a test changes it, so what a test sees is what it did.
      SIM_TICK_MS: '3600000',
      // Short tokens for every suite: sessions must outlive several of them unnoticed.
      SIM_ACCESS_TOKEN_TTL_S: process.env.E2E_TOKEN_TTL_S ?? '30',
    }),
  ];
  await waitFor(`${sim}/healthz`, 30_000);
  children.push(
    run('apps/relay/dist/main.js', {
      PORT: String(port),
      // Prometheus's port is any free one: several runs may share the machine.
      METRICS_PORT: '0',
      UPSTREAM_URL: sim,
      OIDC_URL: sim,
      // A relay given no REDIS_URL runs on memory; the suites run it as in production.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // Nothing to drain to: the teardown stops it at once.
      SHUTDOWN_GRACE_MS: '0',
      REDIS_PREFIX: prefix,
      DATABASE_URL: databaseUrl.toString(),
      POLL_INTERVAL_MS: '1000',
      ALLOWED_ORIGINS: `${base},${noWebSocket}`,
    }),
  );
  await waitFor(`${base}/readyz`, 30_000);
  process.env.E2E_BASE_URL = base;
  process.env.E2E_SIM_URL = sim;
  process.env.E2E_REDIS_PREFIX = prefix;
  process.env.E2E_NO_WEBSOCKET_PORT = String(noWebSocketPort);
  return async () => {
    // The relay first, so it never polls a stand-in that is already gone.
    for (const c of [...children].reverse()) {
      c.kill('SIGTERM');
      await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
    }
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    );
    await deletePrefix(prefix);
    await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
}
