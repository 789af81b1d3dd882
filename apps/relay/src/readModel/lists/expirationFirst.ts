/**
 * Lists by expiration first (shared `expirationFirst`), read without a view of their own, which
 * would hold an order that changes with the clock: the lead is the scope's entries in the leading
 * cells (their claim window open now: see `Market.crossing`), read from the scope's list by
 * expiry, ties of equal expiry reordered by the sort, or from the list's own view in the lead's
 * order when ties run long; the rest follows, the scope's entries in every other cell of the mask,
 * read from its list in the sort. Each is a mask of a list the scope has anyway (the market's
 * orders are kept; an appetite counts its slot in them), so a page costs two descents.
 *
 * Invariant: the lead is exactly the leading cells at the index's clock, in the sort's order; no
 * entry is in both the lead and the rest, since their masks are disjoint.
 */
import type { Sort } from '@referrals/shared';
import type { CellMask } from '../../lib/countedTree.js';
import { leadOf, restOf } from './cells.js';
import type { Entry } from './entry.js';
import { isNeed, type Excerpt, type Need, type Span } from './excerpt.js';
import { BY_EXPIRY, entryOrder, viewKey } from './orders.js';
import type { ExpirationFirstPart, IndexContext, ListReader } from './parts.js';
import type { ListScope } from './scopes.js';

export class ExpirationFirst implements ExpirationFirstPart {
  constructor(
    private readonly ctx: IndexContext,
    private readonly lists: ListReader,
  ) {}

  /** `take` entries of a scope's list by expiration first from position `skip`, and its total. */
  excerpt(scope: ListScope, sort: Sort, mask: CellMask, span: Span): Excerpt | Need {
    const { skip, take, now } = span;
    const bySort: Sort = { key: sort.key, direction: sort.direction };
    const lead = leadOf(mask);
    const others = this.lists.excerpt(scope, bySort, restOf(mask), { skip: 0, take: 0, now });
    if (isNeed(others)) return others;
    const own = this.ctx.views.byKey.get(viewKey(scope, sort));
    let leading: number;
    if (own?.tree) {
      own.usedAt = now;
      leading = own.tree.countOf(lead);
    } else {
      const whole = this.lists.excerpt(scope, BY_EXPIRY, lead, { skip: 0, take: 0, now });
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
    const tail = this.lists.excerpt(scope, bySort, restOf(mask), {
      skip: Math.max(0, skip - leading),
      take: take - head.length,
      now,
    });
    if (isNeed(tail)) return tail;
    return { entries: head.length ? [...head, ...tail.entries] : tail.entries, total };
  }

  /**
   * Positions `lo` to `hi` of the lead of a scope's list by expiration first: read from its list by
   * expiry with a margin that grows until the ties of equal expiry at both ends are whole, then
   * sorted in the lead's order (which reorders within those ties only). Expiries are near unique,
   * so a tie costs a few entries; ties longer than `tieLimit` build the list's own view.
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
    for (let margin = 1; margin <= this.ctx.settings.tieLimit; margin *= 4) {
      const from = Math.max(0, lo - margin);
      const to = Math.min(leading, hi + margin);
      const got = this.lists.excerpt(scope, BY_EXPIRY, lead, { skip: from, take: to - from, now });
      if (isNeed(got)) return got;
      const run = got.entries;
      const headWhole = from === 0 || !sameExpiry(run[0], run[lo - from]);
      const tailWhole = to === leading || !sameExpiry(run[run.length - 1], run[hi - 1 - from]);
      if (headWhole && tailWhole) return run.sort(entryOrder(sort)).slice(lo - from, hi - from);
    }
    return { scope, sort };
  }
}
