import { describe, expect, it } from 'vitest';
import type { Opportunity } from '../schemas/opportunity.js';
import { parseReferralQuery, MAX_PAGE_SIZE, type QueryDefaults } from './parseQuery.js';
import {
  compareReferrals,
  matchesReferralFilter,
  queryReferrals,
  type ReferralQuery,
} from './referralQuery.js';

const now = new Date('2026-11-21T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

type Row = Pick<Opportunity, 'opportunityId' | 'state' | 'addDate' | 'marketplaceStatus'> &
  Partial<Opportunity>;
const row = (id: number, over: Partial<Opportunity> = {}): Row => ({
  opportunityId: id,
  state: 'TX',
  addDate: hoursAgo(id),
  marketplaceStatus: 'Available',
  ...over,
});

const base: ReferralQuery = {
  state: null,
  dateFilter: '48hours',
  showClaimed: true,
  sort: null,
  page: 0,
  size: 25,
};

describe('agent-console §2 list filters', () => {
  it.each([
    ['a state filter keeps that state', { state: 'TX' }, row(1), true],
    ['a state filter drops other states', { state: 'OH' }, row(1), false],
    ['All States keeps every state', { state: null }, row(1, { state: 'OH' }), true],
    [
      'hidden claimed items drop Claimed',
      { showClaimed: false },
      row(1, { marketplaceStatus: 'Claimed' }),
      false,
    ],
    ['hidden claimed items keep Available', { showClaimed: false }, row(1), true],
    ['the window keeps a referral inside it', { dateFilter: '24hours' }, row(23), true],
    ['the window drops one older than its span', { dateFilter: '24hours' }, row(25), false],
    ['Last 30 Days reaches back 30 days', { dateFilter: '30days' }, row(24 * 29), true],
    ['an unreadable date never matches', {}, row(1, { addDate: 'yesterday' }), false],
  ] as const)('%s', (_label, filter, o, expected) => {
    expect(matchesReferralFilter(o, { ...base, ...filter }, now)).toBe(expected);
  });
});

describe('agent-console §2 sorting and paging of lists', () => {
  const rows = [
    row(1, { city: 'Austin', estimatedPremium: 5000 }),
    row(2, { city: null, estimatedPremium: 100 }),
    row(3, { city: 'Boston', estimatedPremium: null }),
    row(4, { city: 'Austin', estimatedPremium: 900 }),
  ];
  const ids = (q: Partial<ReferralQuery>) =>
    queryReferrals(rows, { ...base, ...q }, now).content.map((r) => r.opportunityId);

  it('sorts newest first without a sort', () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
  });
  it('sorts numbers as numbers, missing values last in both directions', () => {
    expect(ids({ sort: { key: 'estimatedPremium', direction: 'asc' } })).toEqual([2, 4, 1, 3]);
    expect(ids({ sort: { key: 'estimatedPremium', direction: 'desc' } })).toEqual([1, 4, 2, 3]);
  });
  it('breaks ties newest first so pages are stable', () => {
    expect(ids({ sort: { key: 'city', direction: 'asc' } })).toEqual([1, 4, 3, 2]);
  });
  it('sorts oldest first by addDate ascending', () => {
    expect(ids({ sort: { key: 'addDate', direction: 'asc' } })).toEqual([4, 3, 2, 1]);
  });
  it('sorts business lines by their names', () => {
    const a = row(1, { businessLines: ['CWCP'] });
    const b = row(2, { businessLines: ['CAUT'] });
    expect(
      [a, b]
        .sort(compareReferrals({ key: 'businessLines', direction: 'asc' }))
        .map((r) => r.opportunityId),
    ).toEqual([2, 1]);
  });
  it('pages with the total across pages', () => {
    const page = queryReferrals(rows, { ...base, page: 1, size: 3 }, now);
    expect(page.content.map((r) => r.opportunityId)).toEqual([4]);
    expect(page.totalElements).toBe(4);
  });
});

describe('list query parameters', () => {
  const defaults: QueryDefaults = {
    dateFilter: '48hours',
    showClaimed: false,
    sort: { key: 'addDate', direction: 'desc' },
    size: 25,
  };

  it('uses the defaults when nothing is given', () => {
    expect(parseReferralQuery({}, defaults)).toEqual({
      ok: true,
      query: {
        state: null,
        dateFilter: '48hours',
        showClaimed: false,
        sort: { key: 'addDate', direction: 'desc' },
        page: 0,
        size: 25,
      },
    });
  });

  it('reads every parameter', () => {
    const q = parseReferralQuery(
      {
        state: 'DC',
        dateFilter: '7days',
        showClaimed: 'true',
        sort: 'marketplaceExpirationDate',
        dir: 'asc',
        page: '2',
        size: '50',
      },
      defaults,
    );
    expect(q).toEqual({
      ok: true,
      query: {
        state: 'DC',
        dateFilter: '7days',
        showClaimed: true,
        sort: { key: 'marketplaceExpirationDate', direction: 'asc' },
        page: 2,
        size: 50,
      },
    });
  });

  it.each([
    [{ state: 'all' }, { state: null }],
    [{ sort: 'none' }, { sort: null }],
    [{ sort: 'city' }, { sort: { key: 'city', direction: 'desc' } }],
  ])('reads %o', (params, expected) => {
    const q = parseReferralQuery(params, defaults);
    expect(q.ok && q.query).toMatchObject(expected);
  });

  it('reports every bad parameter at once', () => {
    const q = parseReferralQuery(
      {
        state: 'tx',
        dateFilter: '1year',
        showClaimed: 'yes',
        sort: 'password',
        page: '-1',
        size: String(MAX_PAGE_SIZE + 1),
      },
      defaults,
    );
    expect(q).toEqual({
      ok: false,
      errors: [
        'state must be a two-letter state code or all',
        'dateFilter must be one of 24hours, 48hours, 72hours, 7days, 30days',
        'showClaimed must be true or false',
        "sort 'password' is not a sortable column",
        'page must be a whole number from 0 to 1000000',
        'size must be a whole number from 1 to 100',
      ],
    });
  });

  it.each([
    [{ sort: 'city', dir: 'up' }, 'dir must be asc or desc'],
    [{ page: ['1', '2'] }, 'page must be given once'],
    [{ page: '1.5' }, 'page must be a whole number from 0 to 1000000'],
  ])('refuses %o', (params, error) => {
    expect(parseReferralQuery(params, defaults)).toEqual({ ok: false, errors: [error] });
  });
});
