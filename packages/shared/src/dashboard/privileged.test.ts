import { describe, expect, it } from 'vitest';
import { referral } from '../referrals/fixtures.testkit.js';
import type { DeliveryErrorsItem } from '../realtime/topicItems.js';
import { deliveryErrorSchema, type DeliveryStat } from '../schemas/admin.js';
import { marketplaceSchema, type Marketplace } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { computePrivilegedDashboard, errorsToday, nearestLimit, topStates } from './privileged.js';

const NOW = Date.parse('2024-03-14T18:20:00Z'); // 14:20 in New York
const ZONE = 'America/New_York';
const iso = (s: string) => new Date(Date.parse(s)).toISOString();
let nextId = 1;
const o = (over: Partial<Opportunity>): Opportunity =>
  referral({
    opportunityId: nextId++,
    marketplaceStatus: 'Available',
    marketplaceExpirationDate: null,
    lastModDate: null,
    ...over,
  });
const market = (id: number, limit: number | null, over: Partial<Marketplace> = {}): Marketplace =>
  marketplaceSchema.cast({
    id,
    marketplaceName: `M${id}`,
    enabled: true,
    riskAppetite: { maxReferralsPerDay: limit },
    ...over,
  });
const stat = (marketplaceId: number, delivered: number): DeliveryStat => ({
  marketplaceId,
  lastReferralDeliverySuccess: true,
  lastReferralDeliveryDate: null,
  totalReferralsDeliveredToday: delivered,
});
const error = (opportunityId: number, errorDate: string | null) =>
  deliveryErrorSchema.cast({ opportunityId, errorDate, errorNotes: 'HTTP 500' });

describe('the privileged dashboard', () => {
  const referrals = [
    o({ addDate: iso('2024-03-14T18:10:00Z'), state: 'TX' }),
    o({ addDate: iso('2024-03-14T18:15:00Z'), state: 'TX' }),
    o({ addDate: iso('2024-03-14T16:30:00Z'), state: 'OH' }),
    // Claimed at 17:40 after arriving yesterday, outside the window.
    o({
      addDate: iso('2024-03-13T12:00:00Z'),
      marketplaceStatus: 'Claimed',
      lastModDate: iso('2024-03-14T17:40:00Z'),
    }),
    // Arrived and lapsed inside the window.
    o({
      addDate: iso('2024-03-14T15:05:00Z'),
      state: 'CA',
      marketplaceStatus: 'Ineligible',
      marketplaceExpirationDate: iso('2024-03-14T15:50:00Z'),
      lastModDate: iso('2024-03-14T15:50:00Z'),
    }),
    // Routed to Ineligible (no claim window): not an expiry.
    o({
      addDate: iso('2024-03-14T15:10:00Z'),
      state: 'CA',
      marketplaceStatus: 'Ineligible',
      lastModDate: iso('2024-03-14T15:30:00Z'),
    }),
    o({ addDate: iso('2024-03-13T19:00:00Z'), state: 'FL' }), // the window's first instant
    o({ addDate: iso('2024-03-13T18:59:59Z'), state: 'NY' }), // just before it
  ];
  const d = computePrivilegedDashboard({
    referrals,
    marketplaces: [market(1, 10), market(2, 4)],
    deliveryStats: [stat(1, 5), stat(2, 3)],
    deliveryErrors: {
      id: 'page0',
      content: [error(7, iso('2024-03-14T17:00:00Z')), error(8, iso('2024-03-13T17:00:00Z'))],
      totalElements: 2,
      totalPages: 1,
    },
    nowMs: NOW,
    timeZone: ZONE,
  });
  const hour = (start: string) => d.hours.find((h) => h.start === Date.parse(start));

  it('counts arrivals, claims and expirations per clock hour of the last 24', () => {
    expect(d).toMatchObject({ id: 'dashboard', audience: 'privileged', at: NOW, timeZone: ZONE });
    expect(d.hours).toHaveLength(24);
    expect(d.hours[0]?.start).toBe(Date.parse('2024-03-13T19:00:00Z'));
    expect(hour('2024-03-14T18:00:00Z')).toEqual({
      start: Date.parse('2024-03-14T18:00:00Z'),
      arrivals: 2,
      claims: 0,
      expirations: 0,
    });
    expect(hour('2024-03-14T17:00:00Z')).toMatchObject({ arrivals: 0, claims: 1 });
    expect(hour('2024-03-14T16:00:00Z')).toMatchObject({ arrivals: 1 });
    expect(hour('2024-03-14T15:00:00Z')).toMatchObject({ arrivals: 2, expirations: 1 });
    expect(d.hours[0]).toMatchObject({ arrivals: 1 });
    expect(d.totals).toEqual({ arrivals: 6, claims: 1, expirations: 1 });
  });

  it('ranks the states of the last 24 hours', () => {
    expect(d.topStates).toEqual([
      { state: 'CA', count: 2 },
      { state: 'TX', count: 2 },
      { state: 'FL', count: 1 },
      { state: 'OH', count: 1 },
    ]);
  });

  it('carries the marketplaces nearest their limit and the errors of today', () => {
    expect(d.nearestLimit.map((m) => m.marketplaceId)).toEqual([2, 1]);
    expect(d.errorsToday).toMatchObject({ count: 1, more: false });
    expect(d.errorsToday.latest.map((e) => e.opportunityId)).toEqual([7]);
  });

  it('is empty but whole with nothing to count', () => {
    const empty = computePrivilegedDashboard({
      referrals: [],
      marketplaces: [],
      deliveryStats: [],
      deliveryErrors: undefined,
      nowMs: NOW,
      timeZone: ZONE,
    });
    expect(empty.hours.every((h) => h.arrivals + h.claims + h.expirations === 0)).toBe(true);
    expect(empty.errorsToday).toEqual({ count: 0, more: false, latest: [] });
    expect(empty.topStates).toEqual([]);
  });
});

