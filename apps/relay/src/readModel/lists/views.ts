/**
 * The view cache: per scope and list order a view (`View`, see parts.ts), a B+tree counted per
 * cell (see cells.ts) that a page is cut from, built on demand in slices while the market moves,
 * and dropped when unused, idle or over budget. Both directions of a sort key share one view (see `treeSortOf`); the market's views
 * also count the slotted scopes per node (see slots.ts).
 *
 * Invariant: a view with a `tree` holds exactly the entries of its scope, each in its cell at the
 * index's clock; while it is built (`tree` undefined) every change that concerns it is kept in
 * `pending`, replayed before the tree is put in place. Views of a part of the market are built one
 * at a time.
 */
import type { Sort } from '@referrals/shared';
import { CountedTree } from '../../lib/countedTree.js';
import { forEachInSlices, sortInSlices } from '../../lib/slices.js';
import { logger } from '../../log.js';
import { CELL_COUNT, EVERY_CELL } from './cells.js';
import { cellIn, type Entry } from './entry.js';
import { readInOrder, readLive } from './liveReads.js';
import { entryOrder, treeSortOf, viewKey } from './orders.js';
import type { IndexContext, View, ViewsPart } from './parts.js';
import { ALL, type ListScope } from './scopes.js';
import { SORT_SHARE } from './settings.js';
import { slotsOf } from './slotBits.js';
import { whileWanted } from './waits.js';

const log = logger('readModel');

/** The view budget's least: see `ReferralIndexOptions.maxViewEntries`. */
const MIN_VIEW_ENTRIES = 1_000_000;

