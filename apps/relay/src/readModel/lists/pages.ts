/**
 * Cutting a page of a list from the views: from the scope's view in the page's order; else from
 * the market's view in that order, by a descent when it counts the scope's slot, or stepping over
 * non-members when the page is near enough an end of the list; a list by expiration first from
 * its lead and its rest (expirationFirst.ts). What cannot be read now is a `Need`, readied first.
 *
 * Invariant: a page is cut between two change sets, after the clock moved to the instant it is
 * cut at, so its entries and total are of one seq and one clock.
 */
import type { ReferralQuery, Sort } from '@referrals/shared';
import { inSlot, sumOf, type CellMask, type CountedTree } from '../../lib/countedTree.js';
import { inOrder, pageOf, type Groups as Ties } from '../../lib/twoWay.js';
import { EVERY_CELL, maskOf } from './cells.js';
import { modifiedCellOf, type Entry, type EntrySet } from './entry.js';
import { isNeed, type Excerpt, type IndexedPage, type Need, type Span } from './excerpt.js';
import { tiesOf, viewKey } from './orders.js';
import type { ExpirationFirstPart, IndexContext, ListReader, View } from './parts.js';
import { ALL, type ListScope } from './scopes.js';
import { whileWanted } from './waits.js';

export class Pages implements ListReader {
  private readonly expirationFirst: ExpirationFirstPart;

  /** `expirationFirst` makes the reader of lists by expiration first, which reads this one's. */
  constructor(
    private readonly ctx: IndexContext,
    expirationFirst: (lists: ListReader) => ExpirationFirstPart,
  ) {
    this.expirationFirst = expirationFirst(this);
  }

  /**
   * The page cut now, between two change sets; what must be readied first when it cannot be cut
   * now (see `excerpt`); undefined when a change set is being placed.
   */
  cut(scope: ListScope, q: Omit<ReferralQuery, 'state'>): IndexedPage | Need | undefined {
    const { updates, clock, settings } = this.ctx;
    if (updates.placing || updates.loading) return undefined;
    const now = settings.now();
    if (!updates.journal) clock.advance(now);
    const got = this.excerpt(scope, q.sort, maskOf(q), {
      skip: q.page * q.size,
      take: q.size,
      now,
    });
    if (isNeed(got)) return got;
    return {
      seq: updates.seq,
      content: got.entries.map((e) => e.o),
      totalElements: got.total,
      page: q.page,
      size: q.size,
    };
  }

  /**
   * `take` entries of a scope's list in an order from position `skip`, and the list's total: for a
   * sort by expiration first, from its lead and its rest (see expirationFirst.ts); else from the
   * scope's view in the order; else from the market's view in the order, by a descent when it
   * counts the scope's slot, or stepping over non-members when the entries are near enough an end
   * of the list. What must be readied first when none of these can be read now.
   */
  excerpt(scope: ListScope, sort: Sort | null, mask: CellMask, span: Span): Excerpt | Need {
    if (sort?.expirationFirst) return this.expirationFirst.excerpt(scope, sort, mask, span);
    const { skip, take, now } = span;
    const { views, scopes, slots, settings } = this.ctx;
    const ties = tiesOf(sort, settings.nodeSize);
    const view = views.byKey.get(viewKey(scope, sort));
    if (view?.tree) {
      view.usedAt = now;
      view.asked = true;
      return {
        entries: pageOf(view.tree, mask, skip, take, ties),
        total: view.tree.countOf(mask),
      };
    }
    const need = { scope, sort };
    const marketView = scope === ALL ? undefined : views.byKey.get(viewKey(ALL, sort));
    const all = marketView?.tree;
    const group = scopes.byKey.get(scope.key);
    if (!marketView || !all || !group?.members || !group.counts) return need;
    marketView.asked = true;
    group.usedAt = now;
    const total = sumOf(group.counts, mask);
    if (skip >= total || take === 0) return { entries: [], total };
    // A scope that gave its slot up takes one back when one is free or idle.
    if (group.slot === undefined) slots.take(group);
    if (group.slot !== undefined) {
      // A descent of the market's view, once it counts the slot (see `readyFor`).
      if (!all.countsSlot(group.slot)) return need;
      return { entries: pageOf(all, inSlot(mask, group.slot), skip, take, ties), total };
    }
    return this.stepOver(all, group.members, scope, mask, skip, take, total, ties) ?? need;
  }

  /**
   * A scope's entries read from the market's view in the order, stepping over non-members, from
   * the nearer end of the list; undefined when more than `walkLimit` entries would be stepped over.
   */
  private stepOver(
    all: CountedTree<Entry>,
    members: EntrySet,
    scope: ListScope,
    mask: CellMask,
    skip: number,
    take: number,
    total: number,
    ties: Ties<Entry> | undefined,
  ): Excerpt | undefined {
    const { walkLimit } = this.ctx.settings;
    // The acquired lists filter on lastModDate: the market's cells (by addDate) cannot skip.
    const byModified = scope.dateField === 'lastModDate';
    const treeMask = byModified ? EVERY_CELL : mask;
    // The entries are read from the nearer end of the list: the steps expected are the entries
    // before them (or after them) over the share of members among the entries stepped over.
    const end = Math.min(skip + take, total);
    const backwards = total - skip < end;
    const spread = all.countOf(treeMask) / total;
    if ((backwards ? total - skip : end) * spread > walkLimit) return undefined;
    let budget = walkLimit;
    let rest = backwards ? total - end : skip;
    const wanted = end - skip;
    const out: Entry[] = [];
    for (const e of inOrder(all, treeMask, ties, backwards)) {
      if (--budget < 0) break;
      if (!members.has(e) || (byModified && mask.wants[modifiedCellOf(e)] !== 1)) continue;
      if (rest > 0) rest -= 1;
      else out.push(e);
      if (out.length === wanted) break;
    }
    if (backwards) out.reverse();
    return budget < 0 ? undefined : { entries: out, total };
  }

  /**
   * Readies what a page needs (see `excerpt`): a large scope's slot counted in the market's view
   * in the order, or the scope's members read (then its page may be read from the market's view),
   * or else (and always with `ownView`) the scope's own view in the order built, which it returns.
   */
  async readyFor(
    { scope, sort }: Need,
    signal: AbortSignal | undefined,
    ownView: boolean,
  ): Promise<View | undefined> {
    const { views, scopes } = this.ctx;
    if (ownView) return views.ready(scope, sort, signal);
    // A slot being taken is waited for, then counted at once (not a view built meanwhile).
    const taking = scopes.byKey.get(scope.key)?.taking;
    if (taking) await whileWanted(taking, signal);
    const all = views.byKey.get(viewKey(ALL, sort))?.tree;
    const group = scopes.byKey.get(scope.key);
    // Counted in slices (~30 ms in all at 1,000,000), once per order; changes meanwhile are
    // counted as they come.
    if (group?.slot !== undefined && all && (taking || !all.countsSlot(group.slot))) {
      await whileWanted(all.countSlotInSlices(group.slot), signal);
      return undefined;
    }
    if (scope !== ALL && all && !sort?.expirationFirst) {
      const read = group ?? scopes.of(scope);
      // Unless the scope was evicted meanwhile: then its view is built below.
      if (!read.members) {
        await whileWanted(scopes.membersOf(read), signal);
        if (scopes.byKey.get(scope.key) === read) return undefined;
      }
    }
    return views.ready(scope, sort, signal);
  }
}
