import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import { PROTOCOL_VERSION, type LiveStatus, type SnapshotMessage } from '@referrals/shared';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startSim, testPrefix, type ClientSocket, type Sim } from '../testkit/stack.testkit.js';
import { TEST_REDIS_URL } from '../testkit/redis.testkit.js';
import { startRedisServer, startRelayProcess, waitFor } from './process.testkit.js';

const STATUS = { kind: 'status' } as const;

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
const cleanups: (() => Promise<unknown> | void)[] = [];
const children = new Map<string, Awaited<ReturnType<typeof startRelayProcess>>>();

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await sim.close();
  await redis.cleanup();
});

/** A relay child process against the stand-in, with its own key prefix and the run's database. */
async function relayProcess(env: Record<string, string>) {
  const child = await startRelayProcess({
    UPSTREAM_URL: sim.origin,
    OIDC_URL: sim.origin,
    REDIS_PREFIX: redis.prefix,
    DATABASE_URL: inject('databaseUrl'),
    POLL_INTERVAL_MS: '300',
    ...env,
  });
  cleanups.push(() => child.kill());
  children.set(child.url, child);
  return child;
}

const readyz = async (url: string) => {
  const res = await fetch(`${url}/readyz`).catch((err: unknown) => {
    throw new Error(`${url} gone: ${children.get(url)?.stderr() ?? ''}`, { cause: err });
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** How long until /readyz answers `status`; throws after `ms`. */
const readyzTurns = (url: string, status: number, ms: number, everyMs: number) =>
  waitFor(`/readyz ${status}`, async () => (await readyz(url)).status === status, ms, everyMs);

/** What a socket is told of the status topic on subscribing. */
async function statusOn(socket: ClientSocket): Promise<LiveStatus | undefined> {
  const ack = (await socket.timeout(5000).emitWithAck('subscribe', STATUS)) as {
    ok: boolean;
    snapshot: SnapshotMessage;
  };
  expect(ack.ok).toBe(true);
  return ack.snapshot.items[0] as LiveStatus | undefined;
}

/**
 * A TCP balancer in front of the relays: each new connection goes to the current backend, as a
 * balancer does once its health check took the draining instance out.
 */
async function balancer(first: string) {
  let target = new URL(first);
  const opened = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((down) => {
    const up = tcpConnect(Number(target.port), target.hostname);
    opened.set(target.origin, (opened.get(target.origin) ?? 0) + 1);
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        down.destroy();
        up.destroy();
      });
    }
    down.pipe(up).pipe(down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    sendTo: (url: string) => (target = new URL(url)),
    opened: (url: string) => opened.get(new URL(url).origin) ?? 0,
  };
}

describe('store mode and probes', () => {
  it('with REDIS_URL given, waits for that Redis: alive, not ready and stale until it answers, then loads', async () => {
    const server = await startRedisServer({ up: false });
    cleanups.push(() => server.kill());
    const relay = await relayProcess({ REDIS_URL: server.url, SHUTDOWN_GRACE_MS: '0' });

    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
    const waiting = await readyz(relay.url);
    expect(waiting.status).toBe(503);
    expect(waiting.body).toMatchObject({
      ready: false,
      reason: 'store unreachable',
      store: 'redis',
      redis: false,
    });
    // Never a fallback: it does not poll on its own meanwhile.
    const socket: ClientSocket = connectClient(relay.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    cleanups.push(() => void socket.disconnect());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(await statusOn(socket)).toMatchObject({ stale: true, failing: ['store'] });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await readyz(relay.url)).status).toBe(503);

    await server.restart();
    const readyAfter = await readyzTurns(relay.url, 200, 20_000, 100);
    expect(readyAfter).toBeLessThan(15_000);
    // Then the poll runs: the market arrives.
    await waitFor(
      'referrals loaded',
      async () => {
        const res = await fetch(`${relay.url}/api/public/referrals?size=5`);
        return ((await res.json()) as { totalElements: number }).totalElements > 0;
      },
      15_000,
      100,
    );
    await waitFor('told fresh', async () => (await statusOn(socket))?.stale === false, 10_000);
    // Redis came back empty, so the first poll restarts the change log and the lists load again
    // (not ready meanwhile); then the relay is ready.
    await readyzTurns(relay.url, 200, 15_000, 100);
    expect((await readyz(relay.url)).body).toMatchObject({
      ready: true,
      reason: null,
      redis: true,
    });

    // With its Redis gone again, a SIGTERM still ends it cleanly and soon: nothing waits on Redis.
    await server.kill();
    await readyzTurns(relay.url, 503, 5000, 50);
    const exit = new Promise<number | null>((resolve) => relay.proc.once('exit', resolve));
    const termAt = Date.now();
    relay.proc.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(5000);
  }, 60_000);

  it('drains on SIGTERM: not ready at once, sockets closed after the grace and reconnected elsewhere, exit 0', async () => {
    const GRACE_MS = 1500;
    const env = { REDIS_URL: TEST_REDIS_URL, SHUTDOWN_GRACE_MS: String(GRACE_MS) };
    const [doomed, other] = await Promise.all([relayProcess(env), relayProcess(env)]);
    // Ready, and a first poll committed its status (upstream: true).
    await waitFor(
      'both ready',
      async () =>
        (await Promise.all([doomed, other].map((r) => readyz(r.url)))).every(
          (r) => r.status === 200 && r.body.upstream === true,
        ),
      15_000,
      100,
    );
    const lb = await balancer(doomed.url);
    // The browser's client as it is configured in apps/web: it reconnects by itself.
    const socket: ClientSocket = connectClient(lb.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
    });
    cleanups.push(() => void socket.disconnect());
    const events: { what: string; at: number; reason?: string }[] = [];
    socket.on('connect', () => events.push({ what: 'connect', at: Date.now() }));
    socket.on('disconnect', (reason) =>
      events.push({ what: 'disconnect', at: Date.now(), reason }),
    );
    await waitFor('connected', () => socket.connected);
    expect(lb.opened(doomed.url)).toBe(1);
    await statusOn(socket);

    const exit = new Promise<number | null>((resolve) => doomed.proc.once('exit', resolve));
    const termAt = Date.now();
    doomed.proc.kill('SIGTERM');
    const notReadyIn = await readyzTurns(doomed.url, 503, 2000, 10);
    expect(notReadyIn).toBeLessThan(500);
    expect((await readyz(doomed.url)).body).toMatchObject({ ready: false, draining: true });
    // Still serving its clients meanwhile.
    expect(socket.connected).toBe(true);
    expect(await statusOn(socket)).toMatchObject({ id: 'poll' });
    // The balancer's health check takes the instance out.
    lb.sendTo(other.url);

    await waitFor('disconnected', () => events.some((e) => e.what === 'disconnect'), 10_000);
    const dropped = events.find((e) => e.what === 'disconnect');
    expect(dropped?.at).toBeGreaterThanOrEqual(termAt + GRACE_MS - 50);
    // A closed transport, which socket.io-client reconnects after by itself.
    expect(dropped?.reason).toBe('transport close');
    await waitFor('reconnected', () => events.filter((e) => e.what === 'connect').length === 2);
    expect(lb.opened(other.url)).toBeGreaterThanOrEqual(1);
    expect(await statusOn(socket)).toMatchObject({ id: 'poll', stale: false });
    expect(await exit).toBe(0);
  }, 60_000);
});
