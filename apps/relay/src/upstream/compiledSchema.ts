/**
 * The compiled (Ajv) validators of upstream records, with yup behind them. Invariant: a record
 * validates to exactly what its yup schema would answer; the fast path takes only records the
 * yup cast would not change.
 */
import {
  nonNullOf,
  readFieldAliases,
  upstreamRecordOf,
  type UpstreamRecord,
} from '@referrals/shared';
import { Ajv } from 'ajv';
import type * as yup from 'yup';

/**
 * The validator of upstream records, validated by the hundred thousand: yup takes ~0.12 ms a
 * referral, so a first load of 1,000,000 referrals would spend two minutes of CPU in it. A record
 * schema of packages/shared is derived from one definition (`UpstreamRecord`: a JSON Schema
 * written with TypeBox); Ajv compiles that JSON Schema, and a record it accepts is copied into the
 * output shape (known fields only, in yup's order, defaults filled). The fast path is
 * conservative: it accepts only records that already have the output types, where the yup
 * schema's cast changes nothing; anything else (a numeric string, a missing required field) goes
 * to the yup schema derived from the same definition, which casts or refuses it with its message.
 * A property test holds the two to the answers of the schemas the console wrote by hand. The
 * definition's field aliases are read first, with the function the yup schema's transform calls.
 */
export type RecordValidator<T> = (value: unknown) => T;

type Json = Readonly<Record<string, unknown>>;

/**
 * A field's JSON Schema as Ajv checks it fastest: a value or null as one list of types. The
 * definition's union (`nullableField`) would make Ajv try each branch in turn, for most fields of
 * every record.
 */
function forAjv(field: Json): Json {
  const value = nonNullOf(field);
  return value && typeof value.type === 'string' ? { ...value, type: [value.type, 'null'] } : field;
}

/**
 * The JSON Schema Ajv checks a record against: the definition's, where a field with a default may
 * be left out (it is filled in below) and every other field must be there (an absent optional
 * field is left to yup, which drops it from the output).
 */
function inputSchema(record: UpstreamRecord): Json {
  const properties = record.schema.properties as Record<string, Json>;
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, field]) => [name, forAjv(field)]),
    ),
    required: Object.keys(properties).filter((name) => !('default' in properties[name]!)),
  };
}

/**
 * The order of the yup schema's output keys. Yup builds a new output, in its own field order,
 * whenever its cast changes anything (an unknown field dropped, a default filled); a cast of
 * every field plus an unknown one shows that order without running a test.
 */
function outputOrder(schema: yup.AnyObjectSchema, names: readonly string[]): string[] {
  const sample: Record<string, unknown> = { '\u0000unknown': true };
  for (const name of names) sample[name] = null;
  const order = Object.keys(schema.cast(sample, { stripUnknown: true, assert: false }) as Json);
  if (order.length !== names.length || !names.every((name) => order.includes(name)))
    throw new Error(`yup's output holds ${order.join()}, not the fields ${names.join()}`);
  return order;
}

/** The fast path of a definition: the output, or undefined where yup must answer. */
function compile(record: UpstreamRecord, schema: yup.AnyObjectSchema): (value: unknown) => unknown {
  const properties = record.schema.properties as Record<string, Json>;
  // yup counts a string's length in UTF-16 units, and so does Ajv with `unicode: false`: Ajv 8
  // marks that option deprecated (its warning is off); a test of emoji lengths fails if it goes.
  const ajv = new Ajv({ allErrors: false, strict: true, unicode: false, logger: false });
  const check = ajv.compile(inputSchema(record));
  const plan = outputOrder(schema, Object.keys(properties)).map((name) => {
    const field = properties[name] as Json;
    return { name, fallback: 'default' in field ? { value: field.default } : undefined };
  });
  const known = new Set(Object.keys(properties));
  const { aliases } = record;
  return (value) => {
    // What yup's cast starts from: the aliases read as their fields (a copy when any is used).
    const read = aliases ? readFieldAliases(value, aliases) : value;
    if (!check(read)) return undefined;
    const input = read as Json;
    // Yup hands back the record it casts (the upstream's, or the copy with aliases read) when its
    // cast changes nothing (every field there, none unknown): so the same JSON, key order included.
    let count = 0;
    for (const key in input) {
      if (!known.has(key) || input[key] === undefined) {
        count = -1;
        break;
      }
      count += 1;
    }
    if (count === plan.length) return input;
    const out: Record<string, unknown> = {};
    for (const f of plan) {
      const v = input[f.name] === undefined ? f.fallback!.value : input[f.name];
      out[f.name] = Array.isArray(v) ? [...(v as unknown[])] : v;
    }
    return out;
  };
}

const compiled = new WeakMap<yup.AnyObjectSchema, RecordValidator<unknown>>();

/**
 * The validator of `schema` with unknown fields dropped, as `validateSync(value, { stripUnknown:
 * true, abortEarly: true })` answers: the same value, or the same ValidationError. Compiled when
 * the schema is derived from an upstream record's definition (`upstreamRecordOf`), else yup alone.
 */
export function recordValidator<T extends yup.AnyObject>(
  schema: yup.ObjectSchema<T>,
): RecordValidator<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    const slow = (value: unknown) =>
      schema.validateSync(value, { stripUnknown: true, abortEarly: true });
    const record = upstreamRecordOf(schema);
    const fast = record && compile(record, schema);
    validate = fast ? (value) => fast(value) ?? slow(value) : slow;
    compiled.set(schema, validate);
  }
  return validate as RecordValidator<T>;
}

/** Whether a schema gets the compiled fast path (tests check the schemas that must). */
export const isCompiled = (schema: yup.AnyObjectSchema): boolean =>
  upstreamRecordOf(schema) !== undefined;
