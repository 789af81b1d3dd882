import { opportunitySchema } from '@referrals/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

/** Records built field by field: mostly typed, sometimes missing or any value, plus extra keys. */
function records(schema: yup.AnyObjectSchema): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.describe().fields) as [string, yup.SchemaDescription][];
  const record = fc.record(
    Object.fromEntries(
      fields.map(([name, d]) => [
        name,
        fc.oneof(
          { weight: 12, arbitrary: typedValue(d) },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: anyValue },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
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

  it('leaves schemas with transforms, conditions or unknown tests to yup, with the same answers', () => {
    // Typed loosely: yup's types of schemas with transforms do not unify with AnyObjectSchema.
    const schemas = [
      yup.object({ name: yup.string().trim().required(), n: yup.number().nullable().defined() }),
      yup.object({ name: yup.string().transform((v: string) => `${v}!`) }),
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
