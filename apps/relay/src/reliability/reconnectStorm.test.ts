import {
  PROTOCOL_VERSION,
  type Ack,
  type ChangesMessage,
  type SnapshotMessage,
} from '@referrals/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, testPrefix, type ClientSocket, type Sim } from '../testkit/stack.testkit.js';
import { startRelayProcess, waitFor } from './process.testkit.js';

const CLIENTS = 2000;
const FLAGS = { kind: 'featureFlags' } as const;

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelayProcess>>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  // The relay runs in its own process so its event loop is measured apart from the 2,000
  // clients, which live in this one.
  relay = await startRelayProcess({
    UPSTREAM_URL: sim.origin,
    OIDC_URL: sim.origin,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redis.prefix,
    POLL_INTERVAL_MS: '1000',
  });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await relay.kill();
  await sim.close();
  await redis.cleanup();
});

/** The relay's largest event-loop delay since the last scrape (prom-client resets it each time). */
async function maxEventLoopDelayMs(): Promise<number> {
  const text = await (await fetch(relay.metricsUrl)).text();
  const line = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!line?.[1]) throw new Error('no event-loop delay in /metrics');
  return Number(line[1]) * 1000;
}

/**
 * A browser-like client of the flags topic: socket.io-client's own reconnection (jittered
 * backoff), a new subscription on every connect, changes applied on the seq held, resync on a gap.
 */
function flagClient(url: string) {
  const state = { seq: -1, ids: new Set<number>(), connects: 0 };
  const socket: ClientSocket = connect(url, {
    auth: { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    forceNew: true,
  });
  const take = (snap: SnapshotMessage) => {
    state.seq = snap.seq;
    state.ids = new Set((snap.items as unknown as { id: number }[]).map((f) => f.id));
  };
  // A busy relay refuses in its middleware, which socket.io does not redial: the console does.
  socket.on('connect_error', (err: Error & { data?: { retryAfterMs?: number } }) => {
    if (!socket.active && err.message.startsWith('busy'))
      setTimeout(() => socket.connect(), err.data?.retryAfterMs ?? 1000);
  });
  socket.on('connect', () => {
    state.connects += 1;
    void (
      socket.timeout(20_000).emitWithAck('subscribe', FLAGS) as Promise<
        Ack<{ snapshot: SnapshotMessage }>
      >
    ).then(
      (ack) => ack.ok && take(ack.snapshot),
      () => undefined,
    );
  });
  socket.on('snapshot', take);
  socket.on('changes', (m: ChangesMessage) => {
    if (m.prevSeq !== state.seq) {
      void socket.emitWithAck('resync', { topic: FLAGS, seq: state.seq }).then((ack) => {
        if (ack.ok && ack.kind === 'snapshot') take(ack.snapshot);
        else if (ack.ok) for (const c of ack.changes) apply(c);
      });
      return;
    }
    apply(m);
  });
  const apply = (m: ChangesMessage) => {
    if (m.prevSeq !== state.seq) return;
    for (const f of m.upserts as unknown as { id: number }[]) state.ids.add(f.id);
    state.seq = m.seq;
  };
  sockets.push(socket);
  return { socket, state };
}

describe('a reconnect storm', () => {
  it(`keeps the relay's event-loop delay under 1 s while ${CLIENTS} clients reconnect at once, and every client ends in sync`, async ({
    annotate,
  }) => {
    const clients: ReturnType<typeof flagClient>[] = [];
    for (let i = 0; i < CLIENTS; i += 100) {
      const batch = Array.from({ length: 100 }, () => flagClient(relay.url));
      await waitFor('batch subscribed', () => batch.every((c) => c.state.seq >= 0), 20_000);
      clients.push(...batch);
    }
    await maxEventLoopDelayMs();

    // Every connection drops at once, as in a network blip; each client comes back by itself.
    for (const c of clients) c.socket.io.engine.close();
    const started = Date.now();
    await waitFor('all reconnected', () => clients.every((c) => c.state.connects === 2), 30_000);
    const stormMs = Date.now() - started;
    const delayMs = await maxEventLoopDelayMs();
    await annotate(
      `reconnected in ${stormMs} ms; relay event-loop delay max ${Math.round(delayMs)} ms`,
    );
    expect(delayMs).toBeLessThan(1000);

    // A change after the storm reaches every client, each at the relay's seq.
    const admin = await sim.token('admin');
    const res = await fetch(`${relay.url}/api/feature-flags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `storm-${Date.now()}`, description: 'd', enabled: true }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number };
    const { seq } = (await (await fetch(`${relay.url}/api/feature-flags`)).json()) as {
      seq: number;
    };
    await waitFor(
      'every client in sync',
      () => clients.every((c) => c.state.seq === seq && c.state.ids.has(created.id)),
      20_000,
      100,
    );
  }, 120_000);
});
