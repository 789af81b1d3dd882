import type {
  AgencySettingsNotice,
  AuditPage,
  ChangesMessage,
  Marketplace,
  MyMarketplace,
  SelfServeSettings,
  SnapshotMessage,
} from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { subscribe, type ClientSocket } from '../../testkit/stack.testkit.js';
import { useStack } from '../../testkit/useStack.testkit.js';

// A database of its own: another file's relay must not apply this file's pause windows.
const stack = useStack({ database: 'selfserve' });

async function call<T = unknown>(method: string, path: string, user: string, body?: unknown) {
  return (await stack.call(method, path, user, body)) as { status: number; body: T };
}

const mine = async (user = 'agencyadmin') =>
  (await call<MyMarketplace>('GET', '/api/my-marketplace', user)).body;
/** The marketplace as the upstream holds it (the admin form's read). */
const upstreamCopy = async (id: number) =>
  (await call<Marketplace>('GET', `/api/marketplaces/${id}`, 'admin')).body;
const change = async (body: object, user = 'agencyadmin') =>
  call<{ error?: string; details?: string[] } & Partial<MyMarketplace>>(
    'PUT',
    '/api/my-marketplace',
    user,
    { version: (await mine()).version, ...body },
  );
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/**
 * The next settings notice a socket hears (in a change set, or in a snapshot when the room was
 * re-cut meanwhile) that `match` accepts; a rejection after `ms`.
 */
