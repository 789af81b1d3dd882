import { setTimeout as sleep } from 'node:timers/promises';
import {
  claimWindowOpen,
  CONSOLE_FLAGS,
  type ChangesMessage,
  type Opportunity,
  type Sort,
} from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from './testkit/stack.testkit.js';

/** Fields the public feed must never carry (DESIGN: audiences). */
const FORBIDDEN = [
  'dynamicPrice',
  'discountPrice',
  'soldPrice',
  'firstName',
  'lastName',
  'phone',
  'email',
  'address1',
  'businessName',
  'postalCode',
  'prospectMessage',
  'assignedAgency',
  'assignedAgent',
  'assignedPartner',
  'agenciesNotified',
];

/** Resolves with the first change of a socket that carries the referral, or rejects after `ms`. */
function nextUpsert(
  socket: ClientSocket,
  id: number,
  ms = 5000,
  match: (o: Record<string, unknown>) => boolean = () => true,
) {
  return new Promise<{ item: Record<string, unknown>; at: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`referral ${id} did not arrive in ${ms} ms`)),
      ms,
    );
    const onChange = (m: ChangesMessage) => {
      const item = (m.upserts as unknown as Record<string, unknown>[]).find(
        (u) => u.opportunityId === id && match(u),
      );
      if (item) {
        clearTimeout(timer);
        socket.off('changes', onChange);
        resolve({ item, at: Date.now() });
      }
    };
    socket.on('changes', onChange);
  });
}

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
const sockets: ClientSocket[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const stop of stops.reverse()) await stop();
  await sim.close();
  await redis.cleanup();
});

async function relayOn(prefix: string, env: Record<string, string> = {}) {
  const r = await startRelay(sim, prefix, env);
  stops.push(() => r.relay.stop());
  for (let i = 0; i < 200 && r.relay.readModel.referrals.size === 0; i += 1) await sleep(50);
  if (r.relay.readModel.referrals.size === 0) throw new Error('the relay never loaded referrals');
  return r;
}
async function socketOf(url: string, token?: string) {
  const s = await openSocket(url, token);
  sockets.push(s);
  return s;
}

