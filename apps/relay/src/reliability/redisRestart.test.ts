import type { Opportunity, SnapshotMessage } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, type Sim } from '../testkit/stack.testkit.js';
import { LiveClient } from './liveClient.testkit.js';
import { startRedisServer, waitFor, type RedisServer } from './process.testkit.js';

const INTERVAL_MS = 300;
// A request during the outage must answer within this (fail fast, no offline-queue hang).
const FAST_MS = 2000;
const FEED = { kind: 'publicFeed', state: null } as const;
const STATUS = { kind: 'status' } as const;

let sim: Sim;
let server: RedisServer;
let relay: Awaited<ReturnType<typeof startRelay>>;

beforeAll(async () => {
  sim = await startSim();
  // A Redis of this file alone: it is killed and restarted empty, which the shared one must not be.
  server = await startRedisServer();
  relay = await startRelay(sim, 'rr:', {
    REDIS_URL: server.url,
    POLL_INTERVAL_MS: String(INTERVAL_MS),
  });
  await waitFor('first poll', () => relay.relay.readModel.referrals.size > 0);
});
afterAll(async () => {
  await relay.relay.stop();
  await server.kill();
  await sim.close();
});

/** Times one request; every request made while Redis is away must answer quickly. */
async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

/**
 * The traffic while Redis is away, for 2.5 s from `downAt`: three referrals created at the sim,
 * then a pause of 100 ms a round; each round a list read, a flags read, a readiness probe and a
 * flag write, each timed.
 */
async function outageTraffic(url: string, admin: string, downAt: number) {
  const created: Opportunity[] = [];
  const answers: { what: string; status: number; ms: number }[] = [];
  while (Date.now() - downAt < 2500) {
    if (created.length < 3)
      created.push((await sim.control('POST', '/__sim/referrals', {})) as Opportunity);
    else await new Promise((res) => setTimeout(res, 100));
    answers.push({ what: 'list', ...(await timed(`${url}/api/public/referrals?size=5`)) });
    answers.push({ what: 'flags', ...(await timed(`${url}/api/feature-flags`)) });
    answers.push({ what: 'ready', ...(await timed(`${url}/readyz`)) });
    answers.push({
      what: 'write',
      ...(await timed(`${url}/api/feature-flags`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `outage-${Date.now()}`, description: 'x', enabled: false }),
      })),
    });
  }
  return { created, answers };
}

/**
 * Connects `client` again and asks to resync the feed from `seq`, a seq of the store before it
 * restarted: the answer must be a snapshot at the store's seq now (`seqNow`).
 */
async function expectSnapshotOnResync(
  client: LiveClient,
  url: string,
  seq: number,
  seqNow: number,
): Promise<void> {
  await client.connect(url);
  const answer = (await client.socket
    ?.timeout(5000)
    .emitWithAck('resync', { topic: FEED, seq })) as {
    ok: boolean;
    kind?: string;
    snapshot?: SnapshotMessage;
  };
  expect(answer).toMatchObject({ ok: true, kind: 'snapshot' });
  expect(answer.snapshot?.seq).toBe(seqNow);
  client.close();
}

describe('Redis stopped and restarted empty during traffic', () => {
  it('fails fast meanwhile, then recovers by itself with every change delivered and every client resynced', async ({
    annotate,
  }) => {
    const { relay: r, url } = relay;
    const admin = await sim.token('admin');
    const client = new LiveClient();
    await client.connect(url);
    await client.follow(STATUS);
    await client.follow(FEED);
    await waitFor('fresh', () => client.status()?.stale === false);
    // A client that goes away before the outage and asks for the changes after its old seq.
    const away = new LiveClient();
    await away.connect(url);
    await away.follow(FEED);
    const awaySeq = away.seqOf(FEED) ?? 0;
    away.close();
    // What a user saved lives in PostgreSQL, not in the Redis about to restart empty.
    const saved = { alerts: { enabled: true, sound: true }, theme: 'dark' };
    const prefs = (init?: RequestInit) =>
      fetch(`${url}/api/me/preferences`, {
        ...init,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      });
    expect((await prefs({ method: 'PUT', body: JSON.stringify(saved) })).status).toBe(200);

    await server.kill();
    const downAt = Date.now();
    // No change can come through a store that is away: the instance tells its own clients so.
    const toldStale = waitFor('told stale', () => client.status()?.stale === true, 3000, 10);
    const { created, answers } = await outageTraffic(url, admin, downAt);
    await annotate(`clients told stale ${await toldStale} ms after Redis went`);
    expect(client.status()).toMatchObject({ stale: true, failing: ['store'] });
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { redis: boolean };
    expect(ready.redis).toBe(false);
    for (const a of answers) expect(a.ms, `${a.what} answered in ${a.ms} ms`).toBeLessThan(FAST_MS);
    // Reads come from the instance's mirror; a write, which needs Redis, is refused at once.
    expect(answers.filter((a) => a.what === 'list').every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.what === 'ready').every((a) => a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.what === 'write').every((a) => a.status === 503)).toBe(true);

    const seqBefore = r.readModel.referrals.seq;
    await server.restart();
    const upAt = Date.now();
    await waitFor(
      'changes made during the outage delivered',
      () => created.every((o) => client.item(FEED, o.opportunityId) !== undefined),
      15_000,
    );
    const recoveryMs = Date.now() - upAt;
    await annotate(`outage changes delivered ${recoveryMs} ms after Redis came back`);
    await waitFor('ready again', () => fetch(`${url}/readyz`).then((res) => res.status === 200));
    // The store restarted empty and was rebuilt; its seq still rose, so no old seq is reused.
    expect(r.readModel.referrals.seq).toBeGreaterThan(seqBefore);
    await waitFor('client in sync', () => client.seqOf(FEED) === r.readModel.referrals.seq);
    expect(client.status()?.stale).toBe(false);

    // The client that held a seq of the old store gets a snapshot, not changes of another store.
    await expectSnapshotOnResync(away, url, awaySeq, r.readModel.referrals.seq);

    // Nothing a user saved was lost.
    expect(await (await prefs()).json()).toEqual(saved);
    // Streams whose source did not change are committed again to the emptied store.
    await waitFor('small streams back in the store', async () => {
      const [flags, marketplaces] = await Promise.all([
        r.store.snapshot('featureFlags'),
        r.store.snapshot('marketplaces'),
      ]);
      return flags.records.size > 0 && marketplaces.records.size > 0;
    });

    // The poller runs again on its own: a referral created now arrives too.
    const later = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
    await waitFor('poll resumed', () => client.item(FEED, later.opportunityId) !== undefined, 5000);
    client.close();
  }, 60_000);
});
