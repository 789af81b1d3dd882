import { acquiredColumns, type ColumnDef } from '@referrals/shared';
import { PROGRESS_COLUMNS } from './progressFilters';
import { CONTACT_CLOCK_COLUMN } from '../contact/contactColumn';

/** City and State in one cell ('Austin, TX'), sorted by city as the City column was. */
const CITY_STATE: ColumnDef = {
  id: 'location',
  header: 'City/State',
  sortKey: 'city',
  privilegedOnly: false,
  tooltip: false,
};

/** The spec's order after the pipeline: contact first, then the referral's kind. */
const AFTER_PIPELINE = [
  'phone',
  'email',
  'location',
  'category',
  'businessLines',
  'opportunityType',
];
/** Who bought it and for what, next to when (admins' Claim-It Transactions). */
const BEFORE_NAME = ['acquired', 'agency', 'soldPrice'];

/**
 * The acquired list's columns, fitted to a desk screen: the agency's work (Progress, Follow-up)
 * comes right after the name, so it is on screen at 1280 px, and City and State share a cell.
 * Everything the spec lists is still shown (a departure in order only, named in README).
 */
export const fittedAcquiredColumns = (isAdmin: boolean): readonly ColumnDef[] => {
  const byId = new Map(acquiredColumns(isAdmin).map((c) => [c.id, c]));
  const pick = (ids: readonly string[]) =>
    ids.flatMap((id) => (id === 'location' ? [CITY_STATE] : (byId.get(id) ?? [])));
  // The contact clock is the agency's own (admins see every agency's purchases, not its clocks).
  const clock = isAdmin ? [] : [CONTACT_CLOCK_COLUMN];
  return [
    ...pick(BEFORE_NAME),
    ...pick(['name']),
    ...clock,
    ...PROGRESS_COLUMNS,
    ...pick(AFTER_PIPELINE),
  ];
};
