/**
 * Pages of the referral lists, as every list route (and the server render of the public feed)
 * builds them from the read model's indexes.
 * Invariant: a page is read from the indexes alone, never from the upstream, and while the first
 * load of the market runs it says so (`loading`) rather than passing for the whole market.
 */
import {
  listDefaults,
  parseReferralQuery,
  toPublicReferral,
  type ReferralQuery,
} from '@referrals/shared';
import { ALL, withState, type ListScope, type ReadModel } from '../../readModel/api.js';

/** Rows of a list page when the query names no size. */
export const PAGE_SIZE = 25;

/** A list with nothing in it (a user whose agency has no marketplace): the page, no total. */
export const emptyPage = (seq: number, q: ReferralQuery) => ({
  seq,
  content: [],
  totalElements: 0,
  page: q.page,
  size: q.size,
});

/**
 * While the first load of the market runs, a list answers with what has arrived and says so:
 * `loading` gives the referrals loaded and expected.
 */
export function loadingNoteOf(readModel: ReadModel) {
  const loading = readModel.status.get('poll')?.loading;
  return loading ? { loading } : {};
}

/**
 * A page of a list from the indexes, the state filter narrowing the scope; `signal` ends the wait
 * when the asker goes away.
 */
export const listPage = async (
  readModel: ReadModel,
  scope: ListScope,
  q: ReferralQuery,
  signal?: AbortSignal,
) => ({
  ...(await readModel.referralIndex.page(withState(scope, q.state), q, signal)),
  ...loadingNoteOf(readModel),
});

/**
 * A page of the public feed for a list query (its raw parameters), in the public projection: the
 * REST list's answer, and what the server render of the feed shows.
 */
export async function publicFeedPage(
  readModel: ReadModel,
  params: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
) {
  const q = parseReferralQuery(params, { ...listDefaults({ kind: 'public' }), size: PAGE_SIZE });
  if (!q.ok) return q;
  const page = await listPage(readModel, ALL, q.query, signal);
  return {
    ok: true as const,
    page: { ...page, content: page.content.map(toPublicReferral) },
  };
}
