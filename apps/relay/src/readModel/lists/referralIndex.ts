/**
 * The list index's facade: every referral list answered from indexes, the one type other folders
 * use. It makes the components, and the context they reach each other by (parts.ts: no component
 * imports another), from the options (settings.ts), and routes each call to them: the entries and
 * the market's indexes (entry.ts, market.ts), the views (views.ts), the scopes read
 * (scopeGroups.ts), the slots (slots.ts), lists by expiration first (expirationFirst.ts), the
 * window clock (windowClock.ts), cutting pages (pages.ts), loads and change sets (updates.ts);
 * cells.ts and scopes.ts say what a list's filters and scope are.
 *
 * Invariant: a page is cut between two change sets, with the clock at the instant it is cut, from
 * indexes that each hold exactly the market at the index's seq.
 */
import type { Opportunity, ReferralQuery, Sort } from '@referrals/shared';
import { inSlot } from '../../lib/countedTree.js';
import { logger } from '../../log.js';
import { EVERY_CELL } from './cells.js';
import { isNeed, type IndexedPage } from './excerpt.js';
import { ExpirationFirst } from './expirationFirst.js';
import { Market } from './market.js';
import { viewKey } from './orders.js';
import { Pages } from './pages.js';
import type { IndexContext, IndexDelta, View } from './parts.js';
import { ScopeGroups } from './scopeGroups.js';
import { ALL, type ListScope } from './scopes.js';
import { settingsOf, type ReferralIndexOptions } from './settings.js';
import { Slots } from './slots.js';
import { Updates } from './updates.js';
import { ViewCache } from './views.js';
import { WindowClock } from './windowClock.js';

export type { IndexedPage } from './excerpt.js';
export type { IndexDelta } from './parts.js';
export type { ReferralIndexOptions } from './settings.js';

const log = logger('readModel');

/** Readies a page waits for before it has the views of what it needs built. */
const MAX_READIES = 6;

/**
 * Every referral list answered from indexes: per list order and scope (all, a state, an
 * appetite, an agency's purchases, ...) a B+tree counted per cell (claimable, and leading a list
 * by expiration first, × age bucket: see cells.ts), both directions of a sort key sharing one (see
 * `treeSortOf`), so a page and its total cost O(log n) whatever the market's size, and a change
 * costs O(log n) per view that holds it. A scope's members and their count per cell are read once
 * and kept with every change. A large scope (a sixteenth of the market or more: an appetite, a
 * state) then takes a slot: the market's views count its members per node too, so any page of it,
 * however deep, is one descent of the market's view in the page's order, with no view of its own.
 * Any other scope's page near the start of a list in an order it has no view in is read from the
 * market's view in that order, stepping over non-members (at most `walkLimit`); a page further in
 * builds the view, from its members sorted when they are few, else from the market's view in the
 * same order (a filter, no sort); unused views and scopes are dropped. Date windows slide without
 * a rescan: an index by addDate finds the few referrals that crossed a window's edge since the
 * clock last moved, and one by expiry those whose claim window closed. Large work (a load, a first
 * sort) runs in slices that yield to the event loop.
 */
export class ReferralIndex {
  private readonly ctx: IndexContext;
  private readonly pages: Pages;
  /** See `holdBackground`. */
  private backgroundHeld = false;
  private readonly loadedListeners = new Set<() => void>();

  constructor(options: ReferralIndexOptions = {}) {
    const settings = settingsOf(options);
    const ctx = { settings } as { -readonly [K in keyof IndexContext]: IndexContext[K] };
    ctx.updates = new Updates(ctx, (generation) => this.loaded(generation));
    ctx.market = new Market(settings.nodeSize);
    ctx.clock = new WindowClock(ctx);
    ctx.views = new ViewCache(ctx);
    ctx.scopes = new ScopeGroups(ctx);
    ctx.slots = new Slots(ctx);
    this.ctx = ctx;
    this.pages = new Pages(ctx, (lists) => new ExpirationFirst(ctx, lists));
  }

  /** The seq of the read model the indexes hold. */
  get seq(): number {
    return this.ctx.updates.seq;
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
    const { views, settings } = this.ctx;
    const all = [...views.byKey.values()].filter((v) => v.scope === ALL);
    const orders = new Set([...settings.warm, ...settings.background].map((s) => viewKey(ALL, s)))
      .size;
    return {
      loading: this.ctx.updates.loading !== undefined,
      referrals: this.ctx.market.size,
      views: views.byKey.size,
      orders,
      ordersBuilt: all.filter((v) => v.tree).length,
    };
  }

  /** Resolves when no load and no change set is under way. */
  settled(): Promise<void> {
    return this.ctx.updates.settled();
  }

  /**
   * Replaces the content with `records` at `seq`, in slices. Lists wait for the load; deltas that
   * arrive meanwhile are applied after it, in order. `records` is read at once; an array is taken
   * as it is (the caller's copy, left unchanged while the load runs).
   */
  load(records: Iterable<Opportunity>, seq: number): Promise<void> {
    return this.ctx.updates.load(records, seq);
  }

