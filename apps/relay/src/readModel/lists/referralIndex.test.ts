import {
  byExpirationFirst,
  computeAgentDashboard,
  computePrivilegedDashboard,
  DATE_FILTERS,
  MARKETPLACE_STATUSES,
  queryReferrals,
  SORT_FIELDS,
  type Opportunity,
  type ReferralQuery,
  type RiskAppetite,
  type Sort,
  type SortKey,
  type StateCode,
} from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yieldEveryItem } from '../../testkit/turns.testkit.js';
import { ReferralIndex, type IndexDelta, type ReferralIndexOptions } from './referralIndex.js';
import { ALL, boughtBy, BOUGHT, withState, type ListScope } from './scopes.js';

const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const HOUR = 3_600_000;
const STATES: StateCode[] = ['TX', 'CA', 'NY'];
const AGENCIES = ['Lone Star', 'Great Lakes', null];

/** Small value pools, so ties (the spec's tie rules) and missing values are common. */
const when = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .integer({ min: -40 * 24, max: 2 })
      .map((h) => new Date(T0 + h * HOUR).toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -3, max: 0 })
      .map((d) => new Date(T0 + d * 24 * HOUR).toISOString()),
  },
  { weight: 1, arbitrary: fc.constantFrom('2026-10-31', 'not a date', '') },
);
/**
 * Expiries: any date, or minutes around T0, so that ticks close claim windows and a list by
 * expiration first sees Available referrals whose date has passed and settled ones with a date.
 */
const expiry = fc.oneof(
  { weight: 2, arbitrary: when },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -90, max: 180 })
      .map((m) => new Date(T0 + m * 60_000).toISOString()),
  },
);
const text = fc.constantFrom('Austin', 'austin', 'Érié', 'Zeta', 'alpha', '', '10', '9');
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null, freq: 4 });

const referralArb = (id: number): fc.Arbitrary<Opportunity> =>
  fc
    .record({
      // Available often: the lead of a list by expiration first is some of them.
      marketplaceStatus: fc.oneof(
        fc.constant('Available' as const),
        fc.constantFrom(...MARKETPLACE_STATUSES),
      ),
      addDate: when,
      lastModDate: maybe(when),
      marketplaceExpirationDate: maybe(expiry),
      state: fc.constantFrom(...STATES),
      lastName: maybe(text),
      city: maybe(text),
      category: maybe(fc.constantFrom('COMMERCIAL', 'PERSONAL', 'LIFE')),
      businessLines: fc.subarray(['CGLY', 'CWCP', 'PAUT', 'HOME']),
      estimatedPremium: maybe(fc.constantFrom(0, 500, 500.5, 12500, -1)),
      industryCode: maybe(fc.constantFrom('238220', '541110', '')),
      noOfEmployees: maybe(fc.integer({ min: 0, max: 3 })),
      yearsInBusiness: maybe(fc.integer({ min: 0, max: 3 })),
      phone: maybe(text),
      email: maybe(text),
      assignedAgency: fc.constantFrom(...AGENCIES),
    })
    .map((r) => ({ ...r, opportunityId: id }) as unknown as Opportunity);

