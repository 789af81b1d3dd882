import { describe, expect, it } from 'vitest';
import type { ColumnDef } from './columns.js';
import {
  ACQUIRED_COLUMNS,
  acquiredColumns,
  ALL_REFERRALS_COLUMNS,
  AVAILABLE_REFERRALS_COLUMNS,
  PUBLIC_FEED_COLUMNS,
  RECENT_COLUMNS,
  visibleColumns,
} from './columns.js';

const headers = (cols: readonly ColumnDef[]) => cols.map((c) => c.header);
const sortable = (cols: readonly ColumnDef[]) => cols.filter((c) => c.sortKey).map((c) => c.header);

describe('agent-console §2 column definitions', () => {
  it.each([
    [
      'all referrals',
      ALL_REFERRALS_COLUMNS,
      [
        'Received',
        'Type',
        'Limited Time',
        'Status',
        'Category',
        'City/State',
        'Line of Business',
        'Industry (NAICS)',
        '# Employees',
        'Years in Business',
        'Est. Premium',
        'Agencies Notified',
        'Assigned Agency',
      ],
      ['Received', 'Limited Time'],
    ],
    [
      'available referrals',
      AVAILABLE_REFERRALS_COLUMNS,
      [
        'Delivered',
        '',
        'Category',
        'Policy Type',
        'Industry (NAICS)',
        '# Employees',
        'Years in Business',
        'Est. Premium',
        'Location',
        'Notes',
      ],
      [
        'Delivered',
        'Category',
        'Policy Type',
        'Industry (NAICS)',
        '# Employees',
        'Years in Business',
        'Est. Premium',
        'Location',
      ],
    ],
    [
      'public feed',
      PUBLIC_FEED_COLUMNS,
      [
        'Received',
        'Type',
        'Category',
        'Location',
        'Line of Business',
        'Industry (NAICS)',
        '# Employees',
        'Years in Business',
        'Status',
      ],
      [],
    ],
    [
      'acquired referrals',
      ACQUIRED_COLUMNS,
      [
        'Acquired',
        'Type',
        'Name',
        'Phone',
        'Email',
        'City',
        'State',
        'Category',
        'Line of Business',
      ],
      ['Acquired', 'Name', 'Phone', 'Email', 'City', 'Category'],
    ],
    [
      'recent referrals',
      RECENT_COLUMNS,
      [
        'Marketplace Status',
        'Delivered',
        'Age',
        'Category',
        'Policy Type',
        'Industry (NAICS)',
        '# Employees',
        'Years in Business',
        'Est. Premium',
        'Location',
      ],
      [],
    ],
  ])(
    '%s: headers in order and sortable columns',
    (_name, cols, expectedHeaders, expectedSortable) => {
      expect(headers(cols)).toEqual(expectedHeaders);
      expect(sortable(cols)).toEqual(expectedSortable);
    },
  );

  it('sorts the acquired list by lastModDate and the all list by expiration', () => {
    expect(ACQUIRED_COLUMNS[0]?.sortKey).toBe('lastModDate');
    expect(ALL_REFERRALS_COLUMNS.find((c) => c.id === 'limitedTime')?.sortKey).toBe(
      'marketplaceExpirationDate',
    );
  });

  it("gives an admin's transactions the buying agency and the sold price, and agencies not", () => {
    expect(headers(acquiredColumns(true))).toEqual([
      'Acquired',
      'Agency',
      'Sold Price',
      ...headers(ACQUIRED_COLUMNS).slice(1),
    ]);
    expect(acquiredColumns(false)).toBe(ACQUIRED_COLUMNS);
  });

  it('puts tooltips on Type and Status of the all list', () => {
    expect(ALL_REFERRALS_COLUMNS.filter((c) => c.tooltip).map((c) => c.header)).toEqual([
      'Type',
      'Status',
    ]);
  });

  it.each([
    [true, 13],
    [false, 11],
  ])('privileged %s sees %i all-referral columns', (privileged, count) => {
    const cols = visibleColumns(ALL_REFERRALS_COLUMNS, privileged);
    expect(cols).toHaveLength(count);
    if (!privileged) expect(headers(cols)).not.toContain('Agencies Notified');
    if (!privileged) expect(headers(cols)).not.toContain('Type');
  });
});
