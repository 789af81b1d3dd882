import type { Opportunity } from '@referrals/shared';
import type { ReferralViews } from '../store/referralViews.js';
import type { Page, Paging } from './paging.js';
import {
  BY_ADD_DATE_DESC,
  isClaimable,
  referralComparator,
  sortText,
  type Condition,
  type ListFilter,
} from './referralQuery.js';

/** One list call: the call's scope, the query's filters, and paging. */
export interface ListRequest {
  /** Conditions of the call itself (in appetite, acquired by, ...), on stored fields only. */
  readonly scope: readonly Condition[];
  readonly filter: ListFilter;
  /** A sliding lower bound on addDate (ISO) that moves with the clock (the recent list's 24 h). */
  readonly addedSince: string | null;
  /** The instant "claimable" is judged at, when only claimable referrals count. */
  readonly claimableAt: number | null;
  readonly paging: Paging;
}

/**
 * Answers a list page from a kept view instead of filtering and sorting the market:
 * - conditions on stored fields pick the view (built once, then kept up to date by writes);
 * - when the list is ordered by addDate first, date bounds are ranks found by binary search;
 * - what depends on the clock (claimable now; a sliding window when the order is not by addDate)
 *   is tested while walking the view's range.
 * With no clock-dependent test a page costs O(log n + size); with one, O(range) of the view
 * (the Available referrals, or one window), never a sort.
 */
export function answerList(views: ReferralViews, list: ListRequest): Page<Opportunity> {
  const { filter, paging } = list;
  const byAddDate = paging.sort[0]?.field === 'addDate';
  const desc = paging.sort[0]?.direction === 'desc';
  const conditions = [...list.scope, ...filter.conditions];
  const residual: ((o: Opportunity) => boolean)[] = [];
  if (!byAddDate) {
    // Fixed dates are stored-field conditions; a sliding one must be tested at the request.
    const { addedFrom, addedBefore } = filter;
    if (addedFrom !== null)
      conditions.push({ key: `from=${addedFrom}`, test: (o) => o.addDate >= addedFrom });
    if (addedBefore !== null)
      conditions.push({ key: `before=${addedBefore}`, test: (o) => o.addDate < addedBefore });
    const since = list.addedSince;
    if (since !== null) residual.push((o) => o.addDate >= since);
  }
  const at = list.claimableAt;
  if (at !== null) residual.push((o) => isClaimable(o, at));
  const keys = conditions.map((c) => c.key).sort();
  const index = views.get({
    key: `${[...new Set(keys)].join('&')}|${sortText(paging.sort)}`,
    test: (o) => conditions.every((c) => c.test(o)),
    compare: referralComparator(paging.sort),
  });

  let lo = 0;
  let hi = index.size;
  if (byAddDate) {
    const from = later(filter.addedFrom, list.addedSince);
    const before = filter.addedBefore;
    // Newest first: "added at or after from" is a prefix, "added at or after before" too.
    if (desc) {
      if (from !== null) hi = index.rankWhere((o) => o.addDate >= from);
      if (before !== null) lo = index.rankWhere((o) => o.addDate >= before);
    } else {
      if (from !== null) lo = index.rankWhere((o) => o.addDate < from);
      if (before !== null) hi = index.rankWhere((o) => o.addDate < before);
    }
    hi = Math.max(lo, hi);
  }

  const start = paging.page * paging.size;
  let total: number;
  let content: Opportunity[];
  if (residual.length === 0) {
    total = hi - lo;
    content = index.slice(lo + start, Math.min(hi, lo + start + paging.size));
  } else {
    total = 0;
    content = [];
    index.scan(lo, hi, (o) => {
      if (!residual.every((t) => t(o))) return true;
      if (total >= start && content.length < paging.size) content.push(o);
      total++;
      return true;
    });
  }
  return {
    content,
    totalElements: total,
    numberOfElements: content.length,
    totalPages: Math.ceil(total / paging.size),
    number: paging.page,
    size: paging.size,
  };
}

/** The later of two optional ISO instants. */
const later = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/**
 * Builds the list every relay poll pages through (all referrals, newest first) ahead of the first
 * request, so the first poll does not pay for it.
 */
export function warmDefaultList(views: ReferralViews): void {
  answerList(views, {
    scope: [],
    filter: { addedFrom: null, addedBefore: null, conditions: [], claimableOnly: false },
    addedSince: null,
    claimableAt: null,
    paging: { page: 0, size: 1, sort: BY_ADD_DATE_DESC },
  });
}
