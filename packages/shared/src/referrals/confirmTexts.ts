import type { ActionOpportunity, ReferralAction } from './actions.js';
import { referralAction } from './actions.js';
import { stampedText } from './actionText.js';
import { dayStamp } from './ageText.js';
import { formatUsd } from './money.js';
import { DEFAULT_TIME_ZONE } from './time.js';

/**
 * Texts of the claim confirmation and the list's status modal. The spec has a claim button and a
 * status modal without their wording; these are the console's own words.
 */
export const CONFIRM_TEXTS = {
  claimTitle: 'Confirm your claim',
  confirm: 'Confirm',
  cancel: 'Cancel',
  /** The panel's message when the claim loses the race (the relay's 409). */
  claimLost: 'Someone else claimed this referral first.',
  statusTitle: 'Referral status',
  close: 'Close',
} as const;

/**
 * The question of the claim confirmation, with the price when shown: 'Claim this referral for
 * $38?', or for a direct-call referral 'Claim this direct-call referral for $50 and talk now?'.
 * The struck 'was' price comes from `wasPriceText`. Null for actions that do not claim.
 */
export const claimConfirmText = (action: ReferralAction): string | null => {
  if (action.kind !== 'claim' && action.kind !== 'talkNow') return null;
  const forPrice = action.price === null ? '' : ` for ${formatUsd(action.price)}`;
  return action.kind === 'claim'
    ? `Claim this referral${forPrice}?`
    : `Claim this direct-call referral${forPrice} and talk now?`;
};

/** The status modal of a list's status button: its label, when it was set, the agency. */
export interface StatusModalContent {
  readonly label: string;
  /** 'Claimed Today at 2:05 PM' or 'Delivered on 3/14/24 at 9:00 AM'; null when unknown. */
  readonly whenText: string | null;
  readonly agencyName: string | null;
}

/**
 * The status line a list's status button opens ('in lists it opens a modal'). The label is the
 * button's own (Transferred for a claimed direct-call referral); the time is lastModDate, when the
 * status was last set. Null when the referral has no status button for a non-privileged viewer.
 */
export const statusModalContent = (
  o: ActionOpportunity,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): StatusModalContent | null => {
  const action = referralAction({
    opportunity: o,
    privileged: false,
    context: 'list',
    showPrices: false,
    now,
    timeZone,
  });
  if (action.kind !== 'statusButton') return null;
  return {
    label: action.label,
    whenText: o.lastModDate
      ? stampedText(action.label, dayStamp(o.lastModDate, now, timeZone))
      : null,
    agencyName: o.assignedAgency || null,
  };
};
