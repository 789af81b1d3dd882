import { MarketplaceStatus, OpportunityType } from '../domain/opportunity.js';
import type { Opportunity } from '../schemas/opportunity.js';
import type { DayStamp } from './ageText.js';
import { dayStamp } from './ageText.js';
import { hasPriceDecay } from './money.js';
import { DEFAULT_TIME_ZONE } from './time.js';

/** Where the action area renders: a list row or the details panel. */
export type ActionContext = 'list' | 'panel';

/** Statuses that render as a plain button with their own label. */
export type StatusButtonLabel =
  'Claimed' | 'Settled' | 'On Hold' | 'Incoming' | 'Delivered' | 'Assigned' | 'Transferred';

/** The action area of a referral (section 4). Prices are null when not to be shown. */
export type ReferralAction =
  /** 'Claim Now - $price', with a struck 'was $wasPrice' under price decay. */
  | { readonly kind: 'claim'; readonly price: number | null; readonly wasPrice: number | null }
  /** 'Talk Now ($price)' with a phone icon, for direct-call referrals. */
  | { readonly kind: 'talkNow'; readonly price: number | null; readonly icon: 'phone' }
  /** A status button: in lists it opens a modal, in the panel it is disabled. */
  | {
      readonly kind: 'statusButton';
      readonly label: StatusButtonLabel;
      readonly behaviour: 'openModal' | 'disabled';
    }
  /** Carriers and admins: no button, the status with prices in parentheses. */
  | {
      readonly kind: 'statusLine';
      readonly label: MarketplaceStatus;
      readonly price: number | null;
      readonly wasPrice: number | null;
    }
  /** Full-contact panel of a claimed or assigned referral. */
  | {
      readonly kind: 'fullContact';
      readonly label: 'Claimed' | 'Transferred' | 'Assigned';
      readonly price: number | null;
      readonly verb: 'Claimed' | 'Assigned';
      /** When it was claimed or assigned (lastModDate); null when unknown. */
      readonly when: DayStamp | null;
      readonly agencyName: string | null;
    }
  | { readonly kind: 'none' };

/** The fields the action area reads. */
export type ActionOpportunity = Pick<
  Opportunity,
  | 'marketplaceStatus'
  | 'opportunityType'
  | 'dynamicPrice'
  | 'discountPrice'
  | 'soldPrice'
  | 'email'
  | 'phone'
  | 'lastModDate'
  | 'assignedAgency'
>;

/** Inputs of the action area. */
export interface ActionInput {
  readonly opportunity: ActionOpportunity;
  readonly privileged: boolean;
  readonly context: ActionContext;
  readonly showPrices: boolean;
  readonly now: Date;
  readonly timeZone?: string;
}

const STATUS_BUTTONS: ReadonlySet<string> = new Set<StatusButtonLabel>([
  'Claimed',
  'Settled',
  'On Hold',
  'Incoming',
  'Delivered',
  'Assigned',
]);
const isStatusButton = (s: string): s is StatusButtonLabel => STATUS_BUTTONS.has(s);

const isWtCir = (o: ActionOpportunity): boolean => o.opportunityType === OpportunityType.WT_CIR;

const fullContact = (o: ActionOpportunity, input: ActionInput): ReferralAction | null => {
  const claimed = o.marketplaceStatus === MarketplaceStatus.Claimed;
  if (!claimed && o.marketplaceStatus !== MarketplaceStatus.Assigned) return null;
  if (!o.email && !o.phone) return null;
  const label = !claimed ? 'Assigned' : isWtCir(o) ? 'Transferred' : 'Claimed';
  return {
    kind: 'fullContact',
    label,
    price: label === 'Claimed' && input.showPrices ? (o.soldPrice ?? null) : null,
    verb: claimed ? 'Claimed' : 'Assigned',
    when: o.lastModDate
      ? dayStamp(o.lastModDate, input.now, input.timeZone ?? DEFAULT_TIME_ZONE)
      : null,
    agencyName: o.assignedAgency,
  };
};

const statusLine = (o: ActionOpportunity, showPrices: boolean): ReferralAction => {
  const available = o.marketplaceStatus === MarketplaceStatus.Available;
  const price =
    o.marketplaceStatus === MarketplaceStatus.Claimed
      ? (o.soldPrice ?? null)
      : available
        ? (o.dynamicPrice ?? o.discountPrice)
        : null;
  const decays = available && !isWtCir(o) && hasPriceDecay(o);
  return {
    kind: 'statusLine',
    label: o.marketplaceStatus,
    price: showPrices ? price : null,
    wasPrice: showPrices && decays ? o.discountPrice : null,
  };
};

const button = (o: ActionOpportunity, input: ActionInput): ReferralAction => {
  const { showPrices } = input;
  if (o.marketplaceStatus === MarketplaceStatus.Available) {
    if (isWtCir(o)) {
      return { kind: 'talkNow', price: showPrices ? o.discountPrice : null, icon: 'phone' };
    }
    return {
      kind: 'claim',
      price: showPrices ? o.dynamicPrice : null,
      wasPrice: showPrices && hasPriceDecay(o) ? o.discountPrice : null,
    };
  }
  if (!isStatusButton(o.marketplaceStatus)) return { kind: 'none' };
  const transferred = o.marketplaceStatus === MarketplaceStatus.Claimed && isWtCir(o);
  return {
    kind: 'statusButton',
    label: transferred ? 'Transferred' : o.marketplaceStatus,
    behaviour: input.context === 'list' ? 'openModal' : 'disabled',
  };
};

/**
 * The action area of a referral. In the panel, a claimed or assigned referral whose contact data
 * is visible shows the full-contact line for every viewer, since that layout replaces the action
 * area. Otherwise carriers and admins get a status line and everyone else a button.
 */
export const referralAction = (input: ActionInput): ReferralAction => {
  const o = input.opportunity;
  const contact = input.context === 'panel' ? fullContact(o, input) : null;
  if (contact) return contact;
  return input.privileged ? statusLine(o, input.showPrices) : button(o, input);
};
