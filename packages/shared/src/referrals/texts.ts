import type { Brand } from './brand.js';
import type { DateFilter } from './constants.js';
import { DATE_FILTER_LABELS } from './dateFilters.js';

/** Separator between a page's name and the brand in document titles. */
export const TITLE_SEPARATOR = ' | ';

/** Headings of the console's screens. */
export const HEADINGS = {
  availableList: 'Available Claim-It Referrals',
  acquired: 'Acquired Referrals',
  acquiredForAdmins: 'Claim-It Transactions',
  dashboard: 'Dashboard',
  recent: 'All Referrals',
  publicFeed: 'Insurance Referral Feed',
} as const;

/** Document title of the public feed: 'Insurance Referral Feed | {brand}'. */
export const publicFeedTitle = (brand: Brand): string =>
  `${HEADINGS.publicFeed}${TITLE_SEPARATOR}${brand.displayName}`;

/** Document title of the admin list: the marketplace title followed by the brand. */
export const listPageTitle = (marketplaceTitle: string, brand: Brand): string =>
  `${marketplaceTitle}${TITLE_SEPARATOR}${brand.displayName}`;

/** Heading of the acquired list: admins see every transaction, others their acquisitions. */
export const acquiredHeading = (isAdmin: boolean): string =>
  isAdmin ? HEADINGS.acquiredForAdmins : HEADINGS.acquired;

/** Texts of the list toolbar. */
export const TOOLBAR_TEXTS = {
  inAppetite: 'In-Appetite',
  allReferrals: 'All Referrals',
  showClaimed: 'Show Claimed',
  stateFilterHint: 'Shows all referral activity from the last 72 hrs.',
} as const;

/**
 * The state filter's hint under the list's own window. The spec's text names 72 hours whatever
 * the date filter says; under "Last 48 Hours" that reads as a contradiction, so the hint follows
 * the window (README, departures).
 */
export const stateFilterHint = (dateFilter: DateFilter): string =>
  `Shows all referral activity from the ${DATE_FILTER_LABELS[dateFilter].toLowerCase()}.`;

/** Calls to action of the public feed page. */
export const PUBLIC_CTA_TEXTS = {
  demo: 'Get a Demo',
  buyNow: 'Buy Now',
  signUp: 'Sign Up',
  logIn: 'Log In',
} as const;

/** Fixed texts of the public claim modal. */
export const PUBLIC_CLAIM_MODAL_TEXTS = {
  heading: 'Want to get referrals like this one?',
  body: 'Sign up for Advantage to get high-intent, inbound, appetite-matched insurance leads.',
  getAdvantage: 'Get Advantage Now',
  alreadySignedUp: 'Already signed up?',
  logIn: 'Log in now',
  claimNow: 'Claim Now',
} as const;

/** The public claim modal with its links. */
export interface PublicClaimModal {
  readonly heading: string;
  readonly body: string;
  readonly getAdvantage: { readonly text: string; readonly href: string };
  readonly alreadySignedUp: string;
  readonly appLink: { readonly text: string; readonly href: string };
}

/**
 * The public claim modal for a brand. The spec offers 'Log in now' or 'Claim Now' without saying
 * when; a visitor who still has a console session is invited to claim, anyone else to log in.
 */
export const publicClaimModal = (
  brand: Brand,
  appUrl: string,
  hasSession: boolean,
): PublicClaimModal => ({
  heading: PUBLIC_CLAIM_MODAL_TEXTS.heading,
  body: PUBLIC_CLAIM_MODAL_TEXTS.body,
  getAdvantage: { text: PUBLIC_CLAIM_MODAL_TEXTS.getAdvantage, href: brand.buyNowLink },
  alreadySignedUp: PUBLIC_CLAIM_MODAL_TEXTS.alreadySignedUp,
  appLink: {
    text: hasSession ? PUBLIC_CLAIM_MODAL_TEXTS.claimNow : PUBLIC_CLAIM_MODAL_TEXTS.logIn,
    href: appUrl,
  },
});
