import { setTimeout as sleep } from 'node:timers/promises';
import { PROTOCOL_VERSION, type Opportunity } from '@referrals/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '../testkit/stack.testkit.js';
import { FeedClient, feedPage, type TransportKind } from './feedClient.testkit.js';
import { startHaproxy, type Haproxy } from './haproxy.testkit.js';
import {
  freePort,
  startRedisServer,
  startRelayProcess,
  waitFor,
  type RedisServer,
} from './process.testkit.js';

/** 500 clients, mixed: 200 WebSocket, 150 long-polling, 150 refused WebSocket then polling. */
const KINDS = Array.from({ length: 500 }, (_, i): TransportKind =>
  i % 10 < 4 ? 'websocket' : i % 10 < 7 ? 'polling' : 'fallback',
);
const BATCH = 50;

type RelayProcess = Awaited<ReturnType<typeof startRelayProcess>>;
const portOf = (relay: RelayProcess) => Number(new URL(relay.url).port);

let sim: Sim;
let redis: RedisServer;
let haproxy: Haproxy;
let relayEnv: Record<string, string>;
const relays: RelayProcess[] = [];
const clients: FeedClient[] = [];

beforeAll(async () => {
  // A still market of 5 referrals: every change is one this test makes, and the whole feed
  // (with what it adds) fits one REST page, so a client's state can be compared item by item.
  sim = await startSim({ SIM_REFERRALS: '5', SIM_TICK_MS: '3600000' });
  redis = await startRedisServer();
  relayEnv = {
    UPSTREAM_URL: sim.origin,
    OIDC_URL: sim.origin,
    REDIS_URL: redis.url,
    POLL_INTERVAL_MS: '500',
    SHUTDOWN_GRACE_MS: '1000',
  };
  relays.push(...(await Promise.all([startRelayProcess(relayEnv), startRelayProcess(relayEnv)])));
  // The third server's slot points at a port nobody listens on until the third relay starts.
  haproxy = await startHaproxy([...relays.map(portOf), await freePort()]);
  await waitFor(
    'both relays up in haproxy',
    async () => {
      const s = await haproxy.serverStates();
      return s.relay1 === 'UP' && s.relay2 === 'UP';
    },
    30_000,
    200,
  );
}, 90_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await haproxy?.stop();
  for (const r of relays) await r.kill();
  await sim?.close();
  await redis?.kill();
});