const sortArb: fc.Arbitrary<Sort | null> = fc
  .tuple(
    fc.option(
      fc.record({
        key: fc.constantFrom(...(Object.keys(SORT_FIELDS) as SortKey[])),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      { nil: null, freq: 6 },
    ),
    // The admin list under the expiration flag: soonest expiry first, the sort breaking ties.
    fc.boolean(),
  )
  .map(([sort, expirationFirst]) => (expirationFirst ? byExpirationFirst(sort) : sort));

/** Every order a list can ask for, by expiration first or not. */
const EVERY_ORDER: readonly (Sort | null)[] = [null, ...(Object.keys(SORT_FIELDS) as SortKey[])]
  .flatMap((key) =>
    key === null
      ? [null]
      : (['asc', 'desc'] as const).map((direction): Sort => ({ key, direction })),
  )
  .flatMap((sort) => [sort, byExpirationFirst(sort)]);

const queryArb: fc.Arbitrary<ReferralQuery> = fc.record({
  state: fc.option(fc.constantFrom(...STATES), { nil: null }),
  dateFilter: fc.constantFrom(...DATE_FILTERS),
  showClaimed: fc.boolean(),
  sort: sortArb,
  page: fc.nat({ max: 4 }),
  size: fc.integer({ min: 1, max: 7 }),
});

/** The scopes a list can have, each with the plain filter it stands for. */
const SCOPES: readonly ListScope[] = [
  ALL,
  BOUGHT,
  boughtBy('Lone Star'),
  // Appetite stand-ins: any predicate of the record works the same way.
  { key: 'even', has: (o) => o.opportunityId % 2 === 0 },
  { key: 'third', has: (o) => o.opportunityId % 3 === 0 },
];

type Change = { kind: 'change'; ids: number[]; records: Opportunity[]; removed: number[] };
type Tick = { kind: 'tick'; ms: number };
/** The market's first load begins (held) or ends: its background orders held or built. */
type Hold = { kind: 'hold'; held: boolean };
/** The read model's idle timer: views and scopes no page read for `idleMs` go, their slots freed. */
type Sweep = { kind: 'sweep' };
type Step =
  | Change
  | Tick
  | Hold
  | Sweep
  /**
   * A page asked for, and changes made, clock ticks seen (as the read model's timer does) and
   * sweeps while it is being cut (a view built, a slot taken or freed, in slices).
   */
  | { kind: 'ask'; scope: number; query: ReferralQuery; during: (Change | Tick | Sweep)[] };

const changeArb = (maxId: number): fc.Arbitrary<Change> =>
  fc.uniqueArray(fc.integer({ min: 1, max: maxId }), { maxLength: 6 }).chain((ids) =>
    fc.record({
      kind: fc.constant('change' as const),
      ids: fc.constant(ids),
      records: fc.tuple(...ids.map(referralArb)),
      removed: fc.uniqueArray(fc.integer({ min: 1, max: maxId }), { maxLength: 3 }),
    }),
  );

const tickArb: fc.Arbitrary<Tick> = fc.record({
  kind: fc.constant('tick' as const),
  // Hours (date windows), minutes (claim windows closing), or back (a clock set back).
  ms: fc.oneof(
    fc.integer({ min: 0, max: 30 * HOUR }),
    fc.integer({ min: 0, max: 90 * 60_000 }),
    fc.integer({ min: -2 * HOUR, max: 0 }),
  ),
});

const sweepArb: fc.Arbitrary<Sweep> = fc.constant({ kind: 'sweep' as const });

const holdArb: fc.Arbitrary<Hold> = fc.record({
  kind: fc.constant('hold' as const),
  held: fc.boolean(),
});

const stepArb = (maxId: number): fc.Arbitrary<Step> =>
  fc.oneof(
    changeArb(maxId),
    tickArb,
    holdArb,
    sweepArb,
    fc.record({
      kind: fc.constant('ask' as const),
      scope: fc.nat({ max: SCOPES.length - 1 }),
      query: queryArb,
      during: fc.array(fc.oneof(changeArb(maxId), tickArb, sweepArb), { maxLength: 2 }),
    }),
  );

const marketArb = fc
  .integer({ min: 0, max: 60 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => referralArb(i + 1))));

/** Both dashboards of a market at an instant. */
const dashboards = (referrals: Opportunity[], nowMs: number) => ({
  privileged: computePrivilegedDashboard({
    referrals,
    marketplaces: [],
    deliveryStats: [],
    deliveryErrors: undefined,
    nowMs,
    timeZone: 'America/New_York',
  }),
  agent: computeAgentDashboard({
    referrals,
    appetite: {} as RiskAppetite,
    inAppetite: (o) => o.opportunityId % 2 === 0,
    agencyName: 'Lone Star',
    nowMs,
    timeZone: 'America/New_York',
  }),
});

/** The first page of a list of the last 30 days, claimed included, unsorted. */
const firstPage = (size: number): ReferralQuery => ({
  state: null,
  dateFilter: '30days',
  showClaimed: true,
  sort: null,
  page: 0,
  size,
});

/** A claimable referral in Texas, added `id` minutes before T0. */
const claimable = (id: number): Opportunity =>
  ({
    opportunityId: id,
    marketplaceStatus: 'Available',
    addDate: new Date(T0 - id * 60_000).toISOString(),
    state: 'TX',
  }) as Opportunity;

/** The appetite stand-ins (addDate scopes: counted in the market's views). */
const COUNTED = [3, 4];

/** Larger markets, and queries wide enough that a counted scope's pages are deep and full. */
const denseMarketArb = fc
  .integer({ min: 40, max: 160 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => referralArb(i + 1))));
