/**
 * The purchases a figures window reads (the conversion and contact-speed figures): the caller's,
 * every agency's for admins, over `dateFilter` (30 days by default).
 * Invariant: a user who is not an admin reads only their own agency's purchases; one with no
 * agency gets 403, a bad query 400, before anything is read.
 */
import { DATE_FILTER_SPAN_MS, parseQuery, QUERIES, type DateFilter } from '@referrals/shared';
import type { ReadModel } from '../../readModel/api.js';
import { fail, principalOf, type ApiRequest, type ApiResponse } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { EXPORT_MAX_ROWS } from './filtered.js';
import { acquiredScopeOf } from './query.js';

/** What the figures of a window read: the caller's purchases, whose they are, and its start. */
export interface WindowPurchases {
  readonly purchases: Awaited<ReturnType<ReadModel['referralIndex']['page']>>;
  /** The caller's agency (null: an admin's, every agency's). */
  readonly agency: string | null;
  /** ISO start of the window. */
  readonly since: string;
}

/**
 * The caller's purchases of a figures window, up to EXPORT_MAX_ROWS; a 400 naming `what` for a
 * bad query, a 403 for a caller with no agency.
 */
export async function windowPurchases(
  d: Pick<GatewayDeps, 'profiles' | 'readModel' | 'now'>,
  req: ApiRequest,
  what: string,
): Promise<{ ok: true; window: WindowPurchases } | { ok: false; answer: ApiResponse }> {
  const q = parseQuery(QUERIES.conversion, req.query);
  if (!q.ok) return { ok: false, answer: fail(400, `invalid ${what} query`, q.errors) };
  const dateFilter = (q.value.dateFilter as DateFilter | undefined) ?? '30days';
  const mine = await acquiredScopeOf(d.profiles, principalOf(req));
  if (!mine) return { ok: false, answer: fail(403, 'your account has no agency') };
  const purchases = await d.readModel.referralIndex.page(mine.scope, {
    dateFilter,
    showClaimed: true,
    sort: null,
    page: 0,
    size: EXPORT_MAX_ROWS,
  });
  const since = new Date(d.now().getTime() - DATE_FILTER_SPAN_MS[dateFilter]).toISOString();
  return { ok: true, window: { purchases, agency: mine.agency, since } };
}
