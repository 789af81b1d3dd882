import { describe, expect, it } from 'vitest';
import { DATE_FILTERS } from './constants.js';
import { DATE_FILTER_LABELS, dateFilterStartDate, isDateFilter } from './dateFilters.js';
import { NOW } from './fixtures.testkit.js';

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
    ['24hours', '03/13/2024'],
    ['48hours', '03/12/2024'],
    ['72hours', '03/11/2024'],
    ['7days', '03/07/2024'],
    ['30days', '02/13/2024'],
  ] as const)('starts %s at now minus its span, %s', (filter, start) => {
    expect(dateFilterStartDate(filter, NOW)).toBe(start);
  });

  it.each([
    ['America/New_York', '03/13/2024'],
    ['UTC', '03/14/2024'],
    ['America/Los_Angeles', '03/13/2024'],
  ])('reads the start date on the calendar of %s', (zone, start) => {
    // 02:00 UTC on the 15th is still the evening of the 14th in the Americas.
    const lateEvening = new Date('2024-03-15T02:00:00Z');
    expect(dateFilterStartDate('24hours', lateEvening, zone)).toBe(start);
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
