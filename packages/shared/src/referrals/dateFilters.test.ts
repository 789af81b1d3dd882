import { describe, expect, it } from 'vitest';
import { DATE_FILTERS } from './constants.js';
import { DATE_FILTER_LABELS, isDateFilter } from './dateFilters.js';

describe('agent-console §2 date filters', () => {
  it.each([
    ['24hours', 'Last 24 Hours'],
    ['48hours', 'Last 48 Hours'],
    ['72hours', 'Last 72 Hours'],
    ['7days', 'Last 7 Days'],
    ['30days', 'Last 30 Days'],
  ] as const)('labels %s as %s', (filter, label) => {
    expect(DATE_FILTER_LABELS[filter]).toBe(label);
  });

  it('labels every filter of the set', () => {
    expect(Object.keys(DATE_FILTER_LABELS)).toEqual([...DATE_FILTERS]);
  });

  it.each([
    ['24hours', true],
    ['30days', true],
    ['1year', false],
    ['', false],
  ])('recognises %j as a date filter: %s', (value, known) => {
    expect(isDateFilter(value)).toBe(known);
  });
});
