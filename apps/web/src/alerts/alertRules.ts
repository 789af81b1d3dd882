import {
  businessLinesText,
  categoryText,
  cityState,
  formatUsd,
  isDirectCall,
  MarketplaceStatus,
  type Access,
  type ListReferral,
  type UserPreferences,
} from '@referrals/shared';

/**
 * How long before the watch started a referral may have been added and still alert: it was on its
 * way (one poll interval, a reconnect) when the tab began watching.
 */
export const ALERT_SLACK_MS = 15_000;

/** Agents (producers, agency admins) buy referrals; carriers and admins only watch the flow. */
export const isAgent = (access: Access): boolean =>
  !access.privileged && (access.isProducer || access.isAgencyAdmin);

/** Alerts run for an agent who opted in. */
export const alertsWanted = (access: Access, prefs: UserPreferences): boolean =>
  isAgent(access) && prefs.alerts.enabled;

/**
 * The referrals of a change set worth an alert: Available, added since the watch began (less the
 * slack), and not alerted before. The topic already holds only the user's appetite; updates of
 * older referrals in it (a price tick, a claim) are not new. Marks what it returns as seen.
 */
export const pickNewReferrals = (
  upserts: readonly ListReferral[],
  watchingSinceMs: number,
  seen: Set<number>,
): ListReferral[] => {
  const fresh: ListReferral[] = [];
  for (const r of upserts) {
    if (seen.has(r.opportunityId)) continue;
    if (r.marketplaceStatus !== MarketplaceStatus.Available) continue;
    const added = Date.parse(r.addDate);
    if (!(added >= watchingSinceMs - ALERT_SLACK_MS)) continue; // also drops an unparsable date
    seen.add(r.opportunityId);
    fresh.push(r);
  }
  return fresh;
};

/** What a notification of a new referral says. */
export interface AlertText {
  readonly title: string;
  readonly body: string;
  /** One per referral, so the system merges duplicates from several tabs or reconnects. */
  readonly tag: string;
}

/** 'New referral: Commercial · General Liability, Workers' Compensation' / 'Austin, TX · $45'. */
export const alertText = (r: ListReferral): AlertText => {
  // A direct call has no lines yet (the list shows TBD): the title just says Direct Call.
  const lines = isDirectCall(r) ? '' : businessLinesText(r);
  const place = cityState(r);
  const price = r.dynamicPrice === null ? '' : formatUsd(r.dynamicPrice);
  return {
    title: ['New referral: ' + categoryText(r), lines].filter(Boolean).join(' · '),
    body: [place, price].filter(Boolean).join(' · '),
    tag: `referral-${r.opportunityId}`,
  };
};
