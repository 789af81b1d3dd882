/**
 * The components the list index is made of, as each reaches the others (`IndexContext`): per
 * component an interface of what the others (and the facade) use of it, and the records they hand
 * each other (`IndexDelta`, `View`, `ScopeGroup`, `MarketContent`). A component file imports this
 * file and leaf modules, never another component: it implements its interface and reads the
 * others through the context; the facade (referralIndex.ts) makes the components and the context.
 *
 * Invariant: an index has one of each component, made with it and kept for its life; a load
 * replaces what the components hold, never the components, so a component may keep the context
 * and read any other component from it whenever it runs.
 */
import type { Opportunity, Sort } from '@referrals/shared';
import type { CellMask, CountedTree } from '../../lib/countedTree.js';
import type { IdKey, ShardedMap } from '../../lib/shardedMap.js';
import type { ClosingWindows } from './closingWindows.js';
import type { Entry, EntrySet, Move } from './entry.js';
import type { Excerpt, Need, Span } from './excerpt.js';
import type { ListScope } from './scopes.js';
import type { Settings } from './settings.js';

/** A change of the referrals as the mirror applied it. */
export interface IndexDelta {
  readonly seq: number;
  readonly upserts: readonly {
    readonly next: Opportunity;
    readonly previous: Opportunity | undefined;
  }[];
  readonly removed: readonly Opportunity[];
}

/** One list order over one scope: the sorted, counted tree a page is read from (views.ts). */
export interface View {
  readonly key: string;
  readonly scope: ListScope;
  readonly sort: Sort | null;
  /** Undefined while the view is being built. */
  tree: CountedTree<Entry> | undefined;
  /** Changes that arrived while the view was built, applied once it is. */
  pending: Move[] | undefined;
  ready: Promise<void>;
  usedAt: number;
  /**
   * A list read it, or asked for it (not only the background builds: see
   * `ReferralIndex.holdBackground`).
   */
  asked: boolean;
  /**
   * Callers waiting for the view to be built: a view of a part of the market whose turn to be
   * built comes when every page that asked for it has gone (the client left) is not built.
   */
  waiters: number;
  /**
   * Pages that readied it and are not cut yet: it is not dropped meanwhile (see
   * `ReferralIndex.page`).
   */
  pins: number;
}

/**
 * A scope's views, and once read its members and how many of them are in each cell, kept with
 * every change (scopeGroups.ts).
 */
export interface ScopeGroup {
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
   * in it (`Entry.slotsLow`, `slotsHigh`), and a market's view in a page's order counts them per
   * node from the first page that needs it, so any page of the scope is one descent of that view,
   * however deep. Undefined for the acquired lists (their date filter reads lastModDate, which the
   * market's cells do not), for scopes small enough to sort (see SORT_SHARE), while every slot is
   * taken by scopes read more recently, and while the slot is being taken (see `taking`).
   */
  slot: number | undefined;
  /** The slot being taken: its bit set on the members in slices (see `Slots.take`). */
  taking: Promise<void> | undefined;
}

/** Loads and change sets: the seq, the load under way, the change set being placed (updates.ts). */
export interface UpdatesPart {
  /** The seq of the read model the indexes hold. */
  readonly seq: number;
  /** Counts the loads begun: work begun under an earlier one stops. */
  readonly generation: number;
  readonly loading: Promise<void> | undefined;
  /** Deltas that arrived during the load under way (undefined: no load under way). */
  readonly journal: readonly IndexDelta[] | undefined;
  /** The change set placed part-way, if any (see `Updates.placing`). */
  readonly placing: Promise<void> | undefined;
  settled(): Promise<void>;
  between(): Promise<void>;
  load(records: Iterable<Opportunity>, seq: number): Promise<void>;
  applyInSlices(d: IndexDelta): Promise<void>;
}

/** What a market holds: a load reads a new one and puts it in place of the index's. */
export interface MarketContent {
  readonly byId: ShardedMap<IdKey, Entry>;
  readonly byState: Map<string, EntrySet>;
  readonly byAdded: CountedTree<Entry>;
  readonly byModified: CountedTree<Entry>;
  readonly recent: CountedTree<Entry>;
  readonly closing: ClosingWindows<Entry>;
}

/** Every entry, and the indexes kept over the whole market (market.ts). */
export interface MarketPart {
  readonly size: number;
  readonly byId: ShardedMap<IdKey, Entry>;
  stateSet(state: string): EntrySet;
  /** A new market of `records` at `clock` (this one unchanged); `replaceBy` puts it in place. */
  read(records: readonly Opportunity[], clock: number): Promise<MarketContent>;
  replaceBy(read: MarketContent): void;
  apply(d: IndexDelta, i: number, clock: number, scopes: ScopesPart): void;
  crossing(a: number, b: number, byModified: boolean): Iterable<Entry>;
  recentRecords(): Opportunity[];
  ageRecent(from: number, to: number): void;
}

/** The index's clock, and the date windows' edges it moves entries across (windowClock.ts). */
export interface ClockPart {
  /** The instant the entries' cells are at (a load sets it to the load's clock). */
  at: number;
  advance(nowMs: number): void;
}

/** The views: a scope's list in an order, built, kept and evicted (views.ts). */
export interface ViewsPart {
  readonly byKey: ReadonlyMap<string, View>;
  ready(scope: ListScope, sort: Sort | null, signal?: AbortSignal, asked?: boolean): Promise<View>;
  newView(scope: ListScope, sort: Sort | null): View;
  newTree(scope: ListScope, sort: Sort | null): CountedTree<Entry>;
  add(v: View): void;
  drop(v: View): void;
  clear(): void;
  sweep(now: number, idleMs: number): void;
  evictOverflow(): void;
}

/** The scopes read: their views, members and counts per cell (scopeGroups.ts). */
export interface ScopesPart {
  readonly byKey: ReadonlyMap<string, ScopeGroup>;
  of(scope: ListScope): ScopeGroup;
  membersOf(group: ScopeGroup): Promise<EntrySet>;
  change(prev: Entry | undefined, next: Entry | undefined): void;
  clear(): void;
  sweep(now: number, idleMs: number): void;
  evictBare(maxViews: number): void;
}

/** The large scopes the market's views count per node (slots.ts). */
export interface SlotsPart {
  /** The scope that holds each slot, or is setting its bit on its members. */
  readonly owners: readonly (ScopeGroup | undefined)[];
  take(group: ScopeGroup): void;
  free(group: ScopeGroup): Promise<void>;
  clear(): void;
}

/** How a list is read in another order (see `Pages.excerpt`). */
export interface ListReader {
  excerpt(scope: ListScope, sort: Sort | null, mask: CellMask, span: Span): Excerpt | Need;
}

/** Lists by expiration first, read from other lists (expirationFirst.ts). */
export interface ExpirationFirstPart {
  excerpt(scope: ListScope, sort: Sort, mask: CellMask, span: Span): Excerpt | Need;
}

/** The components of one index. */
export interface IndexContext {
  readonly settings: Settings;
  /** Loads and change sets: the seq, the load under way, the change set being placed. */
  readonly updates: UpdatesPart;
  /** Every entry, and the indexes kept over the whole market. */
  readonly market: MarketPart;
  /** The index's clock, and the date windows' edges it moves entries across. */
  readonly clock: ClockPart;
  /** The views: a scope's list in an order, built, kept and evicted. */
  readonly views: ViewsPart;
  /** The scopes read: their views, members and counts per cell. */
  readonly scopes: ScopesPart;
  /** The large scopes the market's views count per node. */
  readonly slots: SlotsPart;
}