/** Referrals created upstream every `everyMs` until stopped (at most `max`); their ids. */
function changeUpstream(everyMs: number, max: number) {
  const ids: number[] = [];
  let running = true;
  const done = (async () => {
    while (running && ids.length < max) {
      const made = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
      ids.push(made.opportunityId);
      await sleep(everyMs);
    }
  })();
  return {
    ids,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const allSettled = () => clients.every((c) => c.settled);

/** The second frontend really refuses WebSockets: a WebSocket-only client never connects. */
async function expectWebSocketRefused(): Promise<void> {
  const refused = connect(haproxy.noWebSocketUrl, {
    auth: { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    refused.once('connect_error', () => resolve());
    refused.once('connect', () => reject(new Error('a WebSocket got through')));
  });
  refused.close();
}

/** Connects the clients of KINDS, a batch at a time, each batch subscribed before the next. */
async function connectClients(): Promise<void> {
  for (let i = 0; i < KINDS.length; i += BATCH) {
    const batch = KINDS.slice(i, i + BATCH).map(
      (kind) => new FeedClient(kind === 'fallback' ? haproxy.noWebSocketUrl : haproxy.url, kind),
    );
    clients.push(...batch);
    await waitFor('batch subscribed', () => batch.every((c) => c.settled), 30_000, 50);
  }
}

/** The feed's page once it holds every referral of `ids`. */
async function feedWithEvery(ids: readonly number[]) {
  let page = await feedPage(haproxy.url).catch(() => null);
  await waitFor(
    'the read model holds every change',
    async () => {
      page = await feedPage(haproxy.url).catch(() => null);
      const held = new Set(page?.content.map((r) => r.opportunityId));
      return ids.every((id) => held.has(id));
    },
    30_000,
    200,
  );
  if (!page) throw new Error('no page');
  return page;
}

/**
 * Checks that every client holds the feed's `content`, went through at least one failover on the
 * transport of its kind, and saw every referral of `ids` (by a change or a page); returns how
 * many of those deliveries were by a change.
 */
function expectClientsHold(
  content: Awaited<ReturnType<typeof feedPage>>['content'],
  ids: readonly number[],
): number {
  const expected = new Map(content.map((r) => [r.opportunityId, r]));
  let byChange = 0;
  for (const c of clients) {
    expect(c.items).toEqual(expected);
    // Every client went through at least one failover, and saw every referral made.
    expect(c.connects).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      expect(c.byChange.has(id) || c.byPage.has(id)).toBe(true);
      if (c.byChange.has(id)) byChange += 1;
    }
    expect(c.transport).toBe(c.kind === 'websocket' ? 'websocket' : 'polling');
  }
  return byChange;
}

describe('N relays behind HAProxy (deploy/haproxy/haproxy.cfg), 500 clients', () => {
  it('keeps every client, on WebSocket, long-polling or falling back, converging with every change through a SIGTERM and a SIGKILL', async ({
    annotate,
  }) => {
    await expectWebSocketRefused();

    let started = Date.now();
    await connectClients();
    const firstSeq = Math.min(...clients.map((c) => c.seq));
    const figures = [`${clients.length} clients connected in ${Date.now() - started} ms`];

    // At most 90, so that the feed (with the 5 seeded) stays within one page of 100.
    const upstream = changeUpstream(300, 90);
    await sleep(3000);

    // SIGTERM: with a drain the relay leaves the pool first; without one its sockets just close.
    const [first, second] = relays as [RelayProcess, RelayProcess];
    const connectsBefore = clients.map((c) => c.connects);
    started = Date.now();
    const firstExited = new Promise((resolve) => first.proc.once('exit', resolve));
    first.proc.kill('SIGTERM');
    await Promise.race([firstExited, sleep(30_000)]);
    expect(first.proc.exitCode ?? first.proc.signalCode).not.toBeNull();
    const exitMs = Date.now() - started;
    await waitFor('every client back after the SIGTERM', allSettled, 45_000, 100);
    // The balancer had spread the clients: those of the stopped relay moved, the others stayed.
    const moved = clients.filter((c, i) => c.connects > (connectsBefore[i] ?? 0)).length;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(clients.length);
    figures.push(`${moved} clients moved at the SIGTERM`);
    figures.push(
      `SIGTERM: exit in ${exitMs} ms, every client settled in ${Date.now() - started} ms`,
    );
    await sleep(2000);

    // SIGKILL the other while a third starts: for a while no relay serves at all.
    started = Date.now();
    const starting = startRelayProcess(relayEnv);
    await sleep(1000);
    await second.kill();
    const third = await starting;
    relays.push(third);
    await haproxy.setServer(3, portOf(third));
    await sleep(2000);
    await upstream.stop();

    // The read model has every referral made upstream; then every client holds it.
    const truth = await feedWithEvery(upstream.ids);
    await waitFor(
      'every client at the final seq',
      () => clients.every((c) => c.settled && c.seq === truth.seq),
      60_000,
      100,
    );
    figures.push(
      `SIGKILL while a third started: every client converged ${Date.now() - started} ms after the kill began`,
    );

    const byChange = expectClientsHold(truth.content, upstream.ids);
    const pages = clients.reduce((n, c) => n + c.pages - 1, 0);
    figures.push(
      `${upstream.ids.length} referrals made upstream in ${truth.seq - firstSeq} change sets; ` +
        `${byChange} of ${upstream.ids.length * clients.length} deliveries by change, ` +
        `${pages} page reloads after a snapshot resync`,
    );
    await annotate(figures.join('; '));
  }, 240_000);
});
