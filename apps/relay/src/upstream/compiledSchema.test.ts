import { fieldAliasesOf, opportunitySchema, withFieldAliases } from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { isCompiled, recordValidator } from './compiledSchema.js';

/**
 * An answer as text: the output's JSON, key order included (what the store keeps and hashes), or
 * the error's kind and message.
 */
function answerOf(validate: () => unknown): unknown {
  try {
    return { ok: JSON.stringify(validate()) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}
const yupAnswer = (schema: yup.AnyObjectSchema, value: unknown) =>
  answerOf(() => schema.validateSync(value, { stripUnknown: true, abortEarly: true }));
const compiledAnswer = (schema: yup.AnyObjectSchema, value: unknown) =>
  answerOf(() => recordValidator(schema as yup.ObjectSchema<yup.AnyObject>)(value));

/** The output both paths give a record, which must be the same JSON, key order included. */
function readBoth(value: unknown): Record<string, unknown> {
  const answer = compiledAnswer(opportunitySchema, value);
  expect(answer).toStrictEqual(yupAnswer(opportunitySchema, value));
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

/** Values of every kind a field may meet upstream: typed, null, castable, wrong, empty. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('5', ' 7 ', 'true', 'false', '1', '0', '2026-11-21T10:00:00Z', 'NaN'),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant({}),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)), {
    maxLength: 3,
  }),
);

/** A value a field of this description most often has upstream (the fast path's case). */
function typedValue(d: yup.SchemaDescription): fc.Arbitrary<unknown> {
  const oneOf = d.oneOf.filter((v) => v !== null);
  if (oneOf.length > 0) return fc.constantFrom(...oneOf);
  const nul = d.nullable ? [fc.constant(null)] : [];
  if (d.type === 'number') return fc.oneof(fc.integer({ min: -5, max: 1e6 }), ...nul);
  if (d.type === 'boolean') return fc.oneof(fc.boolean(), ...nul);
  if (d.type === 'array')
    return fc.array(fc.constantFrom('LIFE', 'AUTO', 'HOME', 'BOP'), { maxLength: 3 });
  return fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), ...nul);
}

/**
 * Records built field by field: mostly typed, sometimes missing or any value, plus extra keys
 * (with `typed`, fields are typed or missing and there are no extra keys: records the fast path
 * takes when nothing required is missing). A field the schema also reads under an alias may come
 * under either name, both, or neither.
 */
function records(schema: yup.AnyObjectSchema, typed = false): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.describe().fields) as [string, yup.SchemaDescription][];
  const descriptions = new Map(fields);
  const aliases = Object.entries(fieldAliasesOf(schema) ?? {}).map(
    ([alias, field]) => [alias, descriptions.get(field)] as [string, yup.SchemaDescription],
  );
  const record = fc.record(
    Object.fromEntries(
      [...fields, ...aliases].map(([name, d]) => [
        name,
        typed
          ? typedValue(d)
          : fc.oneof(
              { weight: 12, arbitrary: typedValue(d) },
              { weight: 1, arbitrary: fc.constant(undefined) },
              { weight: 1, arbitrary: anyValue },
            ),
      ]),
    ),
    { requiredKeys: [] },
  );
  if (typed) return record;
  const extras = fc.dictionary(fc.constantFrom('extra', 'notAField', 'city2'), anyValue, {
    maxKeys: 2,
  });
  return fc.oneof(
    { weight: 20, arbitrary: fc.tuple(record, extras).map(([r, e]) => ({ ...e, ...r })) },
    { weight: 1, arbitrary: anyValue },
  );
}

