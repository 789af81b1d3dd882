import { describe, expect, it } from 'vitest';
import {
  acquiredCell,
  ageCell,
  dayStamp,
  deliveredCell,
  isNew,
  plural,
  relativeAge,
  timeAgoText,
} from './ageText.js';
import { DAY_FIXTURE, HOUR, MINUTE, NOW, SECOND, ago } from './fixtures.testkit.js';

describe('agent-console §4 newness', () => {
  it.each([
    ['0 s old', 0, true],
    ['299 s old', 299 * SECOND, true],
    ['exactly 300 s old', 300 * SECOND, false],
    ['an hour old', HOUR, false],
    ['dated in the future', -MINUTE, true],
  ])('an item %s is New: %s', (_name, age, expected) => {
    expect(isNew(ago(age), NOW)).toBe(expected);
  });

  it.each([
    [1, 'minute', '1 minute'],
    [2, 'minute', '2 minutes'],
    [0, 'second', '0 seconds'],
  ])('pluralises %i %s as %s', (n, unit, text) => {
    expect(plural(n, unit)).toBe(text);
  });
});

describe('agent-console §2 time-ago text of list rows', () => {
  it.each([
    ['under 5 minutes old', 4 * MINUTE + 59 * SECOND, 'New'],
    ['5 minutes old', 5 * MINUTE, '5 minutes ago'],
    ['59 minutes old', 59 * MINUTE + 59 * SECOND, '59 minutes ago'],
    ['1 hour old', HOUR, '1 hour ago'],
    ['2.5 hours old', 2.5 * HOUR, '2 hours ago'],
    ['from just after midnight today', 13.5 * HOUR, '13 hours ago'],
    ['from late yesterday', 15 * HOUR, '3/13/24'],
    ['from last week', 8 * 24 * HOUR, '3/6/24'],
  ])('shows an item %s as %j', (_name, age, text) => {
    expect(timeAgoText(ago(age), NOW)).toBe(text);
  });

  it('uses the named zone to decide what is today', () => {
    expect(timeAgoText(ago(15 * HOUR), NOW, 'UTC')).toBe('15 hours ago');
  });

  it('shows nothing for an unreadable date', () => {
    expect(timeAgoText('garbage', NOW)).toBe('');
  });
});

describe('agent-console §9 relative age helper', () => {
  it.each([
    ['dated in the future', -MINUTE, '0 seconds ago'],
    ['1 second old', SECOND, '1 second ago'],
    ['59 seconds old', 59 * SECOND, '59 seconds ago'],
    ['1 minute old', MINUTE, '1 minute ago'],
    ['31 minutes old', 31 * MINUTE + 59 * SECOND, '31 minutes ago'],
    ['32 minutes old', 32 * MINUTE, 'Today'],
    ['from early today', 13 * HOUR, 'Today'],
    ['from late yesterday', 15 * HOUR, '1 day ago'],
    ['from three days ago', 3 * 24 * HOUR, '3 days ago'],
  ])('describes an item %s as %j', (_name, age, text) => {
    expect(relativeAge(ago(age), NOW)).toBe(text);
  });

  it('shows nothing for an unreadable date', () => {
    expect(relativeAge('garbage', NOW)).toBe('');
  });
});

describe('agent-console §2 day stamps and date cells', () => {
  it.each([
    ['today', 2 * HOUR, { kind: 'today', time: '12:00 PM' }],
    ['yesterday', 15 * HOUR, { kind: 'date', date: '3/13/24', time: '11:00 PM' }],
  ])('stamps a date from %s', (_name, age, stamp) => {
    expect(dayStamp(ago(age), NOW)).toEqual(stamp);
  });

  it('can take the time from a second date', () => {
    expect(dayStamp(ago(HOUR), NOW, 'America/New_York', DAY_FIXTURE.morning)).toEqual({
      kind: 'today',
      time: '9:15 AM',
    });
  });

  it.each([
    ['a New row', 2 * MINUTE, { kind: 'new' }],
    ['a same-day row', 2 * HOUR, { kind: 'timeAgo', text: '2 hours ago', detail: '3/14/24' }],
    ['an older row', 15 * HOUR, { kind: 'timeAgo', text: '3/13/24', detail: '11:00 PM' }],
  ])('renders the Delivered cell of %s', (_name, age, cell) => {
    expect(deliveredCell(ago(age), NOW)).toEqual(cell);
  });

  it.each([
    ['a row under 5 minutes old', 4 * MINUTE, { kind: 'new' }],
    ['a row 10 minutes old', 10 * MINUTE, { kind: 'age', text: '10 minutes ago' }],
    ['a row 2 days old', 2 * 24 * HOUR, { kind: 'age', text: '2 days ago' }],
  ])('renders the recent Age cell of %s', (_name, age, cell) => {
    expect(ageCell(ago(age), NOW)).toEqual(cell);
  });

  it.each([
    [
      'acquired yesterday',
      { lastModDate: DAY_FIXTURE.yesterdayEvening, addDate: '2024-03-13T14:00:00.000Z' },
      { kind: 'date', date: '3/13/24', time: '8:00 PM' },
    ],
    [
      'acquired today but delivered yesterday',
      { lastModDate: ago(HOUR), addDate: DAY_FIXTURE.yesterdayEvening },
      { kind: 'today', time: '1:00 PM' },
    ],
  ])(
    'stamps the Acquired cell of a referral %s: day and time of the acquisition (lastModDate)',
    (_n, o, cell) => {
      expect(acquiredCell(o, NOW)).toEqual(cell);
    },
  );

  it('falls back to addDate when lastModDate is missing', () => {
    expect(acquiredCell({ lastModDate: null, addDate: DAY_FIXTURE.morning }, NOW)).toEqual({
      kind: 'today',
      time: '9:15 AM',
    });
  });
});
