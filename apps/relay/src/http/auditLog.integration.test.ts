import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { AuditEntry, AuditPage, ChangesMessage, Opportunity } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testkit/database.testkit.js';
import {
  callRelay,
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from '../testkit/stack.testkit.js';

/**
 * A TCP hop between the relay and the machine's PostgreSQL that a test can cut: a real server
 * going away, as the relay sees it (connections reset, new ones refused), without stopping it.
 */
async function cuttableProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
let url: string;
let stopRelay: () => Promise<void>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  db = await createTestDatabase('audit');
  const direct = new URL(db.url);
  proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(db.url);
  viaProxy.port = String(proxy.port);
  const r = await startRelay(sim, redis.prefix, { DATABASE_URL: viaProxy.toString() });
  url = r.url;
  stopRelay = () => r.relay.stop();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopRelay();
  await proxy.close();
  await db.drop();
  await sim.close();
  await redis.cleanup();
});

const call = (method: string, path: string, user: string | null, init: RequestInit = {}) =>
  callRelay(url, sim, method, path, user, init);

async function auditPage(query: string): Promise<AuditPage> {
  const res = await call('GET', `/api/audit-log?${query}`, 'admin');
  expect(res.status).toBe(200);
  return res.body as AuditPage;
}

/** The next audit entry an admin's socket hears, or a rejection after `ms`. */
function nextEntry(socket: ClientSocket, match: (e: AuditEntry) => boolean, ms = 5000) {
  return new Promise<AuditEntry>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no audit entry in ${ms} ms`)), ms);
    const onChange = (m: ChangesMessage) => {
      if (m.topic.kind !== 'auditLog') return;
      const entry = (m.upserts as unknown as AuditEntry[]).find(match);
      if (!entry) return;
      clearTimeout(timer);
      socket.off('changes', onChange);
      resolve(entry);
    };
    socket.on('changes', onChange);
  });
}

const newReferral = async () =>
  (await sim.control('POST', '/__sim/referrals', { state: 'TX' })) as Opportunity;

describe('the audit log', () => {
  // The first entry creates the auditLog stream, which reaches sockets as an unasked snapshot
  // (the screen reads its page again); every later entry comes as a change carrying it.
  it('records an admin write with the state before and after', async () => {
    type Flags = { items: { id: number; name: string; description: string; enabled: boolean }[] };
    const flagsNow = async () =>
      ((await call('GET', '/api/feature-flags', null)).body as Flags).items;
    // The relay's first poll brings the flags in.
    await expect.poll(async () => (await flagsNow()).length).toBeGreaterThan(0);
    const [flag] = await flagsNow();
    if (!flag) throw new Error('the stand-in has no feature flag');
    const saved = await call('PUT', `/api/feature-flags/${flag.id}`, 'admin', {
      body: JSON.stringify({ ...flag, enabled: !flag.enabled }),
    });
    expect(saved.status).toBe(200);
    const [entry] = (await auditPage('action=featureFlag.update')).content;
    expect(entry).toMatchObject({
      actor: 'admin',
      target: `flag ${flag.id}`,
      outcome: 'ok',
      before: { id: flag.id, enabled: flag.enabled },
      after: { id: flag.id, enabled: !flag.enabled },
    });
  });

  it('records a claim (who, agency, referral, price, outcome) and shows it live to admins only', async () => {
    const admin = await openSocket(url, await sim.token('admin'));
    sockets.push(admin);
    expect(await subscribe(admin, { kind: 'auditLog' })).toMatchObject({
      ok: true,
      snapshot: { complete: false, items: [] },
    });
    const producer = await openSocket(url, await sim.token('producer'));
    sockets.push(producer);
    expect(await subscribe(producer, { kind: 'auditLog' })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });

    const referral = await newReferral();
    // The relay sees the referral before it can be claimed through it.
    await expect
      .poll(
        async () =>
          (await call('GET', `/api/referrals/${referral.opportunityId}`, 'producer')).status,
      )
      .toBe(200);
    const heard = nextEntry(admin, (e) => e.target === `referral ${referral.opportunityId}`);
    const claim = await call('POST', `/api/referrals/${referral.opportunityId}/claim`, 'producer', {
      headers: { 'x-request-id': 'audit-test-claim-1' },
    });
    expect(claim.status).toBe(200);
    const sold = claim.body as Opportunity;

    const entry = await heard;
    expect(entry).toMatchObject({
      requestId: 'audit-test-claim-1',
      actor: 'producer',
      action: 'referral.claim',
      outcome: 'ok',
      status: 200,
      before: { opportunityId: referral.opportunityId, marketplaceStatus: 'Available' },
      after: { opportunityId: referral.opportunityId, soldPrice: sold.soldPrice },
    });
    expect(entry.agency).toEqual(expect.any(String));
    // The prospect's contact details never reach the audit log.
    const text = JSON.stringify(entry);
    for (const v of [sold.phone, sold.email, sold.lastName]) {
      if (v) expect(text).not.toContain(v);
    }
    expect((await auditPage('action=referral.claim&user=producer')).content[0]).toEqual(entry);

    // Claimed already: refused, recorded with its reason.
    const again = await call('POST', `/api/referrals/${referral.opportunityId}/claim`, 'producer');
    expect(again.status).toBe(409);
    const [refused] = (await auditPage('action=referral.claim&user=producer')).content;
    expect(refused).toMatchObject({
      outcome: 'refused',
      status: 409,
      after: { error: 'This referral is no longer available.' },
    });
  });

  it('is for admins, and a bad query gets the reasons', async () => {
    expect((await call('GET', '/api/audit-log', 'producer')).status).toBe(403);
    expect((await call('GET', '/api/audit-log', null)).status).toBe(401);
    const bad = await call('GET', '/api/audit-log?action=drop&size=1000&from=yesterday', 'admin');
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: 'invalid audit-log query',
        details: expect.arrayContaining([
          expect.stringContaining('action must be one of'),
          'from must be an ISO date or date-time',
          'size must be a whole number from 1 to 100',
        ]) as unknown,
      },
    });
  });

  it('answers writes 503 while the database is away, makes none of them, and loses nothing', async () => {
    const prefs = { alerts: { enabled: true, sound: true }, theme: 'dark' };
    expect(
      (await call('PUT', '/api/me/preferences', 'carrier', { body: JSON.stringify(prefs) })).status,
    ).toBe(200);
    const referral = await newReferral();
    await expect
      .poll(
        async () =>
          (await call('GET', `/api/referrals/${referral.opportunityId}`, 'producer')).status,
      )
      .toBe(200);
    const before = (await auditPage('size=100')).totalElements;

    proxy.cut();
    try {
      const put = await call('PUT', '/api/me/preferences', 'carrier', {
        body: JSON.stringify({ ...prefs, theme: 'light' }),
      });
      expect(put).toMatchObject({
        status: 503,
        body: { error: expect.stringMatching(/unavailable/) as unknown },
      });
      const claim = await call(
        'POST',
        `/api/referrals/${referral.opportunityId}/claim`,
        'producer',
      );
      expect(claim.status).toBe(503);
      // Not claimed upstream: a write that cannot be recorded is not made.
      const upstream = (await call('GET', `/api/referrals/${referral.opportunityId}`, 'admin'))
        .body as Opportunity;
      expect(upstream.marketplaceStatus).toBe('Available');
      expect((await call('GET', '/api/audit-log', 'admin')).status).toBe(503);
      // Reads that need no database go on.
      expect((await call('GET', '/api/feature-flags', null)).status).toBe(200);
    } finally {
      proxy.restore();
    }
    await expect
      .poll(async () => (await call('GET', '/api/me/preferences', 'carrier')).body, {
        timeout: 10_000,
      })
      .toEqual(prefs);
    const after = await auditPage('size=100');
    expect(after.totalElements).toBe(before);
    expect(after.content.filter((e) => e.outcome === 'pending')).toEqual([]);
  });
});