describe('top states', () => {
  it('keeps the five largest, ties by state code', () => {
    const counts = new Map([
      ['WA', 1],
      ['TX', 9],
      ['OH', 3],
      ['CA', 3],
      ['NY', 2],
      ['FL', 2],
    ]);
    expect(topStates(counts).map((s) => s.state)).toEqual(['TX', 'CA', 'OH', 'FL', 'NY']);
  });
});

describe('marketplaces nearest their daily limit', () => {
  it.each([
    ['fullest first', [market(1, 10), market(2, 4)], [stat(1, 5), stat(2, 3)], [2, 1]],
    ['a limit reached', [market(1, 2), market(2, 4)], [stat(1, 2), stat(2, 3)], [1, 2]],
    ['no stat yet counts as none delivered', [market(1, 10), market(2, 4)], [stat(1, 1)], [1, 2]],
    [
      'equal ratios: more delivered first',
      [market(1, 10), market(2, 4)],
      [stat(1, 5), stat(2, 2)],
      [1, 2],
    ],
    [
      'equal ratios and counts: by name',
      [market(2, 4), market(1, 4)],
      [stat(1, 1), stat(2, 1)],
      [1, 2],
    ],
    ['no limit is left out', [market(1, null), market(2, 4)], [stat(1, 99), stat(2, 1)], [2]],
    ['a zero limit is left out', [market(1, 0), market(2, 4)], [stat(1, 0)], [2]],
    [
      'a disabled one is left out',
      [market(1, 4, { enabled: false }), market(2, 4)],
      [stat(1, 3)],
      [2],
    ],
    [
      'only five',
      [1, 2, 3, 4, 5, 6].map((id) => market(id, 10)),
      [1, 2, 3, 4, 5, 6].map((id) => stat(id, id)),
      [6, 5, 4, 3, 2],
    ],
  ])('%s', (_name, marketplaces, stats, ids) => {
    expect(nearestLimit(marketplaces, stats).map((m) => m.marketplaceId)).toEqual(ids);
  });

  it('gives the counts and the share used', () => {
    expect(nearestLimit([market(3, 8)], [stat(3, 2)])).toEqual([
      { marketplaceId: 3, marketplaceName: 'M3', delivered: 2, limit: 8, ratio: 0.25 },
    ]);
  });
});

describe("today's delivery errors", () => {
  const DAY = Date.parse('2024-03-14T04:00:00Z');
  const page = (content: ReturnType<typeof error>[], totalElements = content.length) =>
    ({ id: 'page0', content, totalElements, totalPages: 1 }) satisfies DeliveryErrorsItem;
  it.each([
    ['none kept', undefined, 0, false, []],
    [
      'only today, latest first',
      page([error(1, '2024-03-14T05:00:00Z'), error(2, '2024-03-14T09:00:00Z')]),
      2,
      false,
      [2, 1],
    ],
    [
      'yesterday and undated left out',
      page([error(1, '2024-03-14T03:59:00Z'), error(2, null), error(3, '2024-03-14T04:00:00Z')]),
      1,
      false,
      [3],
    ],
    [
      'all kept are today and upstream has more',
      page([error(1, '2024-03-14T05:00:00Z')], 40),
      1,
      true,
      [1],
    ],
    [
      'an older one kept: the count is whole',
      page([error(1, '2024-03-14T05:00:00Z'), error(2, '2024-03-13T05:00:00Z')], 40),
      1,
      false,
      [1],
    ],
    [
      'the latest five',
      page([1, 2, 3, 4, 5, 6].map((n) => error(n, `2024-03-14T0${n + 3}:00:00Z`))),
      6,
      false,
      [6, 5, 4, 3, 2],
    ],
  ])('%s', (_name, p, count, more, ids) => {
    const e = errorsToday(p, DAY);
    expect(e.count).toBe(count);
    expect(e.more).toBe(more);
    expect(e.latest.map((x) => x.opportunityId)).toEqual(ids);
  });
});
