import {
  marketplaceSchema,
  nullableField,
  opportunitySchema,
  readFieldAliases,
  requiredText,
  upstreamRecord,
  yupSchemaOf,
} from '@referrals/shared';
import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import {
  answerOf,
  recordsOf,
  yupAnswer,
} from '../../../../packages/shared/src/schemas/recordArbitraries.testkit.js';
import {
  ORACLES,
  oracleOpportunitySchema,
} from '../../../../packages/shared/src/schemas/recordOracles.testkit.js';
import { isCompiled, recordValidator } from './compiledSchema.js';

const compiledAnswer = (schema: yup.AnyObjectSchema, value: unknown) =>
  answerOf(() => recordValidator(schema as yup.ObjectSchema<yup.AnyObject>)(value));

/** The referral's output, which must be the hand-written schema's JSON, key order included. */
function readBoth(value: unknown): Record<string, unknown> {
  const answer = compiledAnswer(opportunitySchema, value);
  expect(answer).toStrictEqual(yupAnswer(oracleOpportunitySchema, value));
  expect(answer).toHaveProperty('ok');
  return JSON.parse((answer as { ok: string }).ok) as Record<string, unknown>;
}

/** A referral with every field, as the fast path takes it. */
const fullReferral = (): Record<string, unknown> =>
  opportunitySchema.cast({
    opportunityId: 7,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: '2026-03-02T10:00:00.000Z',
    businessLines: ['CGLY', 'CBPY'],
    noOfEmployees: 12,
  });

/**
 * The referral under the alias names: each renamed where it stands with its field left out, or
 * added at the end with its field sent as null.
 */
function underAliases(
  referral: Record<string, unknown>,
  field: 'left out' | 'null',
): Record<string, unknown> {
  const renamed: Record<string, string> = {
    businessLines: 'linesOfBusiness',
    noOfEmployees: 'numberOfEmployees',
  };
  const entries = Object.entries(referral);
  if (field === 'left out')
    return Object.fromEntries(entries.map(([k, v]) => [renamed[k] ?? k, v]));
  return Object.fromEntries([
    ...entries.map(([k, v]): [string, unknown] => [k, k in renamed ? null : v]),
    ...Object.entries(renamed).map(([k, alias]): [string, unknown] => [alias, referral[k]]),
  ]);
}

