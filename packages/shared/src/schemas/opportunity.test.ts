import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { OPPORTUNITY_FIELD_ALIASES, opportunitySchema } from './opportunity.js';
import { fieldAliasesOf } from './upstreamRecord.js';

const REQUIRED = {
  opportunityId: 41,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: '2026-03-02T10:00:00.000Z',
};
const read = (record: object) => opportunitySchema.validateSync(record, { stripUnknown: true });

describe('referral field aliases', () => {
  it('reads linesOfBusiness as businessLines when businessLines is absent or null', () => {
    expect(read({ ...REQUIRED, linesOfBusiness: ['CGLY', 'CAUT'] }).businessLines).toEqual([
      'CGLY',
      'CAUT',
    ]);
    const nulled = { ...REQUIRED, businessLines: null, linesOfBusiness: ['HOME'] };
    expect(read(nulled).businessLines).toEqual(['HOME']);
  });

  it('reads numberOfEmployees as noOfEmployees when noOfEmployees is absent or null', () => {
    expect(read({ ...REQUIRED, numberOfEmployees: 35 }).noOfEmployees).toBe(35);
    expect(read({ ...REQUIRED, noOfEmployees: null, numberOfEmployees: 0 }).noOfEmployees).toBe(0);
  });

  it('keeps the primary name when both names have a value', () => {
    const both = {
      ...REQUIRED,
      businessLines: ['AUTO'],
      linesOfBusiness: ['LIFE'],
      noOfEmployees: 4,
      numberOfEmployees: 400,
    };
    expect(read(both)).toMatchObject({ businessLines: ['AUTO'], noOfEmployees: 4 });
    // An empty list is a value: no lines, not "unknown".
    expect(
      read({ ...REQUIRED, businessLines: [], linesOfBusiness: ['LIFE'] }).businessLines,
    ).toEqual([]);
  });

  it('reads an alias as its absent field even when null, and a null field keeps a null alias', () => {
    expect(read({ ...REQUIRED, numberOfEmployees: null }).noOfEmployees).toBe(null);
    // As the field under its own name: a referral without a list of lines is refused.
    expect(() => read({ ...REQUIRED, linesOfBusiness: null })).toThrow(
      'businessLines cannot be null',
    );
    expect(() => read({ ...REQUIRED, businessLines: null, linesOfBusiness: null })).toThrow(
      'businessLines cannot be null',
    );
    const nulls = { ...REQUIRED, noOfEmployees: null, numberOfEmployees: null };
    expect(read(nulls).noOfEmployees).toBe(null);
  });

  it('leaves no alias in the output, unknown fields kept or not', () => {
    const aliased = { ...REQUIRED, linesOfBusiness: ['BOP'], numberOfEmployees: 9, other: 1 };
    for (const stripUnknown of [true, false]) {
      const out = opportunitySchema.validateSync(aliased, { stripUnknown });
      expect(out).toMatchObject({ businessLines: ['BOP'], noOfEmployees: 9 });
      for (const alias of Object.keys(OPPORTUNITY_FIELD_ALIASES))
        expect(out).not.toHaveProperty(alias);
    }
    expect(opportunitySchema.cast(aliased)).not.toHaveProperty('linesOfBusiness');
  });

  it('validates an alias as its field: a wrong value is refused under the field name', () => {
    expect(() => read({ ...REQUIRED, numberOfEmployees: 'many' })).toThrow(/noOfEmployees/);
    expect(() => read({ ...REQUIRED, linesOfBusiness: 'CGLY' })).toThrow(/businessLines/);
  });

  it('finds the aliases of the referral schema, and none where yup derived a schema from it', () => {
    expect(fieldAliasesOf(opportunitySchema)).toBe(OPPORTUNITY_FIELD_ALIASES);
    // A schema yup made from it (partial, shape, ...) may not hold the same fields.
    expect(fieldAliasesOf(opportunitySchema.partial())).toBe(undefined);
    expect(fieldAliasesOf(yup.object({ n: yup.number() }).transform((v: unknown) => v))).toBe(
      undefined,
    );
  });
});
