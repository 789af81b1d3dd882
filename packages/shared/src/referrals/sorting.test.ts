import { describe, expect, it } from 'vitest';
import type { Sort, SortKey } from './sorting.js';
import {
  SORT_FIELDS,
  byExpirationFirst,
  cycleAllOpportunitiesSort,
  cycleSort,
  isSortKey,
} from './sorting.js';

describe('agent-console §3 sort key mapping', () => {
  it.each([
    ['addDate', 'addDate'],
    ['status', 'marketplaceStatus'],
    ['name', 'lastName'],
    ['city', 'city'],
    ['category', 'businessLineCategory'],
    ['businessLines', 'opportunityBusinessLineEntities'],
    ['estimatedPremium', 'premium'],
    ['industry', 'industryCode'],
    ['noOfEmployees', 'businessSize'],
    ['yearsInBusiness', 'businessYears'],
    ['marketplaceExpirationDate', 'marketplaceExpirationDate'],
    ['lastModDate', 'lastModDate'],
    ['phone', 'phone'],
    ['email', 'email'],
  ] as const)('maps client key %s to server field %s', (key, field) => {
    expect(SORT_FIELDS[key]).toBe(field);
  });

  it.each([
    ['status', true],
    ['premium', false],
    ['toString', false],
  ])('recognises %s as a client sort key: %s', (value, known) => {
    expect(isSortKey(value)).toBe(known);
  });
});

const s = (key: SortKey, direction: 'asc' | 'desc'): Sort => ({ key, direction });

describe('agent-console §2 sort cycling', () => {
  it.each([
    ['unsorted, click city', null, 'city', s('city', 'desc')],
    ['sorted by addDate, click city', s('addDate', 'asc'), 'city', s('city', 'desc')],
    ['city desc, click city', s('city', 'desc'), 'city', s('city', 'asc')],
    ['city asc, click city', s('city', 'asc'), 'city', null],
  ] as const)('generic rule: %s', (_name, current, clicked, next) => {
    expect(cycleSort(current, clicked)).toEqual(next);
  });

  it.each([
    [
      'unsorted, click expiration',
      null,
      'marketplaceExpirationDate',
      s('marketplaceExpirationDate', 'asc'),
    ],
    [
      'addDate, click expiration',
      s('addDate', 'desc'),
      'marketplaceExpirationDate',
      s('marketplaceExpirationDate', 'asc'),
    ],
    [
      'expiration, click addDate',
      s('marketplaceExpirationDate', 'asc'),
      'addDate',
      s('addDate', 'desc'),
    ],
    ['addDate desc, click addDate', s('addDate', 'desc'), 'addDate', s('addDate', 'asc')],
    ['addDate asc, click addDate', s('addDate', 'asc'), 'addDate', s('addDate', 'desc')],
    [
      'expiration asc, click it',
      s('marketplaceExpirationDate', 'asc'),
      'marketplaceExpirationDate',
      s('marketplaceExpirationDate', 'desc'),
    ],
  ] as const)('all-opportunities rule: %s', (_name, current, clicked, next) => {
    expect(cycleAllOpportunitiesSort(current, clicked)).toEqual(next);
  });

  // Expiration first is no column's sort: a click starts that column afresh.
  it.each([
    ['expiring first, click Received', 'addDate', s('addDate', 'desc')],
    [
      'expiring first, click Limited Time',
      'marketplaceExpirationDate',
      s('marketplaceExpirationDate', 'asc'),
    ],
    ['expiring first, click city', 'city', s('city', 'desc')],
  ] as const)('all-opportunities rule: %s', (_name, clicked, next) => {
    expect(cycleAllOpportunitiesSort(byExpirationFirst(s('addDate', 'desc')), clicked)).toEqual(
      next,
    );
  });

  it('generic rule: expiring first, click its own column: descending', () => {
    expect(cycleSort(byExpirationFirst(s('city', 'desc')), 'city')).toEqual(s('city', 'desc'));
  });
});
