import {
  compareBy,
  compareLeadBy,
  isMissingSortValue,
  MarketplaceStatus,
  sortValueOf,
  SortDirection,
  type SortKey,
  type SortValue,
  type Opportunity,
  type ReferralPage,
  type ReferralQuery,
  type Sort,
} from '@referrals/shared';
import { logger } from '../../log.js';
import { BUCKET_EDGES_MS, bucketOf, CELL_COUNT, cellOf, leadOf, maskOf, restOf } from './cells.js';
import { ClosingWindows } from './closingWindows.js';
import {
  cellMask,
  CountedTree,
  type CellMask,
  inSlot,
  MAX_SLOTS,
  slotBit,
  slotWord,
  NODE_SIZE,
  ONE_CELL_OF,
  sumOf,
} from '../../lib/countedTree.js';
import { SharedValues } from '../referralRecord.js';
import { idKey, shardedById, ShardedSet } from '../../lib/shardedMap.js';
import { forEachInSlices, isDue, slicing, sortInSlices, yieldIfDue } from '../../lib/slices.js';
import { ALL, type ListScope } from './scopes.js';
import { compareParts, instantOf, minuteOf, msOf } from './minuteDate.js';
import { inOrder, pageOf, type Groups } from '../../lib/twoWay.js';

const log = logger('readModel');

/**
 * A referral as the indexes hold it: the record, and its cells at the index's clock. Its dates are
 * kept as minute dates (see minuteDate.ts): no boxed number per entry.
 */
class Entry {
  declare readonly o: Opportunity;
  declare readonly id: number;
  declare private readonly addedMin: number;
  declare private readonly addedMs: number;
  declare private readonly modifiedMin: number;
  declare private readonly modifiedMs: number;
  declare private readonly untilMin: number;
  declare private readonly untilMs: number;
  /** Claimable or not × the age bucket of `added`: its cell in the lists that filter on addDate. */
  declare cell: number;
  /** Its cell by `modified`: the acquired lists' date. */
  declare modCell: number;
  /** The counted scopes it is in, a bit per slot (see `ScopeGroup.slot`): slots 0 to 29, 30 to 59. */
  declare slots: number;
  declare slotsHigh: number;
  /**
   * Sort values computed once per key (a change compares each entry some twenty times per view),
   * as fields of the entry (an array of them was two objects more a referral); undefined: not
   * computed yet, null: missing. See SORTED.
   */
  declare byAddDate: SortValue;
  declare byStatus: SortValue;
  declare byName: SortValue;
  declare byCity: SortValue;
  declare byCategory: SortValue;
  declare byBusinessLines: SortValue;
  declare byEstimatedPremium: SortValue;
  declare byIndustry: SortValue;
  declare byNoOfEmployees: SortValue;
  declare byYearsInBusiness: SortValue;
  declare byMarketplaceExpirationDate: SortValue;
  declare byLastModDate: SortValue;
  declare byPhone: SortValue;
  declare byEmail: SortValue;

  /** Made by `of` only (an object literal: see there). */
  private constructor() {}

  /**
   * An entry, made as an object literal with the class's prototype rather than by `new`: V8
   * tracks where a literal is made, and once what a site makes mostly outlives two young
   * collections it makes them in the old generation directly (pretenuring), where a class's
   * instances are always made young and a first load's million were each copied by scavenges
   * (docs/perf session 23). Every entry has every field, in this order.
   */
  static of(
    o: Opportunity,
    added: number,
    modified: number,
    until: number,
    cell: number,
    modCell: number,
  ): Entry {
    return {
      __proto__: ENTRY,
      o,
      id: o.opportunityId,
      addedMin: minuteOf(added),
      addedMs: msOf(added),
      modifiedMin: minuteOf(modified),
      modifiedMs: msOf(modified),
      untilMin: minuteOf(until),
      untilMs: msOf(until),
      cell,
      modCell,
      slots: 0,
      slotsHigh: 0,
      byAddDate: undefined,
      byStatus: undefined,
      byName: undefined,
      byCity: undefined,
      byCategory: undefined,
      byBusinessLines: undefined,
      byEstimatedPremium: undefined,
      byIndustry: undefined,
      byNoOfEmployees: undefined,
      byYearsInBusiness: undefined,
      byMarketplaceExpirationDate: undefined,
      byLastModDate: undefined,
      byPhone: undefined,
      byEmail: undefined,
    } as unknown as Entry;
  }

  /** `addDate` in ms; NaN when it cannot be read (such a referral is in no date window). */
  get added(): number {
    return instantOf(this.addedMin, this.addedMs);
  }

  /** `lastModDate` in ms (NaN when absent). */
  get modified(): number {
    return instantOf(this.modifiedMin, this.modifiedMs);
  }

  /** Until when a dashboard may count it (see RECENT_MS); Infinity while it is claimable. */
  get until(): number {
    return instantOf(this.untilMin, this.untilMs);
  }

  /**
   * Where a walk of the trees by date starts: an entry dated `t` (both dates) before every entry
   * of that date. A real entry, since the comparators read its date parts (a plain object with
   * `added` compared as before every entry, and a walk from it read the whole tree).
   */
  static probe(t: number): Entry {
    return Entry.of({ opportunityId: -Infinity } as Opportunity, t, t, t, 0, 0);
  }

  /** The order of `added`, then id (an entry without a date ties on it, and goes by id). */
  static byAdded(this: void, a: Entry, b: Entry): number {
    return compareParts(a.addedMin, a.addedMs, b.addedMin, b.addedMs) || a.id - b.id;
  }

  /** The order of `modified`, then id. */
  static byModified(this: void, a: Entry, b: Entry): number {
    return compareParts(a.modifiedMin, a.modifiedMs, b.modifiedMin, b.modifiedMs) || a.id - b.id;
  }

  /** The order of `until`, then id. */
  static byUntil(this: void, a: Entry, b: Entry): number {
    return compareParts(a.untilMin, a.untilMs, b.untilMin, b.untilMs) || a.id - b.id;
  }
}

const ENTRY = Entry.prototype;

/**
 * How long after its last date (added, modified, expiry) a referral can still count on a
 * dashboard: the last 24 clock hours, or today since midnight (25 hours on the day clocks go back),
 * and 3 hours to spare for a clock read earlier by another caller.
 */
const RECENT_MS = 28 * 3_600_000;

/** One list order over one scope: the sorted, counted tree a page is read from. */
interface View {
  readonly key: string;
  readonly scope: ListScope;
  readonly sort: Sort | null;
  /** Undefined while the view is being built. */
  tree: CountedTree<Entry> | undefined;
  /** Changes that arrived while the view was built, applied once it is. */
  pending: Move[] | undefined;
  ready: Promise<void>;
  usedAt: number;
  /** A list read it, or asked for it (not only the background builds: see `holdBackground`). */
  asked: boolean;
  /**
   * Callers waiting for the view to be built: a view of a part of the market whose turn to be
   * built comes when every page that asked for it has gone (the client left) is not built.
   */
  waiters: number;
  /** Pages that readied it and are not cut yet: it is not dropped meanwhile (see `page`). */
  pins: number;
}

/**
 * A change of one entry as a scope sees it: what it held before and holds after; or an entry
 * that moved to another cell (`moved`) while a view that may hold it was built.
 */
interface Move {
  readonly prev: Entry | undefined;
  readonly next: Entry | undefined;
  readonly moved?: Entry;
}

/**
 * A scope's views, and once read its members and how many of them are in each cell, kept with
 * every change: a page of an order the scope has no view in is read from the market's view in that
 * order, stepping over non-members, and its total is counted here, so no view is built for it.
 */
