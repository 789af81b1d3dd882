import { matchesAppetite } from '../marketplaces/appetite.js';
import type { RiskAppetite } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { epochSince, hourWindow, startOfDayMs } from './hours.js';
import { boughtDate, isOpenAt } from './rules.js';
import { DASHBOARD_HOURS, DASHBOARD_ITEM_ID, type AgentDashboard } from './types.js';

/** What an agent's dashboard is computed from: their marketplace's appetite and their agency. */
export interface AgentInputs {
  readonly referrals: Iterable<Opportunity>;
  /** The appetite of the agent's marketplace (the In-Appetite view's). */
  readonly appetite: RiskAppetite;
  /** The agent's agency, as referrals name their buyer (`assignedAgency`). */
  readonly agencyName: string;
  readonly nowMs: number;
  readonly timeZone: string;
  /**
   * Whether a referral is in the appetite; `matchesAppetite` unless the caller keeps the answers
   * (they hold while neither the referral nor the appetite changed).
   */
  readonly inAppetite?: (o: Opportunity) => boolean;
}

/**
 * An agent's dashboard in one pass: referrals open to them now (as their In-Appetite view shows
 * them, claimable), their agency's purchases since midnight (see `boughtDate`), and in-appetite
 * arrivals per clock hour. The appetite is only checked for referrals that could count, as it is
 * the costly part.
 */
export function computeAgentDashboard(i: AgentInputs): AgentDashboard {
  const window = hourWindow(i.nowMs, i.timeZone, DASHBOARD_HOURS);
  const dayStart = startOfDayMs(i.nowMs, i.timeZone);
  const dayStartIso = new Date(dayStart).toISOString();
  const inAppetite = i.inAppetite ?? ((o: Opportunity) => matchesAppetite(o, i.appetite));
  const arrivals = new Array<number>(DASHBOARD_HOURS).fill(0);
  let openNow = 0;
  let claimsToday = 0;
  for (const o of i.referrals) {
    if (o.assignedAgency === i.agencyName) {
      const bought = epochSince(boughtDate(o), dayStart, dayStartIso);
      if (bought <= i.nowMs) claimsToday += 1;
    }
    const h = window.indexOfIso(o.addDate);
    const open = isOpenAt(o, i.nowMs);
    if ((h < 0 && !open) || !inAppetite(o)) continue;
    if (open) openNow += 1;
    if (h >= 0) arrivals[h] = (arrivals[h] ?? 0) + 1;
  }
  return {
    id: DASHBOARD_ITEM_ID,
    audience: 'agent',
    at: i.nowMs,
    timeZone: i.timeZone,
    openNow,
    claimsToday,
    hours: window.starts.map((start, h) => ({ start, arrivals: arrivals[h] ?? 0 })),
    arrivalsTotal: arrivals.reduce((s, n) => s + n, 0),
  };
}
