import type { SortKey } from './sorting.js';

/** A table column as data: id, header, sort key (null when not sortable), audience, tooltip. */
export interface ColumnDef {
  readonly id: string;
  readonly header: string;
  readonly sortKey: SortKey | null;
  readonly privilegedOnly: boolean;
  readonly tooltip: boolean;
}

const col = (
  id: string,
  header: string,
  opts: { sortKey?: SortKey; privilegedOnly?: boolean; tooltip?: boolean } = {},
): ColumnDef => ({
  id,
  header,
  sortKey: opts.sortKey ?? null,
  privilegedOnly: opts.privilegedOnly ?? false,
  tooltip: opts.tooltip ?? false,
});

/** Columns of admin/all-referrals; only Received and Limited Time sort, as the spec lists. */
export const ALL_REFERRALS_COLUMNS: readonly ColumnDef[] = [
  col('addDate', 'Received', { sortKey: 'addDate' }),
  col('opportunityType', 'Type', { privilegedOnly: true, tooltip: true }),
  col('limitedTime', 'Limited Time', { sortKey: 'marketplaceExpirationDate' }),
  col('status', 'Status', { tooltip: true }),
  col('category', 'Category'),
  col('location', 'City/State'),
  col('businessLines', 'Line of Business'),
  col('industry', 'Industry (NAICS)'),
  col('noOfEmployees', '# Employees'),
  col('yearsInBusiness', 'Years in Business'),
  col('estimatedPremium', 'Est. Premium'),
  col('agenciesNotified', 'Agencies Notified', { privilegedOnly: true }),
  col('assignedAgency', 'Assigned Agency'),
];

/**
 * Columns of the available-referral variant. The spec names no sortable columns here; the data
 * columns sort by the client keys of the sort mapping, which exists for exactly these columns.
 */
export const AVAILABLE_REFERRALS_COLUMNS: readonly ColumnDef[] = [
  col('addDate', 'Delivered', { sortKey: 'addDate' }),
  col('icons', ''),
  col('category', 'Category', { sortKey: 'category' }),
  col('businessLines', 'Policy Type', { sortKey: 'businessLines' }),
  col('industry', 'Industry (NAICS)', { sortKey: 'industry' }),
  col('noOfEmployees', '# Employees', { sortKey: 'noOfEmployees' }),
  col('yearsInBusiness', 'Years in Business', { sortKey: 'yearsInBusiness' }),
  col('estimatedPremium', 'Est. Premium', { sortKey: 'estimatedPremium' }),
  col('location', 'Location', { sortKey: 'city' }),
  col('notes', 'Notes'),
];

/** Columns of the public feed; it is always sorted by addDate descending. */
export const PUBLIC_FEED_COLUMNS: readonly ColumnDef[] = [
  col('addDate', 'Received'),
  col('opportunityType', 'Type'),
  col('category', 'Category'),
  col('location', 'Location'),
  col('businessLines', 'Line of Business'),
  col('industry', 'Industry (NAICS)'),
  col('noOfEmployees', '# Employees'),
  col('yearsInBusiness', 'Years in Business'),
  col('status', 'Status'),
];

/** Columns of Acquired Referrals. */
export const ACQUIRED_COLUMNS: readonly ColumnDef[] = [
  col('acquired', 'Acquired', { sortKey: 'lastModDate' }),
  col('opportunityType', 'Type'),
  col('name', 'Name', { sortKey: 'name' }),
  col('phone', 'Phone', { sortKey: 'phone' }),
  col('email', 'Email', { sortKey: 'email' }),
  col('city', 'City', { sortKey: 'city' }),
  col('state', 'State'),
  col('category', 'Category', { sortKey: 'category' }),
  col('businessLines', 'Line of Business'),
];

/**
 * Columns of an admin's Claim-It Transactions: the acquired columns with who bought each referral
 * and at what price, after the acquisition date.
 */
export const TRANSACTION_COLUMNS: readonly ColumnDef[] = [
  ACQUIRED_COLUMNS[0] as ColumnDef,
  col('agency', 'Agency'),
  col('soldPrice', 'Sold Price'),
  ...ACQUIRED_COLUMNS.slice(1),
];

/** The columns of the acquired screen: an admin's transactions, or an agency's purchases. */
export const acquiredColumns = (isAdmin: boolean): readonly ColumnDef[] =>
  isAdmin ? TRANSACTION_COLUMNS : ACQUIRED_COLUMNS;

/** Columns of the recent-referrals table (All Referrals); none sort. */
export const RECENT_COLUMNS: readonly ColumnDef[] = [
  col('marketplaceStatus', 'Marketplace Status'),
  col('addDate', 'Delivered'),
  col('age', 'Age'),
  col('category', 'Category'),
  col('businessLines', 'Policy Type'),
  col('industry', 'Industry (NAICS)'),
  col('noOfEmployees', '# Employees'),
  col('yearsInBusiness', 'Years in Business'),
  col('estimatedPremium', 'Est. Premium'),
  col('location', 'Location'),
];

/** The columns a viewer sees: privileged-only columns drop out for everyone else. */
export const visibleColumns = (
  columns: readonly ColumnDef[],
  privileged: boolean,
): readonly ColumnDef[] => columns.filter((c) => privileged || !c.privilegedOnly);
