import { fieldAliasesOf, readFieldAliases } from '@referrals/shared';
import { Ajv, type ValidateFunction } from 'ajv';
import * as yup from 'yup';

/**
 * A fast path in front of a yup schema, for upstream records validated by the hundred thousand:
 * yup takes ~0.12 ms a referral, so the first load of 1,000,000 referrals spent two minutes of
 * CPU in it. The yup schema stays the one definition: a JSON Schema is derived from it and
 * compiled by Ajv, and a record Ajv accepts is copied into yup's output shape (known fields only,
 * in yup's order, defaults filled). The fast path is conservative: it accepts only records that
 * already have yup's output types, where yup's cast changes nothing; anything else (a numeric
 * string, a missing required field, a schema feature it does not know) goes to yup, which casts
 * or rejects it with its own message. A property test holds the two to the same answers.
 * Field aliases (shared `withFieldAliases`) are the one transform it knows: it reads them with the
 * function yup's transform calls, then goes on with the record that gives.
 */
export type RecordValidator<T> = (value: unknown) => T;

/** A field the fast path knows: its JSON Schema and how to copy it into the output. */
interface Field {
  readonly name: string;
  readonly json: Record<string, unknown>;
  /** Filled in when the field is missing (yup's default), or undefined: the field is required. */
  readonly fallback: { readonly value: unknown } | undefined;
  readonly isArray: boolean;
}

/** Yup schema types whose cast leaves a value of that type unchanged (no transform beyond). */
const SCALARS: Record<string, () => yup.Schema> = {
  string: () => yup.string(),
  number: () => yup.number(),
  boolean: () => yup.boolean(),
};

/** A scalar schema's JSON Schema, or null when it uses a feature the fast path does not know. */
function scalarJson(schema: yup.AnySchema): Record<string, unknown> | null {
  const d = schema.describe();
  const fresh = SCALARS[d.type];
  // A custom transform (trim, lowercase, ...) changes values yup accepts: only yup may answer.
  if (!fresh || schema.transforms.length !== fresh().transforms.length) return null;
  if ((schema as unknown as { conditions: unknown[] }).conditions.length > 0) return null;
  if (d.notOneOf.length > 0 || (schema.spec as { strip?: boolean }).strip) return null;
  const json: Record<string, unknown> = { type: d.type };
  // Each bound as yup names it: a test whose parameters differ (positive() is a 'min' test with
  // `more`) is not known here.
  const bounds: Record<string, [string, string]> = {
    'number min': ['minimum', 'min'],
    'number max': ['maximum', 'max'],
    'string min': ['minLength', 'min'],
    'string max': ['maxLength', 'max'],
  };
  for (const test of d.tests) {
    const params = (test.params ?? {}) as Record<string, unknown>;
    const bound = bounds[`${d.type} ${test.name ?? ''}`];
    if (test.name === 'integer' && d.type === 'number') json.type = 'integer';
    else if (test.name === 'required' && d.type === 'string')
      json.minLength = Math.max(Number(json.minLength ?? 0), 1);
    else if (bound && typeof params[bound[1]] === 'number' && Object.keys(params).length === 1)
      json[bound[0]] = bound[0].startsWith('min')
        ? Math.max(Number(json[bound[0]] ?? -Infinity), params[bound[1]] as number)
        : Math.min(Number(json[bound[0]] ?? Infinity), params[bound[1]] as number);
    else if (test.name !== 'required') return null;
  }
  // Null is accepted only where no list of values is given; a listed field's null goes to yup.
  if (d.oneOf.length > 0) json.enum = d.oneOf.filter((v) => v !== null && v !== undefined);
  else if (d.nullable) json.type = [json.type, 'null'];
  return json;
}

