import { businessLineName } from '../domain/businessLines.js';
import { DIRECT_CALL_SOURCE, LINE_CATEGORIES, LineCategory } from '../domain/opportunity.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { formatUsd } from './money.js';

/** Placeholder for values a direct-call referral does not know yet. */
export const TBD_TEXT = 'TBD';
/** Industry text of personal-lines referrals. */
export const PERSONAL_INDUSTRY_TEXT = 'N/A (PL)';
/** Industry text of life-and-annuities referrals. */
export const LIFE_ANNUITIES_INDUSTRY_TEXT = 'N/A (L&A)';
/** Employees and years text of personal and life referrals, which have no business size. */
export const NOT_APPLICABLE_TEXT = 'N/A';
/** Employee count shown when the service sends none: a business has at least its owner. */
export const UNKNOWN_EMPLOYEES_TEXT = '1 +';
/** Label of a secondary partner for viewers who may not see the partner's name. */
export const SECONDARY_PARTNER_TEXT = 'Secondary Partner';

/** Category column labels; a null category is a direct-call referral. */
export const CATEGORY_LABELS: Readonly<Record<LineCategory, string>> = {
  COMMERCIAL: 'Commercial',
  PERSONAL: 'Personal',
  LIFE_ANNUITIES: 'Life & Annuities',
};
/** Category label of a direct-call referral. */
export const DIRECT_CALL_CATEGORY_TEXT = 'Direct Call';

/** Whether a cell renders in the stacked mobile layout. */
export interface CellOptions {
  readonly mobile?: boolean;
}

type Row = Pick<
  Opportunity,
  | 'category'
  | 'source'
  | 'businessLines'
  | 'industryCode'
  | 'industryDescription'
  | 'noOfEmployees'
  | 'yearsInBusiness'
  | 'estimatedPremium'
>;

/** A direct-call referral: source direct-call, or no category (section 3). */
export const isDirectCall = (o: Pick<Opportunity, 'category' | 'source'>): boolean =>
  o.source === DIRECT_CALL_SOURCE || o.category === null;

const isLineCategory = (value: string): value is LineCategory =>
  (LINE_CATEGORIES as readonly string[]).includes(value);

const isPersonalOrLife = (o: Row): boolean =>
  o.category === LineCategory.PERSONAL || o.category === LineCategory.LIFE_ANNUITIES;

const tbd = (opts: CellOptions): string => (opts.mobile ? '' : TBD_TEXT);

/** The Category cell. */
export const categoryText = (o: Pick<Opportunity, 'category' | 'source'>): string => {
  const c = o.category;
  if (c === null || isDirectCall(o)) return DIRECT_CALL_CATEGORY_TEXT;
  return isLineCategory(c) ? CATEGORY_LABELS[c] : c;
};

/** The Line of Business / Policy Type cell: line names joined by commas. */
export const businessLinesText = (o: Row, opts: CellOptions = {}): string =>
  isDirectCall(o) ? tbd(opts) : o.businessLines.map(businessLineName).join(', ');

/** The Industry (NAICS) cell: 'description (code)' for commercial referrals. */
export const industryText = (o: Row, opts: CellOptions = {}): string => {
  if (isDirectCall(o)) return tbd(opts);
  if (o.category === LineCategory.PERSONAL) return opts.mobile ? '' : PERSONAL_INDUSTRY_TEXT;
  if (o.category === LineCategory.LIFE_ANNUITIES) {
    return opts.mobile ? '' : LIFE_ANNUITIES_INDUSTRY_TEXT;
  }
  const { industryDescription: description, industryCode: code } = o;
  if (description && code) return `${description} (${code})`;
  return description ?? code ?? '';
};

/** The # Employees cell. */
export const employeesText = (o: Row): string => {
  if (!isDirectCall(o) && isPersonalOrLife(o)) return NOT_APPLICABLE_TEXT;
  return o.noOfEmployees === null ? UNKNOWN_EMPLOYEES_TEXT : String(o.noOfEmployees);
};

/** The Years in Business cell; an unknown count stays blank. */
export const yearsText = (o: Row, opts: CellOptions = {}): string => {
  if (isDirectCall(o)) return tbd(opts);
  if (isPersonalOrLife(o)) return NOT_APPLICABLE_TEXT;
  return o.yearsInBusiness === null ? '' : String(o.yearsInBusiness);
};

/** The Est. Premium cell. */
export const premiumText = (o: Row, opts: CellOptions = {}): string => {
  if (isDirectCall(o)) return tbd(opts);
  return o.estimatedPremium === null ? TBD_TEXT : formatUsd(o.estimatedPremium);
};

const joinPresent = (parts: readonly (string | null | undefined)[], separator: string): string =>
  parts.filter((p): p is string => Boolean(p)).join(separator);

/** First and last name joined, or whichever exists. */
export const fullName = (p: {
  readonly firstName: string | null;
  readonly lastName: string | null;
}): string => joinPresent([p.firstName, p.lastName], ' ');

/** 'City, ST', or whichever part exists. */
export const cityState = (p: {
  readonly city: string | null;
  readonly state: string | null;
}): string => joinPresent([p.city, p.state], ', ');

/**
 * Assignee text: the assigned agency and the secondary partner, joined by ' / '. Only admins see
 * the partner's name; everyone else sees 'Secondary Partner'.
 */
export const assigneeText = (
  o: Pick<Opportunity, 'assignedAgency' | 'assignedPartner'>,
  viewerIsAdmin: boolean,
): string => {
  const partner = o.assignedPartner && (viewerIsAdmin ? o.assignedPartner : SECONDARY_PARTNER_TEXT);
  return joinPresent([o.assignedAgency, partner], ' / ');
};