interface ScopeGroup {
  readonly scope: ListScope;
  readonly views: Set<View>;
  members: EntrySet | undefined;
  /** Members per cell, by the date the scope's lists filter on (see `cellIn`). */
  counts: number[] | undefined;
  /** Changes that arrived while the members were read, replayed on what was read. */
  pending: Move[] | undefined;
  reading: Promise<EntrySet> | undefined;
  usedAt: number;
  /**
   * The scope's slot in the market's views once its members are read: their members say they are
   * in it (`Entry.slots`), and a market's view in a page's order counts them per node from the
   * first page that needs it, so any page of the scope is one descent of that view, however deep.
   * Undefined for the acquired lists (their date filter reads lastModDate, which the market's
   * cells do not), for scopes small enough to sort (see SORT_SHARE), while every slot is taken
   * by scopes read more recently, and while the slot is being taken (see `taking`).
   */
  slot: number | undefined;
  /** The slot being taken: its bit set on the members in slices (see `takeSlot`). */
  taking: Promise<void> | undefined;
}

/** The set of a state's referrals, added empty if it has none. */
const stateSetIn = (byState: Map<string, EntrySet>, state: string): EntrySet => {
  let set = byState.get(state);
  if (!set) byState.set(state, (set = entrySet()));
  return set;
};

const addTo = (byState: Map<string, EntrySet>, e: Entry): void => {
  stateSetIn(byState, e.o.state ?? '').add(e);
};

/**
 * A set of entries in shards by id (see ShardedSet): an appetite's members at 1,000,000 referrals
 * are some 600,000, and one Set of them grew by a copy of ~100 ms inside one `add`.
 */
type EntrySet = ShardedSet<Entry>;
const entrySet = (): EntrySet => new ShardedSet<Entry>((e) => e.id);

/** A change of the referrals as the mirror applied it. */
export interface IndexDelta {
  readonly seq: number;
  readonly upserts: readonly {
    readonly next: Opportunity;
    readonly previous: Opportunity | undefined;
  }[];
  readonly removed: readonly Opportunity[];
}

/** Options of the index (tests shorten or pin them). */
export interface ReferralIndexOptions {
  readonly now?: () => number;
  /** Orders of the whole market built at every load, so the default lists never wait. */
  readonly warm?: readonly (Sort | null)[];
  /** Orders of the whole market built one by one after a load, so no list waits for a sort. */
  readonly background?: readonly (Sort | null)[];
  /** Views over a part of the market kept at most (the least recently used go first). */
  readonly maxViews?: number;
  /** A view over a part of the market that no list read for this long is dropped. */
  readonly idleMs?: number;
  /** Entries per tree node (tests use small nodes to get deep trees from small markets). */
  readonly nodeSize?: number;
  /**
   * Entries of the market's view a page of a scope may step over when the scope has no view in
   * the page's order; a page further in waits for the view to be built (0: always build).
   */
  readonly walkLimit?: number;
  /**
   * Entries the views of parts of the market may hold in all (default: four times the market,
   * at least MIN_VIEW_ENTRIES); past it the least recently read go.
   */
  readonly maxViewEntries?: number;
  /**
   * Scopes whose members the market's views count per node (at most MAX_SLOTS, the default; 0:
   * none, so a scope's pages walk the market's view or build the scope's own).
   */
  readonly slots?: number;
  /**
   * Entries of equal expiry a page by expiration first reorders around itself at most (default
   * TIE_LIMIT); longer ties build the list's own view (tests lower it to reach that path).
   */
  readonly tieLimit?: number;
}

const MIN_VIEW_ENTRIES = 1_000_000;

/** Entries a page may step over in the market's view (~5 ms at 1,000,000 referrals). */
const WALK_LIMIT = 100_000;

const orderKey = (sort: Sort | null): string =>
  sort ? `${sort.expirationFirst ? 'expiry:' : ''}${sort.key}:${sort.direction}` : 'none';
/**
 * The order a list's tree is kept in: both directions of a sort key share the ascending tree (see
 * `twoWay.ts`); a sort by expiration first keeps one of its lead's order per direction.
 */
const treeSortOf = (sort: Sort | null): Sort | null =>
  sort && !sort.expirationFirst && sort.direction === SortDirection.Desc
    ? { key: sort.key, direction: SortDirection.Asc }
    : sort;
const viewKey = (scope: ListScope, sort: Sort | null): string =>
  `${scope.key}|${orderKey(treeSortOf(sort))}`;
const EVERY_CELL = cellMask(CELL_COUNT, [...Array(CELL_COUNT).keys()]);
const cell = (e: Entry): number => e.cell;
const cellByModified = (e: Entry): number => e.modCell;
/** The cell of an entry in a scope's views: its age by the date the scope's lists filter on. */
const cellIn = (scope: ListScope): ((e: Entry) => number) =>
  scope.dateField === 'lastModDate' ? cellByModified : cell;
const { byAdded, byModified, byUntil } = Entry;

/** Entries of a list from a position, and the list's total. */
interface Slice {
  readonly entries: Entry[];
  readonly total: number;
}

/** What a page needs readied before it can be cut: a scope's list in an order (see `readyFor`). */
interface Need {
  readonly scope: ListScope;
  readonly sort: Sort | null;
}
const isNeed = (got: object): got is Need => 'scope' in got;

/** The order of a list by expiry: soonest first, none last (the agents' default list). */
const BY_EXPIRY: Sort = { key: 'marketplaceExpirationDate', direction: SortDirection.Asc };
/**
 * Entries of equal expiry a page by expiration first reads around itself at most to reorder them
 * by the sort (see `leadRun`); longer ties build the list's own view.
 */
const TIE_LIMIT = 4096;
/** Readies a page waits for before it has the views of what it needs built. */
const MAX_READIES = 6;

/** A page of a list and the seq of the read model it was cut from. */
export type IndexedPage = ReferralPage<Opportunity> & { readonly seq: number };

/**
 * Every referral list answered from indexes: per list order and scope (all, a state, an
 * appetite, an agency's purchases, ...) a B+tree counted per cell (claimable, and leading a list
 * by expiration first, × age bucket: see cells.ts), both
 * directions of a sort key sharing one (see `treeSortOf`), so a page and its total cost O(log n)
 * whatever the market's size, and a change costs O(log n) per view that holds it. A scope's
 * members and their count per cell are read once and kept with every change. A large scope (a
 * sixteenth of the market or more: an appetite, a state) then takes a slot: the market's views
 * count its members per node too, so any page of it, however deep, is one descent of the market's
 * view in the page's order, with no view of its own. Any other scope's page near the start of a
 * list in an order it has no view in is read from the market's view in that order, stepping over
 * non-members (at most `walkLimit`); a page further in builds the view, from its members sorted
 * when they are few, else from the market's view in the same order (a filter, no sort); unused
 * views and scopes are dropped. Date windows slide without a rescan: an index by addDate finds the
 * few referrals that crossed a window's edge since the clock last moved, and one by expiry those
 * whose claim window closed. Large work (a load, a first sort) runs in
 * slices that yield to the event loop.
 */
export class ReferralIndex {
  private entries = shardedById<Entry>();
  private added: CountedTree<Entry>;
  private modified: CountedTree<Entry>;
  /** Referrals a dashboard may count, by how long they may. */
  private recentUntil: CountedTree<Entry>;
  /** Claimable referrals by when their claim window closes (see `crossing`). */
  private closing: ClosingWindows<Entry>;
  private views = new Map<string, View>();
  /** The views of each scope, so a change asks each scope once whether it holds a referral. */
  private scopes = new Map<string, ScopeGroup>();
  /** The referrals of each state: a state's lists are built from its few, not from the market. */
  private byState = new Map<string, EntrySet>();
  private clock: number;
  private seqNow = 0;
  private loading: Promise<void> | undefined;
  /** Deltas that arrived during a load, applied when it ends. */
  private journal: IndexDelta[] | undefined;
  /** The last change set given to `applyInSlices` while it or one before it is under way. */
  private applying: Promise<void> | undefined;
  /**
   * The change set placed part-way (between two slices), if any: pages wait for it alone, not
   * for the change sets queued behind it, so a market that never stops changing does not hold
   * pages back (they are cut between two change sets, at the seq of the last one placed).
   */
  private placing: Promise<void> | undefined;
  private generation = 0;
  /** See `holdBackground`. */
  private backgroundHeld = false;
  /** The last build of a scope's view under way (they run one at a time). */
  private building: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly warm: readonly (Sort | null)[];
  private readonly background: readonly (Sort | null)[];
  private readonly maxViews: number;
  private readonly idleMs: number;
  private readonly nodeSize: number | undefined;
  private readonly walkLimit: number;
  private readonly maxViewEntries: number | undefined;
  private readonly maxSlots: number;
  private readonly tieLimit: number;
  /** The scope that holds each slot, or is setting its bit on its members (see `takeSlot`). */
  private slotOwners: (ScopeGroup | undefined)[] = [];
  /** The slots whose bit is being cleared from their last scope's members (see `freeSlot`). */
  private slotsClearing: (object | undefined)[] = [];
  private readonly loadedListeners = new Set<() => void>();

