/**
 * What reading a list yields: the entries asked for and the list's total (`Excerpt`), or what
 * must be readied before they can be read (`Need`), and the page a caller gets (`IndexedPage`).
 *
 * Invariant: an excerpt is read between two change sets, so its entries and total are of one seq.
 */
import type { Opportunity, ReferralPage, Sort } from '@referrals/shared';
import type { Entry } from './entry.js';
import type { ListScope } from './scopes.js';

/** Entries of a list from a position, and the list's total. */
export interface Excerpt {
  readonly entries: Entry[];
  readonly total: number;
}

/** Which entries of a list are asked (`take` from position `skip`), and the instant asked at. */
export interface Span {
  readonly skip: number;
  readonly take: number;
  readonly now: number;
}

/**
 * What a page needs readied before it can be cut: a scope's list in an order (see
 * `Pages.readyFor`).
 */
export interface Need {
  readonly scope: ListScope;
  readonly sort: Sort | null;
}
export const isNeed = (got: object): got is Need => 'scope' in got;

/** A page of a list and the seq of the read model it was cut from. */
export type IndexedPage = ReferralPage<Opportunity> & { readonly seq: number };
