import { describe, expect, it } from 'vitest';
import { readFieldAliases } from './fieldAliases.js';
import { OPPORTUNITY_FIELD_ALIASES } from './opportunity.js';

describe('reading field aliases', () => {
  it('gives the record the service would have sent under the primary names, key order included', () => {
    const record = {
      a: 1,
      linesOfBusiness: ['X'],
      b: 2,
      noOfEmployees: null,
      numberOfEmployees: 3,
    };
    const out = readFieldAliases(record, OPPORTUNITY_FIELD_ALIASES);
    expect(JSON.stringify(out)).toBe('{"a":1,"businessLines":["X"],"b":2,"noOfEmployees":3}');
    // The upstream's record is left as it came.
    expect(record).toHaveProperty('linesOfBusiness');
  });

  it('returns a record that uses no alias, and anything not a record, as it is', () => {
    const record = { businessLines: ['X'], noOfEmployees: 3 };
    expect(readFieldAliases(record, OPPORTUNITY_FIELD_ALIASES)).toBe(record);
    for (const value of [null, undefined, 'text', 5, [{ linesOfBusiness: ['X'] }]])
      expect(readFieldAliases(value, OPPORTUNITY_FIELD_ALIASES)).toBe(value);
  });

  it("keeps a key named like an Object.prototype member as the record's own field", () => {
    const record = JSON.parse('{"__proto__":1,"toString":2,"linesOfBusiness":["X"]}') as object;
    const out = readFieldAliases(record, OPPORTUNITY_FIELD_ALIASES) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'toString', 'businessLines']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
