import fc from 'fast-check';
import type * as yup from 'yup';
import type { FieldAliases } from './fieldAliases.js';

/**
 * An answer as text: the output's JSON, key order included (what the relay keeps and hashes), or
 * the error's kind and message.
 */
export function answerOf(validate: () => unknown): unknown {
  try {
    return { ok: JSON.stringify(validate()) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

/** yup's answer, as the relay asks it: unknown fields dropped, the first error. */
export const yupAnswer = (schema: yup.AnyObjectSchema, value: unknown) =>
  answerOf(() => schema.validateSync(value, { stripUnknown: true, abortEarly: true }));

/** Values of every kind a field may meet upstream: typed, null, castable, wrong, empty. */
export const anyValue = fc.oneof(
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
 * Records built field by field from a yup schema's description: mostly typed, sometimes missing
 * or any value, plus extra keys (with `typed`, fields are typed or missing and there are no extra
 * keys: records a compiled validator takes when nothing required is missing). A field also read
 * under an alias may come under either name, both, or neither.
 */
export function recordsOf(
  schema: yup.AnyObjectSchema,
  aliases: FieldAliases = {},
  typed = false,
): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.describe().fields) as [string, yup.SchemaDescription][];
  const descriptions = new Map(fields);
  const aliased = Object.entries(aliases).map(
    ([alias, field]) => [alias, descriptions.get(field)] as [string, yup.SchemaDescription],
  );
  const record = fc.record(
    Object.fromEntries(
      [...fields, ...aliased].map(([name, d]) => [
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