  constructor(options: ReferralIndexOptions = {}) {
    this.now = options.now ?? Date.now;
    this.warm = options.warm ?? [];
    this.background = options.background ?? [];
    this.maxViews = options.maxViews ?? 256;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.nodeSize = options.nodeSize;
    this.walkLimit = options.walkLimit ?? WALK_LIMIT;
    this.maxViewEntries = options.maxViewEntries;
    this.maxSlots = Math.min(MAX_SLOTS, options.slots ?? MAX_SLOTS);
    this.tieLimit = options.tieLimit ?? TIE_LIMIT;
    this.clock = this.now();
    this.added = new CountedTree<Entry>(byAdded, 1, ONE_CELL_OF, this.nodeSize);
    this.modified = new CountedTree<Entry>(byModified, 1, ONE_CELL_OF, this.nodeSize);
    this.recentUntil = new CountedTree<Entry>(byUntil, 1, ONE_CELL_OF, this.nodeSize);
    this.closing = new ClosingWindows<Entry>(this.nodeSize);
  }

  /** The seq of the read model the indexes hold. */
  get seq(): number {
    return this.seqNow;
  }

  /**
   * How far the indexes are: loading (lists wait), and how many of the market's orders are built
   * (a list in an order not built yet waits for its sort).
   */
  status(): {
    loading: boolean;
    referrals: number;
    views: number;
    orders: number;
    ordersBuilt: number;
  } {
    const all = [...this.views.values()].filter((v) => v.scope === ALL);
    const orders = new Set([...this.warm, ...this.background].map((s) => viewKey(ALL, s))).size;
    return {
      loading: this.loading !== undefined,
      referrals: this.entries.size,
      views: this.views.size,
      orders,
      ordersBuilt: all.filter((v) => v.tree).length,
    };
  }

  /** Resolves when no load and no change set is under way. */
  async settled(): Promise<void> {
    while (this.loading || this.applying) {
      if (this.loading) await this.loading;
      else await this.applying;
    }
  }

  /** Resolves when no load is under way and no change set is placed part-way. */
  private async between(): Promise<void> {
    while (this.loading || this.placing) {
      if (this.loading) await this.loading;
      else await this.placing;
    }
  }

  /**
   * Replaces the content with `records` at `seq`, in slices. Lists wait for the load; deltas that
   * arrive meanwhile are applied after it, in order. `records` is read at once; an array is taken
   * as it is (the caller's copy, left unchanged while the load runs).
   */
  load(records: Iterable<Opportunity>, seq: number): Promise<void> {
    const generation = ++this.generation;
    this.journal = [];
    const snapshot = Array.isArray(records) ? (records as Opportunity[]) : Array.from(records);
    const run = (async () => {
      const clock = this.now();
      const entries = shardedById<Entry>();
      const byState = new Map<string, EntrySet>();
      const dated: Entry[] = [];
      const changed: Entry[] = [];
      const closing = new ClosingWindows<Entry>(this.nodeSize);
      let since = performance.now();
      for (let i = 0; i < snapshot.length; i += 1) {
        const e = this.entryOf(snapshot[i] as Opportunity, clock);
        entries.set(idKey(e.id), e);
        addTo(byState, e);
        closing.add(e);
        if (Number.isFinite(e.added)) dated.push(e);
        if (Number.isFinite(e.modified)) changed.push(e);
        if ((i & 1023) === 1023) since = await yieldIfDue(since);
      }
      const added = new CountedTree<Entry>(byAdded, 1, ONE_CELL_OF, this.nodeSize);
      await added.loadInSlices(await sortInSlices(dated, byAdded));
      const modified = new CountedTree<Entry>(byModified, 1, ONE_CELL_OF, this.nodeSize);
      await modified.loadInSlices(await sortInSlices(changed, byModified));
      const recentUntil = new CountedTree<Entry>(byUntil, 1, ONE_CELL_OF, this.nodeSize);
      const recent = await readLive(entries, (e) => e.until > clock);
      await recentUntil.loadInSlices(await sortInSlices(recent, byUntil));
      const all = await readLive(entries);
      const warmed = new Map<string, View>();
      for (const sort of this.warm) {
        const view = this.newView(ALL, sort);
        if (warmed.has(view.key)) continue;
        // The clock of these entries' cells stays `clock` until the load ends (see `advance`).
        const tree = this.newTree(ALL, sort);
        await tree.loadInSlices(await sortInSlices(all, entryOrder(view.sort)));
        view.tree = tree;
        warmed.set(view.key, view);
      }
      if (generation !== this.generation) return;
      this.entries = entries;
      this.byState = byState;
      this.added = added;
      this.modified = modified;
      this.recentUntil = recentUntil;
      this.closing = closing;
      this.views = new Map();
      this.scopes = new Map();
      this.slotOwners = [];
      this.slotsClearing = [];
      for (const v of warmed.values()) this.addView(v);
      this.clock = clock;
      this.seqNow = seq;
      const journal = this.journal ?? [];
      this.journal = undefined;
      // What came during the load, in slices like any change; lists wait for it.
      for (const d of journal) void this.applyInSlices(d);
      this.advance(this.now());
      for (const l of this.loadedListeners) l();
      void this.buildInBackground(generation);
    })();
    const done = run
      .catch((err: unknown) => log.error({ err }, 'could not load the list indexes'))
      .finally(() => {
        if (this.loading === done) this.loading = undefined;
      });
    this.loading = done;
    return done;
  }

  /**
   * Holds the market's background orders while its first load streams in (the poll's status says
   * loading), and builds them once it ends. Every change set places each referral in every view
   * kept: with the ~30 orders of the market built at the start of a load, that was ~0.2 ms a
   * referral at 1,000,000, most of a first load's time. Held, the views kept are the warm orders,
   * those a list read and the parts of the market; each order held is built later by one sort.
   */
  holdBackground(held: boolean): void {
    if (held === this.backgroundHeld) return;
    this.backgroundHeld = held;
    if (!held) {
      void this.buildInBackground(this.generation);
      return;
    }
    const warm = new Set(this.warm.map((s) => viewKey(ALL, s)));
    for (const v of [...this.views.values()]) {
      if (v.scope === ALL && !v.asked && !warm.has(v.key)) this.dropView(v);
    }
  }

  /** Calls `listener` after each load; returns the unsubscribe function. */
  onLoaded(listener: () => void): () => void {
    this.loadedListeners.add(listener);
    return () => this.loadedListeners.delete(listener);
  }

  /**
   * Applies a change set in slices that yield to the event loop, after the ones given before it:
   * a referral costs ~0.05-0.2 ms to place in the ~10-35 views a relay keeps at 1,000,000
   * referrals, so a change set of thousands applied in one go held every socket of the instance
   * for a second.
   * Each referral moves in every view at once; a page waits for the change set placed part-way
   * (not for those queued behind it) and is cut between two, so it is the lists at one seq (see
   * `page`).
   */
  applyInSlices(d: IndexDelta): Promise<void> {
    const after = this.applying ?? Promise.resolve();
    const run = after.then(async () => {
      if (this.journal) {
        this.journal.push(d);
        return;
      }
      // Already in what a load read (handed on before the mirror's reload).
      if (d.seq <= this.seqNow) return;
      const generation = this.generation;
      let placed = (): void => undefined;
      this.placing = new Promise<void>((resolve) => (placed = resolve));
      try {
        let since = performance.now();
        for (let i = 0; i < d.upserts.length + d.removed.length; i += 1) {
          // The clock is read at every referral: one costs ~0.05-1 ms (views, cache misses, GC).
          if (i > 0 && isDue(since)) {
            await yieldIfDue(since);
            since = performance.now();
            // A load replaced the indexes meanwhile: it read the market after this change.
            if (generation !== this.generation || this.journal) return;
          }
          this.applyOne(d, i);
        }
        this.seqNow = d.seq;
      } finally {
        this.placing = undefined;
        placed();
      }
    });
    const tail = run
      .catch((err: unknown) => log.error({ err }, 'could not apply a change to the list indexes'))
      .finally(() => {
        if (this.applying === tail) this.applying = undefined;
      });
    this.applying = tail;
    return tail;
  }