describe('relay against the stand-in upstream and Redis', () => {
  it('polls the upstream at the same rate with 1 and with 500 connected sockets', async () => {
    const { url } = await relayOn(`${redis.prefix}load:`, { POLL_INTERVAL_MS: '250' });
    const referralPolls = async () => {
      await sim.resetStats();
      await sleep(2000);
      return (await sim.stats())['GET /api/v1/marketplace-opportunities'] ?? 0;
    };
    await socketOf(url);
    const withOne = await referralPolls();
    const many = await Promise.all(Array.from({ length: 500 }, () => openSocket(url)));
    sockets.push(...many);
    await Promise.all(many.map((s) => subscribe(s, { kind: 'publicFeed', state: null })));
    const withMany = await referralPolls();
    expect(withOne).toBeGreaterThanOrEqual(5);
    // Sockets never cause polls (500 subscribes would add hundreds), and polling goes on while
    // they connect; a busy shared machine may delay a cycle or two, so not an exact count.
    expect(withMany).toBeLessThanOrEqual(withOne + 2);
    expect(withMany).toBeGreaterThanOrEqual(Math.floor(withOne / 2));
    for (const s of many) s.disconnect();
  });

  it('delivers a referral created upstream to a subscribed socket, with no forbidden field on the public feed', async () => {
    const { url } = await relayOn(`${redis.prefix}create:`);
    const anon = await socketOf(url);
    const ack = await subscribe(anon, { kind: 'publicFeed', state: 'TX' });
    expect(ack).toMatchObject({ ok: true, snapshot: { complete: false } });
    const created = (await sim.control('POST', '/__sim/referrals', {
      state: 'TX',
      opportunityType: 'CIR',
    })) as Opportunity;
    const { item } = await nextUpsert(anon, created.opportunityId);
    expect(item).toMatchObject({ opportunityId: created.opportunityId, state: 'TX' });
    for (const field of FORBIDDEN) expect(item).not.toHaveProperty(field);

    const page = (await (
      await fetch(`${url}/api/public/referrals?size=100&dateFilter=30days`)
    ).json()) as {
      content: Record<string, unknown>[];
    };
    expect(page.content.length).toBeGreaterThan(0);
    for (const row of page.content)
      for (const field of FORBIDDEN) expect(row).not.toHaveProperty(field);
  });

  it("shows one user's claim to another user's socket as Claimed long before the next poll", async () => {
    const { url, relay } = await relayOn(`${redis.prefix}claim:`, { POLL_INTERVAL_MS: '30000' });
    const [producer, carrier] = await Promise.all([sim.token('producer'), sim.token('carrier')]);
    const watcher = await socketOf(url, carrier);
    expect(await subscribe(watcher, { kind: 'referrals', state: null })).toMatchObject({
      ok: true,
    });
    const created = (await sim.control('POST', '/__sim/referrals', {
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
    })) as Opportunity;
    // The interval is long: ask for the poll that brings the new referral in.
    await relay.scheduler.pollNow();
    await nextUpsert(watcher, created.opportunityId, 10_000);

    const claimedSeen = nextUpsert(
      watcher,
      created.opportunityId,
      3000,
      (o) => o.marketplaceStatus === 'Claimed',
    );
    const started = Date.now();
    const res = await fetch(`${url}/api/referrals/${created.opportunityId}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${producer}` },
    });
    expect(res.status).toBe(200);
    const { item, at } = await claimedSeen;
    expect(item.marketplaceStatus).toBe('Claimed');
    expect(at - started).toBeLessThan(1000);
    expect(item).not.toHaveProperty('phone');

    const again = await fetch(`${url}/api/referrals/${created.opportunityId}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${producer}` },
    });
    expect(again.status).toBe(409);
  });

  it("shows a purchase live in the admins' transactions, and lists it under the acquired 'Last 48 Hours' though added days ago", async () => {
    const { url, relay } = await relayOn(`${redis.prefix}acquired:`, { POLL_INTERVAL_MS: '30000' });
    const [producer, admin] = await Promise.all([sim.token('producer'), sim.token('admin')]);
    const created = (await sim.control('POST', '/__sim/referrals', {
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      addDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    })) as Opportunity;
    await relay.scheduler.pollNow();
    const held = async () =>
      (await relay.readModel.referralsById([created.opportunityId]))[0] !== undefined;
    for (let i = 0; i < 200 && !(await held()); i += 1) await sleep(50);
    // An admin's transactions are live: every agency's purchases, the page from REST.
    const watcher = await socketOf(url, admin);
    expect(await subscribe(watcher, { kind: 'acquired' })).toMatchObject({
      ok: true,
      snapshot: { complete: false, items: [] },
    });
    const bought = nextUpsert(
      watcher,
      created.opportunityId,
      5000,
      (o) => o.marketplaceStatus === 'Claimed',
    );
    const claim = await fetch(`${url}/api/referrals/${created.opportunityId}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${producer}` },
    });
    expect(claim.status).toBe(200);
    const { item } = await bought;
    expect(item.assignedAgency).toEqual(expect.any(String));
    expect(item.soldPrice).toEqual(expect.any(Number));
    const acquiredIds = async (token: string, dateFilter: string) => {
      const res = await fetch(`${url}/api/acquired?dateFilter=${dateFilter}&size=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { content: Opportunity[] };
      return page.content.map((o) => o.opportunityId);
    };
    expect(await acquiredIds(producer, '48hours')).toContain(created.opportunityId);
    expect(await acquiredIds(admin, '48hours')).toContain(created.opportunityId);
    // Its addDate is three days back: the public feed's window (addDate) does not hold it.
    const feed = await fetch(
      `${url}/api/public/referrals?dateFilter=48hours&size=100&showClaimed=true`,
    );
    const feedIds = ((await feed.json()) as { content: Opportunity[] }).content.map(
      (o) => o.opportunityId,
    );
    expect(feedIds).not.toContain(created.opportunityId);
  });

  it('orders the admin referral list by expiration first while the expiration flag is on, and follows the flag live', async () => {
    const { url } = await relayOn(`${redis.prefix}flags:`);
    const admin = await sim.token('admin');
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const flagOf = async (name: string) =>
      (await (await fetch(`${url}/api/feature-flags/${name}`)).json()) as { enabled: boolean };
    const adminList = async (query = '') => {
      const at = Date.now();
      const page = (await (
        await fetch(`${url}/api/referrals?view=all&size=100&dateFilter=30days${query}`, {
          headers,
        })
      ).json()) as { sort: Sort; content: Opportunity[] };
      return { ...page, at };
    };
    const ascending = (xs: string[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as string) <= x);
    // The open claim windows lead, soonest first; every other referral (settled ones with a date
    // long past among them) follows newest first.
    const expiringFirst = ({ content, at }: { content: Opportunity[]; at: number }) => {
      const lead = content.findIndex((o) => !claimWindowOpen(o, at));
      const head = lead < 0 ? content : content.slice(0, lead);
      const rest = lead < 0 ? [] : content.slice(lead);
      return (
        head.length > 0 &&
        ascending(head.map((o) => o.marketplaceExpirationDate as string)) &&
        // A window may close while the page travels: only the one at the seam can be open.
        rest.slice(1).every((o) => !claimWindowOpen(o, at + 1000)) &&
        ascending(rest.map((o) => o.addDate).reverse())
      );
    };

    // The stand-in seeds the flag on.
    expect(await flagOf(CONSOLE_FLAGS.expirationSort)).toEqual({
      name: CONSOLE_FLAGS.expirationSort,
      enabled: true,
    });
    expect(await flagOf('no-such-flag')).toEqual({ name: 'no-such-flag', enabled: false });
    const on = await adminList();
    expect(on.sort).toEqual({ key: 'addDate', direction: 'desc', expirationFirst: true });
    expect(expiringFirst(on)).toBe(true);
    expect(on.content.some((o) => !claimWindowOpen(o, on.at) && o.marketplaceExpirationDate)).toBe(
      true,
    );
    // A header click names its sort: Received descending, not expiration first.
    const received = await adminList('&sort=addDate&dir=desc');
    expect(received.sort).toEqual({ key: 'addDate', direction: 'desc' });
    expect(ascending(received.content.map((o) => o.addDate).reverse())).toBe(true);

    const flags = (await (await fetch(`${url}/api/feature-flags`)).json()) as {
      items: { id: number; name: string; description: string; enabled: boolean }[];
    };
    const flag = flags.items.find((f) => f.name === CONSOLE_FLAGS.expirationSort)!;
    const off = await fetch(`${url}/api/feature-flags/${flag.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...flag, enabled: false }),
    });
    expect(off.status).toBe(200);
    expect(await flagOf(CONSOLE_FLAGS.expirationSort)).toMatchObject({ enabled: false });
    const plain = await adminList();
    expect(plain.sort).toEqual({ key: 'addDate', direction: 'desc' });
    const added = plain.content.map((o) => o.addDate);
    expect(added).toEqual([...added].sort().reverse());
    await fetch(`${url}/api/feature-flags/${flag.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...flag, enabled: true }),
    });
  });

  it('counts a flag as off while the upstream fails to answer the flags, and on once it answers', async () => {
    await sim.control('PUT', '/__sim/faults', { status: 503, pathPrefix: '/api/v3/feature-flag' });
    try {
      const r = await relayOn(`${redis.prefix}flagsDown:`);
      const admin = await sim.token('admin');
      const flagOf = async () =>
        (await (
          await fetch(`${r.url}/api/feature-flags/${CONSOLE_FLAGS.expirationSort}`)
        ).json()) as { enabled: boolean };
      const adminSort = async () =>
        (
          (await (
            await fetch(`${r.url}/api/referrals?view=all&size=5`, {
              headers: { authorization: `Bearer ${admin}` },
            })
          ).json()) as { sort: Sort }
        ).sort;
      // The stand-in holds the expiration flag on, but the relay could not read it.
      expect(await flagOf()).toMatchObject({ enabled: false });
      expect(await adminSort()).toEqual({ key: 'addDate', direction: 'desc' });

      await sim.control('PUT', '/__sim/faults', {});
      await r.relay.scheduler.pollNow();
      await expect.poll(flagOf, { timeout: 5000 }).toMatchObject({ enabled: true });
      expect(await adminSort()).toMatchObject({ expirationFirst: true });
    } finally {
      await sim.control('PUT', '/__sim/faults', {});
    }
  });

  it('delivers a change polled by one relay instance to sockets on another', async () => {
    const prefix = `${redis.prefix}pair:`;
    const a = await relayOn(prefix, { POLL_INTERVAL_MS: '300' });
    const b = await relayOn(prefix, { POLL_INTERVAL_MS: '300' });
    const onB = await socketOf(b.url);
    await subscribe(onB, { kind: 'publicFeed', state: null });
    const created = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
    await a.relay.scheduler.pollNow();
    await nextUpsert(onB, created.opportunityId, 5000);
  });
});

describe('who may see and change what', () => {
  let url: string;
  beforeAll(async () => {
    ({ url } = await relayOn(`${redis.prefix}access:`));
  });

  it('refuses private topics to an anonymous socket', async () => {
    const anon = await socketOf(url);
    expect(await subscribe(anon, { kind: 'referrals', state: null })).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
    expect(await subscribe(anon, { kind: 'acquired' })).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it("keeps a producer in its own marketplace's room and out of admin topics", async () => {
    const producer = await socketOf(url, await sim.token('producer'));
    expect(await subscribe(producer, { kind: 'marketplaces' })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    const other = { kind: 'inAppetite', state: null, marketplaceId: 4 } as unknown as {
      kind: 'inAppetite';
      state: null;
    };
    expect(await subscribe(producer, other)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await subscribe(producer, { kind: 'inAppetite', state: null })).toMatchObject({
      ok: true,
    });
  });

  it('refuses a socket with a forged token at the handshake', async () => {
    await expect(openSocket(url, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')).rejects.toThrow(
      /unauthenticated/,
    );
  });

  it('answers 403 to non-admin writes and 401 without a token', async () => {
    const producer = await sim.token('producer');
    const flag = await fetch(`${url}/api/feature-flags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${producer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', description: 'y', enabled: true }),
    });
    expect(flag.status).toBe(403);
    const save = await fetch(`${url}/api/marketplaces/list-save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${producer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 'x', priorities: [], updates: [] }),
    });
    expect(save.status).toBe(403);
    expect((await fetch(`${url}/api/referrals`)).status).toBe(401);
  });

  it('refuses a priorities save based on a stale order with 409, and applies a fresh one', async () => {
    const admin = await sim.token('admin');
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const list = (await (await fetch(`${url}/api/marketplaces`, { headers })).json()) as {
      priorityVersion: string;
      items: {
        id: number;
        enabled: boolean;
        priority: number | null;
        includedInMarketplaceFlow: boolean;
      }[];
    };
    const enabled = list.items
      .filter((m) => m.enabled && m.includedInMarketplaceFlow)
      .sort((x, y) => (x.priority ?? 999) - (y.priority ?? 999));
    expect(enabled.length).toBeGreaterThan(1);
    const reversed = [...enabled].reverse().map((m, i) => ({ id: m.id, priority: i + 1 }));
    const save = (version: string) =>
      fetch(`${url}/api/marketplaces/list-save`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ version, priorities: reversed, updates: [] }),
      });
    expect((await save(list.priorityVersion)).status).toBe(200);
    // The saving admin reads its own write at once, without waiting for a poll.
    const after = (await (
      await fetch(`${url}/api/marketplaces`, { headers })
    ).json()) as typeof list;
    const order = after.items
      .filter((m) => m.enabled && m.includedInMarketplaceFlow)
      .sort((x, y) => (x.priority ?? 999) - (y.priority ?? 999))
      .map((m) => m.id);
    expect(order).toEqual(reversed.map((p) => p.id));
    const stale = await save(list.priorityVersion);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { details: { priorityVersion: string } };
    expect(body.details.priorityVersion).not.toBe(list.priorityVersion);
  });

  it('answers 400 with the reasons to a bad list query', async () => {
    const res = await fetch(`${url}/api/public/referrals?state=tx&size=1000`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid list query',
      details: [
        'state must be a two-letter state code or all',
        'size must be a whole number from 1 to 100',
      ],
      requestId: res.headers.get('x-request-id'),
    });
  });
});