function notice(socket: ClientSocket, match: (n: AgencySettingsNotice) => boolean, ms = 5000) {
  return new Promise<AgencySettingsNotice>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no settings notice in ${ms} ms`));
    }, ms);
    const hear = (m: ChangesMessage | SnapshotMessage) => {
      if (m.topic.kind !== 'agencySettings') return;
      const items = ('upserts' in m ? m.upserts : m.items) as readonly AgencySettingsNotice[];
      const hit = items.find(match);
      if (!hit) return;
      stop();
      resolve(hit);
    };
    const stop = () => {
      clearTimeout(timer);
      socket.off('changes', hear);
      socket.off('snapshot', hear);
    };
    socket.on('changes', hear);
    socket.on('snapshot', hear);
  });
}

describe("an agency's own marketplace", () => {
  it('shows its appetite read-only to a producer, who may change nothing', async () => {
    const view = await mine('producer');
    expect(view.canChange).toBe(false);
    expect(view.riskAppetite.stateCodes.length).toBeGreaterThan(0);
    expect(view).not.toHaveProperty('deliveryApiKey');
    const before = await upstreamCopy(view.id);
    const refused = await change({ pause: { from: hours(0), until: hours(1) } }, 'producer');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/agency's admin/);
    expect((await upstreamCopy(view.id)).enabled).toBe(before.enabled);
  });

  it('refuses caps outside the bounds an admin set, with the reason, and changes nothing', async () => {
    const { id, riskAppetite } = await mine();
    const unbound = await change({ caps: { maxPerDay: 10, maxPerWeek: 50 } });
    expect(unbound.status).toBe(400);
    expect(unbound.body.details).toContain(
      'An administrator has not allowed you to set the daily cap.',
    );
    const bounds = await call<SelfServeSettings>(
      'PUT',
      `/api/self-serve/marketplaces/${id}/bounds`,
      'admin',
      { maxPerDay: 40, maxPerWeek: 150 },
    );
    expect(bounds.status).toBe(200);
    expect(bounds.body.bounds).toEqual({ maxPerDay: 40, maxPerWeek: 150 });
    // A marketplace that does not exist (past the id column's range too) is a 404, not a 500.
    for (const missing of ['999999', '2147483648']) {
      const none = await call('PUT', `/api/self-serve/marketplaces/${missing}/bounds`, 'admin', {
        maxPerDay: 1,
        maxPerWeek: 1,
      });
      expect(none.status).toBe(404);
    }
    const above = await change({ caps: { maxPerDay: 41, maxPerWeek: 150 } });
    expect(above.status).toBe(400);
    expect(above.body.details).toEqual([
      'The daily cap may be at most 40, the bound an administrator set.',
    ]);
    const zero = await change({ caps: { maxPerDay: 0, maxPerWeek: 10 } });
    expect(zero.status).toBe(400);
    expect(zero.body.details).toContain('The daily cap must be at least 1');
    const crossed = await change({ caps: { maxPerDay: 30, maxPerWeek: 20 } });
    expect(crossed.body.details).toEqual(['The daily cap may not be above the weekly cap.']);
    const other = await change({ riskAppetite: { stateCodes: ['CA'] } });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('Only caps and a pause may be changed here');
    const kept = (await upstreamCopy(id)).riskAppetite;
    expect([kept.maxReferralsPerDay, kept.maxReferralsPerWeek, kept.stateCodes]).toEqual([
      riskAppetite.maxReferralsPerDay,
      riskAppetite.maxReferralsPerWeek,
      riskAppetite.stateCodes,
    ]);
  });

  it('saves caps within the bounds upstream, through the admin’s save, audited', async () => {
    const { id } = await mine();
    const saved = await change({ caps: { maxPerDay: 30, maxPerWeek: 120 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = (await upstreamCopy(id)).riskAppetite;
    expect([stored.maxReferralsPerDay, stored.maxReferralsPerWeek]).toEqual([30, 120]);
    const log = await call<AuditPage>(
      'GET',
      '/api/audit-log?action=marketplace.selfServe',
      'admin',
    );
    const entry = log.body.content.find((e) => e.outcome === 'ok');
    expect(entry?.actor).toBe('agencyadmin');
    expect(entry?.after).toMatchObject({ marketplace: id, maxReferralsPerDay: 30 });
  });

  it('reads the screen from the read model, never the upstream, and a stale version gets a 409 then the current one', async () => {
    const before = await mine();
    await stack.sim.resetStats();
    for (let i = 0; i < 5; i += 1) expect((await mine('producer')).id).toBe(before.id);
    expect((await stack.sim.stats())['GET /api/v3/marketplaces/:id'] ?? 0).toBe(0);
    // (The bounds an admin set above allow these caps.) A change moves the version; a change naming the old one is refused, and the screen read
    // again names one a change is taken with.
    const caps = { maxPerDay: 20, maxPerWeek: 90 };
    expect((await change({ caps })).status).toBe(200);
    const stale = await call('PUT', '/api/my-marketplace', 'agencyadmin', {
      version: before.version,
      caps,
    });
    expect(stale.status).toBe(409);
    const current = await mine();
    expect(current.version).not.toBe(before.version);
    const again = await call('PUT', '/api/my-marketplace', 'agencyadmin', {
      version: current.version,
      caps: { maxPerDay: 25, maxPerWeek: 90 },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('refuses a pause that ends before it starts, and changes nothing', async () => {
    const { id, enabled } = await mine();
    const refused = await change({ pause: { from: hours(2), until: hours(1) } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The pause must end after it starts.');
    expect((await upstreamCopy(id)).enabled).toBe(enabled);
    expect((await mine()).selfServe.pause).toBeNull();
  });

  it('pauses now: off upstream at once, shown to admins, and back on when ended early', async () => {
    const { id, enabled } = await mine();
    expect(enabled).toBe(true);
    const until = hours(3);
    const paused = await change({ pause: { from: hours(0), until } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.enabled).toBe(false);
    expect((await upstreamCopy(id)).enabled).toBe(false);
    const list = await call<{ items: SelfServeSettings[] }>(
      'GET',
      '/api/self-serve/marketplaces',
      'admin',
    );
    expect(list.body.items.find((s) => s.marketplaceId === id)?.pause).toMatchObject({
      until,
      active: true,
    });
    const ended = await change({ pause: null });
    expect(ended.status).toBe(200);
    expect((await upstreamCopy(id)).enabled).toBe(true);
    expect(ended.body.selfServe?.pause).toBeNull();
  });

  it('applies a pause over a range at its start and restores it at its end', async () => {
    const { id } = await mine();
    const from = new Date(Date.now() + 1500).toISOString();
    const until = new Date(Date.now() + 4000).toISOString();
    expect((await change({ pause: { from, until } })).status).toBe(200);
    expect((await upstreamCopy(id)).enabled).toBe(true);
    await expect.poll(async () => (await upstreamCopy(id)).enabled, { timeout: 5000 }).toBe(false);
    await expect.poll(async () => (await upstreamCopy(id)).enabled, { timeout: 8000 }).toBe(true);
    expect((await mine()).selfServe.pause).toBeNull();
    const log = await call<AuditPage>(
      'GET',
      '/api/audit-log?action=marketplace.pauseApplied',
      'admin',
    );
    expect(log.body.content.map((e) => e.after)).toEqual(
      expect.arrayContaining([{ step: 'start' }, { step: 'end' }]),
    );
  });

  it('announces a settings change live to the agency and admins, never to another agency', async () => {
    const { id } = await mine();
    const sockets: ClientSocket[] = [];
    try {
      const own = await stack.socket('producer');
      const other = await stack.socket('carrier');
      const admin = await stack.socket('admin');
      sockets.push(own, other, admin);
      for (const s of sockets) {
        expect(await subscribe(s, { kind: 'agencySettings' })).toMatchObject({ ok: true });
      }
      const ofMine = (n: AgencySettingsNotice) => n.marketplaceId === id;
      const heardByOwn = notice(own, ofMine);
      const heardByAdmin = notice(admin, ofMine);
      const heardByOther = notice(other, ofMine, 1500);
      const bounds = await call('PUT', `/api/self-serve/marketplaces/${id}/bounds`, 'admin', {
        maxPerDay: 40,
        maxPerWeek: 150,
      });
      expect(bounds.status).toBe(200);
      expect(await heardByOwn).toMatchObject({ marketplaceId: id, setting: 'selfServe' });
      expect(await heardByAdmin).toMatchObject({ marketplaceId: id, setting: 'selfServe' });
      await expect(heardByOther).rejects.toThrow(/no settings notice/);
      // The agency's own pause is announced too, and its audit entry names the marketplace.
      const paused = notice(own, ofMine);
      expect((await change({ pause: { from: hours(5), until: hours(6) } })).status).toBe(200);
      expect(await paused).toMatchObject({ setting: 'selfServe' });
      expect((await change({ pause: null })).status).toBe(200);
      const log = await call<AuditPage>(
        'GET',
        '/api/audit-log?action=marketplace.selfServe',
        'admin',
      );
      expect(log.body.content[0]).toMatchObject({ outcome: 'ok', target: `marketplace ${id}` });
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('keeps the bounds and a planned pause across a restart of the relay', async () => {
    const from = hours(1);
    const until = hours(2);
    expect((await change({ pause: { from, until } })).status).toBe(200);
    await stack.restart();
    const after = await mine();
    expect(after.selfServe.bounds).toEqual({ maxPerDay: 40, maxPerWeek: 150 });
    expect(after.selfServe.pause).toEqual({ from, until, active: false });
    expect(after.enabled).toBe(true);
    expect((await change({ pause: null })).body.selfServe?.pause).toBeNull();
  }, 60_000);
});
