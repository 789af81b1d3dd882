/**
 * The dashboard topic's rooms: one shared by admins and carriers, one per agency for agents.
 *
 * Invariant: an agent's room is its own agency's, decided from the verified token and the
 * profile resolver, never from what the client sends.
 */
import { rooms, type Dashboard } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import type { DashboardAsk } from '../readModel/api.js';
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
 * token and the profile resolver, never from anything the client sends. The read model computes
 * the item (see readModel/dashboards.ts), where the referrals are.
 */
export async function dashboardRoom(
  c: SignedInContext,
): Promise<ComputedRoom<Dashboard> | Refusal> {
  const { readModel, profiles, principal } = c;
  if (c.audience !== 'agent') {
    return {
      room: rooms.privilegedDashboard(),
      dependsOn: DASHBOARD_STREAMS,
      compute: (nowMs) => readModel.dashboard({ audience: 'privileged' }, nowMs),
    };
  }
  const agent = await agentMarketplace(principal, readModel, profiles);
  if (isRefusal(agent)) return agent;
  const { marketplace: m, profile } = agent;
  const ask: DashboardAsk = {
    audience: 'agent',
    marketplaceId: m.id,
    appetite: m.riskAppetite,
    agencyName: profile.agencyName,
  };
  return {
    room: rooms.agentDashboard(m.id, profile.agencyId),
    dependsOn: ['referrals', 'marketplaces'],
    compute: (nowMs) => readModel.dashboard(ask, nowMs),
  };
}