  /** Applies the i-th record of a change set: its upserts, then its removals. */
  private applyOne(d: IndexDelta, i: number): void {
    if (i < d.upserts.length) {
      const { next } = d.upserts[i] as IndexDelta['upserts'][number];
      const id = idKey(next.opportunityId);
      const prev = this.entries.get(id);
      const e = this.entryOf(next, this.clock);
      this.entries.set(id, e);
      this.change(prev, e);
      return;
    }
    const gone = d.removed[i - d.upserts.length] as Opportunity;
    const id = idKey(gone.opportunityId);
    const prev = this.entries.get(id);
    if (!prev) return;
    this.entries.delete(id);
    this.change(prev, undefined);
  }

  /**
   * One page of a list: the scope's referrals that pass the query's date and claimed filters, in
   * the query's order. The state filter is part of the scope (see `withState`). The clock is read
   * when the page is cut, after any wait for a load or a first build.
   */
  async page(
    scope: ListScope,
    q: Omit<ReferralQuery, 'state'>,
    signal?: AbortSignal,
  ): Promise<IndexedPage> {
    // The views readied for this page are kept until it is cut: a page by expiration first reads
    // two lists, and neither view may push the other out (see `trimViews`) while it waits.
    const pinned: View[] = [];
    try {
      for (let readied = 0; ;) {
        signal?.throwIfAborted();
        await this.between();
        const got = this.cut(scope, q);
        if (got === undefined) continue;
        if (!isNeed(got)) return got;
        // Past a few readies (slots or members taken back meanwhile), the list's own view.
        readied += 1;
        const view = await this.readyFor(got, signal, readied > MAX_READIES);
        if (view) {
          view.pins += 1;
          pinned.push(view);
        }
      }
    } finally {
      for (const v of pinned) v.pins -= 1;
    }
  }

  /**
   * The page cut now, between two change sets; what must be readied first when it cannot be cut
   * now (see `slice`); undefined when a change set is being placed.
   */
  private cut(scope: ListScope, q: Omit<ReferralQuery, 'state'>): IndexedPage | Need | undefined {
    if (this.placing || this.loading) return undefined;
    const now = this.now();
    this.advance(now);
    const got = this.slice(scope, q.sort, maskOf(q), q.page * q.size, q.size, now);
    if (isNeed(got)) return got;
    return {
      seq: this.seqNow,
      content: got.entries.map((e) => e.o),
      totalElements: got.total,
      page: q.page,
      size: q.size,
    };
  }

  /**
   * `take` entries of a scope's list in an order from position `skip`, and the list's total: for a
   * sort by expiration first, from its lead and its rest (see `expiryFirst`); else from the
   * scope's view in the order; else from the market's view in the order, by a descent when it
   * counts the scope's slot, or stepping over non-members when the entries are near enough an end
   * of the list. What must be readied first when none of these can be read now.
   */
  private slice(
    scope: ListScope,
    sort: Sort | null,
    mask: CellMask,
    skip: number,
    take: number,
    now: number,
  ): Slice | Need {
    if (sort?.expirationFirst) return this.expiryFirst(scope, sort, mask, skip, take, now);
    const groups = groupsOf(sort, this.nodeSize);
    const view = this.views.get(viewKey(scope, sort));
    if (view?.tree) {
      view.usedAt = now;
      view.asked = true;
      return {
        entries: pageOf(view.tree, mask, skip, take, groups),
        total: view.tree.countOf(mask),
      };
    }
    const need = { scope, sort };
    const market = scope === ALL ? undefined : this.views.get(viewKey(ALL, sort));
    const all = market?.tree;
    const group = this.scopes.get(scope.key);
    if (!market || !all || !group?.members || !group.counts) return need;
    market.asked = true;
    group.usedAt = now;
    const total = sumOf(group.counts, mask);
    if (skip >= total || take === 0) return { entries: [], total };
    // A scope that gave its slot up takes one back when one is free or idle.
    if (group.slot === undefined) this.takeSlot(group);
    if (group.slot !== undefined) {
      // A descent of the market's view, once it counts the slot (see `readyFor`).
      if (!all.countsSlot(group.slot)) return need;
      return { entries: pageOf(all, inSlot(mask, group.slot), skip, take, groups), total };
    }
    const members = group.members;
    // The acquired lists filter on lastModDate: the market's cells (by addDate) cannot skip.
    const byModified = scope.dateField === 'lastModDate';
    const treeMask = byModified ? EVERY_CELL : mask;
    // The entries are read from the nearer end of the list: the steps expected are the entries
    // before them (or after them) over the share of members among the entries stepped over.
    const end = Math.min(skip + take, total);
    const backwards = total - skip < end;
    const spread = all.countOf(treeMask) / total;
    if ((backwards ? total - skip : end) * spread > this.walkLimit) return need;
    let budget = this.walkLimit;
    let rest = backwards ? total - end : skip;
    const wanted = end - skip;
    const out: Entry[] = [];
    for (const e of inOrder(all, treeMask, groups, backwards)) {
      if (--budget < 0) break;
      if (!members.has(e) || (byModified && mask.wants[cellByModified(e)] !== 1)) continue;
      if (rest > 0) rest -= 1;
      else out.push(e);
      if (out.length === wanted) break;
    }
    if (backwards) out.reverse();
    return budget < 0 ? need : { entries: out, total };
  }

  /**
   * A slice of a list by expiration first (shared `expiringFirst`) without a view of its own,
   * which would hold an order that changes with the clock: its lead is the scope's entries in the
   * leading cells (their claim window open now: see `crossing`) read from its list by expiry, ties
   * of equal expiry reordered by the sort, or from the list's own view in the lead's order when
   * ties run long; the rest follows, the scope's entries in every other cell of the mask, read
   * from its list in the sort. Each is a mask of a list the scope has anyway (the market's orders
   * are kept; an appetite counts its slot in them), so a page costs two descents.
   */
  private expiryFirst(
    scope: ListScope,
    sort: Sort,
    mask: CellMask,
    skip: number,
    take: number,
    now: number,
  ): Slice | Need {
    const bySort: Sort = { key: sort.key, direction: sort.direction };
    const lead = leadOf(mask);
    const others = this.slice(scope, bySort, restOf(mask), 0, 0, now);
    if (isNeed(others)) return others;
    const own = this.views.get(viewKey(scope, sort));
    let leading: number;
    if (own?.tree) {
      own.usedAt = now;
      leading = own.tree.countOf(lead);
    } else {
      const whole = this.slice(scope, BY_EXPIRY, lead, 0, 0, now);
      if (isNeed(whole)) return whole;
      leading = whole.total;
    }
    const total = leading + others.total;
    const lo = Math.min(skip, leading);
    const hi = Math.min(skip + take, leading);
    let head: Entry[] = [];
    if (lo < hi) {
      const got = own?.tree
        ? own.tree.page(lead, lo, hi - lo)
        : this.leadRun(scope, sort, lead, lo, hi, leading, now);
      if (isNeed(got)) return got;
      head = got;
    }
    if (skip + take <= leading || take === 0) return { entries: head, total };
    const tail = this.slice(
      scope,
      bySort,
      restOf(mask),
      Math.max(0, skip - leading),
      take - head.length,
      now,
    );
    if (isNeed(tail)) return tail;
    return { entries: head.length ? [...head, ...tail.entries] : tail.entries, total };
  }