  /** After a load is in place: tells the listeners, and builds the background orders. */
  private loaded(generation: number): void {
    for (const l of this.loadedListeners) l();
    void this.buildInBackground(generation);
  }

  /**
   * Holds the market's background orders while its first load streams in (the poll's status says
   * loading), and builds them once it ends. Every change set places each referral in every view
   * kept: with the ~30 orders of the market built from the start of a load, that is ~0.2 ms a
   * referral at 1,000,000, most of a first load's time.
   * Held, the views kept are the warm orders, those a list read and the parts of the market; each
   * order held is built later by one sort.
   */
  holdBackground(held: boolean): void {
    if (held === this.backgroundHeld) return;
    this.backgroundHeld = held;
    if (!held) {
      void this.buildInBackground(this.ctx.updates.generation);
      return;
    }
    const { views, settings } = this.ctx;
    const warm = new Set(settings.warm.map((s) => viewKey(ALL, s)));
    for (const v of [...views.byKey.values()]) {
      if (v.scope === ALL && !v.asked && !warm.has(v.key)) views.drop(v);
    }
  }

  /**
   * Builds the background orders of the market one after the other, unless a load intervenes or
   * they are held (see `holdBackground`).
   */
  private async buildInBackground(generation: number): Promise<void> {
    const { updates, views, settings } = this.ctx;
    for (const sort of settings.background) {
      if (generation !== updates.generation || this.backgroundHeld) return;
      await views
        .ready(ALL, sort, undefined, false)
        .catch((err: unknown) =>
          log.warn({ err, sort }, 'could not build a list order in the background'),
        );
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
   * referrals, so a change set of thousands applied in one go would hold every socket of the
   * instance for a second.
   * Each referral moves in every view at once; a page waits for the change set placed part-way
   * (not for those queued behind it) and is cut between two, so it is the lists at one seq (see
   * `page`).
   */
  applyInSlices(d: IndexDelta): Promise<void> {
    return this.ctx.updates.applyInSlices(d);
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
    // two lists, and neither view may push the other out (see `ViewCache.trim`) while it waits.
    const pinned: View[] = [];
    try {
      for (let readied = 0; ;) {
        signal?.throwIfAborted();
        await this.ctx.updates.between();
        const got = this.pages.cut(scope, q);
        if (got === undefined) continue;
        if (!isNeed(got)) return got;
        // Past a few readies (slots or members taken back meanwhile), the list's own view.
        readied += 1;
        const view = await this.pages.readyFor(got, signal, readied > MAX_READIES);
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
   * Readies a scope's lists in an order now, so that no page waits for them later: a large scope's
   * members read and its slot counted in the market's view in that order (no view of its own), any
   * other scope's view built.
   */
  async prepare(scope: ListScope, sort: Sort | null): Promise<void> {
    const { updates, views, scopes } = this.ctx;
    if (scope !== ALL) {
      await updates.between();
      const group = scopes.of(scope);
      await scopes.membersOf(group);
      await group.taking;
      const all = views.byKey.get(viewKey(ALL, sort))?.tree;
      if (group.slot !== undefined && all && scopes.byKey.get(scope.key) === group) {
        await all.countSlotInSlices(group.slot);
        return;
      }
    }
    await views.ready(scope, sort);
  }

  /**
   * Every referral of a scope if its view is built or a market's view counts its slot (in that
   * view's order), else undefined (for callers that cannot wait and have another way).
   */
  allNow(scope: ListScope): Opportunity[] | undefined {
    const { updates, views, scopes, settings } = this.ctx;
    if (updates.loading) return undefined;
    const group = scopes.byKey.get(scope.key);
    for (const v of group?.views ?? []) {
      if (v.tree) {
        v.usedAt = settings.now();
        return v.tree.toArray().map((e) => e.o);
      }
    }
    const slot = group?.slot;
    if (!group || slot === undefined) return undefined;
    for (const v of views.byKey.values()) {
      if (v.scope !== ALL || !v.tree?.countsSlot(slot)) continue;
      group.usedAt = settings.now();
      return Array.from(v.tree.walk(inSlot(EVERY_CELL, slot), 0), (e) => e.o);
    }
    return undefined;
  }

  /**
   * The referrals a dashboard can count at the index's clock: claimable, or with a date in the
   * last 28 hours (a superset: the dashboard's own rules decide). Some thousands, not the market.
   */
  recent(): Opportunity[] {
    return this.ctx.market.recentRecords();
  }

  /**
   * Moves the clock, and every referral that crossed a date window's edge to its new cell (not
   * during a load: its entries' cells are at the load's clock until it ends).
   */
  advance(nowMs: number): void {
    if (this.ctx.updates.journal) return;
    this.ctx.clock.advance(nowMs);
  }

  /** Drops views of parts of the market, and scopes, that no list read for a while. */
  sweep(): void {
    const { views, scopes, settings } = this.ctx;
    const now = settings.now();
    views.sweep(now, settings.idleMs);
    scopes.sweep(now, settings.idleMs);
  }
}
