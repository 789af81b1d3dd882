import {
  computeAgentDashboard,
  computePrivilegedDashboard,
  DEFAULT_TIME_ZONE,
  matchesAppetite,
  rooms,
  type Dashboard,
  type Opportunity,
  type RiskAppetite,
} from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { agentMarketplace } from './agentMarketplace.js';
import { isRefusal, type ComputedRoom, type Refusal, type SignedInContext } from './roomTypes.js';

/** The streams the privileged dashboard is computed from (an agent's reads two of them). */
export const DASHBOARD_STREAMS = [
  'referrals',
  'marketplaces',
  'deliveryStats',
  'deliveryErrors',
] as const satisfies readonly StreamName[];

/**
 * The dashboard room of a principal. Admins and carriers share one room (the same figures, one
 * computation); agents get the room of their agency and its marketplace, decided from the verified
 * token and the profile resolver, never from anything the client sends. The "today" of the
 * figures is the shared default zone's, as upstream counts its days.
 */
export async function dashboardRoom(
  c: SignedInContext,
): Promise<ComputedRoom<Dashboard> | Refusal> {
  const { readModel, profiles, principal } = c;
  if (c.audience !== 'agent') {
    return {
      room: rooms.privilegedDashboard(),
      dependsOn: DASHBOARD_STREAMS,
      compute: (nowMs) =>
        computePrivilegedDashboard({
          referrals: readModel.referralIndex.recent(),
          marketplaces: readModel.marketplaces.values(),
          deliveryStats: readModel.deliveryStats.values(),
          deliveryErrors: readModel.deliveryErrors.get('page0'),
          nowMs,
          timeZone: DEFAULT_TIME_ZONE,
        }),
    };
  }
  const agent = await agentMarketplace(principal, readModel, profiles);
  if (isRefusal(agent)) return agent;
  const { marketplace: m, profile } = agent;
  const { id } = m;
  const agencyName = profile.agencyName;
  // The mirrors replace a record when it changes, so an answer holds while both objects stay.
  let matched = new WeakMap<Opportunity, boolean>();
  let matchedFor: RiskAppetite | undefined;
  const inAppetite = (appetite: RiskAppetite) => {
    if (appetite !== matchedFor) [matched, matchedFor] = [new WeakMap(), appetite];
    return (o: Opportunity) => {
      let yes = matched.get(o);
      if (yes === undefined) matched.set(o, (yes = matchesAppetite(o, appetite)));
      return yes;
    };
  };
  return {
    room: rooms.agentDashboard(id, profile.agencyId),
    dependsOn: ['referrals', 'marketplaces'],
    compute: (nowMs) => {
      // Read at each computation, so an edited appetite applies at once; a marketplace that is
      // gone leaves nothing in appetite.
      const appetite = readModel.marketplaces.get(id)?.riskAppetite;
      return computeAgentDashboard({
        referrals: appetite ? readModel.referralIndex.recent() : [],
        appetite: appetite ?? m.riskAppetite,
        inAppetite: inAppetite(appetite ?? m.riskAppetite),
        agencyName,
        nowMs,
        timeZone: DEFAULT_TIME_ZONE,
      });
    },
  };
}