  /**
   * Positions `lo` to `hi` of the lead of a scope's list by expiration first: read from its list by
   * expiry with a margin that grows until the groups of equal expiry at both ends are whole, then
   * sorted in the lead's order (which reorders within those groups only). Expiries are near
   * unique, so a tie costs a few entries; ties longer than `tieLimit` build the list's own view.
   */
  private leadRun(
    scope: ListScope,
    sort: Sort,
    lead: CellMask,
    lo: number,
    hi: number,
    leading: number,
    now: number,
  ): Entry[] | Need {
    const sameExpiry = (a: Entry | undefined, b: Entry | undefined): boolean =>
      a !== undefined &&
      b !== undefined &&
      String(a.o.marketplaceExpirationDate).localeCompare(String(b.o.marketplaceExpirationDate)) ===
        0;
    for (let margin = 1; margin <= this.tieLimit; margin *= 4) {
      const from = Math.max(0, lo - margin);
      const to = Math.min(leading, hi + margin);
      const got = this.slice(scope, BY_EXPIRY, lead, from, to - from, now);
      if (isNeed(got)) return got;
      const run = got.entries;
      const headWhole = from === 0 || !sameExpiry(run[0], run[lo - from]);
      const tailWhole = to === leading || !sameExpiry(run[run.length - 1], run[hi - 1 - from]);
      if (headWhole && tailWhole) return run.sort(entryOrder(sort)).slice(lo - from, hi - from);
    }
    return { scope, sort };
  }

  /**
   * Readies what a page needs (see `slice`): a large scope's slot counted in the market's view in
   * the order, or the scope's members read (then its page may be read from the market's view), or
   * else (and always with `ownView`) the scope's own view in the order built, which it returns.
   */
  private async readyFor(
    { scope, sort }: Need,
    signal: AbortSignal | undefined,
    ownView: boolean,
  ): Promise<View | undefined> {
    if (ownView) return this.ready(scope, sort, signal);
    // A slot being taken is waited for, then counted at once (not a view built meanwhile).
    const taking = this.scopes.get(scope.key)?.taking;
    if (taking) await whileWanted(taking, signal);
    const all = this.views.get(viewKey(ALL, sort))?.tree;
    const group = this.scopes.get(scope.key);
    // Counted in slices (~30 ms in all at 1,000,000), once per order; changes meanwhile are
    // counted as they come.
    if (group?.slot !== undefined && all && (taking || !all.countsSlot(group.slot))) {
      await whileWanted(all.countSlotInSlices(group.slot), signal);
      return undefined;
    }
    if (scope !== ALL && all && !sort?.expirationFirst) {
      const read = group ?? this.groupOf(scope);
      // Unless the scope was evicted meanwhile: then its view is built below.
      if (!read.members) {
        await whileWanted(this.membersOf(read), signal);
        if (this.scopes.get(scope.key) === read) return undefined;
      }
    }
    return this.ready(scope, sort, signal);
  }

  /**
   * Readies a scope's lists in an order now, so that no page waits for them later: a large scope's
   * members read and its slot counted in the market's view in that order (no view of its own), any
   * other scope's view built.
   */
  async prepare(scope: ListScope, sort: Sort | null): Promise<void> {
    if (scope !== ALL) {
      await this.between();
      const group = this.groupOf(scope);
      await this.membersOf(group);
      await group.taking;
      const all = this.views.get(viewKey(ALL, sort))?.tree;
      if (group.slot !== undefined && all && this.scopes.get(scope.key) === group) {
        await all.countSlotInSlices(group.slot);
        return;
      }
    }
    await this.ready(scope, sort);
  }

  /**
   * Every referral of a scope if its view is built or a market's view counts its slot (in that
   * view's order), else undefined (for callers that cannot wait and have another way).
   */
  allNow(scope: ListScope): Opportunity[] | undefined {
    if (this.loading) return undefined;
    const group = this.scopes.get(scope.key);
    for (const v of group?.views ?? []) {
      if (v.tree) {
        v.usedAt = this.now();
        return v.tree.toArray().map((e) => e.o);
      }
    }
    const slot = group?.slot;
    if (!group || slot === undefined) return undefined;
    for (const v of this.views.values()) {
      if (v.scope !== ALL || !v.tree?.countsSlot(slot)) continue;
      group.usedAt = this.now();
      return Array.from(v.tree.walk(inSlot(EVERY_CELL, slot), 0), (e) => e.o);
    }
    return undefined;
  }

  /**
   * The referrals a dashboard can count at the index's clock: claimable, or with a date in the
   * last 28 hours (a superset: the dashboard's own rules decide). Some thousands, not the market.
   */
  recent(): Opportunity[] {
    return this.recentUntil.toArray().map((e) => e.o);
  }

  /** Moves the clock, and every referral that crossed a date window's edge to its new cell. */
  advance(nowMs: number): void {
    if (this.journal || nowMs === this.clock) return;
    for (const e of this.crossing(this.clock, nowMs, false)) {
      const was = e.cell;
      e.cell = cellOf(e.o, bucketOf(e.added, nowMs), nowMs);
      if (e.cell !== was) this.moved(e, was, false);
    }
    // The acquired lists' windows read lastModDate: the same walk over that index.
    for (const e of this.crossing(this.clock, nowMs, true)) {
      const was = e.modCell;
      e.modCell = cellOf(e.o, bucketOf(e.modified, nowMs), nowMs);
      if (e.modCell !== was) this.moved(e, was, true);
    }
    // The clock went back (a host's clock stepped): referrals that had aged out of the dashboards'
    // window may be inside it again. Rare, so the set is rebuilt from every entry.
    if (nowMs < this.clock) {
      for (const e of this.entries.values()) {
        if (e.until > nowMs && e.until <= this.clock) this.recentUntil.insert(e);
      }
    }
    // Dashboards look back a fixed time: what aged past it goes.
    for (;;) {
      const [oldest] = this.recentUntil.page(ONE_CELL, 0, 1);
      if (!oldest || oldest.until > nowMs) break;
      this.recentUntil.delete(oldest);
    }
    this.clock = nowMs;
  }

  /**
   * Counts an entry whose cell by one date moved from `from` in its new cell: in the views that
   * filter on that date (a view being built counts it again once built: see `build`) and in the
   * counts of the scopes that hold it.
   */
  private moved(e: Entry, from: number, byModified: boolean): void {
    const to = byModified ? e.modCell : e.cell;
    for (const v of this.views.values()) {
      if ((v.scope.dateField === 'lastModDate') !== byModified) continue;
      if (v.tree) v.tree.moved(e, from);
      else v.pending?.push({ prev: undefined, next: undefined, moved: e });
    }
    for (const { scope, members, counts } of this.scopes.values()) {
      if (!counts || !members?.has(e) || (scope.dateField === 'lastModDate') !== byModified)
        continue;
      counts[from] = (counts[from] ?? 0) - 1;
      counts[to] = (counts[to] ?? 0) + 1;
    }
  }

  /** Drops views of parts of the market that no list read for a while. */
  sweep(): void {
    const now = this.now();
    for (const v of this.views.values()) {
      if (v.scope !== ALL && v.pins === 0 && now - v.usedAt > this.idleMs) this.dropView(v);
    }
    for (const g of this.scopes.values()) {
      const used = Math.max(g.usedAt, ...[...g.views].map((v) => v.usedAt));
      if (!g.reading && !g.pending && now - used > this.idleMs) this.dropGroup(g);
    }
  }

  /**
   * Builds the background orders of the market one after the other, unless a load intervenes or
   * they are held (see `holdBackground`).
   */
  private async buildInBackground(generation: number): Promise<void> {
    for (const sort of this.background) {
      if (generation !== this.generation || this.backgroundHeld) return;
      await this.ready(ALL, sort, undefined, false).catch((err: unknown) =>
        log.warn({ err, sort }, 'could not build a list order in the background'),
      );
    }
  }