const denseQueryArb: fc.Arbitrary<ReferralQuery> = fc.record({
  state: fc.option(fc.constantFrom(...STATES), { nil: null, freq: 2 }),
  dateFilter: fc.constantFrom<ReferralQuery['dateFilter']>('30days', '30days', '7days'),
  showClaimed: fc.constantFrom(true, true, false),
  // Few orders, so a view counts a slot, then changes, then is read again.
  sort: fc.constantFrom<Sort | null>(
    null,
    { key: 'city', direction: 'asc' },
    { key: 'city', direction: 'desc' },
    byExpirationFirst({ key: 'noOfEmployees', direction: 'desc' }),
  ),
  page: fc.nat({ max: 8 }),
  size: fc.integer({ min: 1, max: 4 }),
});
const denseStepArb: fc.Arbitrary<Step> = fc.oneof(
  changeArb(200),
  tickArb,
  sweepArb,
  fc.record({
    kind: fc.constant('ask' as const),
    scope: fc.constantFrom(...COUNTED),
    query: denseQueryArb,
    during: fc.array(fc.oneof(changeArb(200), tickArb, sweepArb), { maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('ask' as const),
    scope: fc.constantFrom(...COUNTED),
    query: denseQueryArb,
    during: fc.constant<(Change | Tick | Sweep)[]>([]),
  }),
);

/**
 * Loads the market, then takes the steps; every page asked must be the plain filter and sort of
 * the market at the seq it was cut at (today's `queryReferrals`, the reference).
 */
async function checkSteps(
  market: Opportunity[],
  steps: Step[],
  options: Omit<ReferralIndexOptions, 'now'>,
): Promise<void> {
  let now = T0;
  const index = new ReferralIndex({ now: () => now, ...options });
  const records = new Map(market.map((o) => [String(o.opportunityId), o]));
  await index.load(records.values(), 1);
  let seq = 1;
  // The market at each seq: a page is cut at some seq and says which.
  const history = new Map([[seq, [...records.values()]]]);
  const change = (step: Change) => {
    const upserts = step.records.map((next) => {
      const previous = records.get(String(next.opportunityId));
      records.set(String(next.opportunityId), next);
      return { next, previous };
    });
    const removed: Opportunity[] = [];
    for (const id of step.removed) {
      const gone = records.get(String(id));
      if (gone && !step.ids.includes(id)) {
        removed.push(gone);
        records.delete(String(id));
      }
    }
    seq += 1;
    const delta = { seq, upserts, removed } satisfies IndexDelta;
    // As the mirror hands them on: in slices, each after the one before, not awaited.
    void index.applyInSlices(delta);
    history.set(seq, [...records.values()]);
  };
  for (const step of steps) {
    if (step.kind === 'tick') now += step.ms;
    else if (step.kind === 'hold') index.holdBackground(step.held);
    else if (step.kind === 'sweep') index.sweep();
    else if (step.kind === 'change') change(step);
    else {
      const scope = SCOPES[step.scope] ?? ALL;
      const q = step.query;
      const placed = index.seq;
      // The clock the page was cut at: a tick may come before or after.
      const asked = index.page(withState(scope, q.state), q).then((page) => ({ page, at: now }));
      // Each change lands after a turn of the event loop: inside a view's build.
      for (const c of step.during) {
        await new Promise((r) => setImmediate(r));
        if (c.kind === 'change') change(c);
        else if (c.kind === 'sweep') index.sweep();
        else {
          now += c.ms;
          index.advance(now);
        }
      }
      const { page: got, at } = await asked;
      // The acquired lists' date filter reads lastModDate, the others addDate.
      const want = queryReferrals(
        (history.get(got.seq) ?? []).filter(scope.has),
        { ...q, dateField: scope.dateField },
        new Date(at),
      );
      // Cut between two change sets: at least at what was placed when it was asked
      // (change sets queued then may be placed first, or after: a page does not wait
      // for a queue that a busy market keeps full).
      expect(got.seq).toBeGreaterThanOrEqual(placed);
      expect(got.seq).toBeLessThanOrEqual(seq);
      expect(got.totalElements).toBe(want.totalElements);
      expect(got.content.map((o) => o.opportunityId)).toEqual(
        want.content.map((o) => o.opportunityId),
      );
      // Dashboards read the recent referrals only, and count the same (they are
      // computed when the mirror hands on a change, once the indexes hold it).
      await index.settled();
      index.advance(now);
      const market = [...records.values()];
      expect(dashboards(index.recent(), now)).toEqual(dashboards(market, now));
    }
  }
}

describe('ReferralIndex', () => {
  // Every slice yields, so builds interleave with changes even in small markets.
  yieldEveryItem();

  it(
    'answers every page and total as a plain filter and sort of the market would',
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          marketArb,
          fc.array(stepArb(80), { maxLength: 25 }),
          // Pages of a scope with no view in their order are read from the market's view while
          // near its start (walkLimit): never, only the first few, or all; with the market's
          // orders built on demand, all at the load, or all in the background after it (held
          // and built again as the steps say).
          fc.constantFrom(0, 3, 100_000),
          fc.constantFrom('warm', 'warm', 'background', 'none'),
          // Views of parts of the market dropped as soon as others hold more than 10 entries.
          fc.constantFrom(undefined, 10),
          // Scopes counted in the market's views: none (pages walk or build views), one (the
          // scopes take it from each other), or every scope.
          fc.constantFrom(0, 1, 2, 30),
          // Ties of equal expiry reordered around a page by expiration first, or (past one
          // entry each side) the list's own view built.
          fc.constantFrom(undefined, 1),
          (market, steps, walkLimit, orders, maxViewEntries, slots, tieLimit) =>
            checkSteps(market, steps, {
              warm: orders === 'warm' ? EVERY_ORDER : [null],
              background: orders === 'background' ? EVERY_ORDER : [],
              maxViews: 5,
              nodeSize: 4,
              walkLimit,
              slots,
              ...(tieLimit === undefined ? {} : { tieLimit }),
              ...(maxViewEntries === undefined ? {} : { maxViewEntries }),
            }),
        ),
        { numRuns: Number(process.env.RUNS ?? 2000), timeout: 2000 },
      );
    },
  );

  it(
    "reads a counted scope's pages, however deep, from the market's views as the reference would",
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          denseMarketArb,
          fc.array(denseStepArb, { maxLength: 20 }),
          // One slot (the scopes take it from each other), two, or one per scope.
          fc.constantFrom(1, 2, 30),
          // Scopes swept when idle for ten minutes, or as soon as the clock moves (their slots
          // freed while pages take them, count them or read them).
          fc.constantFrom(10 * 60_000, 0),
          (market, steps, slots, idleMs) =>
            checkSteps(market, steps, {
              warm: EVERY_ORDER,
              maxViews: 5,
              nodeSize: 4,
              // A scope without a slot builds its own view: no page walks the market's.
              walkLimit: 0,
              slots,
              idleMs,
            }),
        ),
        { numRuns: Number(process.env.RUNS ?? 500), timeout: 4000 },
      );
    },
  );

  it("holds the market's background orders while a first load streams in, and builds them after", async () => {
    const byCity: Sort = { key: 'city', direction: 'desc' };
    const byName: Sort = { key: 'name', direction: 'desc' };
    const index = new ReferralIndex({ now: () => T0, warm: [null], background: [byCity, byName] });
    const market = Array.from({ length: 20 }, (_, i) => ({
      ...claimable(i + 1),
      city: `c${i % 7}`,
      lastName: `n${i % 5}`,
    }));
    const built = async (n: number) => {
      while (index.status().ordersBuilt !== n) await new Promise((r) => setImmediate(r));
    };
    await index.load(market, 1);
    await built(3);
    index.holdBackground(true);
    // Only the warm order is kept: a change set places its referrals in it alone.
    expect(index.status()).toMatchObject({ orders: 3, ordersBuilt: 1 });
    // An order a list asks for meanwhile is built, and kept while the load goes on.
    const q: ReferralQuery = { ...firstPage(5), sort: byCity };
    const want = (records: Opportunity[]) =>
      queryReferrals(records, q, new Date(T0)).content.map((o) => o.opportunityId);
    expect((await index.page(ALL, q)).content.map((o) => o.opportunityId)).toEqual(want(market));
    expect(index.status().ordersBuilt).toBe(2);
    const moved = { ...(market[0] as Opportunity), city: 'zz', lastName: 'zz' };
    await index.applyInSlices({
      seq: 2,
      upserts: [{ next: moved, previous: market[0] }],
      removed: [],
    });
    // Released: the order held is built, from the market as it is now.
    index.holdBackground(false);
    await built(3);
    const now = [moved, ...market.slice(1)];
    expect((await index.page(ALL, q)).content.map((o) => o.opportunityId)).toEqual(want(now));
    const byNameQ: ReferralQuery = { ...firstPage(5), sort: byName };
    expect((await index.page(ALL, byNameQ)).content.map((o) => o.opportunityId)).toEqual(
      queryReferrals(now, byNameQ, new Date(T0)).content.map((o) => o.opportunityId),
    );
    expect((await index.page(ALL, byNameQ)).content[0]?.opportunityId).toBe(moved.opportunityId);
    // Held again (another load): what a list read stays, as the warm orders do.
    index.holdBackground(true);
    expect(index.status().ordersBuilt).toBe(3);
  });

  it('moves a referral out of a date window to the millisecond as the clock goes on', async () => {
    // Loaded a minute early, read at 30.5 s past the minute: referrals added 24 hours before it,
    // less and more a millisecond.
    const now = T0 + 30_500;
    let clock = now - 60_000;
    const index = new ReferralIndex({ now: () => clock, warm: [null] });
    const at = (id: number, ms: number): Opportunity => ({
      ...claimable(id),
      addDate: new Date(ms).toISOString(),
    });
    const day = 24 * HOUR;
    await index.load([at(1, now - day - 1), at(2, now - day), at(3, now - day + 1)], 1);
    clock = now;
    index.advance(now);
    const got = await index.page(ALL, { ...firstPage(10), dateFilter: '24hours' });
    expect(got.content.map((o) => o.opportunityId).sort()).toEqual([2, 3]);
  });

  it('as the clock goes on, looks only at the referrals near a window edge', async () => {
    // 2,000 referrals added ten days ago (between the 7- and 30-day edges, far from both): a
    // minute later none crosses an edge, and none is looked at (a walk from the start of the
    // trees read every referral older than an edge, each minute: the market at 1,000,000).
    let clock = T0;
    const index = new ReferralIndex({ now: () => clock, warm: [null] });
    let reads = 0;
    const referrals = Array.from({ length: 2000 }, (_, i) => {
      // Their claim windows close in ten days: far from the clock too.
      const o = {
        ...claimable(i + 1),
        addDate: new Date(T0 - 240 * HOUR - i * 1000).toISOString(),
        marketplaceExpirationDate: new Date(T0 + 240 * HOUR + i * 1000).toISOString(),
      };
      let status = o.marketplaceStatus;
      Object.defineProperty(o, 'marketplaceStatus', {
        get: () => {
          reads += 1;
          return status;
        },
        set: (v: Opportunity['marketplaceStatus']) => {
          status = v;
        },
      });
      return o;
    });
    await index.load(referrals, 1);
    await index.settled();
    reads = 0;
    clock = T0 + 60_000;
    index.advance(clock);
    expect(reads).toBe(0);
    // Still in its window.
    expect((await index.page(ALL, { ...firstPage(1), dateFilter: '30days' })).totalElements).toBe(
      2000,
    );
  });

  it('cuts a page between two change sets: never in the middle of one', async () => {
    const index = new ReferralIndex({ now: () => T0, warm: [null] });
    await index.load([1, 2, 3].map(claimable), 1);
    const delta = (seq: number, from: number): IndexDelta => ({
      seq,
      upserts: Array.from({ length: 40 }, (_, i) => ({
        next: claimable(from + i),
        previous: undefined,
      })),
      removed: [],
    });
    // Every record is its own slice (yieldEveryItem): after one turn the first set is part-way.
    void index.applyInSlices(delta(2, 100));
    await new Promise((resolve) => setImmediate(resolve));
    void index.applyInSlices(delta(3, 200));
    const q = firstPage(10);
    const got = await index.page(ALL, q);
    // The page is the market at its seq: 3 referrals, then 43, then 83; nothing in between.
    expect(got.seq).toBeGreaterThanOrEqual(2);
    expect(got.totalElements).toBe(got.seq === 2 ? 43 : 83);
    await index.settled();
    expect(index.seq).toBe(3);
  });

  it('builds no view for a page whose client went away before its turn to be built', async () => {
    // Pages of a part of the market are never read from the market's view: each builds one.
    const index = new ReferralIndex({ now: () => T0, warm: [null], walkLimit: 0, slots: 0 });
    await index.load(
      Array.from({ length: 50 }, (_, i) => claimable(i + 1)),
      1,
    );
    const odd: ListScope = { key: 'odd', has: (o) => o.opportunityId % 2 === 1 };
    const even = SCOPES[3] as ListScope;
    const q = firstPage(5);
    const first = index.page(even, q);
    const left = new AbortController();
    const gone = index.page(odd, q, left.signal);
    await new Promise((resolve) => setImmediate(resolve));
    left.abort(new Error('the client went away'));
    await expect(gone).rejects.toThrow('the client went away');
    expect((await first).totalElements).toBe(25);
    // The odd view's turn came after its only page had gone: it was dropped, not built.
    await index.page(even, q);
    expect(index.status().views).toBe(2);
    // Asked again, it is built.
    expect((await index.page(odd, q)).totalElements).toBe(25);
    expect(index.status().views).toBe(3);
  });

  it("prepares a large scope's lists by its slot, with no view of its own; a small scope's by its view", async () => {
    const sort: Sort = { key: 'city', direction: 'desc' };
    const index = new ReferralIndex({ now: () => T0, warm: [null, sort], walkLimit: 0 });
    const market = Array.from({ length: 64 }, (_, i) => ({
      ...claimable(i + 1),
      city: `c${i % 5}`,
    }));
    await index.load(market, 1);
    const even = SCOPES[3] as ListScope;
    const few: ListScope = { key: 'few', has: (o) => o.opportunityId <= 3 };
    await index.prepare(even, sort);
    // The market's two orders, and nothing built for the half of the market in the appetite.
    expect(index.status().views).toBe(2);
    await index.prepare(few, sort);
    expect(index.status().views).toBe(3);
    for (const [scope, page] of [
      [even, 5],
      [few, 0],
    ] as const) {
      const q: ReferralQuery = { ...firstPage(4), sort, page };
      const got = await index.page(scope, q);
      const want = queryReferrals(market.filter(scope.has), q, new Date(T0));
      expect(got.content.map((o) => o.opportunityId)).toEqual(
        want.content.map((o) => o.opportunityId),
      );
      expect(got.totalElements).toBe(want.totalElements);
    }
    // Deep pages of the appetite built nothing either.
    expect(index.status().views).toBe(3);
  });

  it('keeps a sort and the same sort by expiration first apart', async () => {
    await fc.assert(
      fc.asyncProperty(marketArb, sortArb, async (market, sort) => {
        const index = new ReferralIndex({ now: () => T0, warm: [], nodeSize: 4 });
        await index.load(market, 1);
        for (const s of [sort, byExpirationFirst(sort), sort]) {
          const q: ReferralQuery = {
            state: null,
            dateFilter: '30days',
            showClaimed: true,
            sort: s,
            page: 0,
            size: 50,
          };
          const got = await index.page(ALL, q);
          const want = queryReferrals(market, q, new Date(T0));
          expect(got.content.map((o) => o.opportunityId)).toEqual(
            want.content.map((o) => o.opportunityId),
          );
        }
      }),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });
});