describe('compiled record validator', () => {
  it.each(ORACLES)('compiles the $name schema, so the poll does not run yup for it', (o) => {
    expect(isCompiled(o.derived)).toBe(true);
  });

  it.each(ORACLES)(
    'answers as the hand-written $name schema over random records: the same output, or the same error',
    ({ record, derived, oracle }) => {
      const runs = derived === opportunitySchema ? 3000 : 1000;
      for (const typed of [false, true])
        fc.assert(
          fc.property(recordsOf(oracle, record.aliases, typed), (value) => {
            const before = JSON.stringify(value);
            expect(compiledAnswer(derived, value)).toStrictEqual(yupAnswer(oracle, value));
            // The upstream's record is left as it came.
            expect(JSON.stringify(value)).toBe(before);
          }),
          { numRuns: runs },
        );
    },
  );

  it('gives a fresh default array to each record, never one shared between them', () => {
    const base = { opportunityId: 1, opportunityType: 'CIR', marketplaceStatus: 'Available' };
    const validate = recordValidator(opportunitySchema);
    const a = validate({ ...base, addDate: 'a' });
    const b = validate({ ...base, addDate: 'b' });
    expect(a.businessLines).toEqual([]);
    expect(a.businessLines).not.toBe(b.businessLines);
  });

  it('reads linesOfBusiness and numberOfEmployees where businessLines and noOfEmployees are left out or null', () => {
    const primary = readBoth(fullReferral());
    for (const field of ['left out', 'null'] as const) {
      const out = readBoth(underAliases(fullReferral(), field));
      expect(out).toMatchObject({ businessLines: ['CGLY', 'CBPY'], noOfEmployees: 12 });
      expect(out).not.toHaveProperty('linesOfBusiness');
      expect(out).not.toHaveProperty('numberOfEmployees');
      // The same JSON as under the primary names: the same hash, the same stored key order.
      expect(JSON.stringify(out)).toBe(JSON.stringify(primary));
    }
    // Only some fields, so the output is built in yup's order with defaults filled.
    const sparse = {
      opportunityId: 8,
      opportunityType: 'PCR',
      marketplaceStatus: 'Claimed',
      addDate: '2026-03-02T10:00:00.000Z',
      linesOfBusiness: ['AUTO'],
      noOfEmployees: null,
      numberOfEmployees: 0,
      extra: 'dropped',
    };
    expect(readBoth(sparse)).toMatchObject({ businessLines: ['AUTO'], noOfEmployees: 0 });
  });

  it('keeps businessLines and noOfEmployees over their aliases when both names have a value', () => {
    const both = { ...fullReferral(), linesOfBusiness: ['LIFE'], numberOfEmployees: 900 };
    expect(readBoth(both)).toMatchObject({ businessLines: ['CGLY', 'CBPY'], noOfEmployees: 12 });
    const empty = { ...fullReferral(), businessLines: [], linesOfBusiness: ['LIFE'] };
    expect(readBoth(empty).businessLines).toEqual([]);
  });

  it('reads an alias as its absent field even when null, and refuses a null list of lines', () => {
    const rest = fullReferral();
    delete rest.businessLines;
    delete rest.noOfEmployees;
    const nullCount = readBoth({ ...rest, linesOfBusiness: [], numberOfEmployees: null });
    expect(nullCount).toMatchObject({ businessLines: [], noOfEmployees: null });
    for (const refused of [
      { ...rest, linesOfBusiness: null },
      { ...fullReferral(), businessLines: null, linesOfBusiness: null },
    ]) {
      expect(compiledAnswer(opportunitySchema, refused)).toStrictEqual({
        error: 'ValidationError: businessLines cannot be null',
      });
      expect(yupAnswer(oracleOpportunitySchema, refused)).toStrictEqual(
        compiledAnswer(opportunitySchema, refused),
      );
    }
  });

  it('takes referrals under the alias names on the fast path, without yup', () => {
    const validate = recordValidator(opportunitySchema);
    const yupRuns = vi.spyOn(opportunitySchema, 'validateSync');
    try {
      validate(fullReferral());
      validate(underAliases(fullReferral(), 'left out'));
      validate(underAliases(fullReferral(), 'null'));
      expect(yupRuns).not.toHaveBeenCalled();
      // A numeric string needs yup's cast: the spy sees that one.
      validate({ ...underAliases(fullReferral(), 'left out'), numberOfEmployees: '12' });
      expect(yupRuns).toHaveBeenCalledTimes(1);
    } finally {
      yupRuns.mockRestore();
    }
  });

  it('compiles bounds and aliases of any definition as yup applies them', () => {
    const derived = yupSchemaOf(
      upstreamRecord(
        Type.Object({
          code: Type.String({ minLength: 2, maxLength: 4 }),
          tags: Type.Array(requiredText(), { default: [] }),
          n: nullableField(Type.Integer({ minimum: 0, maximum: 10 })),
        }),
        { labels: 'tags', count: 'n' },
      ),
    );
    const byHand = yup
      .object({
        code: yup.string().min(2).max(4).required(),
        tags: yup.array(yup.string().required()).defined().default([]),
        n: yup.number().integer().min(0).max(10).nullable().defined().default(null),
      })
      .transform((v: unknown) => readFieldAliases(v, { labels: 'tags', count: 'n' }));
    expect(isCompiled(derived)).toBe(true);
    for (const typed of [false, true])
      fc.assert(
        fc.property(recordsOf(byHand, { labels: 'tags', count: 'n' }, typed), (value) => {
          expect(compiledAnswer(derived, value)).toStrictEqual(yupAnswer(byHand, value));
        }),
        { numRuns: 2000 },
      );
    // A length is counted in UTF-16 units, as yup counts it: three emoji are six.
    for (const code of ['\u{1F600}', '\u{1F600}\u{1F600}', '\u{1F600}\u{1F600}\u{1F600}'])
      expect(compiledAnswer(derived, { code })).toStrictEqual(yupAnswer(byHand, { code }));
  });

  it('leaves a schema not derived from a definition to yup, with the same answers', () => {
    // Typed loosely: yup's types of schemas with transforms do not unify with AnyObjectSchema.
    const schemas = [
      opportunitySchema.partial(),
      yup.object({ name: yup.string().trim().required(), n: yup.number().nullable().defined() }),
      yup.object({
        kind: yup.string().required(),
        size: yup.number().when('kind', { is: 'big', then: (s) => s.min(10) }),
      }),
    ] as unknown as yup.AnyObjectSchema[];
    expect(isCompiled(marketplaceSchema)).toBe(false);
    for (const schema of schemas) {
      expect(isCompiled(schema)).toBe(false);
      fc.assert(
        fc.property(recordsOf(schema), (value) => {
          expect(compiledAnswer(schema, value)).toStrictEqual(yupAnswer(schema, value));
        }),
        { numRuns: 200 },
      );
    }
  });
});