  /**
   * The view of a scope in an order, built and current, after any load under way; the wait ends
   * (rejected) when `signal` aborts.
   */
  private async ready(
    scope: ListScope,
    sort: Sort | null,
    signal?: AbortSignal,
    asked = true,
  ): Promise<View> {
    for (;;) {
      await this.between();
      const key = viewKey(scope, sort);
      let view = this.views.get(key);
      if (!view) view = this.build(scope, sort);
      view.usedAt = this.now();
      if (asked) view.asked = true;
      if (view.tree && !this.loading) return view;
      view.waiters += 1;
      try {
        await whileWanted(view.ready, signal);
      } finally {
        view.waiters -= 1;
      }
      // A view dropped while it was built (evicted, or a load replaced every view) is built
      // again; one still listed must be built by now.
      if (!view.tree && this.views.get(view.key) === view)
        throw new Error(`view ${view.key} not built`);
    }
  }

  private build(scope: ListScope, sort: Sort | null): View {
    const view = this.newView(scope, sort);
    view.pending = [];
    this.evictOverflow();
    this.addView(view);
    const generation = this.generation;
    const kept = () => generation === this.generation && this.views.get(view.key) === view;
    // A scope's views are built one at a time (the market's are: see `buildInBackground`), so
    // many lists asking at once queue rather than hold as many half-built copies of the market.
    const after = scope === ALL ? Promise.resolve() : this.building;
    view.ready = after.then(async () => {
      if (!kept()) return;
      if (scope !== ALL && view.waiters === 0) {
        this.dropView(view);
        return;
      }
      // Read while the market moves: what changes meanwhile is in `pending`, replayed below so
      // that an entry read and then changed, or changed and then read, ends right either way.
      const items = await this.membersInOrder(scope, sort, this.builtAncestor(scope, sort));
      if (generation !== this.generation || this.views.get(view.key) !== view) return;
      const tree = this.newTree(scope, sort);
      await tree.loadInSlices(items);
      if (!kept()) return;
      // In slices: what lands meanwhile joins the queue, and the view is live from the turn that
      // replays the last of it.
      const replayed = await forEachInSlices(
        view.pending ?? [],
        ({ prev, next, moved }) => {
          // Counted in the cell it had when its slice was read, which may be either.
          if (moved) tree.refresh(moved);
          if (prev) tree.delete(prev);
          if (next && !tree.has(next)) tree.insert(next);
        },
        kept,
      );
      if (!replayed) return;
      view.pending = undefined;
      view.tree = tree;
      this.trimViews(view);
    });
    view.ready = view.ready.catch((err: unknown) => {
      log.error({ err, view: view.key }, 'could not build a list view');
      this.dropView(view);
    });
    if (scope !== ALL) this.building = view.ready;
    return view;
  }

  /**
   * The referrals of a scope in an order, read while the market moves (see `build`): the
   * market's sorted; a scope's from the nearest built view above in the same order, filtered by
   * its members (no sort), or its members sorted when they are few beside that view.
   */
  private async membersInOrder(
    scope: ListScope,
    sort: Sort | null,
    parent: View | undefined,
  ): Promise<Entry[]> {
    const order = entryOrder(treeSortOf(sort));
    if (scope === ALL) return sortInSlices(await readLive(this.entries), order);
    const members = await this.membersOf(this.groupOf(scope));
    if (parent?.tree && members.size * SORT_SHARE > parent.tree.countOf(EVERY_CELL))
      return readInOrder(parent.tree, (e) => members.has(e), members.size);
    return sortInSlices(await readLive(members), order);
  }

  /** The group of a scope, added if it has none. */
  private groupOf(scope: ListScope): ScopeGroup {
    let group = this.scopes.get(scope.key);
    if (!group) {
      group = {
        scope,
        views: new Set(),
        members: undefined,
        counts: undefined,
        pending: undefined,
        reading: undefined,
        usedAt: this.now(),
        slot: undefined,
        taking: undefined,
      };
      this.evictOverflow();
      this.scopes.set(scope.key, group);
    }
    return group;
  }

  /** The members of a scope, read once (in slices) and then kept with every change. */
  private membersOf(group: ScopeGroup): Promise<EntrySet> {
    if (group.members) return Promise.resolve(group.members);
    group.reading ??= this.readMembers(group).finally(() => (group.reading = undefined));
    return group.reading;
  }

  /**
   * Reads a scope's members while the market moves: a state's from the state's referrals, a
   * narrower scope's from its parent's members, others from the market. What changes meanwhile is
   * in `pending`, replayed on what was read, so an entry read and then changed, or changed and
   * then read, ends right either way (as in `build`).
   */
  private async readMembers(group: ScopeGroup): Promise<EntrySet> {
    const { scope } = group;
    group.pending = [];
    const parent =
      scope.parent && scope.parent !== ALL
        ? await this.membersOf(this.groupOf(scope.parent))
        : undefined;
    const state = scope.state;
    const source: Iterable<Entry> =
      state !== undefined ? stateSetIn(this.byState, state) : (parent ?? this.entries.values());
    // A state's referrals are in the parent scope's when its members say so.
    const keep =
      parent !== undefined && state !== undefined
        ? (e: Entry) => parent.has(e)
        : (e: Entry) => scope.has(e.o);
    // Members are counted per cell as they are read, in slices (a set of 600,000 built at once
    // held the event loop for 100-200 ms), by their cell at the clock of the start: the clock
    // may move meanwhile, and an entry's own cell with it.
    const at = this.clock;
    const byModified = scope.dateField === 'lastModDate';
    const cellAt = (e: Entry): number =>
      cellOf(e.o, bucketOf(byModified ? e.modified : e.added, at), at);
    const members = entrySet();
    const counts = new Array<number>(CELL_COUNT).fill(0);
    const add = (e: Entry): void => {
      if (members.has(e)) return;
      members.add(e);
      counts[cellAt(e)] = (counts[cellAt(e)] ?? 0) + 1;
    };
    await forEachInSlices(source, (e) => {
      if (keep(e)) add(e);
    });
    await forEachInSlices(group.pending ?? [], ({ prev, next }) => {
      if (prev && members.delete(prev)) counts[cellAt(prev)] = (counts[cellAt(prev)] ?? 0) - 1;
      if (next) add(next);
    });
    group.pending = undefined;
    // Then each member that crossed a date window's edge since is counted in its cell now (once:
    // a long move of the clock crosses several edges).
    for (const e of new Set(this.crossing(at, this.clock, byModified))) {
      if (!members.has(e)) continue;
      const now = byModified ? e.modCell : e.cell;
      counts[cellAt(e)] = (counts[cellAt(e)] ?? 0) - 1;
      counts[now] = (counts[now] ?? 0) + 1;
    }
    group.members = members;
    group.counts = counts;
    if (this.scopes.get(scope.key) === group) this.takeSlot(group);
    return members;
  }

  /**
   * The entries whose cell by a date (addDate, or lastModDate with `byModified`) may change as the
   * clock moves between `a` and `b` (either way): those whose date crosses a window's edge, by edge
   * (an entry that crosses several comes once per edge), and those whose claim window closed or
   * opened again (see ClosingWindows). The lead of a list by expiration first is thus kept by the
   * same clock as the date windows, to the millisecond at which a page is cut, rather than left
   * to the upstream: its tick moves an expired referral out of Available, but the relay sees that a
   * poll later, and not at all while the upstream is unreachable.
   */
  private *crossing(a: number, b: number, byModified: boolean): Generator<Entry, void, undefined> {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    if (lo === hi) return;
    const tree = byModified ? this.modified : this.added;
    const dateOf = (e: Entry): number => (byModified ? e.modified : e.added);
    for (const edge of BUCKET_EDGES_MS) {
      const probe = Entry.probe(lo - edge);
      for (const e of tree.from(probe)) {
        if (dateOf(e) >= hi - edge) break;
        yield e;
      }
    }
    yield* this.closing.crossing(lo, hi);
  }

