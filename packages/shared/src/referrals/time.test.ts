import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  calendarDaysBetween,
  formatShortDate,
  formatShortTime,
  isSameCalendarDay,
  toEpochMs,
} from './time.js';

const at = (iso: string): number => Date.parse(iso);

describe('agent-console §2 date and time display', () => {
  it('defaults to US Eastern time', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/New_York');
  });

  it.each([
    ['an ISO string', '2024-03-14T18:00:00.000Z', 1710439200000],
    ['a Date', new Date('2024-03-14T18:00:00.000Z'), 1710439200000],
    ['epoch ms', 1710439200000, 1710439200000],
  ])('reads %s', (_name, input, expected) => {
    expect(toEpochMs(input)).toBe(expected);
  });

  it('reads an unparseable string as NaN', () => {
    expect(toEpochMs('not a date')).toBeNaN();
  });

  it.each([
    ['2024-03-14T18:00:00Z', 'America/New_York', '3/14/24'],
    ['2009-11-05T12:00:00Z', 'UTC', '11/5/09'],
  ])('formats %s in %s as short date %s', (iso, zone, expected) => {
    expect(formatShortDate(at(iso), zone)).toBe(expected);
  });

  it.each([
    ['2024-03-14T04:00:00Z', 'America/New_York', '12:00 AM'],
    ['2024-03-14T13:05:00Z', 'America/New_York', '9:05 AM'],
    ['2024-03-14T16:30:00Z', 'America/New_York', '12:30 PM'],
    ['2024-03-14T23:59:00Z', 'UTC', '11:59 PM'],
  ])('formats %s in %s as short time %s', (iso, zone, expected) => {
    expect(formatShortTime(at(iso), zone)).toBe(expected);
  });

  it.each([
    ['2024-03-14T12:00:00Z', '2024-03-14T18:00:00Z', 'America/New_York', 0],
    ['2024-03-14T03:00:00Z', '2024-03-14T18:00:00Z', 'America/New_York', 1],
    ['2024-03-14T03:00:00Z', '2024-03-14T18:00:00Z', 'UTC', 0],
    ['2024-02-28T12:00:00Z', '2024-03-01T12:00:00Z', 'UTC', 2],
  ])('counts calendar days from %s to %s in %s as %i', (then, now, zone, days) => {
    expect(calendarDaysBetween(at(then), at(now), zone)).toBe(days);
  });

  it('decides same-day by the named zone, not the host', () => {
    const late = at('2024-03-15T02:00:00Z');
    const noon = at('2024-03-14T16:00:00Z');
    expect(isSameCalendarDay(late, noon, 'America/New_York')).toBe(true);
    expect(isSameCalendarDay(late, noon, 'UTC')).toBe(false);
  });
});
