import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { opportunitySchema } from './opportunity.js';
import { recordsOf, yupAnswer } from './recordArbitraries.testkit.js';
import { ORACLES } from './recordOracles.testkit.js';
import {
  fieldAliasesOf,
  nullableField,
  requiredText,
  upstreamRecord,
  upstreamRecordOf,
  yupSchemaOf,
} from './upstreamRecord.js';

const derive = (properties: Parameters<typeof Type.Object>[0]) =>
  yupSchemaOf(upstreamRecord(Type.Object(properties)));

describe('upstream record definitions', () => {
  it.each(ORACLES)(
    'derives the $name yup schema the console wrote by hand: fields, order, tests, defaults',
    ({ derived, oracle }) => {
      expect(derived.describe()).toStrictEqual(oracle.describe());
      expect(Object.keys(derived.fields)).toEqual(Object.keys(oracle.fields));
    },
  );

  it.each(ORACLES)(
    'answers as the hand-written $name schema over random records: the same output, or the same error',
    ({ record, derived, oracle }) => {
      fc.assert(
        fc.property(recordsOf(oracle, record.aliases), (value) => {
          expect(yupAnswer(derived, value)).toStrictEqual(yupAnswer(oracle, value));
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('derives presence, nullability and bounds as yup spells them', () => {
    const derived = derive({
      code: Type.String({ minLength: 2, maxLength: 5 }),
      name: requiredText(),
      note: Type.Optional(Type.String({ minLength: 1 })),
      n: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
      x: Type.Union([Type.Number(), Type.Null()]),
      tags: Type.Array(requiredText(), { default: [] }),
      kind: nullableField(Type.Enum(['A', 'B'])),
    });
    const byHand = yup.object({
      code: yup.string().min(2).max(5).required(),
      name: yup.string().required(),
      note: yup.string().min(1).optional(),
      n: yup.number().integer().min(0).max(9).optional(),
      x: yup.number().nullable().defined(),
      tags: yup.array(yup.string().required()).defined().default([]),
      kind: yup.string().oneOf(['A', 'B']).nullable().defined().default(null),
    });
    expect(derived.describe()).toStrictEqual(byHand.describe());
  });

  it('refuses a definition it cannot derive, rather than drop a rule', () => {
    expect(() => derive({ code: Type.String({ minLength: 1, pattern: '^\\d+$' }) })).toThrow(
      /keyword pattern is not derived/,
    );
    expect(() => derive({ at: Type.Object({ city: requiredText() }) })).toThrow(
      /no field of kind object/,
    );
    expect(() => derive({ name: Type.String() })).toThrow(/a required string may be empty/);
    expect(() => derive({ n: Type.Union([Type.Number(), Type.String()]) })).toThrow(
      /no field of kind/,
    );
    expect(() => derive({ n: Type.Enum([1, 2]) })).toThrow(/a non-text enum/);
  });

  it('knows the definition of a derived schema, not of one yup made from it', () => {
    for (const { record, derived } of ORACLES) expect(upstreamRecordOf(derived)).toBe(record);
    expect(upstreamRecordOf(opportunitySchema.partial())).toBe(undefined);
    expect(upstreamRecordOf(yup.object({}))).toBe(undefined);
    const aliased = yupSchemaOf(upstreamRecord(Type.Object({ n: Type.Integer() }), { count: 'n' }));
    expect(fieldAliasesOf(aliased)).toEqual({ count: 'n' });
    expect(aliased.validateSync({ count: 3 })).toEqual({ n: 3 });
  });
});
