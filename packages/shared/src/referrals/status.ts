import type { MarketplaceStatus, ProgressStatus } from '../domain/opportunity.js';
import { RecentStatus } from '../domain/opportunity.js';

/** Colour tokens of the console; the web maps them to its theme. */
export const ColourToken = {
  BrandBlue: 'brandBlue',
  Grey: 'grey',
  Green: 'green',
  Red: 'red',
  Yellow: 'yellow',
  Pink: 'pink',
} as const;
export type ColourToken = (typeof ColourToken)[keyof typeof ColourToken];

/** Icon keys of the console; the web maps them to icon components. */
export const IconKey = {
  CheckCircle: 'checkCircle',
  Cross: 'cross',
  Circle: 'circle',
  HalfCircle: 'halfCircle',
  ThreeQuarterCircle: 'threeQuarterCircle',
  Phone: 'phone',
  Hourglass: 'hourglass',
} as const;
export type IconKey = (typeof IconKey)[keyof typeof IconKey];

/** An icon with its colour. */
export interface StatusIcon {
  readonly icon: IconKey;
  readonly colour: ColourToken;
}

/** The list label of Available: lists invite the viewer to act. */
export const CLAIM_NOW_LABEL = 'Claim Now';

/** Display label of a status: its value, except Available reads 'Claim Now' in lists. */
export const statusLabel = (status: MarketplaceStatus, inList = true): string =>
  inList && status === 'Available' ? CLAIM_NOW_LABEL : status;

/** List highlight: only Available stands out in the brand blue. */
export const statusHighlight = (status: MarketplaceStatus): ColourToken =>
  status === 'Available' ? ColourToken.BrandBlue : ColourToken.Grey;

/** Status icon of a list row. */
export const statusIcon = (status: MarketplaceStatus): StatusIcon => {
  switch (status) {
    case 'Available':
      return { icon: IconKey.CheckCircle, colour: ColourToken.BrandBlue };
    case 'Undefined':
    case 'Ineligible':
      return { icon: IconKey.Cross, colour: ColourToken.Grey };
    case 'Incoming':
      return { icon: IconKey.Circle, colour: ColourToken.Grey };
    default:
      return { icon: IconKey.CheckCircle, colour: ColourToken.Grey };
  }
};

const RECENT_BADGES: Readonly<Partial<Record<string, ColourToken>>> = {
  [RecentStatus.Settled]: ColourToken.Red,
  [RecentStatus.AvailableToClaim]: ColourToken.Yellow,
  [RecentStatus.ClaimedReferral]: ColourToken.Green,
  [RecentStatus.Ineligible]: ColourToken.Pink,
};

/** Badge colour of a recent-table status; Assigned CCR and anything unknown are grey. */
export const recentBadgeColour = (status: string): ColourToken =>
  RECENT_BADGES[status] ?? ColourToken.Grey;

/** How a progress status shows: its label and icon, or no icon. */
export interface ProgressDisplay {
  readonly label: string;
  readonly icon: StatusIcon | null;
}

/** Display of each progress status of an acquired referral. */
export const PROGRESS_STATUS_DISPLAY: Readonly<Record<ProgressStatus, ProgressDisplay>> = {
  Open: { label: 'Open', icon: { icon: IconKey.Circle, colour: ColourToken.Grey } },
  'In Progress': {
    label: 'In Progress',
    icon: { icon: IconKey.HalfCircle, colour: ColourToken.Yellow },
  },
  'Quote Sent': {
    label: 'Quote Sent',
    icon: { icon: IconKey.ThreeQuarterCircle, colour: ColourToken.Yellow },
  },
  // The spec gives Bound only a colour; a check circle is the icon that means done elsewhere.
  'Bound Prospect': {
    label: 'Bound',
    icon: { icon: IconKey.CheckCircle, colour: ColourToken.Green },
  },
  'Unable to Service': { label: 'Unable to Service', icon: null },
};
