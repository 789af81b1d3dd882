import {
  byExpirationFirst,
  DEFAULT_SORTS,
  opportunitySchema,
  type Marketplace,
  type Opportunity,
} from '@referrals/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { lonestar } from '../../testkit/marketplaces.testkit.js';
import { commitWhole } from '../../testkit/store.testkit.js';
import { ALL, BOUGHT, boughtBy, inAppetite, withState, type ListScope } from '../lists/scopes.js';
import { createMemoryStore } from '../../changeLog/memoryStore.js';
import type { MirrorEvent } from '../mirror.js';
import type { DashboardAsk } from '../dashboards.js';
import { createReadModel, type LocalReadModel } from '../readModel.js';
import { MAX_DELTA_RECORDS } from '../../changeLog/store.js';
import { createModelHost, type ModelHost } from './remoteModel.js';

const NOW = Date.now();
/** The host on a thread of its own, as the relay runs it, and on the test's, as tests do. */
const PLACEMENTS = ['own thread', 'this thread'] as const;
const referral = (id: number, over: Partial<Opportunity> = {}): Opportunity =>
  opportunitySchema.cast({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: new Date(NOW - id * 60_000).toISOString(),
    lastModDate: new Date(NOW - id * 30_000).toISOString(),
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    state: id % 3 === 0 ? 'CA' : 'TX',
    city: `City ${id % 7}`,
    // Claim windows open and closed, for the admin's list by expiration first.
    marketplaceExpirationDate: new Date(NOW + ((id % 4) - 1) * 600_000).toISOString(),
    ...(id % 5 === 0 ? { marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star' } : {}),
    ...over,
  });

const put = commitWhole;

const byId = (o: Opportunity) => o.opportunityId;
/** The lists' default orders, and the admin's under the expiration flag. */
const ORDERS = [...Object.values(DEFAULT_SORTS), byExpirationFirst(DEFAULT_SORTS.availableAndAll)];
const query = (sort: (typeof ORDERS)[number], page = 0) => ({
  dateFilter: '30days' as const,
  showClaimed: true,
  sort,
  page,
  size: 7,
});

/** Every page of a few lists, from the host and from a read model of this thread, side by side. */
async function bothLists(host: ModelHost, local: LocalReadModel, scopes: readonly ListScope[]) {
  const out: { host: unknown; local: unknown }[] = [];
  for (const scope of scopes) {
    for (const sort of ORDERS) {
      for (let page = 0; page < 3; page += 1) {
        const q = query(sort, page);
        const [h, l] = await Promise.all([host.page(scope, q), local.referralIndex.page(scope, q)]);
        out.push({
          host: { ...h, content: h.content.map((o) => JSON.stringify(o)) },
          local: { ...l, content: l.content.map((o) => JSON.stringify(o)) },
        });
      }
    }
  }
  return out;
}

let stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const s of stops) await s();
  stops = [];
});