  /**
   * Gives a scope whose members are read a slot in the market's views (see `ScopeGroup.slot`): a
   * free one, else the one of the scope read least recently if no page read it for SLOT_IDLE_MS
   * (scopes taking slots from each other would count them again and again). The slot's bit is set
   * on its members in slices (`taking`; an appetite's ~600,000 at 1,000,000 referrals), the slot
   * held meanwhile and usable once they all have it; a slot taken from another scope is cleared
   * first (see `freeSlot`).
   */
  private takeSlot(group: ScopeGroup): void {
    if (this.maxSlots === 0 || group.slot !== undefined || group.taking || !group.members) return;
    if (group.scope.dateField === 'lastModDate') return;
    // A scope of fewer than a sixteenth of the market builds its views from its members sorted,
    // a cheap sort, and leaves the slots to larger scopes, whose views would filter the market.
    if (group.members.size * SORT_SHARE < this.entries.size) return;
    let evicted: ScopeGroup | undefined;
    if (this.unusedSlot() < 0) {
      for (const g of this.slotOwners)
        if (g?.slot !== undefined && (!evicted || g.usedAt < evicted.usedAt)) evicted = g;
      if (!evicted || this.now() - evicted.usedAt < SLOT_IDLE_MS) return;
    }
    group.taking = this.slotFor(group, evicted)
      .catch((err: unknown) => log.error({ err, scope: group.scope.key }, 'could not take a slot'))
      .finally(() => (group.taking = undefined));
  }

  /** See `takeSlot`: clears the evicted scope's slot, then sets the slot's bit on the members. */
  private async slotFor(group: ScopeGroup, evicted: ScopeGroup | undefined): Promise<void> {
    if (evicted) await this.freeSlot(evicted);
    const slot = this.unusedSlot();
    const members = group.members;
    // Another scope took the slot meanwhile, or this one was dropped.
    if (slot < 0 || !members || this.scopes.get(group.scope.key) !== group) return;
    // Held from now on: a referral that joins the scope gets the bit as it lands (see `change`).
    this.slotOwners[slot] = group;
    const held = (): boolean => this.slotOwners[slot] === group;
    await forEachInSlices(members.values(), (e) => setSlot(e, slot, true), held);
    // Unless it was freed meanwhile (whoever freed it clears it) or a load replaced the indexes.
    if (held()) group.slot = slot;
  }

  /** A slot no scope holds or is clearing, or -1. */
  private unusedSlot(): number {
    for (let s = 0; s < this.maxSlots; s += 1)
      if (!this.slotOwners[s] && !this.slotsClearing[s]) return s;
    return -1;
  }

  /**
   * Takes a scope's slot back (also while its bit is being set): no view counts it any more, and
   * then, in slices, no entry says it is in it; the slot is unused once that is done. Entries
   * that land meanwhile do not get the bit (no scope holds the slot), and those replaced lose it
   * with them.
   */
  private freeSlot(group: ScopeGroup): Promise<void> {
    const slot = this.slotOwners.indexOf(group);
    if (slot < 0) return Promise.resolve();
    for (const v of this.views.values()) if (v.scope === ALL) v.tree?.dropSlot(slot);
    group.slot = undefined;
    this.slotOwners[slot] = undefined;
    const clearing = {};
    this.slotsClearing[slot] = clearing;
    const mine = (): boolean => this.slotsClearing[slot] === clearing;
    return forEachInSlices(group.members?.values() ?? [], (e) => setSlot(e, slot, false), mine)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, slot }, 'could not clear a slot'),
      )
      .finally(() => {
        if (mine()) this.slotsClearing[slot] = undefined;
      });
  }

  /** The nearest scope above this one whose view in this order is built (the market's last). */
  private builtAncestor(scope: ListScope, sort: Sort | null): View | undefined {
    for (let s = scope.parent; s; s = s.parent) {
      const v = this.views.get(viewKey(s, sort));
      if (v?.tree) return v;
    }
    const all = this.views.get(viewKey(ALL, sort));
    return scope === ALL ? undefined : all?.tree ? all : undefined;
  }

  private newTree(scope: ListScope, sort: Sort | null): CountedTree<Entry> {
    return new CountedTree<Entry>(
      entryOrder(treeSortOf(sort)),
      CELL_COUNT,
      cellIn(scope),
      this.nodeSize,
      scope === ALL ? slotsOf : undefined,
    );
  }

  private newView(scope: ListScope, sort: Sort | null): View {
    return {
      key: viewKey(scope, sort),
      scope,
      sort: treeSortOf(sort),
      tree: undefined,
      pending: undefined,
      ready: Promise.resolve(),
      usedAt: this.now(),
      asked: false,
      waiters: 0,
      pins: 0,
    };
  }

  private addView(v: View): void {
    this.views.set(v.key, v);
    this.groupOf(v.scope).views.add(v);
  }

  private dropView(v: View): void {
    if (this.views.get(v.key) !== v) return;
    this.views.delete(v.key);
    this.scopes.get(v.scope.key)?.views.delete(v);
  }

  /** Drops a scope's group (its members) once none of its views is left. */
  private dropGroup(group: ScopeGroup): void {
    if (group.views.size === 0 && this.scopes.get(group.scope.key) === group) {
      void this.freeSlot(group);
      this.scopes.delete(group.scope.key);
    }
  }

  /**
   * Drops the least recently read views of parts of the market until the entries they hold fit
   * the budget (`maxViewEntries`), keeping `built`: a view of an appetite at 1,000,000 referrals
   * holds some 400,000 entries, and a bench asking every order of every scope would otherwise
   * hold gigabytes.
   */
  private trimViews(built: View): void {
    const parts = [...this.views.values()].filter((v) => v.scope !== ALL && v.tree && !v.pins);
    const budget = this.maxViewEntries ?? Math.max(MIN_VIEW_ENTRIES, 4 * this.entries.size);
    let held = parts.reduce((n, v) => n + (v.tree?.countOf(EVERY_CELL) ?? 0), 0);
    if (held <= budget) return;
    parts.sort((a, b) => a.usedAt - b.usedAt);
    for (const v of parts) {
      if (held <= budget) return;
      if (v === built) continue;
      held -= v.tree?.countOf(EVERY_CELL) ?? 0;
      this.dropView(v);
    }
  }

  private evictOverflow(): void {
    // Called before a view or a scope is added: make room for it.
    const parts = [...this.views.values()].filter((v) => v.scope !== ALL && v.pins === 0);
    if (parts.length >= this.maxViews) {
      parts.sort((a, b) => a.usedAt - b.usedAt);
      for (const v of parts.slice(0, parts.length - this.maxViews + 1)) this.dropView(v);
    }
    const bare = [...this.scopes.values()].filter(
      (g) => g.views.size === 0 && !g.reading && !g.pending,
    );
    if (bare.length >= this.maxViews) {
      bare.sort((a, b) => a.usedAt - b.usedAt);
      for (const g of bare.slice(0, bare.length - this.maxViews + 1)) this.dropGroup(g);
    }
  }

  private entryOf(o: Opportunity, clock: number): Entry {
    const added = Date.parse(o.addDate);
    const last = Math.max(
      ...[added, parseDate(o.lastModDate), parseDate(o.marketplaceExpirationDate)].filter(
        Number.isFinite,
      ),
    );
    const until = o.marketplaceStatus === MarketplaceStatus.Available ? Infinity : last + RECENT_MS;
    const modified = parseDate(o.lastModDate);
    return Entry.of(
      o,
      added,
      modified,
      until,
      cellOf(o, bucketOf(added, clock), clock),
      cellOf(o, bucketOf(modified, clock), clock),
    );
  }

  private change(prev: Entry | undefined, next: Entry | undefined): void {
    if (prev && Number.isFinite(prev.added)) this.added.delete(prev);
    if (next && Number.isFinite(next.added)) this.added.insert(next);
    if (prev && Number.isFinite(prev.modified)) this.modified.delete(prev);
    if (next && Number.isFinite(next.modified)) this.modified.insert(next);
    if (prev) this.recentUntil.delete(prev);
    if (next && next.until > this.clock) this.recentUntil.insert(next);
    if (prev) this.byState.get(prev.o.state ?? '')?.delete(prev);
    if (next) addTo(this.byState, next);
    if (prev) this.closing.delete(prev);
    if (next) this.closing.add(next);
    // The counted scopes the new entry is in, before any view of the market holds it.
    if (next)
      for (let s = 0; s < this.slotOwners.length; s += 1)
        if (this.slotOwners[s]?.scope.has(next.o)) setSlot(next, s, true);
    for (const group of this.scopes.values()) {
      const { scope, views, members, counts, slot } = group;
      const had =
        prev === undefined
          ? undefined
          : (slot === undefined ? scope.has(prev.o) : inSlotOf(prev, slot))
            ? prev
            : undefined;
      const has =
        next === undefined
          ? undefined
          : (slot === undefined ? scope.has(next.o) : inSlotOf(next, slot))
            ? next
            : undefined;
      if (!had && !has) continue;
      group.pending?.push({ prev: had, next: has });
      if (members && counts) {
        const cellOfEntry = cellIn(scope);
        if (had && members.delete(had))
          counts[cellOfEntry(had)] = (counts[cellOfEntry(had)] ?? 0) - 1;
        if (has && !members.has(has)) {
          members.add(has);
          counts[cellOfEntry(has)] = (counts[cellOfEntry(has)] ?? 0) + 1;
        }
      }
      for (const v of views) {
        if (!v.tree) {
          v.pending?.push({ prev: had, next: has });
          continue;
        }
        if (had) v.tree.delete(had);
        if (has) v.tree.insert(has);
      }
    }
  }
}