export class ViewCache implements ViewsPart {
  /** Every view, by `viewKey`. */
  byKey = new Map<string, View>();
  /** The last build of a scope's view under way (they run one at a time). */
  private building: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: IndexContext) {}

  /** Forgets every view (a load replaced the market): builds under way are not put in place. */
  clear(): void {
    this.byKey = new Map();
  }

  /**
   * The view of a scope in an order, built and current, after any load under way; the wait ends
   * (rejected) when `signal` aborts.
   */
  async ready(
    scope: ListScope,
    sort: Sort | null,
    signal?: AbortSignal,
    asked = true,
  ): Promise<View> {
    const { updates, settings } = this.ctx;
    for (;;) {
      await updates.between();
      const key = viewKey(scope, sort);
      let view = this.byKey.get(key);
      if (!view) view = this.build(scope, sort);
      view.usedAt = settings.now();
      if (asked) view.asked = true;
      if (view.tree && !updates.loading) return view;
      view.waiters += 1;
      try {
        await whileWanted(view.ready, signal);
      } finally {
        view.waiters -= 1;
      }
      // A view dropped while it was built (evicted, or a load replaced every view) is built
      // again; one still listed must be built by now.
      if (!view.tree && this.byKey.get(view.key) === view)
        throw new Error(`view ${view.key} not built`);
    }
  }

  private build(scope: ListScope, sort: Sort | null): View {
    const view = this.newView(scope, sort);
    view.pending = [];
    this.evictOverflow();
    this.add(view);
    const { updates } = this.ctx;
    const generation = updates.generation;
    const kept = () => generation === updates.generation && this.byKey.get(view.key) === view;
    // A scope's views are built one at a time (the market's are: see
    // `ReferralIndex.buildInBackground`), so many lists asking at once queue rather than hold as
    // many half-built copies of the market.
    const after = scope === ALL ? Promise.resolve() : this.building;
    view.ready = after.then(() => this.fill(view, scope, sort, kept));
    view.ready = view.ready.catch((err: unknown) => {
      log.error({ err, view: view.key }, 'could not build a list view');
      this.drop(view);
    });
    if (scope !== ALL) this.building = view.ready;
    return view;
  }

  /** Builds a view's tree (see `build`), unless it is no longer `kept` or no page waits for it. */
  private async fill(
    view: View,
    scope: ListScope,
    sort: Sort | null,
    kept: () => boolean,
  ): Promise<void> {
    if (!kept()) return;
    if (scope !== ALL && view.waiters === 0) {
      this.drop(view);
      return;
    }
    // Read while the market moves: what changes meanwhile is in `pending`, replayed below so
    // that an entry read and then changed, or changed and then read, ends right either way.
    const items = await this.membersInOrder(scope, sort, this.builtAncestor(scope, sort));
    if (!kept()) return;
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
    this.trim(view);
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
    if (scope === ALL) return sortInSlices(await readLive(this.ctx.market.byId), order);
    const { scopes } = this.ctx;
    const members = await scopes.membersOf(scopes.of(scope));
    if (parent?.tree && members.size * SORT_SHARE > parent.tree.countOf(EVERY_CELL))
      return readInOrder(parent.tree, (e) => members.has(e), members.size);
    return sortInSlices(await readLive(members), order);
  }

  /** The nearest scope above this one whose view in this order is built (the market's last). */
  private builtAncestor(scope: ListScope, sort: Sort | null): View | undefined {
    for (let s = scope.parent; s; s = s.parent) {
      const v = this.byKey.get(viewKey(s, sort));
      if (v?.tree) return v;
    }
    const all = this.byKey.get(viewKey(ALL, sort));
    return scope === ALL ? undefined : all?.tree ? all : undefined;
  }

  newTree(scope: ListScope, sort: Sort | null): CountedTree<Entry> {
    return new CountedTree<Entry>(
      entryOrder(treeSortOf(sort)),
      CELL_COUNT,
      cellIn(scope),
      this.ctx.settings.nodeSize,
      scope === ALL ? slotsOf : undefined,
    );
  }

  newView(scope: ListScope, sort: Sort | null): View {
    return {
      key: viewKey(scope, sort),
      scope,
      sort: treeSortOf(sort),
      tree: undefined,
      pending: undefined,
      ready: Promise.resolve(),
      usedAt: this.ctx.settings.now(),
      asked: false,
      waiters: 0,
      pins: 0,
    };
  }

  add(v: View): void {
    this.byKey.set(v.key, v);
    this.ctx.scopes.of(v.scope).views.add(v);
  }

  drop(v: View): void {
    if (this.byKey.get(v.key) !== v) return;
    this.byKey.delete(v.key);
    this.ctx.scopes.byKey.get(v.scope.key)?.views.delete(v);
  }

  /** Drops views of parts of the market that no list read for `idleMs`, unless pinned. */
  sweep(now: number, idleMs: number): void {
    for (const v of this.byKey.values()) {
      if (v.scope !== ALL && v.pins === 0 && now - v.usedAt > idleMs) this.drop(v);
    }
  }

  /**
   * Drops the least recently read views of parts of the market until the entries they hold fit
   * the budget (`maxViewEntries`), keeping `built`: a view of an appetite at 1,000,000 referrals
   * holds some 400,000 entries, and a bench asking every order of every scope would otherwise
   * hold gigabytes.
   */
  private trim(built: View): void {
    const parts = [...this.byKey.values()].filter((v) => v.scope !== ALL && v.tree && !v.pins);
    const budget =
      this.ctx.settings.maxViewEntries ?? Math.max(MIN_VIEW_ENTRIES, 4 * this.ctx.market.size);
    let held = parts.reduce((n, v) => n + (v.tree?.countOf(EVERY_CELL) ?? 0), 0);
    if (held <= budget) return;
    parts.sort((a, b) => a.usedAt - b.usedAt);
    for (const v of parts) {
      if (held <= budget) return;
      if (v === built) continue;
      held -= v.tree?.countOf(EVERY_CELL) ?? 0;
      this.drop(v);
    }
  }

  /** Called before a view or a scope is added: makes room for it. */
  evictOverflow(): void {
    const { maxViews } = this.ctx.settings;
    const parts = [...this.byKey.values()].filter((v) => v.scope !== ALL && v.pins === 0);
    if (parts.length >= maxViews) {
      parts.sort((a, b) => a.usedAt - b.usedAt);
      for (const v of parts.slice(0, parts.length - maxViews + 1)) this.drop(v);
    }
    this.ctx.scopes.evictBare(maxViews);
  }
}