describe('the read model host (its own thread)', () => {
  it.each(PLACEMENTS)(
    'answers lists, records and scopes as a read model at hand does, change after change, on %s',
    async (placement) => {
      const store = createMemoryStore();
      await put(store, 'marketplaces', [lonestar], (m: Marketplace) => m.id);
      const market = Array.from({ length: 60 }, (_, i) => referral(i + 1));
      await put(store, 'referrals', market, byId);
      const host = createModelHost(store, { placement });
      stops.push(() => host.stop());
      const local = createReadModel(store);
      stops.push(() => local.stop());
      const events: MirrorEvent<Opportunity>[] = [];
      host.onEvent((e) => events.push(e));
      await Promise.all([host.start(), local.start()]);
      await Promise.all([host.settled(), local.settled()]);
      const appetite = local.marketplaces.get(30)?.riskAppetite;
      if (!appetite) throw new Error('no marketplace');
      const scopes = [
        ALL,
        withState(ALL, 'CA'),
        BOUGHT,
        boughtBy('Lone Star'),
        inAppetite(30, appetite),
        withState(inAppetite(30, appetite), 'TX'),
      ];
      const first = await bothLists(host, local, scopes);
      for (const { host: h, local: l } of first) expect(h).toEqual(l);
      expect(first.some(({ host: h }) => (h as { totalElements: number }).totalElements > 7)).toBe(
        true,
      );
      expect(host.status()).toMatchObject({ loading: false, referrals: 60 });

      // A referral changed, one gone, one new: one delta, told with what it replaced.
      events.length = 0;
      const next = market.filter((o) => o.opportunityId !== 2);
      next[0] = { ...referral(1), city: 'Reykjavík ❄' };
      next.push(referral(61, { state: 'CA' }));
      await put(store, 'referrals', next, byId);
      await Promise.all([host.settled(), local.settled()]);
      await expect.poll(() => events.length).toBe(1);
      const delta = events[0];
      if (delta?.kind !== 'delta') throw new Error('expected a delta');
      const changed = delta.upserts.find((u) => u.next.opportunityId === 1);
      expect(changed?.previous?.city).toBe('City 1');
      expect(changed?.next.city).toBe('Reykjavík ❄');
      expect(delta.upserts.find((u) => u.next.opportunityId === 61)?.previous).toBeUndefined();
      expect(delta.removed.map(byId)).toEqual([2]);
      expect(host.seq).toBe(delta.seq);
      expect((await host.get([1]))[0]?.city).toBe('Reykjavík ❄');
      expect(await host.get([2, 1])).toMatchObject([undefined, { opportunityId: 1 }]);
      for (const { host: h, local: l } of await bothLists(host, local, scopes))
        expect(h).toEqual(l);
      // An agency's purchases readied, as its acquired room is before a socket joins it.
      await host.prepare(boughtBy('Lone Star'), DEFAULT_SORTS.acquired);
      await local.referralIndex.prepare(boughtBy('Lone Star'), DEFAULT_SORTS.acquired);
      const bought = (await host.all(boughtBy('Lone Star')))?.records.map(byId);
      expect(bought?.length).toBeGreaterThan(5);
      expect(bought?.sort((a, b) => a - b)).toEqual(
        local.referralIndex
          .allNow(boughtBy('Lone Star'))
          ?.map(byId)
          .sort((a, b) => a - b),
      );
      // Dashboards are computed where the referrals are (from the index's recent ones): the same.
      const asks: DashboardAsk[] = [
        { audience: 'privileged' },
        { audience: 'agent', marketplaceId: 30, appetite, agencyName: 'Lone Star' },
      ];
      for (const ask of asks) {
        const at = Date.now();
        const dashboard = await host.dashboard(ask, at);
        expect(dashboard).toEqual(local.dashboard(ask, at));
      }

      // A change too large for the log is a reset: the host reloads the snapshot forwarded.
      events.length = 0;
      const large = Array.from({ length: MAX_DELTA_RECORDS + 100 }, (_, i) => referral(i + 1));
      await put(store, 'referrals', large, byId);
      await expect
        .poll(() => events.some((e) => e.kind === 'reset'), { timeout: 10_000 })
        .toBe(true);
      await Promise.all([host.settled(), local.settled()]);
      await expect.poll(() => host.status().referrals, { timeout: 10_000 }).toBe(large.length);
      for (const { host: h, local: l } of await bothLists(host, local, scopes.slice(0, 3)))
        expect(h).toEqual(l);
    },
  );

  it('forwards change sets committed back to back one after another, none read again whole', async () => {
    const store = createMemoryStore();
    await put(store, 'referrals', [referral(1)], byId);
    let snapshots = 0;
    const counted = {
      ...store,
      snapshot: (s: Parameters<typeof store.snapshot>[0]) => {
        if (s === 'referrals') snapshots += 1;
        return store.snapshot(s);
      },
    };
    const host = createModelHost(counted);
    stops.push(() => host.stop());
    const events: MirrorEvent<Opportunity>[] = [];
    host.onEvent((e) => events.push(e));
    await host.start();
    await host.settled();
    expect(snapshots).toBe(1);
    events.length = 0;
    const from = host.seq;
    // The memory store tells its followers at once: three change sets before the host acks one.
    const market = [referral(1)];
    for (let id = 2; id <= 4; id += 1) {
      market.push(referral(id));
      await put(store, 'referrals', market, byId);
    }
    await expect.poll(() => events.length).toBe(3);
    expect(events.map((e) => [e.kind, e.seq])).toEqual([
      ['delta', from + 1],
      ['delta', from + 2],
      ['delta', from + 3],
    ]);
    expect(snapshots).toBe(1);
    expect((await host.page(ALL, query(DEFAULT_SORTS.availableAndAll))).totalElements).toBe(4);
  });

  it('fails what is asked once the host is gone, and a scope it cannot rebuild', async () => {
    const store = createMemoryStore();
    const host = createModelHost(store);
    await host.start();
    await host.settled();
    await expect(host.page({ key: 'odd', has: () => true }, query(null as never))).rejects.toThrow(
      'cannot cross',
    );
    await host.stop();
    await expect(host.page(ALL, query(DEFAULT_SORTS.availableAndAll))).rejects.toThrow('stopped');
  });

  it.each(PLACEMENTS)(
    'starts another host when one ends, forwarded every stream again, on %s',
    async (placement) => {
      const store = createMemoryStore();
      await put(store, 'marketplaces', [lonestar], (m: Marketplace) => m.id);
      await put(
        store,
        'referrals',
        Array.from({ length: 30 }, (_, i) => referral(i + 1)),
        byId,
      );
      const host = createModelHost(store, { placement });
      stops.push(() => host.stop());
      await host.start();
      await host.settled();
      const q = query(DEFAULT_SORTS.availableAndAll);
      expect((await host.page(ALL, q)).totalElements).toBe(30);
      await host.restart();
      // The new host loads what is forwarded to it; what is asked meanwhile may fail.
      const total = () =>
        host.page(ALL, q).then(
          (p) => p.totalElements,
          () => -1,
        );
      await expect.poll(total, { timeout: 10_000 }).toBe(30);
      const events: MirrorEvent<Opportunity>[] = [];
      host.onEvent((e) => events.push(e));
      await put(
        store,
        'referrals',
        Array.from({ length: 31 }, (_, i) => referral(i + 1)),
        byId,
      );
      await expect.poll(() => events.map((e) => e.kind)).toEqual(['delta']);
      await host.settled();
      expect((await host.page(ALL, q)).totalElements).toBe(31);
    },
  );
});
