/**
 * Tests of the referral sync against a fake upstream whose market changes between reads: the
 * store must end up holding the upstream's window, within the pass's bounds of time and requests.
 */
import { opportunitySchema } from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../changeLog/memoryStore.js';
import type { ReadModelStore } from '../../changeLog/store.js';
import {
  hashedPage,
  heldRecords,
  takeOnce,
  type HashedPage,
  type KeepText,
} from '../pages/hashedPage.js';
import { PASS_MARGIN_INTERVALS, ReferralSync, type ReadPage } from './referralSync.js';
import { RECORDS_PER_COMMIT } from './storeMirror.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-20T12:00:00.000Z');

interface Rec {
  opportunityId: number;
  opportunityType: 'CIR';
  marketplaceStatus: 'Available' | 'Claimed';
  addDate: string;
  lastModDate: string;
  city: string;
}

/**
 * A page as the page reader's worker hands it over: one read `'later'` comes without its JSON,
 * which its `later` hands over when the sync takes it (each row once, none after `drop`).
 */
function heldAsWorker(
  raw: Parameters<typeof hashedPage>[0],
  servedAt: number,
  keep: KeepText | undefined,
): HashedPage {
  if (keep !== 'later') return hashedPage(raw, servedAt, keep);
  const { rows, texts } = heldRecords(raw.content);
  let held: (string | undefined)[] | null = texts;
  return {
    totalElements: raw.totalElements,
    rows,
    servedAt,
    later: {
      take: (at) => {
        const taken = held && takeOnce(held, at);
        return taken ? Promise.resolve(taken) : Promise.reject(new Error('not held'));
      },
      drop: () => {
        held = null;
      },
    },
  };
}

/**
 * An upstream with the opportunity list's paging, sorts and startDate filter, whose market the
 * test changes as a real service would (with and without a new lastModDate) and which can change
 * it between any two reads (`between`).
 */
class FakeUpstream {
  readonly records = new Map<number, Rec>();
  now = T0;
  nextId = 1;
  reads = 0;
  /** Every page read, in order. */
  readonly queries: Parameters<ReadPage>[0][] = [];
  between: (() => void) | undefined;

  add(ageMs: number): Rec {
    const at = new Date(this.now - ageMs).toISOString();
    const r: Rec = {
      opportunityId: this.nextId++,
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      addDate: at,
      lastModDate: at,
      city: 'Austin',
    };
    this.records.set(r.opportunityId, r);
    return r;
  }

  /** A change the service stamps. */
  touch(id: number, city: string): void {
    const r = this.records.get(id);
    if (r) Object.assign(r, { city, lastModDate: new Date(this.now).toISOString() });
  }

  /** A change that does not move lastModDate. */
  silent(id: number, city: string): void {
    const r = this.records.get(id);
    if (r) r.city = city;
  }

  /** Hands over the JSON of the rows `keep` wants only, as the page reader does. */
  page: ReadPage = (q, keep) => {
    this.reads += 1;
    this.queries.push(q);
    this.between?.();
    const [mm, dd, yyyy] = q.startDate.split('/').map(Number);
    const from = Date.UTC(yyyy as number, (mm as number) - 1, dd);
    const key = q.sort[0]?.startsWith('lastModDate') ? 'lastModDate' : 'addDate';
    const rows = [...this.records.values()]
      .filter((r) => Date.parse(r.addDate) >= from)
      .sort((a, b) => b[key].localeCompare(a[key]) || b.opportunityId - a.opportunityId);
    const content = rows.slice(q.page * q.size, (q.page + 1) * q.size).map((r) => ({ ...r }));
    const raw = { content, totalElements: rows.length, numberOfElements: content.length };
    return Promise.resolve(heldAsWorker(raw, this.now, keep));
  };

  readonly one = (id: number): Promise<unknown> => {
    this.reads += 1;
    const r = this.records.get(id);
    return Promise.resolve(r ? { ...r } : null);
  };

  /** The window as the store should hold it: id → validated JSON. */
  window(): Map<string, string> {
    const from = new Date(this.now - 30 * DAY);
    const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    const out = new Map<string, string>();
    for (const r of this.records.values()) {
      if (Date.parse(r.addDate) < start) continue;
      const valid = opportunitySchema.validateSync(r, { stripUnknown: true });
      out.set(String(r.opportunityId), JSON.stringify(valid));
    }
    return out;
  }
}

