import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROGRESS_STATUSES, ProgressStatus } from '../domain/opportunity.js';
import {
  conversionFigures,
  conversionOf,
  newPipeline,
  pipelineUpdateSchema,
  RETURN_REASON_KEYS,
  returnDecisionSchema,
  returnRequestSchema,
  withinReturnWindow,
  type ConversionInput,
} from './index.js';

const errorsOf = (schema: { validateSync: (v: unknown, o: object) => unknown }, v: unknown) => {
  try {
    schema.validateSync(v, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
};

describe('a pipeline save', () => {
  it('takes a version, a status of the spec, a real day or null, and an optional note', () => {
    expect(
      errorsOf(pipelineUpdateSchema, { version: 0, status: 'Open', followUpOn: null }),
    ).toEqual([]);
    expect(
      errorsOf(pipelineUpdateSchema, {
        version: 3,
        status: 'Bound Prospect',
        followUpOn: '2028-02-29',
        note: 'x',
      }),
    ).toEqual([]);
    expect(
      errorsOf(pipelineUpdateSchema, { version: -1, status: 'Done', followUpOn: '2027-02-29' }),
    ).toEqual([
      'Version must be a whole number.',
      `Progress must be one of ${PROGRESS_STATUSES.join(', ')}.`,
      'Follow-up must be a date (YYYY-MM-DD) or empty.',
    ]);
    expect(errorsOf(pipelineUpdateSchema, { version: '1', status: 'Open' })).toEqual(
      expect.arrayContaining([
        'Version must be a whole number.',
        'Follow-up must be a date (YYYY-MM-DD) or empty.',
      ]),
    );
    expect(
      errorsOf(pipelineUpdateSchema, {
        version: 1,
        status: 'Open',
        followUpOn: null,
        note: 'x'.repeat(2001),
        who: 1,
      }),
    ).toEqual(
      expect.arrayContaining(['Note must be at most 2,000 characters.', 'Unknown keys: who.']),
    );
  });

  it('starts Open at version 0 with no notes', () => {
    expect(newPipeline(7, 'Acme')).toMatchObject({
      referralId: 7,
      agency: 'Acme',
      status: 'Open',
      version: 0,
      notes: [],
    });
  });
});

describe('a return', () => {
  it('names a reason, with a note for other; a decision needs a comment', () => {
    for (const reason of RETURN_REASON_KEYS.filter((r) => r !== 'other')) {
      expect(errorsOf(returnRequestSchema, { reason })).toEqual([]);
    }
    expect(errorsOf(returnRequestSchema, { reason: 'other' })).toEqual([
      'A note is required when the reason is Other.',
    ]);
    expect(errorsOf(returnRequestSchema, { reason: 'other', note: 'moved away' })).toEqual([]);
    expect(errorsOf(returnRequestSchema, { reason: 'bored' })).toEqual([
      `Reason must be one of ${RETURN_REASON_KEYS.join(', ')}.`,
    ]);
    expect(errorsOf(returnDecisionSchema, { approve: 'yes' })).toEqual([
      'Approve must be true or false.',
      'A comment is required.',
    ]);
    expect(errorsOf(returnDecisionSchema, { approve: false, comment: 'Not a duplicate.' })).toEqual(
      [],
    );
  });

  it('may be asked up to 7 days after the acquisition, not after', () => {
    const at = new Date('2026-11-01T12:00:00Z');
    expect(withinReturnWindow(at, new Date('2026-11-08T12:00:00Z'))).toBe(true);
    expect(withinReturnWindow(at, new Date('2026-11-08T12:00:01Z'))).toBe(false);
  });
});

const row = (over: Partial<ConversionInput> = {}): ConversionInput => ({
  agency: 'Acme',
  businessLines: ['AUTO'],
  source: 'web',
  state: 'TX',
  soldPrice: 100,
  status: ProgressStatus.Open,
  returnState: null,
  credit: null,
  ...over,
});

describe('conversion', () => {
  it('counts quoted (Quote Sent or Bound), bound and unable, spend less approved credits, cost per bound', () => {
    const figures = conversionFigures([
      row({ status: ProgressStatus.QuoteSent, soldPrice: 10.1 }),
      row({ status: ProgressStatus.BoundProspect, soldPrice: 20.2 }),
      row({
        status: ProgressStatus.UnableToService,
        soldPrice: 30.3,
        returnState: 'approved',
        credit: 30.3,
      }),
      row({ soldPrice: null, returnState: 'denied' }),
    ]);
    expect(figures).toEqual({
      bought: 4,
      quoted: 2,
      bound: 1,
      unable: 1,
      quotedRate: 0.5,
      boundRate: 0.25,
      unableRate: 0.25,
      spend: 30.3,
      costPerBound: 30.3,
      returned: 2,
      returnRate: 0.5,
    });
    expect(conversionFigures([])).toMatchObject({ bought: 0, quotedRate: 0, costPerBound: null });
  });

  it('groups by line (each line of a referral), source, state and, market-wide, agency', () => {
    const rows = [
      row({ businessLines: ['AUTO', 'HOME'], source: null }),
      row({ agency: 'Zed', businessLines: [], state: null, status: ProgressStatus.BoundProspect }),
    ];
    const c = conversionOf(rows, { since: '2026-10-24T00:00:00.000Z', byAgency: true });
    expect(Object.keys(c.byLine)).toEqual(['AUTO', 'HOME', 'unknown']);
    expect(c.bySource).toMatchObject({ unknown: { bought: 1 }, web: { bought: 1 } });
    expect(c.byState).toMatchObject({ TX: { bought: 1 }, unknown: { bought: 1, bound: 1 } });
    expect(c.byAgency).toMatchObject({ Acme: { bought: 1 }, Zed: { bound: 1 } });
    expect(conversionOf(rows, { since: c.since, byAgency: false }).byAgency).toBeNull();
  });

  it('keeps its invariants for any purchases', () => {
    const input = fc.record({
      agency: fc.constantFrom('A', 'B', 'C'),
      businessLines: fc.array(fc.constantFrom('AUTO', 'HOME', 'GL'), { maxLength: 3 }),
      source: fc.option(fc.constantFrom('web', 'phone'), { nil: null }),
      state: fc.option(fc.constantFrom('TX', 'OK'), { nil: null }),
      soldPrice: fc.option(
        fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
        { nil: null },
      ),
      status: fc.constantFrom(...PROGRESS_STATUSES),
      returnState: fc.constantFrom(null, 'requested', 'approved', 'denied' as const),
      credit: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(input, { maxLength: 60 }), (raw) => {
        const rows = raw.map((r) => ({
          ...r,
          credit: r.returnState === 'approved' ? r.soldPrice : null,
        }));
        const c = conversionOf(rows, { since: 'x', byAgency: true });
        const t = c.totals;
        expect(t.bought).toBe(rows.length);
        expect(t.quoted).toBeGreaterThanOrEqual(t.bound);
        for (const r of [t.quotedRate, t.boundRate, t.unableRate, t.returnRate]) {
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(1);
        }
        const paid = rows
          .filter((r) => r.returnState !== 'approved')
          .reduce((s, r) => s + Math.round((r.soldPrice ?? 0) * 100), 0);
        expect(Math.round(t.spend * 100)).toBe(paid);
        // Every purchase is in exactly one agency's figures.
        const agencies = Object.values(c.byAgency ?? {});
        expect(agencies.reduce((s, f) => s + f.bought, 0)).toBe(t.bought);
        expect(agencies.reduce((s, f) => s + f.bound, 0)).toBe(t.bound);
      }),
    );
  });
});
