import {
  MarketplaceStatus,
  NEW_TEXT,
  plural,
  timeAgoText,
  type Opportunity,
} from '@referrals/shared';

const MINUTE_MS = 60_000;

/** How long ago a claim was: 'just now' in its first minute, then as the lists say it. */
export const claimedWhenText = (at: string, now: Date, timeZone?: string): string => {
  const elapsed = now.getTime() - Date.parse(at);
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'just now';
  const text = timeAgoText(at, now, timeZone);
  return text === NEW_TEXT ? `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago` : text;
};

/**
 * Who bought a referral, as a buyer's panel says it: 'Claimed by your agency · Pat Producer ·
 * just now' when the viewer's agency did (the agent's name where the record carries it: only the
 * buying agency reads it), else 'Claimed by another agency'. Null while nobody has.
 */
export const claimedByText = (
  o: Pick<
    Partial<Opportunity>,
    'marketplaceStatus' | 'assignedAgency' | 'assignedAgent' | 'lastModDate'
  >,
  agency: string | null,
  now: Date,
  timeZone?: string,
): string | null => {
  const verb =
    o.marketplaceStatus === MarketplaceStatus.Claimed
      ? 'Claimed by'
      : o.marketplaceStatus === MarketplaceStatus.Assigned
        ? 'Assigned to'
        : null;
  if (verb === null) return null;
  if (!agency || o.assignedAgency !== agency) return `${verb} another agency`;
  const when = o.lastModDate ? claimedWhenText(o.lastModDate, now, timeZone) : '';
  return [`${verb} your agency`, o.assignedAgent, when].filter(Boolean).join(' · ');
};