describe('compiled record validator', () => {
  it('compiles the referral schema, so the poll does not run yup for every record', () => {
    expect(isCompiled(opportunitySchema)).toBe(true);
  });

  it('answers exactly as yup over random referrals: the same output, or the same error', () => {
    fc.assert(
      fc.property(records(opportunitySchema), (value) => {
        const before = JSON.stringify(value);
        expect(compiledAnswer(opportunitySchema, value)).toStrictEqual(
          yupAnswer(opportunitySchema, value),
        );
        // The upstream's record is left as it came.
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives a fresh default array to each record, never one shared between them', () => {
    const base = { opportunityId: 1, opportunityType: 'CIR', marketplaceStatus: 'Available' };
    const validate = recordValidator(opportunitySchema);
    const a = validate({ ...base, addDate: 'a' });
    const b = validate({ ...base, addDate: 'b' });
    expect(a.businessLines).toEqual([]);
    expect(a.businessLines).not.toBe(b.businessLines);
  });

  it('reads linesOfBusiness and numberOfEmployees where businessLines and noOfEmployees are left out or null, on both paths', () => {
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

  it('reads an alias as its absent field even when null, on both paths', () => {
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
      expect(yupAnswer(opportunitySchema, refused)).toStrictEqual(
        compiledAnswer(opportunitySchema, refused),
      );
    }
  });

  it('takes referrals under the alias names on the fast path, without yup', () => {
    const validate = recordValidator(opportunitySchema);
    const yupRuns = vi.spyOn(opportunitySchema, 'validateSync');
    try {
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

  it('answers exactly as yup over typed referrals under either name, where the fast path answers', () => {
    fc.assert(
      fc.property(records(opportunitySchema, true), (value) => {
        expect(compiledAnswer(opportunitySchema, value)).toStrictEqual(
          yupAnswer(opportunitySchema, value),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('compiles the aliases of any schema and answers as yup over random records', () => {
    const schema = withFieldAliases(
      yup.object({
        code: yup.string().required(),
        tags: yup.array(yup.string().required()).defined().default([]),
        n: yup.number().integer().nullable().defined().default(null),
      }),
      { labels: 'tags', count: 'n' },
    );
    expect(isCompiled(schema)).toBe(true);
    for (const typed of [false, true])
      fc.assert(
        fc.property(records(schema, typed), (value) => {
          const before = JSON.stringify(value);
          expect(compiledAnswer(schema, value)).toStrictEqual(yupAnswer(schema, value));
          expect(JSON.stringify(value)).toBe(before);
        }),
        { numRuns: 2000 },
      );
  });

  it('leaves schemas with transforms, conditions or unknown tests to yup, with the same answers', () => {
    // Typed loosely: yup's types of schemas with transforms do not unify with AnyObjectSchema.
    const schemas = [
      yup.object({ name: yup.string().trim().required(), n: yup.number().nullable().defined() }),
      yup.object({ name: yup.string().transform((v: string) => `${v}!`) }),
      // Aliases are known, but not beside another transform of the object.
      withFieldAliases(yup.object({ name: yup.string(), n: yup.number() }), {
        count: 'n',
      }).transform((v: unknown) => v),
      yup.object({ n: yup.number().positive().required() }),
      yup.object({
        kind: yup.string().required(),
        size: yup.number().when('kind', { is: 'big', then: (s) => s.min(10) }),
      }),
    ] as unknown as yup.AnyObjectSchema[];
    for (const schema of schemas) {
      expect(isCompiled(schema)).toBe(false);
      fc.assert(
        fc.property(records(schema), (value) => {
          expect(compiledAnswer(schema, value)).toStrictEqual(yupAnswer(schema, value));
        }),
        { numRuns: 200 },
      );
    }
  });

  it('compiles length and range tests as yup applies them', () => {
    const schema = yup.object({
      code: yup.string().min(2).max(4).required(),
      n: yup.number().integer().min(0).max(10).nullable().defined().default(null),
      tags: yup.array(yup.string().required()).defined().default([]),
    });
    expect(isCompiled(schema)).toBe(true);
    fc.assert(
      fc.property(records(schema), (value) => {
        expect(compiledAnswer(schema, value)).toStrictEqual(yupAnswer(schema, value));
      }),
      { numRuns: 2000 },
    );
  });
});
