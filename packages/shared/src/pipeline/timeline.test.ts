import { describe, expect, it } from 'vitest';
import { returnTimeLeft, returnWindowEnd, timelineOf } from './timeline.js';
import { returnRequestSchema, returnWindowEndsAt } from './index.js';

describe('a referral’s timeline', () => {
  it('merges events and notes by time; a save’s status change first, its note last', () => {
    const at = '2026-12-01T09:00:00.000Z';
    const later = '2026-12-01T10:00:00.000Z';
    const timeline = timelineOf({
      notes: [
        { id: 9, author: 'ann', at, text: 'Disconnected.' },
        { id: 10, author: 'bob', at: later, text: 'Still dead.' },
      ],
      events: [
        { id: 3, kind: 'status', at, by: 'ann', from: 'Open', to: 'In Progress' },
        { id: 4, kind: 'contact', at, by: 'ann', contact: 'callWrongNumber' },
        { id: 5, kind: 'contact', at: later, by: 'bob', contact: 'emailBounced' },
      ],
    });
    expect(timeline.map((e) => e.id)).toEqual([
      'event:3',
      'event:4',
      'note:9',
      'event:5',
      'note:10',
    ]);
    expect(timeline[2]).toEqual({
      id: 'note:9',
      kind: 'note',
      at,
      by: 'ann',
      text: 'Disconnected.',
    });
  });
});

describe('the return window', () => {
  const acquired = new Date('2026-12-01T12:00:00Z');

  it('ends 7 days after the purchase', () => {
    expect(returnWindowEndsAt(acquired).toISOString()).toBe('2026-12-08T12:00:00.000Z');
    expect(returnWindowEnd(acquired, 1).toISOString()).toBe('2026-12-02T12:00:00.000Z');
  });

  it('counts what is left in days, hours and minutes, and nothing once it closed', () => {
    const end = returnWindowEndsAt(acquired);
    expect(returnTimeLeft(end, new Date('2026-12-05T09:30:00Z'))).toEqual({
      days: 3,
      hours: 2,
      minutes: 30,
    });
    expect(returnTimeLeft(end, end)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(returnTimeLeft(end, new Date(end.getTime() + 1))).toBeNull();
  });
});

describe('the evidence of a return request', () => {
  const check = (evidence: unknown) =>
    returnRequestSchema.validate({ reason: 'duplicate', evidence }).then(
      () => null,
      (e: Error) => e.message,
    );

  it('is a list of distinct entry ids, at most 200, or left out', async () => {
    expect(await returnRequestSchema.validate({ reason: 'duplicate' })).toEqual({
      reason: 'duplicate',
    });
    expect(await check(['note:1', 'event:2'])).toBeNull();
    expect(await check([])).toBeNull();
    expect(await check('note:1')).toBe('Evidence must be a list of timeline entry ids.');
    expect(await check([1])).toBe('Evidence must be a list of timeline entry ids.');
    expect(await check(['note:1', 'note:1'])).toBe('Evidence names an entry twice.');
    expect(await check(Array.from({ length: 201 }, (_, i) => `note:${i}`))).toBe(
      'Evidence may name at most 200 entries.',
    );
  });
});
