import { describe, expect, it } from 'vitest';
import { ProgressStatus } from '../domain/opportunity.js';
import {
  clockSpanText,
  clockText,
  contactSpeedFigures,
  contactSpeedOf,
  contactTargetSchema,
  durationText,
  firstContactOf,
  medianOf,
  readClock,
  withPipelineContact,
  type ContactClock,
} from './contactClock.js';

const CLAIM = '2026-12-07T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(CLAIM) + minutes * 60_000);
const clock = (contactedAt: string | null = null): ContactClock => ({
  referralId: 1,
  claimedAt: CLAIM,
  claimedBy: 'pat',
  contactedAt,
  contactedBy: contactedAt === null ? null : 'pat',
});
const note = (minutes: number) => ({
  id: minutes,
  author: 'ann',
  at: at(minutes).toISOString(),
  text: 'hi',
});

describe('the contact clock', () => {
  it('runs, passes half its target, then is late; stopped in time it is met, else missed', () => {
    expect(readClock(clock(), 10, at(4))).toMatchObject({
      phase: 'running',
      halfPassed: false,
      remainingMs: 6 * 60_000,
    });
    expect(readClock(clock(), 10, at(5)).halfPassed).toBe(true);
    expect(readClock(clock(), 10, at(10)).phase).toBe('running');
    expect(readClock(clock(), 10, at(10.01)).phase).toBe('late');
    const met = readClock(clock(at(3).toISOString()), 10, at(60));
    expect(met).toMatchObject({ phase: 'met', elapsedMs: 3 * 60_000, halfPassed: false });
    expect(readClock(clock(at(12).toISOString()), 10, at(60)).phase).toBe('missed');
  });

  it('says how long is left, how far over, or how fast it was stopped', () => {
    expect(clockText(readClock(clock(), 10, at(2.25)))).toBe('7:45 left');
    expect(clockText(readClock(clock(), 10, at(13)))).toBe('3:00 over');
    expect(clockText(readClock(clock(), 1, at(75)))).toBe('1:14:00 over');
    expect(clockText(readClock(clock(at(0.5).toISOString()), 10, at(9)))).toBe('Contacted in 30 s');
    expect(clockText(readClock(clock(at(4).toISOString()), 10, at(9)))).toBe('Contacted in 4 min');
    expect(clockText(readClock(clock(at(125).toISOString()), 10, at(200)))).toBe(
      'Contacted in 2 h 5 min',
    );
    expect(durationText(120 * 60_000)).toBe('2 h');
    expect(clockSpanText(-61_000)).toBe('1:01');
  });

  it('is stopped by the first timeline entry at or after the claim, not one before it', () => {
    const events = [
      {
        id: 1,
        kind: 'status' as const,
        at: at(-5).toISOString(),
        by: 'old',
        from: ProgressStatus.Open,
        to: ProgressStatus.InProgress,
      },
      {
        id: 2,
        kind: 'contact' as const,
        at: at(6).toISOString(),
        by: 'bo',
        contact: 'textSent' as const,
      },
    ];
    expect(firstContactOf({ notes: [note(2)], events }, CLAIM)?.by).toBe('ann');
    expect(firstContactOf({ notes: [], events }, CLAIM)?.by).toBe('bo');
    expect(firstContactOf({ notes: [], events: events.slice(0, 1) }, CLAIM)).toBeNull();
    expect(withPipelineContact(clock(), { notes: [note(2)], events: [] })).toMatchObject({
      contactedAt: at(2).toISOString(),
      contactedBy: 'ann',
    });
    // A clock the relay already stopped, or no pipeline yet, stays as it is.
    const stopped = clock(at(1).toISOString());
    expect(withPipelineContact(stopped, { notes: [note(2)], events: [] })).toBe(stopped);
    expect(withPipelineContact(clock(), undefined)).toEqual(clock());
    expect(withPipelineContact(clock(), { notes: [], events: [] })).toEqual(clock());
  });
});

describe('the contact target', () => {
  it('takes a whole number of minutes from 1 to 240 and nothing else', () => {
    expect(contactTargetSchema.validateSync({ minutes: 240 })).toEqual({ minutes: 240 });
    for (const minutes of [0, 241, 2.5, '10', null]) {
      expect(() => contactTargetSchema.validateSync({ minutes })).toThrow(
        'The contact target must be a whole number of minutes from 1 to 240.',
      );
    }
    expect(() => contactTargetSchema.validateSync({ minutes: 5, x: 1 })).toThrow(/Unknown keys/);
  });
});

describe('speed to contact figures', () => {
  it('groups by speed at 5 and 30 minutes', () => {
    expect(contactSpeedOf(null)).toBe('none');
    expect(contactSpeedOf(4.99 * 60_000)).toBe('under5');
    expect(contactSpeedOf(5 * 60_000)).toBe('from5to30');
    expect(contactSpeedOf(30 * 60_000)).toBe('from5to30');
    expect(contactSpeedOf(30 * 60_000 + 1)).toBe('over30');
  });

  it('takes the median of an odd and an even count', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([9, 1, 5])).toBe(5);
    expect(medianOf([8, 2, 4, 6])).toBe(5);
  });

  it("gives each producer's median and each speed group's bound rate", () => {
    const m = 60_000;
    const f = contactSpeedFigures(
      [
        { producer: 'pat', contactMs: 2 * m, status: ProgressStatus.BoundProspect },
        { producer: 'pat', contactMs: 4 * m, status: ProgressStatus.Open },
        { producer: 'pat', contactMs: null, status: ProgressStatus.Open },
        { producer: 'ann', contactMs: 40 * m, status: ProgressStatus.BoundProspect },
        { producer: null, contactMs: 10 * m, status: ProgressStatus.QuoteSent },
      ],
      CLAIM,
    );
    expect(f.byProducer).toEqual([
      { producer: 'ann', claimed: 1, contacted: 1, medianMs: 40 * m },
      { producer: 'pat', claimed: 3, contacted: 2, medianMs: 3 * m },
      { producer: 'unknown', claimed: 1, contacted: 1, medianMs: 10 * m },
    ]);
    expect(f.bySpeed).toEqual([
      { speed: 'under5', referrals: 2, bound: 1, boundRate: 0.5 },
      { speed: 'from5to30', referrals: 1, bound: 0, boundRate: 0 },
      { speed: 'over30', referrals: 1, bound: 1, boundRate: 1 },
      { speed: 'none', referrals: 1, bound: 0, boundRate: 0 },
    ]);
    expect(contactSpeedFigures([], CLAIM).bySpeed[0]?.boundRate).toBe(0);
  });
});
