import type { ColumnDef } from '@referrals/shared';

/** The acquired list's contact clock, right after the name: the first thing to act on. */
export const CONTACT_CLOCK_COLUMN: ColumnDef = {
  id: 'contactClock',
  header: 'Contact',
  sortKey: null,
  privilegedOnly: false,
  tooltip: false,
};