const CHUNKS = { min: 3, max: 7, perPass: 4 };

function setUp(
  n: number,
  store: ReadModelStore = createMemoryStore(),
  chunks = CHUNKS,
  intervalMs?: number,
  passBudgetMs?: number,
) {
  const up = new FakeUpstream();
  for (let i = 0; i < n; i += 1) up.add(((n - i) * 7 * DAY) / Math.max(1, n));
  const sync = new ReferralSync(store, (q, keep) => up.page(q, keep), up.one, {
    slackMs: 5000,
    loadBudgetMs: 1e9,
    chunks,
    ...(intervalMs === undefined ? {} : { intervalMs }),
    ...(passBudgetMs === undefined ? {} : { passBudgetMs }),
  });
  const cycle = () => sync.cycle(new Date(up.now));
  const stored = async () => (await store.snapshot('referrals')).records;
  return { up, sync, store, cycle, stored };
}

/** Runs cycles until a whole pass started and ended after this call. */
async function fullPass(sync: ReferralSync, cycle: () => Promise<unknown>) {
  const start = sync.stats().passes;
  for (let i = 0; i < 200 && sync.stats().passes < start + 2; i += 1) await cycle();
  expect(sync.stats().passes).toBeGreaterThanOrEqual(start + 2);
}

/**
 * Cycles `cycleMs` apart over 120 referrals in chunks of 10 (12 a pass) until a pass that began
 * after the first cycle ends: how long it took, and the referral requests of each cycle.
 */
async function onePassOf12(cycleMs: number, intervalMs?: number, passBudgetMs?: number) {
  const chunks = { min: 10, max: 10, perPass: 12 };
  const { up, sync, cycle, stored } = setUp(
    120,
    createMemoryStore(),
    chunks,
    intervalMs,
    passBudgetMs,
  );
  await cycle();
  const requests: number[] = [];
  const passes = sync.stats().passes;
  for (let i = 0; i < 40 && sync.stats().passes < passes + 1; i += 1) {
    // Each chunk read ahead lands before the next cycle, which starts `cycleMs` after this one.
    await new Promise((r) => setImmediate(r));
    up.now += cycleMs;
    const before = up.reads;
    await cycle();
    requests.push(up.reads - before);
  }
  return { took: sync.stats().lastPassMs ?? Infinity, requests, up, stored };
}

