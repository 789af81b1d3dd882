import { describe, expect, it } from 'vitest';
import { appetiteSummary, pauseText } from './appetiteSummary.js';
import { newMarketplaceDefaults } from './formValues.js';
import { toMarketplacePayload } from './toPayload.js';
import { capAlertLevel, capProblems, pauseProblems, selfServeChangeSchema } from './selfServe.js';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('what an agency may change itself', () => {
  it('keeps caps within the bounds an admin set, and the daily cap under the weekly', () => {
    expect(
      capProblems({ maxPerDay: 40, maxPerWeek: 150 }, { maxPerDay: 40, maxPerWeek: 150 }),
    ).toEqual([]);
    expect(
      capProblems({ maxPerDay: 41, maxPerWeek: 151 }, { maxPerDay: 40, maxPerWeek: 150 }),
    ).toEqual([
      'The daily cap may be at most 40, the bound an administrator set.',
      'The weekly cap may be at most 150, the bound an administrator set.',
    ]);
    expect(
      capProblems({ maxPerDay: 5, maxPerWeek: 5 }, { maxPerDay: null, maxPerWeek: 10 }),
    ).toEqual(['An administrator has not allowed you to set the daily cap.']);
    expect(capProblems({ maxPerDay: 9, maxPerWeek: 8 }, { maxPerDay: 10, maxPerWeek: 10 })).toEqual(
      ['The daily cap may not be above the weekly cap.'],
    );
  });

  it('refuses a cap out of range and any field besides caps and the pause', async () => {
    const errors = (body: object) =>
      selfServeChangeSchema.validate(body, { abortEarly: false }).then(
        () => [],
        (err: { errors: string[] }) => err.errors,
      );
    expect(await errors({ version: 'v', caps: { maxPerDay: 0, maxPerWeek: 2.5 } })).toEqual([
      'The daily cap must be at least 1',
      'The weekly cap must be a whole number',
    ]);
    expect(await errors({ version: 'v', enabled: true })).toEqual([
      'only caps and a pause may be changed here',
    ]);
  });

  it('refuses a pause that ends before it starts, is over, starts in the past or is too long', () => {
    expect(pauseProblems({ from: at(0), until: at(60) }, NOW)).toEqual([]);
    expect(pauseProblems({ from: at(60), until: at(30) }, NOW)).toEqual([
      'The pause must end after it starts.',
    ]);
    expect(pauseProblems({ from: at(-120), until: at(-60) }, NOW)).toEqual([
      'The pause must end in the future.',
      'The pause may not start in the past.',
    ]);
    expect(pauseProblems({ from: at(0), until: at(91 * 24 * 60) }, NOW)).toEqual([
      'A pause may last at most 90 days.',
    ]);
  });

  it('raises cap alerts at 50, 80 and 100 % of the day’s cap, none without a cap', () => {
    const cap = { maxReferralsPerDay: 10 };
    expect([4, 5, 7, 8, 9, 10, 12].map((n) => capAlertLevel(n, cap))).toEqual([
      null,
      50,
      50,
      80,
      80,
      100,
      100,
    ]);
    expect(capAlertLevel(50, { maxReferralsPerDay: null })).toBeNull();
    expect(capAlertLevel(null, cap)).toBeNull();
  });
});

describe('the appetite and pause in words', () => {
  it('says the states, lines, limits, days and times', () => {
    const m = toMarketplacePayload(
      { ...newMarketplaceDefaults(), marketplaceName: 'X', checkedStates: ['TX', 'OH'] },
      { sources: [], naicsCodes: [] },
    );
    const lines = Object.fromEntries(
      appetiteSummary(m.riskAppetite).map((l) => [l.label, l.value]),
    );
    expect(lines.States).toBe('OH, TX');
    expect(lines['Delivery days']).toBe('Mon, Tue, Wed, Thu, Fri, Sat, Sun');
    expect(lines['Delivery times']).toBe('00:00–23:59 Central');
    expect(lines.Limits).toMatch(/^No limit an hour/);
  });

  it('says until when a running pause lasts, and when a later one starts', () => {
    const zone = 'America/Chicago';
    expect(pauseText({ from: at(0), until: at(120), active: true }, NOW, zone)).toBe(
      'Paused until Dec 7, 2026, 8:00 AM',
    );
    expect(pauseText({ from: at(60), until: at(120), active: false }, NOW, zone)).toBe(
      'Pause from Dec 7, 2026, 7:00 AM to Dec 7, 2026, 8:00 AM',
    );
    expect(pauseText({ from: at(-60), until: at(-1), active: true }, NOW, zone)).toBeNull();
  });
});
