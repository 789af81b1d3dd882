/**
 * Hints for an empty or misplaced list: the states of the user's appetite, and what each way out
 * of an empty list would show.
 * Invariant: each count costs one page query of size one on the list indexes, whatever the
 * market's size.
 */
import {
  API,
  listDefaults,
  marketplaceOfAgency,
  parseReferralQuery,
  REFERRAL_VIEWS,
  waysOut,
  type Marketplace,
  type ReferralQuery,
  type ReferralView,
} from '@referrals/shared';
import { ALL, inAppetite, withState } from '../readModel/api.js';
import { fail, ok, principalOf, type ApiRequest, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';

const isView = (v: unknown): v is ReferralView =>
  (REFERRAL_VIEWS as readonly unknown[]).includes(v);

/**
 * What an empty or misplaced list needs to say more than "nothing": the states of the user's
 * appetite (a geo-located state outside them falls back to All States), and how many referrals
 * each one-click way out of an empty list would show. Each count is one page query of size one
 * on the list indexes, so its cost is that of a list page, whatever the market's size.
 */
export function listHintRoutes(d: GatewayDeps): Route[] {
  const { readModel } = d;
  const marketplaceOf = async (req: ApiRequest): Promise<Marketplace | undefined> => {
    const profile = await d.profiles.resolve(principalOf(req));
    return marketplaceOfAgency(readModel.marketplaces.values(), profile.agencyId);
  };
  return [
    {
      ...API.appetiteHint,
      guard: 'signedIn',
      handler: async (req) => {
        const m = await marketplaceOf(req);
        return ok({ states: m ? m.riskAppetite.stateCodes : null });
      },
    },
    {
      ...API.waysOutHint,
      guard: 'signedIn',
      handler: async (req) => {
        const p = principalOf(req);
        const def = listDefaults({ kind: 'signedIn', access: p.access, username: p.username });
        const { view = 'all', ...rest } = req.query;
        if (!isView(view))
          return fail(400, 'invalid list query', [`view must be ${REFERRAL_VIEWS.join(' or ')}`]);
        const parsed = parseReferralQuery({ ...rest, page: '0', size: '1' }, { ...def, size: 1 });
        if (!parsed.ok) return fail(400, 'invalid list query', parsed.errors);
        const q = parsed.query;
        const m = view === 'inAppetite' ? await marketplaceOf(req) : undefined;
        const counts: Record<string, number> = {};
        for (const way of waysOut({ view, ...q })) {
          const wide: ReferralQuery = {
            ...q,
            state: way.change.state === null ? null : q.state,
            dateFilter: way.change.dateFilter ?? q.dateFilter,
            showClaimed: way.change.showClaimed ?? q.showClaimed,
          };
          const appetite = (way.change.view ?? view) === 'inAppetite';
          // No marketplace, no appetite: the in-appetite list is empty whatever its filters.
          if (appetite && !m) continue;
          const scope = appetite && m ? inAppetite(m.id, m.riskAppetite) : ALL;
          const page = await readModel.referralIndex.page(
            withState(scope, wide.state),
            wide,
            req.signal,
          );
          counts[way.key] = page.totalElements;
        }
        return ok({ counts });
      },
    },
  ];
}
