import type { DeliveryErrorsItem } from '../realtime/topicItems.js';
import type { DeliveryStat } from '../schemas/admin.js';
import type { Marketplace } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { hourWindow, startOfDayMs } from './hours.js';
import { boughtDate, expiryDate } from './rules.js';
import {
  DASHBOARD_HOURS,
  DASHBOARD_ITEM_ID,
  DASHBOARD_TOP,
  type ErrorsToday,
  type MarketplaceLoad,
  type PrivilegedDashboard,
  type StateCount,
} from './types.js';

/** What the privileged dashboard is computed from: the relay's mirrors and a clock. */
export interface PrivilegedInputs {
  readonly referrals: Iterable<Opportunity>;
  readonly marketplaces: Iterable<Marketplace>;
  readonly deliveryStats: Iterable<DeliveryStat>;
  readonly deliveryErrors: DeliveryErrorsItem | undefined;
  readonly nowMs: number;
  readonly timeZone: string;
}

/** The states most referrals arrived from, most first (ties by state code). */
export function topStates(counts: ReadonlyMap<string, number>, top = DASHBOARD_TOP): StateCount[] {
  return [...counts]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => b.count - a.count || a.state.localeCompare(b.state))
    .slice(0, top);
}

/**
 * Enabled marketplaces with a daily limit, by how much of it today's deliveries used, fullest
 * first (ties: more delivered, then by name). The count is upstream's `totalReferralsDeliveredToday`.
 */
export function nearestLimit(
  marketplaces: Iterable<Marketplace>,
  stats: Iterable<DeliveryStat>,
  top = DASHBOARD_TOP,
): MarketplaceLoad[] {
  const delivered = new Map<number, number>();
  for (const s of stats) delivered.set(s.marketplaceId, s.totalReferralsDeliveredToday);
  const out: MarketplaceLoad[] = [];
  for (const m of marketplaces) {
    const limit = m.riskAppetite.maxReferralsPerDay;
    if (!m.enabled || limit === null || limit <= 0) continue;
    const used = delivered.get(m.id) ?? 0;
    out.push({
      marketplaceId: m.id,
      marketplaceName: m.marketplaceName,
      delivered: used,
      limit,
      ratio: used / limit,
    });
  }
  return out
    .sort(
      (a, b) =>
        b.ratio - a.ratio ||
        b.delivered - a.delivered ||
        a.marketplaceName.localeCompare(b.marketplaceName),
    )
    .slice(0, top);
}

/** Delivery errors dated today (from midnight in the zone), the latest first. */
export function errorsToday(
  page: DeliveryErrorsItem | undefined,
  dayStartMs: number,
  top = DASHBOARD_TOP,
): ErrorsToday {
  const content = page?.content ?? [];
  const today = content
    .map((e) => ({ e, at: e.errorDate === null ? Number.NaN : Date.parse(e.errorDate) }))
    .filter(({ at }) => at >= dayStartMs)
    .sort((a, b) => b.at - a.at);
  return {
    count: today.length,
    more:
      today.length > 0 &&
      today.length === content.length &&
      (page?.totalElements ?? 0) > content.length,
    latest: today.slice(0, top).map(({ e }) => e),
  };
}

/**
 * The dashboard of admins and carriers in one pass over the referrals: arrivals (by `addDate`),
 * claims (see `boughtDate`) and expirations (see `expiryDate`) per clock hour of the last 24, and the
 * states most referrals arrived from in that window.
 */
export function computePrivilegedDashboard(i: PrivilegedInputs): PrivilegedDashboard {
  const window = hourWindow(i.nowMs, i.timeZone, DASHBOARD_HOURS);
  const arrivals = new Array<number>(DASHBOARD_HOURS).fill(0);
  const claims = new Array<number>(DASHBOARD_HOURS).fill(0);
  const expirations = new Array<number>(DASHBOARD_HOURS).fill(0);
  const states = new Map<string, number>();
  for (const o of i.referrals) {
    const a = window.indexOfIso(o.addDate);
    if (a >= 0) {
      arrivals[a] = (arrivals[a] ?? 0) + 1;
      if (o.state) states.set(o.state, (states.get(o.state) ?? 0) + 1);
    }
    const c = window.indexOfIso(boughtDate(o));
    if (c >= 0) claims[c] = (claims[c] ?? 0) + 1;
    const x = window.indexOfIso(expiryDate(o));
    if (x >= 0) expirations[x] = (expirations[x] ?? 0) + 1;
  }
  const sum = (xs: readonly number[]) => xs.reduce((s, n) => s + n, 0);
  return {
    id: DASHBOARD_ITEM_ID,
    audience: 'privileged',
    at: i.nowMs,
    timeZone: i.timeZone,
    hours: window.starts.map((start, h) => ({
      start,
      arrivals: arrivals[h] ?? 0,
      claims: claims[h] ?? 0,
      expirations: expirations[h] ?? 0,
    })),
    totals: { arrivals: sum(arrivals), claims: sum(claims), expirations: sum(expirations) },
    topStates: topStates(states),
    nearestLimit: nearestLimit(i.marketplaces, i.deliveryStats),
    errorsToday: errorsToday(i.deliveryErrors, startOfDayMs(i.nowMs, i.timeZone)),
  };
}
