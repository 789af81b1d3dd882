/**
 * `GET /api/referrals`: the signed-in lists (all referrals, or those in the agency's appetite),
 * each row in the caller's audience's projection.
 * Invariant: rows carry only what the caller's audience may see, and the answer names its view
 * and order, so live changes keep the same ones.
 */
import {
  API,
  audienceOf,
  byExpirationFirst,
  CONSOLE_FLAGS,
  defaultReferralView,
  listDefaults,
  marketplaceOfAgency,
  REFERRAL_VIEWS,
  type ReferralQuery,
  type ReferralView,
} from '@referrals/shared';
import type { Principal } from '../../auth/verify.js';
import { ALL, flagEnabled, inAppetite, type ListScope } from '../../readModel/api.js';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import {
  emptyPage,
  loadingNoteOf,
  PAGE_SIZE,
  parseListQuery,
  sharedListAnswer,
} from './listPage.js';
import { SharedPages } from './sharedPages.js';

const isReferralView = (v: unknown): v is ReferralView =>
  (REFERRAL_VIEWS as readonly unknown[]).includes(v);

/**
 * The list query of a request with the caller's defaults. The expiration flag makes expiration
 * first the admin referral list's default order (the upstream's by-expiration call): a query that
 * names a sort gets that sort (a header click replaces the default), unless it asks for
 * expirationFirst too.
 */
function listQuery(d: GatewayDeps, p: Principal, view: unknown, query: Record<string, unknown>) {
  const def = listDefaults({ kind: 'signedIn', access: p.access, username: p.username });
  const byExpiration =
    view === 'all' && p.access.isAdmin && flagEnabled(d.readModel, CONSOLE_FLAGS.expirationSort);
  const sort = byExpiration ? byExpirationFirst(def.sort) : def.sort;
  return parseListQuery(query, { ...def, sort, size: PAGE_SIZE });
}

export function referralsRoute(d: GatewayDeps): Route {
  const { readModel } = d;
  const shared = new SharedPages(() => readModel.referralIndex.seq);
  return {
    ...API.referrals,
    guard: 'signedIn',
    handler: async (req) => {
      const p = principalOf(req);
      const view = req.query.view ?? defaultReferralView(p.access);
      const q = listQuery(d, p, view, req.query);
      const badView = isReferralView(view) ? [] : [`view must be ${REFERRAL_VIEWS.join(' or ')}`];
      if (!q.ok || !isReferralView(view))
        return fail(400, 'invalid list query', [...(q.ok ? [] : q.errors), ...badView]);
      let scope: ListScope = ALL;
      const query: ReferralQuery = q.query;
      if (view === 'inAppetite') {
        const profile = await d.profiles.resolve(p);
        const m = marketplaceOfAgency(readModel.marketplaces.values(), profile.agencyId);
        if (!m)
          return ok({
            ...emptyPage(readModel.referralIndex.seq, query),
            ...loadingNoteOf(readModel),
            view,
          });
        scope = inAppetite(m.id, m.riskAppetite);
      }
      return sharedListAnswer(readModel, shared, req, {
        scope,
        query,
        projection: audienceOf(p.access),
        head: { view, sort: query.sort },
      });
    },
  };
}