const ONE_CELL = cellMask(1, [0]);
const slotsOf = (e: Entry, word: number): number => (word === 0 ? e.slots : e.slotsHigh);
/** True when an entry is in a slot. */
const inSlotOf = (e: Entry, slot: number): boolean =>
  (slotsOf(e, slotWord(slot)) & slotBit(slot)) !== 0;
/** Puts an entry in a slot, or takes it out. */
function setSlot(e: Entry, slot: number, on: boolean): void {
  const bit = slotBit(slot);
  if (slotWord(slot) === 0) e.slots = on ? e.slots | bit : e.slots & ~bit;
  else e.slotsHigh = on ? e.slotsHigh | bit : e.slotsHigh & ~bit;
}
/**
 * A scope's view is built from its members sorted when they are fewer than a sixteenth of the
 * view above (a sort of m costs about m log m steps, a filter of that view n).
 */
const SORT_SHARE = 16;
/** How long a scope keeps its slot while others want one and no page reads it. */
const SLOT_IDLE_MS = 10_000;
const parseDate = (iso: string | null): number => (iso === null ? NaN : Date.parse(iso));

/** The promise's outcome, or the signal's reason once it aborts first (the work goes on). */
function whileWanted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const gone = () => reject(signal.reason as Error);
    signal.addEventListener('abort', gone, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone));
  });
}

/** An array made at once for `expected` values and a sixteenth more (see `readLive`). */
const arrayFor = <T>(expected: number): T[] => new Array<T>(expected + (expected >>> 4) + 16);

/**
 * The values that pass (all of them without `keep`), read in slices from a sharded map's or set's
 * iterator (which stays valid while the collection changes), into an array made at once for them
 * all and a sixteenth more for those added meanwhile. Grown one push at a time, a whole market's
 * array was copied whole at each growth, in one turn: late in a first load of 1,000,000 (a 2 GB
 * heap being marked, each copied element passing V8's write barrier) one such push held the
 * event loop 220 ms, as did one synchronous copy of the market (docs/perf session 22).
 */
async function readLive<T>(
  values: { readonly size: number; values(): Iterable<T> },
  keep?: (t: T) => boolean,
): Promise<T[]> {
  const out = arrayFor<T>(values.size);
  let n = 0;
  await forEachInSlices(values.values(), (t) => {
    if (!keep || keep(t)) out[n++] = t;
  });
  // Cut in place (V8 trims an array's end; no copy).
  out.length = n;
  return out;
}

/**
 * The entries of a tree that pass, in order, read in slices while the tree changes: each slice
 * goes on from the last entry read, by the tree's order, so every entry present throughout is read
 * once and in order.
 */
async function readInOrder<T>(
  tree: CountedTree<T>,
  keep: (t: T) => boolean,
  expected: number,
): Promise<T[]> {
  const out = arrayFor<T>(expected);
  let kept = 0;
  let last: T | undefined;
  for (;;) {
    const since = performance.now();
    let n = 0;
    let paused = false;
    for (const t of last === undefined ? tree.values() : tree.from(last)) {
      if (last !== undefined && tree.order(t, last) <= 0) continue;
      if (keep(t)) out[kept++] = t;
      last = t;
      if (++n % slicing.checkEvery === 0 && isDue(since)) {
        paused = true;
        break;
      }
    }
    if (!paused) {
      out.length = kept;
      return out;
    }
    await yieldIfDue(since);
  }
}

/**
 * The order of a tree over index entries: the reference order, over values computed once; for a
 * sort by expiration first the order of its lead, which reads no clock (see `expiryFirst`).
 */
function entryOrder(sort: Sort | null): (a: Entry, b: Entry) => number {
  if (!sort)
    return compareBy(
      sort,
      (e: Entry) => e.o,
      () => null,
    );
  return compareLeadBy(sort, (e: Entry) => e.o, valueIn(sort.key));
}

/**
 * One copy of each sort value made per referral rather than read from it (the business lines'
 * names joined: a string a referral, a handful of values across the market).
 */
const madeValues = new SharedValues();

/**
 * Each sort key's field in an entry, and how it is read: a function per field, so each read is
 * of one field of one shape (the sorts read them some 20,000,000 times to build a view).
 */
const SORTED: { readonly [K in SortKey]: readonly [SortedField, (e: Entry) => SortValue] } = {
  addDate: ['byAddDate', (e) => e.byAddDate],
  status: ['byStatus', (e) => e.byStatus],
  name: ['byName', (e) => e.byName],
  city: ['byCity', (e) => e.byCity],
  category: ['byCategory', (e) => e.byCategory],
  businessLines: ['byBusinessLines', (e) => e.byBusinessLines],
  estimatedPremium: ['byEstimatedPremium', (e) => e.byEstimatedPremium],
  industry: ['byIndustry', (e) => e.byIndustry],
  noOfEmployees: ['byNoOfEmployees', (e) => e.byNoOfEmployees],
  yearsInBusiness: ['byYearsInBusiness', (e) => e.byYearsInBusiness],
  marketplaceExpirationDate: ['byMarketplaceExpirationDate', (e) => e.byMarketplaceExpirationDate],
  lastModDate: ['byLastModDate', (e) => e.byLastModDate],
  phone: ['byPhone', (e) => e.byPhone],
  email: ['byEmail', (e) => e.byEmail],
};
type SortedField = { [F in keyof Entry]: Entry[F] extends SortValue ? F : never }[keyof Entry] &
  `by${string}`;

/** An entry's sort value under a key, computed once. */
function valueIn(key: SortKey): (e: Entry) => SortValue {
  const [field, read] = SORTED[key];
  const made = key === 'businessLines';
  return (e) => {
    const v = read(e);
    if (v !== undefined) return v;
    const value = sortValueOf(key, e.o) ?? null;
    return (e[field] = made && typeof value === 'string' ? madeValues.of(value) : value);
  };
}

/** A record with no addDate and no id: under `compareBy` it ties with any other. */
const NO_TIE = {};

/**
 * How a sort read from a tree kept in the other direction splits into groups of equal values
 * (see `treeSortOf`); undefined when the sort is read as its tree is kept.
 */
function groupsOf(sort: Sort | null, nodeSize: number | undefined): Groups<Entry> | undefined {
  if (!sort || treeSortOf(sort) === sort) return undefined;
  const known = GROUPS.get(`${sort.key}:${nodeSize}`);
  if (known) return known;
  const valueOf = valueIn(sort.key);
  const groups: Groups<Entry> = {
    // The reference comparator itself with every tie rule out: the values' order, missing last.
    compareValues: compareBy(treeSortOf(sort), () => NO_TIE, valueOf),
    missing: (e) => isMissingSortValue(valueOf(e)),
    readAhead: nodeSize ?? NODE_SIZE,
  };
  GROUPS.set(`${sort.key}:${nodeSize}`, groups);
  return groups;
}
const GROUPS = new Map<string, Groups<Entry>>();
