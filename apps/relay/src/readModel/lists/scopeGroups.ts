/**
 * The scopes the index has read (a `ScopeGroup` each, see parts.ts): each one's views, and once
 * read its members and how many of them are in each cell, kept with every change. A page of an
 * order the scope has no view in is read from the market's view in that order (by a descent when
 * the scope holds a slot, else stepping over non-members), its total counted here, so no view is
 * built for it.
 *
 * Invariant: once a scope's members are read, they are exactly the market's entries in the scope
 * and `counts` holds how many are in each cell at the index's clock; changes that land while the
 * members are read are kept in `pending` and replayed on what was read.
 */
import { CELL_COUNT, bucketOf, cellOf } from './cells.js';
import { forEachInSlices } from '../../lib/slices.js';
import { cellIn, entrySet, type Entry, type EntrySet } from './entry.js';
import type { IndexContext, ScopeGroup, ScopesPart } from './parts.js';
import { ALL, type ListScope } from './scopes.js';
import { inSlotOf, setSlot } from './slotBits.js';

/** `entry` when it is in the group's scope (by its slot bit where the scope holds a slot). */
const memberOf = (group: ScopeGroup, entry: Entry | undefined): Entry | undefined =>
  entry !== undefined &&
  (group.slot === undefined ? group.scope.has(entry.o) : inSlotOf(entry, group.slot))
    ? entry
    : undefined;

export class ScopeGroups implements ScopesPart {
  /** The group of each scope read, by the scope's key. */
  byKey = new Map<string, ScopeGroup>();

  constructor(private readonly ctx: IndexContext) {}

  /** Forgets every scope (a load replaced the market). */
  clear(): void {
    this.byKey = new Map();
  }

  /** The group of a scope, added if it has none. */
  of(scope: ListScope): ScopeGroup {
    let group = this.byKey.get(scope.key);
    if (!group) {
      group = {
        scope,
        views: new Set(),
        members: undefined,
        counts: undefined,
        pending: undefined,
        reading: undefined,
        usedAt: this.ctx.settings.now(),
        slot: undefined,
        taking: undefined,
      };
      this.ctx.views.evictOverflow();
      this.byKey.set(scope.key, group);
    }
    return group;
  }

  /** The members of a scope, read once (in slices) and then kept with every change. */
  membersOf(group: ScopeGroup): Promise<EntrySet> {
    if (group.members) return Promise.resolve(group.members);
    group.reading ??= this.readMembers(group).finally(() => (group.reading = undefined));
    return group.reading;
  }

  /**
   * Reads a scope's members while the market moves: a state's from the state's referrals, a
   * narrower scope's from its parent's members, others from the market. What changes meanwhile is
   * in `pending`, replayed on what was read, so an entry read and then changed, or changed and
   * then read, ends right either way (as in `ViewCache.build`).
   */
  private async readMembers(group: ScopeGroup): Promise<EntrySet> {
    const { scope } = group;
    group.pending = [];
    const parent =
      scope.parent && scope.parent !== ALL
        ? await this.membersOf(this.of(scope.parent))
        : undefined;
    const { market } = this.ctx;
    const state = scope.state;
    const source: Iterable<Entry> =
      state !== undefined ? market.stateSet(state) : (parent ?? market.byId.values());
    // A state's referrals are in the parent scope's when its members say so.
    const keep =
      parent !== undefined && state !== undefined
        ? (e: Entry) => parent.has(e)
        : (e: Entry) => scope.has(e.o);
    // Members are counted per cell as they are read, in slices (a set of 600,000 built at once
    // would hold the event loop), by their cell at the clock of the start: the clock may move
    // meanwhile, and an entry's own cell with it.
    const at = this.ctx.clock.at;
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
    this.countCrossed(members, counts, cellAt, at, byModified);
    group.members = members;
    group.counts = counts;
    if (this.byKey.get(scope.key) === group) this.ctx.slots.take(group);
    return members;
  }

  /**
   * Counts each member that crossed a date window's edge since `at` in its cell now (once: a long
   * move of the clock crosses several edges).
   */
  private countCrossed(
    members: EntrySet,
    counts: number[],
    cellAt: (e: Entry) => number,
    at: number,
    byModified: boolean,
  ): void {
    for (const e of new Set(this.ctx.market.crossing(at, this.ctx.clock.at, byModified))) {
      if (!members.has(e)) continue;
      const cellNow = byModified ? e.modifiedCell : e.addedCell;
      counts[cellAt(e)] = (counts[cellAt(e)] ?? 0) - 1;
      counts[cellNow] = (counts[cellNow] ?? 0) + 1;
    }
  }

  /** Drops a scope's group (its members) once none of its views is left. */
  drop(group: ScopeGroup): void {
    if (group.views.size === 0 && this.byKey.get(group.scope.key) === group) {
      void this.ctx.slots.free(group);
      this.byKey.delete(group.scope.key);
    }
  }

  /** Drops the scopes no list read for `idleMs` (their views are dropped first). */
  sweep(now: number, idleMs: number): void {
    for (const g of this.byKey.values()) {
      const used = Math.max(g.usedAt, ...[...g.views].map((v) => v.usedAt));
      if (!g.reading && !g.pending && now - used > idleMs) this.drop(g);
    }
  }

  /** Makes room for one scope more: drops the least recently read of those with no view. */
  evictBare(maxViews: number): void {
    const bare = [...this.byKey.values()].filter(
      (g) => g.views.size === 0 && !g.reading && !g.pending,
    );
    if (bare.length >= maxViews) {
      bare.sort((a, b) => a.usedAt - b.usedAt);
      for (const g of bare.slice(0, bare.length - maxViews + 1)) this.drop(g);
    }
  }

  /**
   * Applies a change of one referral to every scope: its slot bits, then each scope's members,
   * counts and views. The hot path of a change set, inline per scope and per view.
   */
  change(prev: Entry | undefined, next: Entry | undefined): void {
    // The slotted scopes the new entry is in, before any view of the market holds it.
    const owners = this.ctx.slots.owners;
    if (next)
      for (let s = 0; s < owners.length; s += 1)
        if (owners[s]?.scope.has(next.o)) setSlot(next, s, true);
    for (const group of this.byKey.values()) {
      const { scope, views, members, counts } = group;
      const had = memberOf(group, prev);
      const has = memberOf(group, next);
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
