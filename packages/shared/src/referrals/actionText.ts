import { PRICES } from './constants.js';
import type { ReferralAction } from './actions.js';
import type { DayStamp } from './ageText.js';
import { formatUsd } from './money.js';

const withPrice = (label: string, price: number | null): string =>
  price === null ? label : `${label} (${formatUsd(price)})`;

/** The main text of an action; 'none' has no text. */
export const actionText = (action: ReferralAction): string => {
  switch (action.kind) {
    case 'claim':
      return action.price === null ? 'Claim Now' : `Claim Now - ${formatUsd(action.price)}`;
    case 'talkNow':
      return withPrice('Talk Now', action.price);
    case 'statusButton':
      return action.label;
    case 'statusLine':
    case 'fullContact':
      return withPrice(action.label, action.price);
    case 'none':
      return '';
  }
};

/** The struck-through 'was $price' of a decaying price, or null. */
export const wasPriceText = (action: ReferralAction): string | null =>
  (action.kind === 'claim' || action.kind === 'statusLine') && action.wasPrice !== null
    ? `was ${formatUsd(action.wasPrice)}`
    : null;

/** '{verb} Today at 2:05 PM' or '{verb} on 3/14/24 at 9:00 AM'. */
export const stampedText = (verb: string, when: DayStamp): string =>
  when.kind === 'today'
    ? `${verb} Today at ${when.time}`
    : `${verb} on ${when.date} at ${when.time}`;

/** 'Claimed Today at 2:05 PM' or 'Assigned on 3/14/24 at 9:00 AM' of a full-contact line. */
export const fullContactWhenText = (action: ReferralAction): string | null =>
  action.kind !== 'fullContact' || action.when === null
    ? null
    : stampedText(action.verb, action.when);

/** The notes-column button of the available list: 'Talk now - $30', hidden for carriers. */
export const talkNowNoteText = (showTalkNow: boolean): string | null =>
  showTalkNow ? `Talk now - ${formatUsd(PRICES.talkNowListPriceUsd)}` : null;