/** The fields of an object schema the fast path can take, or null for one it cannot. */
function fieldsOf(schema: yup.AnyObjectSchema): Field[] | null {
  const aliasing = fieldAliasesOf(schema) ? 1 : 0;
  if (schema.transforms.length !== yup.object().transforms.length + aliasing) return null;
  const fields: Field[] = [];
  for (const [name, ref] of Object.entries(schema.fields)) {
    if (!(ref instanceof yup.Schema)) return null;
    const field = ref as yup.AnySchema;
    const d = field.describe() as yup.SchemaDescription & { default?: unknown };
    let json: Record<string, unknown> | null;
    if (ref instanceof yup.ArraySchema) {
      const inner = ref.innerType as yup.AnySchema | undefined;
      const item = inner ? scalarJson(inner) : null;
      const plain =
        d.tests.length === 0 &&
        !d.nullable &&
        d.oneOf.length === 0 &&
        ref.transforms.length === yup.array().transforms.length;
      json = item && plain ? { type: 'array', items: item } : null;
    } else json = scalarJson(field);
    if (!json) return null;
    const hasDefault = 'default' in d && d.default !== undefined;
    // A field without a default must be present: undefined is left to yup (optional or not).
    fields.push({
      name,
      json,
      fallback: hasDefault ? { value: d.default } : undefined,
      isArray: ref instanceof yup.ArraySchema,
    });
  }
  return fields;
}

/**
 * The order of yup's output keys. Yup builds a new output, in its own field order, whenever the
 * cast changes anything (an unknown field dropped, a default filled); a cast of every field plus
 * an unknown one shows that order without running a test.
 */
function outputOrder(schema: yup.AnyObjectSchema, fields: readonly Field[]): string[] | null {
  const sample: Record<string, unknown> = { '\u0000unknown': true };
  for (const f of fields) sample[f.name] = null;
  const out = schema.cast(sample, { stripUnknown: true, assert: false }) as Record<string, unknown>;
  const keys = Object.keys(out);
  return keys.length === fields.length ? keys : null;
}

/** The fast path of an object schema, or null when the schema needs yup for every record. */
function compile(schema: yup.AnyObjectSchema): ((value: unknown) => unknown) | null {
  const fields = fieldsOf(schema);
  if (!fields) return null;
  const order = outputOrder(schema, fields);
  if (!order) return null;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const check: ValidateFunction = new Ajv({ allErrors: false, strict: true }).compile({
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, f.json])),
    required: fields.filter((f) => !f.fallback).map((f) => f.name),
  });
  const plan = order.map((name) => byName.get(name) as Field);
  const aliases = fieldAliasesOf(schema);
  return (value) => {
    // What yup's cast starts from: the aliases read as their fields (a copy when any is used).
    const read = aliases ? readFieldAliases(value, aliases) : value;
    if (!check(read)) return undefined;
    const input = read as Record<string, unknown>;
    // Yup hands back the record it casts (the upstream's, or the copy with aliases read) when its
    // cast changes nothing (every field there, none unknown): so the same JSON, key order included.
    let known = 0;
    for (const key in input) {
      if (!byName.has(key) || input[key] === undefined) {
        known = -1;
        break;
      }
      known += 1;
    }
    if (known === plan.length) return input;
    const out: Record<string, unknown> = {};
    for (const f of plan) {
      const v = input[f.name];
      if (v === undefined) {
        const d = (f.fallback as { value: unknown }).value;
        out[f.name] = Array.isArray(d) ? [...(d as unknown[])] : d;
      } else out[f.name] = f.isArray ? [...(v as unknown[])] : v;
    }
    return out;
  };
}

const compiled = new WeakMap<yup.AnyObjectSchema, RecordValidator<unknown>>();

/**
 * The validator of `schema` with unknown fields dropped, as `validateSync(value, { stripUnknown:
 * true, abortEarly: true })` answers: the same value, or the same ValidationError.
 */
export function recordValidator<T extends yup.AnyObject>(
  schema: yup.ObjectSchema<T>,
): RecordValidator<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    const slow = (value: unknown) =>
      schema.validateSync(value, { stripUnknown: true, abortEarly: true });
    const fast = compile(schema);
    validate = fast ? (value) => fast(value) ?? slow(value) : slow;
    compiled.set(schema, validate);
  }
  return validate as RecordValidator<T>;
}

/** Whether a schema gets the compiled fast path (tests check the schemas that must). */
export const isCompiled = (schema: yup.AnyObjectSchema): boolean => compile(schema) !== null;
