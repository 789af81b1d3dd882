import { describe, expect, it } from 'vitest';
import { byExpirationFirst, type Sort } from '../referrals/sorting.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { claimWindowOpen } from './expiringFirst.js';
import { parseReferralQuery, type QueryDefaults } from './parseQuery.js';
import { compareLeadBy, compareReferrals, queryReferrals, sortValueOf } from './referralQuery.js';

const now = Date.parse('2026-11-21T12:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

type Row = Pick<Opportunity, 'opportunityId' | 'state' | 'addDate' | 'marketplaceStatus'> &
  Partial<Opportunity>;
/** A referral added `addedMin` minutes ago whose claim window closes in `closesMin` minutes. */
const row = (id: number, status: string, addedMin: number, closesMin: number | null): Row => ({
  opportunityId: id,
  state: 'TX',
  marketplaceStatus: status as Row['marketplaceStatus'],
  addDate: at(-addedMin),
  marketplaceExpirationDate: closesMin === null ? null : at(closesMin),
  city: `c${id % 3}`,
});

// The admin list as issue 44 found it: settled referrals with long-past dates, open windows, an
// Available one whose date passed before the upstream moved it, one without an expiry.
const market = [
  row(1, 'Settled', 60, -2 * 24 * 60),
  row(2, 'Available', 300, 10),
  row(3, 'Available', 240, 5),
  row(4, 'Available', 30, -1),
  row(5, 'Claimed', 120, 20),
  row(6, 'Available', 180, null),
  row(7, 'Ineligible', 90, -3 * 24 * 60),
];
const newest: Sort = { key: 'addDate', direction: 'desc' };
const ids = (rows: readonly Row[]) => rows.map((r) => r.opportunityId);
const sorted = (sort: Sort | null, nowMs = now) =>
  ids([...market].sort(compareReferrals(sort, nowMs)));

describe('expiration first (issue 44: orders that match their header)', () => {
  it('leads with the Available referrals whose window is open, soonest expiry first', () => {
    expect(sorted(byExpirationFirst(newest)).slice(0, 2)).toEqual([3, 2]);
  });

  it('puts every other referral after the lead, newest first: settled, claimed, expired, undated', () => {
    expect(sorted(byExpirationFirst(newest))).toEqual([3, 2, 4, 1, 7, 5, 6]);
    // Newest first is also what a list by expiration first that names no sort follows.
    expect(sorted(byExpirationFirst(null))).toEqual([3, 2, 4, 1, 7, 5, 6]);
  });

  it('orders the rest by the sort it carries', () => {
    const byCity: Sort = { key: 'city', direction: 'asc' };
    const rest = ids(
      [...market]
        .filter((r) => ![2, 3].includes(r.opportunityId))
        .sort(compareReferrals(byCity, now)),
    );
    expect(sorted(byExpirationFirst(byCity))).toEqual([3, 2, ...rest]);
  });

  it('lets a referral go from the lead the millisecond its window closes', () => {
    const closes = Date.parse(at(5));
    expect(sorted(byExpirationFirst(newest), closes - 1)[0]).toBe(3);
    expect(sorted(byExpirationFirst(newest), closes)).toEqual([2, 4, 1, 7, 5, 6, 3]);
  });

  it('is not the plain sort by expiry, which puts long-closed windows first', () => {
    expect(sorted({ key: 'marketplaceExpirationDate', direction: 'asc' })).toEqual([
      7, 1, 4, 3, 2, 5, 6,
    ]);
  });

  it('pages the lead and the rest as one list', () => {
    const q = {
      state: null,
      dateFilter: '30days',
      showClaimed: true,
      sort: byExpirationFirst(newest),
      page: 1,
      size: 3,
    } as const;
    const page = queryReferrals(market, q, new Date(now));
    expect(ids(page.content)).toEqual([1, 7, 5]);
    expect(page.totalElements).toBe(7);
  });

  it.each([
    ['Available, closing later', row(1, 'Available', 1, 1), true],
    ['Available, closing now', row(1, 'Available', 1, 0), false],
    ['Available, closed', row(1, 'Available', 1, -1), false],
    ['Available, no expiry', row(1, 'Available', 1, null), false],
    [
      'Available, unreadable expiry',
      { ...row(1, 'Available', 1, 1), marketplaceExpirationDate: 'soon' },
      false,
    ],
    ['Claimed before its window closed', row(1, 'Claimed', 1, 10), false],
  ])('%s: in the lead %s', (_label, o, open) => {
    expect(claimWindowOpen(o, now)).toBe(open);
  });

  it("orders the lead by expiry with no clock, the sort breaking ties (the relay's own tree)", () => {
    const tie = [
      row(10, 'Available', 5, 10),
      row(11, 'Available', 50, 10),
      row(12, 'Settled', 1, 1),
    ];
    const lead = compareLeadBy(
      byExpirationFirst(newest),
      (r: Row) => r,
      (r) => sortValueOf('addDate', r),
    );
    expect(ids([...tie].sort(lead))).toEqual([12, 10, 11]);
  });
});

describe('the expirationFirst list parameter', () => {
  const plain: QueryDefaults = { dateFilter: '48hours', showClaimed: true, sort: newest, size: 25 };
  const flagged: QueryDefaults = { ...plain, sort: byExpirationFirst(newest) };
  const sortOf = (params: Record<string, string>, d: QueryDefaults) => {
    const q = parseReferralQuery(params, d);
    return q.ok ? q.query.sort : q.errors;
  };

  it('keeps a default by expiration first when the query names no sort', () => {
    expect(sortOf({}, flagged)).toEqual(byExpirationFirst(newest));
  });

  it('gives a sort the query names in place of the default (a header click)', () => {
    expect(sortOf({ sort: 'addDate', dir: 'desc' }, flagged)).toEqual(newest);
    expect(sortOf({ sort: 'city', dir: 'asc' }, flagged)).toEqual({
      key: 'city',
      direction: 'asc',
    });
  });

  it('puts expiration first before a named sort when asked, and takes it off when refused', () => {
    expect(sortOf({ sort: 'city', dir: 'asc', expirationFirst: 'true' }, plain)).toEqual(
      byExpirationFirst({ key: 'city', direction: 'asc' }),
    );
    expect(sortOf({ expirationFirst: 'true' }, plain)).toEqual(byExpirationFirst(newest));
    expect(sortOf({ expirationFirst: 'false' }, flagged)).toEqual(newest);
    expect(sortOf({ sort: 'none', expirationFirst: 'true' }, plain)).toEqual(
      byExpirationFirst(null),
    );
  });

  it('refuses anything but true or false, in words', () => {
    expect(sortOf({ expirationFirst: 'yes' }, plain)).toEqual([
      'expirationFirst must be true or false',
    ]);
  });
});