describe('referral sync', () => {
  it('loads an empty store in chunks, then reads only what changed', async () => {
    const { up, sync, cycle, stored } = setUp(20);
    await cycle();
    expect(sync.stats().loading).toBeNull();
    expect(await stored()).toEqual(up.window());

    // Steady state: one small change read and one chunk per cycle.
    up.reads = 0;
    up.now += 3000;
    up.touch(5, 'Waco');
    const outcome = await cycle();
    expect(outcome.changed).toBe(1);
    expect(up.reads).toBe(2);
    expect(JSON.parse((await stored()).get('5') ?? '{}')).toMatchObject({ city: 'Waco' });
  });

  it('commits every record as the upstream sent it, whatever its characters', async () => {
    // From the upstream page through staging and commit to the store: each must keep its text.
    const cities = ['São Paulo', 'Zürich', '東京', 'Night City 🏙', 'O"Neil\\ton', 'a\u2028b'];
    const { up, cycle, stored } = setUp(12);
    for (const r of up.records.values()) r.city = cities[r.opportunityId % cities.length] as string;
    await cycle();
    expect(await stored()).toEqual(up.window());
    up.now += 3000;
    up.touch(3, 'Reykjavík ❄');
    await cycle();
    expect(await stored()).toEqual(up.window());
    expect(JSON.parse((await stored()).get('3') ?? '{}')).toMatchObject({ city: 'Reykjavík ❄' });
  });

  it("takes a first load's records from the reader as each part commits, and lets go of every page", async () => {
    const store = createMemoryStore();
    const up = new FakeUpstream();
    for (let i = 0; i < 600; i += 1) up.add((i * 7 * DAY) / 600);
    let read = 0;
    let dropped = 0;
    let failNext = false;
    /** At each take: the referrals committed, and the rows taken with this one. */
    const takes: { committed: number; taken: number }[] = [];
    let taken = 0;
    const reader: ReadPage = async (q, keep) => {
      const page = await up.page(q, keep);
      const later = page.later;
      if (!later) return page;
      read += 1;
      return {
        ...page,
        later: {
          take: async (at) => {
            const committed = (await store.snapshot('referrals')).records.size;
            if (failNext) {
              failNext = false;
              throw new Error('the page reader no longer holds that page');
            }
            taken += at.length;
            takes.push({ committed, taken });
            return later.take(at);
          },
          drop: () => {
            dropped += 1;
            later.drop();
          },
        },
      };
    };
    const pages = { min: 100, max: 100, perPass: 1 };
    const sync = new ReferralSync(store, reader, up.one, {
      slackMs: 5000,
      loadBudgetMs: 1e9,
      chunks: pages,
    });
    await sync.cycle(new Date(up.now));
    expect((await store.snapshot('referrals')).records).toEqual(up.window());
    // Pages of 100, parts of 250: a part's records are taken while the part before it commits,
    // never sooner (two parts' JSON at most on the heap), and each row once.
    for (const t of takes)
      expect(t.taken).toBeLessThanOrEqual(t.committed + 2 * RECORDS_PER_COMMIT);
    expect(Math.max(...takes.map((t) => t.committed))).toBeGreaterThanOrEqual(RECORDS_PER_COMMIT);
    expect(taken).toBe(600);
    expect(dropped).toBe(read);

    // A page the reader no longer holds fails the cycle; the next reads it again and loads the rest.
    const again = createMemoryStore();
    const next = new ReferralSync(again, reader, up.one, {
      slackMs: 5000,
      loadBudgetMs: 1e9,
      chunks: pages,
    });
    read = 0;
    dropped = 0;
    takes.length = 0;
    failNext = true;
    await expect(next.cycle(new Date(up.now))).rejects.toThrow('no longer holds');
    expect(dropped).toBe(read);
    expect((await again.snapshot('referrals')).records.size).toBe(0);
    await next.cycle(new Date(up.now));
    expect((await again.snapshot('referrals')).records).toEqual(up.window());
    expect(next.loading()).toBeNull();
    expect(dropped).toBe(read);

    // A cycle holds no more rows read 'later' than the reader keeps, whatever its budget.
    const bounded = new ReferralSync(createMemoryStore(), reader, up.one, {
      slackMs: 5000,
      loadBudgetMs: 1e9,
      chunks: pages,
      heldRows: 350,
    });
    read = 0;
    await bounded.cycle(new Date(up.now));
    expect(read).toBe(3);
    expect(bounded.loading()).toEqual({ loaded: 300, expected: 600 });
  });

  it('runs one cycle at a time: a call made during a cycle gets that cycle', async () => {
    const { up, sync, cycle } = setUp(20);
    await cycle();
    up.reads = 0;
    const [a, b] = await Promise.all([cycle(), cycle()]);
    expect(b).toBe(a);
    expect(up.reads).toBe(2);
    expect(sync.stats().pass?.page).toBe(1);
  });

  it('sizes its first change page from the last change read: one request after a burst', async () => {
    const { up, cycle } = setUp(400);
    await cycle();
    const changeSizes = () =>
      up.queries.splice(0).flatMap((q) => (q.sort[0]?.startsWith('lastModDate') ? [q.size] : []));
    changeSizes();
    // A burst of 300 stamped changes: more than the first page of 100 holds.
    up.now += 20_000;
    for (let id = 1; id <= 300; id += 1) up.touch(id, 'burst');
    await cycle();
    expect(changeSizes()).toEqual([100, 10_000]);
    // The next burst of the same size fits the first page.
    up.now += 20_000;
    for (let id = 1; id <= 300; id += 1) up.touch(id, 'again');
    await cycle();
    const next = changeSizes();
    expect(next).toHaveLength(1);
    expect(next[0]).toBeGreaterThanOrEqual(450);
  });

  it('reads one small page a cycle in a quiet market, and still a change that showed up late', async () => {
    const { up, cycle, stored } = setUp(400);
    await cycle();
    // A burst of 200 changes stamped at one instant, then nothing for a while.
    up.now += 20_000;
    for (let id = 1; id <= 200; id += 1) up.touch(id, 'burst');
    await cycle();
    up.queries.length = 0;
    for (let i = 0; i < 5; i += 1) {
      up.now += 3000;
      await cycle();
    }
    const changeSizes = up.queries.flatMap((q) =>
      q.sort[0]?.startsWith('lastModDate') ? [q.size] : [],
    );
    // The burst is read again while the last read began within the slack of it (pages sized
    // for it: 300), then no longer: one page of the smallest size.
    expect(changeSizes).toEqual([300, 300, 300, 100, 100]);
    // A change stamped before the last read began that only became visible after it (a late
    // commit, within the slack) is still read.
    const late = up.records.get(300)!;
    Object.assign(late, { city: 'Late', lastModDate: new Date(up.now - 2000).toISOString() });
    up.now += 3000;
    await cycle();
    expect(JSON.parse((await stored()).get('300') ?? '{}')).toMatchObject({ city: 'Late' });
  });

  it('reports progress while a first load runs over several cycles', async () => {
    const store = createMemoryStore();
    const up = new FakeUpstream();
    for (let i = 0; i < 30; i += 1) up.add(i * DAY);
    let budget = 0;
    const sync = new ReferralSync(store, up.page, up.one, {
      slackMs: 5000,
      get loadBudgetMs() {
        return budget;
      },
      chunks: CHUNKS,
    });
    await sync.cycle(new Date(up.now));
    expect(sync.loading()).toEqual({ loaded: 7, expected: 30 });
    expect((await store.snapshot('referrals')).records.size).toBe(7);
    budget = 1e9;
    await sync.cycle(new Date(up.now));
    expect(sync.loading()).toBeNull();
    expect((await store.snapshot('referrals')).records.size).toBe(30);
  });

  it('catches changes that kept their lastModDate, and deletions, within one pass', async () => {
    const { up, sync, cycle, stored } = setUp(40);
    await fullPass(sync, cycle);
    up.now += 1000;
    up.silent(3, 'Silent');
    up.silent(33, 'Quiet');
    up.records.delete(10);
    up.records.delete(11);
    await cycle();
    await fullPass(sync, cycle);
    expect(await stored()).toEqual(up.window());
  });

  it('drops referrals that age out of the window as time passes', async () => {
    const { up, cycle, stored } = setUp(10);
    await cycle();
    const oldest = up.add(29 * DAY);
    up.now += 1000;
    await cycle();
    expect((await stored()).has(String(oldest.opportunityId))).toBe(true);
    up.now += 2 * DAY;
    await cycle();
    expect((await stored()).has(String(oldest.opportunityId))).toBe(false);
    expect(await stored()).toEqual(up.window());
  });

  it('goes on from the saved note when another instance takes over mid-pass', async () => {
    const store = createMemoryStore();
    const { up, sync, cycle } = setUp(40, store);
    await cycle();
    up.now += 1000;
    await cycle();
    const page = sync.stats().pass?.page ?? 0;
    expect(page).toBeGreaterThan(0);
    up.silent(39, 'Changed while nobody polled');
    up.touch(2, 'Touched while nobody polled');
    up.records.delete(20);
    const next = new ReferralSync(store, up.page, up.one, {
      slackMs: 5000,
      loadBudgetMs: 1e9,
      chunks: CHUNKS,
    });
    up.now += 1000;
    await next.cycle(new Date(up.now));
    // It goes on from the note the first one saved: the stamped change is in at once, and the
    // pass goes on where it was rather than starting again (its chunk is read ahead, then
    // compared by the cycle after).
    expect(next.stats().pass?.page).toBe(page);
    expect(up.queries.at(-1)).toMatchObject({ page, sort: ['addDate,desc', 'opportunityId,desc'] });
    up.now += 1000;
    await next.cycle(new Date(up.now));
    expect(next.stats().pass?.page).toBe(page + 1);
    expect(JSON.parse((await store.snapshot('referrals')).records.get('2') ?? '{}')).toMatchObject({
      city: 'Touched while nobody polled',
    });
    await fullPass(next, () => next.cycle(new Date((up.now += 1000))));
    expect((await store.snapshot('referrals')).records).toEqual(up.window());
  });

  it('keeps a claim committed by another writer over an older read of the same referral', async () => {
    const { up, store, cycle, stored } = setUp(10);
    await cycle();
    // A claim's answer is committed directly by another instance, with a newer lastModDate than
    // what this cycle reads (the read happens before the claim lands upstream).
    up.between = () => {
      up.between = undefined;
      void (async () => {
        const { seq } = await store.loadHashes('referrals');
        const claimed = { ...up.records.get(4)!, marketplaceStatus: 'Claimed' as const };
        claimed.lastModDate = new Date(up.now + 500).toISOString();
        const json = JSON.stringify(
          opportunitySchema.validateSync(claimed, { stripUnknown: true }),
        );
        await store.commit(
          'referrals',
          { upserts: [{ id: '4', json, hash: 'direct' }], removed: [], added: 0 },
          seq,
          up.now,
        );
      })();
    };
    up.now += 1000;
    up.touch(4, 'Read before the claim');
    await cycle();
    expect(JSON.parse((await stored()).get('4') ?? '{}')).toMatchObject({
      marketplaceStatus: 'Claimed',
    });
  });

  it('leaves a referral changed after its chunk was read as the change left it', async () => {
    const { up, sync, cycle, stored } = setUp(20);
    await cycle();
    // The chunk of page 1 (ids 15 to 11) is read next, and lands only after a change of one of
    // its referrals was read and committed, longer ago than the change read's slack.
    let release = () => {};
    const read = up.page;
    up.page = (q) => {
      const answer = read(q);
      if (!q.sort[0]?.startsWith('addDate')) return answer;
      return new Promise((resolve) => (release = () => resolve(answer)));
    };
    await cycle();
    expect(sync.stats().pass?.page).toBe(1);
    up.now += 3000;
    up.touch(13, 'Changed after the chunk was read');
    await cycle();
    up.now += 60_000;
    release();
    await cycle();
    expect(sync.stats().pass?.page).toBe(2);
    expect(JSON.parse((await stored()).get('13') ?? '{}')).toMatchObject({
      city: 'Changed after the chunk was read',
    });
  });

  /**
   * A market of 120 referrals read in passes of 12 chunks of 10, one cycle an interval of 3 s.
   * The chunk a cycle reads ahead lands before the next cycle unless that cycle's slot is in
   * `misses` (then it lands before the one after; the first pass's slot 1 cannot miss, its chunk
   * was read by the first load's cycle). Returns each pass's length in intervals and the referral
   * requests of each interval.
   */
  async function passesWithMisses(
    misses: readonly number[],
    opts: { passes?: number; burstAt?: readonly number[] } = {},
  ) {
    const { up, sync, cycle, stored } = setUp(120, createMemoryStore(), {
      min: 10,
      max: 10,
      perPass: 12,
    });
    await cycle();
    expect(sync.stats().pass?.size).toBe(10);
    up.queries.length = 0;
    let now = 0;
    const held: { sentAt: number; land: () => void }[] = [];
    const read = up.page;
    up.page = (q) => {
      const answer = read(q);
      if (!q.sort[0]?.startsWith('addDate')) return answer;
      return new Promise((resolve) => held.push({ sentAt: now, land: () => resolve(answer) }));
    };
    const missed = new Set(misses);
    const bursts = new Set(opts.burstAt);
    const requests: number[] = [];
    const lengths: number[] = [];
    let passes = sync.stats().passes;
    while (lengths.length < (opts.passes ?? 1) && now < 100) {
      now += 1;
      for (let i = held.length - 1; i >= 0; i -= 1) {
        const h = held[i]!;
        if (h.sentAt < now - 1 || !missed.has(now)) {
          held.splice(i, 1);
          h.land();
        }
      }
      await new Promise((r) => setImmediate(r));
      up.now += 3000;
      // More stamped changes than a first change page holds: the change read takes 2 requests.
      if (bursts.has(now)) for (let id = 1; id <= 110; id += 1) up.touch(id, `b${now}`);
      const before = up.reads;
      await cycle();
      requests.push(up.reads - before);
      if (sync.stats().passes > passes) {
        passes = sync.stats().passes;
        lengths.push((sync.stats().lastPassMs ?? 0) / 3000);
      }
    }
    for (const h of held) h.land();
    return { lengths, requests, up, stored };
  }

  it("ends a pass of N chunks in N intervals, reading the next pass's first chunk as it ends", async () => {
    const { lengths, requests, up } = await passesWithMisses([], { passes: 3 });
    expect(lengths).toEqual([12, 12, 12]);
    expect(Math.max(...requests)).toBe(2);
    // The cycle that compares a pass's last chunk sends the read of the next one's first.
    const chunkPages = up.queries.flatMap((q) =>
      q.sort[0]?.startsWith('addDate') ? [q.page] : [],
    );
    expect(chunkPages.slice(-12 * 2 - 1)).toEqual([...Array(25).keys()].map((i) => i % 12));
  });

  it.each([
    { misses: [2], burstAt: [] },
    { misses: [2, 5, 8], burstAt: [] },
    { misses: [3, 4], burstAt: [] },
    { misses: [2, 3, 4, 5], burstAt: [] },
    { misses: [2, 6], burstAt: [3] },
    { misses: [5, 11], burstAt: [] },
    { misses: [12], burstAt: [] },
  ])(
    'catches up on read-ahead chunks that missed their slots $misses (bursts at $burstAt) within ≤ 3 requests an interval',
    async ({ misses, burstAt }) => {
      const { lengths, requests, up, stored } = await passesWithMisses(misses, { burstAt });
      // 12 chunks: 12 intervals however many slots were missed, plus one when one of the last
      // two is (a chunk compared in the last slot has no later one to catch up with).
      expect(lengths).toHaveLength(1);
      expect(lengths[0]).toBeLessThanOrEqual(12 + 1);
      if (misses.every((slot) => slot < 11)) expect(lengths[0]).toBe(12);
      expect(Math.max(...requests)).toBeLessThanOrEqual(3);
      // A burst's change read takes 2 requests: with the read-ahead, no room for a chunk more.
      for (const slot of burstAt) expect(requests[slot - 1]).toBe(3);
      // Never read past the schedule: the pass's 12 chunks and the next pass's first.
      const chunks = up.queries.filter((q) => q.sort[0]?.startsWith('addDate')).length;
      expect(chunks).toBeLessThanOrEqual(12 + 1);
      expect(await stored()).toEqual(up.window());
    },
  );

  it.each([
    { intervalMs: undefined, most: 12 * 4000 },
    { intervalMs: 3000, most: 12 * 3000 + 4000 },
  ])(
    'ends a pass of 12 chunks within $most ms when cycles run 4 s apart and the interval is $intervalMs',
    async ({ intervalMs, most }) => {
      const { took, requests, up, stored } = await onePassOf12(4000, intervalMs);
      // By cycles alone a pass takes 12 cycles; on the clock, 12 intervals and the cycle that
      // compares the last chunk, never with more than 3 referral requests a cycle.
      expect(took).toBeLessThanOrEqual(most);
      if (intervalMs !== undefined) expect(took).toBeLessThan(12 * 4000);
      expect(Math.max(...requests)).toBeLessThanOrEqual(3);
      expect(await stored()).toEqual(up.window());
    },
  );

  it.each([30_000, 27_000, 42_000])(
    'ends a pass of 12 chunks within a budget of %i ms at 3 s an interval, two chunks a cycle at most',
    async (passBudgetMs) => {
      const { took, requests, up, stored } = await onePassOf12(3000, 3000, passBudgetMs);
      // Fewer intervals in the budget than chunks: some cycles read two, and the pass ends its
      // margin of intervals inside the budget; a budget of 12 intervals and the margin or more
      // leaves one chunk a cycle.
      const intervals = Math.min(12, Math.floor(passBudgetMs / 3000) - PASS_MARGIN_INTERVALS);
      expect(took).toBe(intervals * 3000);
      expect(Math.max(...requests)).toBe(
        passBudgetMs < (12 + PASS_MARGIN_INTERVALS) * 3000 ? 3 : 2,
      );
      expect(await stored()).toEqual(up.window());
    },
  );

  it('ends a pass in its chunk count of intervals whichever slots its read-ahead chunks miss, plus one when one of the last two is', async () => {
    const slots = [...Array(11).keys()].map((i) => i + 2);
    await fc.assert(
      fc.asyncProperty(fc.subarray(slots), async (misses) => {
        const { lengths, requests } = await passesWithMisses(misses);
        if (misses.every((slot) => slot < 11)) expect(lengths[0]).toBe(12);
        else expect(lengths[0]).toBeLessThanOrEqual(13);
        expect(Math.max(...requests)).toBeLessThanOrEqual(3);
      }),
      { numRuns: Number(process.env.RUNS ?? 100) },
    );
  });

  it('catches silent changes and deletions made before a pass, while deletes shift its pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 60 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat()), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (n, changes, racingDeletes) => {
          const { up, sync, cycle, stored } = setUp(n);
          await cycle();
          const changed = new Set<number>();
          for (const [silent, pick] of changes) {
            const all = [...up.records.keys()];
            const id = all[pick % all.length] as number;
            if (silent) up.silent(id, `s${pick}`);
            else up.records.delete(id);
            changed.add(id);
          }
          // Deletes of other referrals between the pass's reads shift its pages under it.
          const racing = [...racingDeletes];
          up.between = () => {
            const pick = racing.shift();
            if (pick === undefined) return;
            const others = [...up.records.keys()].filter((id) => !changed.has(id));
            if (others.length > 0) up.records.delete(others[pick % others.length] as number);
          };
          const start = sync.stats().passes;
          while (sync.stats().passes < start + 2) {
            up.now += 3000;
            await cycle();
          }
          const now = await stored();
          const want = up.window();
          for (const id of changed) expect(now.get(String(id))).toBe(want.get(String(id)));
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });

  it('matches the upstream after any run of changes, some made between its reads', async () => {
    type Op =
      | { kind: 'add'; age: number }
      | { kind: 'touch' | 'silent' | 'delete'; pick: number }
      | { kind: 'time'; ms: number }
      | { kind: 'cycle'; racing: boolean };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), age: fc.integer({ min: 0, max: 31 * DAY }) }),
      fc.record({
        kind: fc.constantFrom('touch' as const, 'silent' as const, 'delete' as const),
        pick: fc.nat(),
      }),
      fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: DAY }) }),
      fc.record({ kind: fc.constant('cycle' as const), racing: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.array(op, { maxLength: 40 }),
        fc.array(op, { maxLength: 6 }),
        async (n, ops, racers) => {
          const { up, sync, cycle, stored } = setUp(n);
          let stamped = new Set<number>();
          const ids = () => [...up.records.keys()];
          const apply = (o: Op) => {
            const all = ids();
            const id = o.kind !== 'add' && 'pick' in o ? all[o.pick % Math.max(1, all.length)] : 0;
            if (o.kind === 'add') up.add(o.age);
            else if (o.kind === 'time') up.now += o.ms;
            else if (id === undefined) return;
            else if (o.kind === 'touch') up.touch(id, `t${up.now}`);
            else if (o.kind === 'silent') up.silent(id, `s${up.now}`);
            else if (o.kind === 'delete') up.records.delete(id);
            if (o.kind === 'touch' && id !== undefined) stamped.add(id);
          };
          for (const o of ops) {
            if (o.kind !== 'cycle') {
              apply(o);
              continue;
            }
            const racing = o.racing ? [...racers] : [];
            up.between = () => {
              const r = racing.shift();
              if (r && r.kind !== 'cycle') apply(r);
            };
            const touched = stamped;
            stamped = new Set();
            await cycle();
            up.between = undefined;
            // With nothing changing under it, a cycle brings in every stamped change made since
            // the one before.
            if (!o.racing) {
              const now = await stored();
              const want = up.window();
              for (const id of touched)
                if (want.has(String(id))) expect(now.get(String(id))).toBe(want.get(String(id)));
            }
            up.now += 3000;
          }
          up.between = undefined;
          await fullPass(sync, () => {
            up.now += 3000;
            return cycle();
          });
          expect(await stored()).toEqual(up.window());
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });
});