describe('ReferralIndex by expiration first', () => {
  const sort: Sort = { key: 'city', direction: 'desc' };
  const byExpiry: Sort = { key: 'marketplaceExpirationDate', direction: 'asc' };
  const newest: Sort = { key: 'addDate', direction: 'desc' };
  // Expiries in four hours (ties of some dozen entries; those at T0 closed), a third of the market
  // without one, a fifth settled.
  const market = Array.from({ length: 96 }, (_, i) => ({
    ...claimable(i + 1),
    marketplaceStatus: i % 5 === 0 ? 'Settled' : 'Available',
    city: i % 7 === 0 ? null : `c${i % 5}`,
    marketplaceExpirationDate: i % 3 === 0 ? null : new Date(T0 + (i % 4) * HOUR).toISOString(),
  })) as Opportunity[];

  it('leads with the open claim windows, soonest first, then every other referral newest first', async () => {
    let clock = T0;
    const index = new ReferralIndex({ now: () => clock, warm: [null, newest, byExpiry] });
    const at = (id: number, status: string, addedMin: number, closesMin: number | null) =>
      ({
        ...claimable(id),
        marketplaceStatus: status,
        addDate: new Date(T0 - addedMin * 60_000).toISOString(),
        marketplaceExpirationDate:
          closesMin === null ? null : new Date(T0 + closesMin * 60_000).toISOString(),
      }) as Opportunity;
    const referrals = [
      at(1, 'Settled', 60, -2 * 24 * 60), // settled two days ago: its date long past
      at(2, 'Available', 300, 10),
      at(3, 'Available', 240, 5),
      at(4, 'Available', 30, -1), // its window closed; the upstream has not moved it yet
      at(5, 'Claimed', 120, 20), // claimed while its window was open
      at(6, 'Available', 180, null),
    ];
    await index.load(referrals, 1);
    const q: ReferralQuery = { ...firstPage(10), sort: byExpirationFirst(newest) };
    const ids = async () => (await index.page(ALL, q)).content.map((o) => o.opportunityId);
    const want = () =>
      queryReferrals(referrals, q, new Date(clock)).content.map((o) => o.opportunityId);
    expect(await ids()).toEqual([3, 2, 4, 1, 5, 6]);
    expect(want()).toEqual([3, 2, 4, 1, 5, 6]);
    // Its window closes: #3 joins the rest, by when it was added.
    clock = T0 + 5 * 60_000 - 1;
    expect((await ids())[0]).toBe(3);
    clock = T0 + 5 * 60_000;
    expect(await ids()).toEqual([2, 4, 1, 5, 6, 3]);
    expect(want()).toEqual([2, 4, 1, 5, 6, 3]);
    // A clock set back opens it again.
    clock = T0;
    expect(await ids()).toEqual([3, 2, 4, 1, 5, 6]);
    // Read from the market's orders by expiry and by arrival: no view of its own.
    expect(index.status().views).toBe(3);
  });
  const pages = async (index: ReferralIndex) => {
    const s = byExpirationFirst(sort);
    for (let page = 0; page * 7 < market.length + 7; page += 1) {
      const q: ReferralQuery = { ...firstPage(7), sort: s, page };
      const got = await index.page(ALL, q);
      const want = queryReferrals(market, q, new Date(T0));
      expect(got.content.map((o) => o.opportunityId)).toEqual(
        want.content.map((o) => o.opportunityId),
      );
      expect(got.totalElements).toBe(want.totalElements);
    }
  };

  it('reads every page from the list by expiry and the rest in the sort: no view of its own', async () => {
    const index = new ReferralIndex({ now: () => T0, warm: [null, sort, byExpiry], nodeSize: 4 });
    await index.load(market, 1);
    await pages(index);
    // The market's three orders and nothing else: the lead and the rest are cells of two of them.
    expect(index.status().views).toBe(3);
  });

  it("builds the list's own view when ties of equal expiry run past the limit", async () => {
    const index = new ReferralIndex({
      now: () => T0,
      warm: [null, sort, byExpiry],
      nodeSize: 4,
      tieLimit: 4,
    });
    await index.load(market, 1);
    await pages(index);
    expect(index.status().views).toBe(4);
  });
});
