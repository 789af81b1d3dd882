import { describe, expect, it } from 'vitest';
import { epochSince, hourWindow, startOfDayMs } from './hours.js';

const at = (iso: string) => Date.parse(iso);

describe('hour buckets of the last 24 hours', () => {
  it.each([
    ['New York', '2024-03-14T18:25:00Z', 'America/New_York', '2024-03-14T18:00:00Z'],
    ['UTC, on the hour', '2024-03-14T18:00:00Z', 'UTC', '2024-03-14T18:00:00Z'],
    ['a half-hour zone', '2024-03-14T18:25:00Z', 'Asia/Kolkata', '2024-03-14T17:30:00Z'],
    ['a quarter-hour zone', '2024-03-14T18:25:00Z', 'Asia/Kathmandu', '2024-03-14T18:15:00Z'],
  ])('starts the current bucket at the clock hour (%s)', (_name, now, zone, current) => {
    const w = hourWindow(at(now), zone, 24);
    expect(w.starts).toHaveLength(24);
    expect(w.starts.at(-1)).toBe(at(current));
    expect(w.from).toBe(at(current) - 23 * 3_600_000);
  });

  const w = hourWindow(at('2024-03-14T18:25:00Z'), 'America/New_York', 24);
  it.each([
    ['the first instant of the window', '2024-03-13T19:00:00Z', 0],
    ['an instant in the second bucket', '2024-03-13T20:59:59Z', 1],
    ['the current hour', '2024-03-14T18:10:00Z', 23],
    ['now', '2024-03-14T18:25:00Z', 23],
    ['just before the window', '2024-03-13T18:59:59Z', -1],
    ['the future', '2024-03-14T18:26:00Z', -1],
    ['an unreadable date', 'not a date', -1],
  ])('puts %s in bucket %#', (_name, iso, index) => {
    expect(w.indexOf(Date.parse(iso))).toBe(index);
  });
});

describe('start of the calendar day', () => {
  it.each([
    [
      'an ordinary day in New York',
      '2024-03-14T18:00:00Z',
      'America/New_York',
      '2024-03-14T04:00:00Z',
    ],
    ['just after midnight', '2024-03-14T04:30:00Z', 'America/New_York', '2024-03-14T04:00:00Z'],
    ['just before midnight', '2024-03-15T03:59:00Z', 'America/New_York', '2024-03-14T04:00:00Z'],
    [
      'the day clocks spring forward',
      '2024-03-10T18:00:00Z',
      'America/New_York',
      '2024-03-10T05:00:00Z',
    ],
    [
      'the day clocks fall back',
      '2024-11-03T18:00:00Z',
      'America/New_York',
      '2024-11-03T04:00:00Z',
    ],
    ['UTC', '2024-03-14T18:00:42.500Z', 'UTC', '2024-03-14T00:00:00Z'],
  ])('finds midnight on %s', (_name, now, zone, midnight) => {
    expect(startOfDayMs(at(now), zone)).toBe(at(midnight));
  });
});

describe('reading a date only when it may be in the window', () => {
  const FROM = at('2024-03-13T19:00:00Z');
  const FROM_ISO = '2024-03-13T19:00:00.000Z';
  it.each([
    ['a canonical date in the window', '2024-03-14T01:00:00.000Z', at('2024-03-14T01:00:00Z')],
    ['a canonical date before it', '2024-03-13T18:59:59.999Z', Number.NaN],
    ['the first instant', FROM_ISO, FROM],
    ['an offset date in the window', '2024-03-13T15:30:00-04:00', at('2024-03-13T19:30:00Z')],
    ['an offset date before it (text says later)', '2024-03-13T20:00:00+02:00', Number.NaN],
    ['a date without milliseconds', '2024-03-14T01:00:00Z', at('2024-03-14T01:00:00Z')],
    ['no date', null, Number.NaN],
    ['an unreadable date', '2024-99-99T99:00:00.000Z', Number.NaN],
  ])('%s', (_name, iso, expected) => {
    expect(epochSince(iso, FROM, FROM_ISO)).toBe(expected);
  });
});
