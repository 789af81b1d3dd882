import { PRODUCT_NAME } from '../domain/roles.js';
import type { Brand } from '../referrals/brand.js';
import { TITLE_SEPARATOR } from '../referrals/texts.js';
import { ADMIN_UI } from './constants.js';

/** Routes of the admin area (section 2). */
export const ADMIN_ROUTES = {
  marketplaces: '/admin/marketplaces',
  newMarketplace: '/admin/marketplaces/new',
  marketplace: (id: number): string => `/admin/marketplaces/${id}`,
  featureFlags: '/admin/feature-flags',
  /** Where any other admin path redirects. */
  fallback: '/admin/all-referrals',
} as const;

/** The route id that means creation. */
export const NEW_MARKETPLACE_ROUTE_ID = 'new';

/** What a marketplace route id means: creation, an id, or nothing readable. */
export type MarketplaceRoute =
  { mode: 'create' } | { mode: 'edit'; id: number } | { mode: 'invalid' };

/**
 * Reads the {marketplaceId} of the route: 'new' is creation; digits only are a whole-number id;
 * anything else is invalid (the spec only says it is "read as a whole-number id").
 */
export const parseMarketplaceRouteId = (param: string): MarketplaceRoute => {
  if (param === NEW_MARKETPLACE_ROUTE_ID) return { mode: 'create' };
  return /^\d+$/.test(param) ? { mode: 'edit', id: Number(param) } : { mode: 'invalid' };
};

/** Browser title of the list: 'All Marketplaces | Fulcrum'. */
export const LIST_PAGE_TITLE = `All Marketplaces | ${PRODUCT_NAME}`;

/** Each word with its first letter upper-cased and the rest lower-cased (a title-case pipe). */
export const capitalizeWords = (text: string): string =>
  text.replace(/\S+/g, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

/**
 * Browser title of the form (section 2.2): '[Capitalized name] Marketplace | [brand]', or
 * 'Create Marketplace | [brand]' for a new one. The brand, not the product name: on the
 * trusted-choice host it reads 'Trusted Choice'.
 */
export const marketplacePageTitle = (name: string | null, brand: Pick<Brand, 'displayName'>) =>
  `${name === null ? 'Create' : capitalizeWords(name)} Marketplace${TITLE_SEPARATOR}${brand.displayName}`;

/** Form heading: 'Marketplace: [name]', or 'Marketplace: Creation' for a new one. */
export const marketplaceFormHeading = (name: string | null): string =>
  `Marketplace: ${name ?? 'Creation'}`;

/** The unsaved-changes guard dialog (section 4). */
export const UNSAVED_CHANGES_DIALOG = {
  title: 'Unsaved Changes',
  message:
    'If you navigate away from the page your unsaved changes will be lost. Do you want to continue editing or discard your unsaved changes?',
  discardLabel: 'Discard Changes',
  continueLabel: 'Continue Editing',
  widthPx: ADMIN_UI.dialogWidthPx,
  /** Clicking outside does not close it. */
  closeOnOutsideClick: false,
} as const;

/**
 * Whether leaving the form page must ask first: only with unsaved changes, and never right after
 * the marketplace was created.
 */
export const formLeaveNeedsConfirmation = (unsaved: boolean, justCreated: boolean): boolean =>
  unsaved && !justCreated;

/** Fixed texts of the list screen (section 2.1). */
export const LIST_TEXTS = {
  showDisabled: 'Show Disabled Marketplaces',
  addNew: 'Add New Marketplace',
  addSource: 'Add New Source',
  save: 'Save Updates',
  discard: 'Discard Changes',
  nonFlowSection: 'Non Flow Marketplaces',
  deliveryErrorsSection: 'Marketplace Delivery Errors',
  editMenuItem: 'Edit Marketplace Appetite',
  activityMenuItem: 'View Referral Activity',
  agencyIdPrefix: 'Agency ID#',
  columns: [
    'Marketplace',
    'Actions',
    'Enabled',
    'Delivered Price',
    'Prepaid Balance',
    'Last Delivered',
    'Daily Limit',
    'Categories',
  ],
  nonFlowColumns: ['Marketplace', 'Last Delivered', 'Daily Count', 'Creation Date'],
  deliveryErrorColumns: [
    'Opportunity Id',
    'Marketplace Name',
    'Notes',
    'Date',
    'Current Marketplace',
    'Current Status',
  ],
} as const;
