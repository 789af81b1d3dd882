import { Type, type Static, type TNull, type TObject, type TSchema, type TUnion } from 'typebox';
import * as yup from 'yup';
import { readFieldAliases, type FieldAliases } from './fieldAliases.js';

/**
 * The one definition of a record an upstream service sends: its JSON Schema (a TypeBox object of
 * flat fields, the record under its primary names, every field there) and the other names the
 * service may give some fields. A field with a `default` may be left out: it is then given the
 * default. The relay compiles the schema for the records it validates by the page; the yup schema
 * forms, REST checks and casts use is derived from it (`yupSchemaOf`).
 */
export interface UpstreamRecord<T extends TObject = TObject> {
  readonly schema: T;
  /** Alias -> the field it stands for, read before anything is checked (`readFieldAliases`). */
  readonly aliases: FieldAliases | undefined;
}

/** An upstream record's definition, its aliases naming fields of the schema. */
export const upstreamRecord = <T extends TObject>(
  schema: T,
  aliases?: Readonly<Record<string, keyof T['properties'] & string>>,
): UpstreamRecord<T> => ({ schema, aliases });

/** A field the service may send as null or leave out (then null). */
export const nullableField = <T extends TSchema>(value: T): TUnion<[T, TNull]> =>
  Type.Union([value, Type.Null()], { default: null });

/** Text the service must send, not empty (yup's `required` of a string). */
export const requiredText = () => Type.String({ minLength: 1 });

type Json = Readonly<Record<string, unknown>>;
/** A yup schema of one field (yup types the methods of its base class as `any`). */
type Field = yup.Schema<unknown>;

/** The keywords the derivation knows, per kind of field: any other is refused, not ignored. */
const KNOWN: Readonly<Record<string, readonly string[]>> = {
  string: ['type', 'minLength', 'maxLength', 'default'],
  number: ['type', 'minimum', 'maximum', 'default'],
  integer: ['type', 'minimum', 'maximum', 'default'],
  boolean: ['type', 'default'],
  array: ['type', 'items', 'default'],
  enum: ['enum', 'default'],
  nullable: ['anyOf', 'default'],
};

/** The value a nullable union (`nullableField`) allows besides null; undefined for other schemas. */
export function nonNullOf(schema: Json): Json | undefined {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return undefined;
  const [value, nul] = branches as [Json, Json];
  return nul.type === 'null' && Object.keys(nul).length === 1 ? value : undefined;
}

function unsupported(schema: Json, why: string): never {
  throw new Error(`upstream record field ${JSON.stringify(schema)}: ${why}`);
}

function checkKeywords(schema: Json, kind: string): void {
  const known = KNOWN[kind] ?? unsupported(schema, `no field of kind ${kind}`);
  for (const key of Object.keys(schema))
    if (!known.includes(key)) unsupported(schema, `keyword ${key} is not derived`);
}

/**
 * The yup schema of a non-null value. `required` (present, not null) is yup's `required`, which
 * for a string is a non-empty string: a required string must say `minLength: 1` (`requiredText`).
 */
function valueSchema(schema: Json, required: boolean): Field {
  if (Array.isArray(schema.enum)) {
    checkKeywords(schema, 'enum');
    if (!schema.enum.every((v) => typeof v === 'string')) unsupported(schema, 'a non-text enum');
    return yup.string().oneOf(schema.enum);
  }
  const type = String(schema.type);
  checkKeywords(schema, type);
  const { minLength, maxLength, minimum, maximum } = schema as Record<string, number | undefined>;
  switch (type) {
    case 'string': {
      if (required && (minLength ?? 0) < 1) unsupported(schema, 'a required string may be empty');
      let s = yup.string();
      // yup's `required` refuses the empty string with its own message: no separate min(1).
      if (minLength !== undefined && !(required && minLength === 1)) s = s.min(minLength);
      return maxLength === undefined ? s : s.max(maxLength);
    }
    case 'number':
    case 'integer': {
      let n = type === 'integer' ? yup.number().integer() : yup.number();
      if (minimum !== undefined) n = n.min(minimum);
      return maximum === undefined ? n : n.max(maximum);
    }
    case 'boolean':
      return yup.boolean();
    case 'array':
      return yup.array(fieldSchema((schema.items ?? {}) as Json, true));
    default:
      return unsupported(schema, `type ${type} is not derived`);
  }
}

/** The yup schema of a field: present or defaulted, maybe null, as its JSON Schema says. */
function fieldSchema(schema: Json, requiredKey: boolean): Field {
  const inner = nonNullOf(schema);
  if (inner) checkKeywords(schema, 'nullable');
  const hasDefault = 'default' in schema;
  const required = requiredKey && !hasDefault && !inner;
  let field = valueSchema(inner ?? schema, required);
  if (inner) field = field.nullable() as Field;
  if (hasDefault) return (field.defined() as Field).default(schema.default) as Field;
  if (!requiredKey) return field.optional() as Field;
  return (required ? field.required() : field.defined()) as Field;
}

/** The definitions each derived yup schema came from. */
const definitions = new WeakMap<yup.AnyObjectSchema, UpstreamRecord>();

/**
 * The yup schema of a record, derived from its definition: the same fields in the same order, the
 * aliases read first. Throws for a keyword the derivation does not know (it would be lost).
 */
export function yupSchemaOf<T extends TObject>(
  record: UpstreamRecord<T>,
): yup.ObjectSchema<Static<T>> {
  const required = new Set<string>(record.schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(record.schema.properties as Record<string, Json>).map(([name, field]) => [
      name,
      fieldSchema(field, required.has(name)),
    ]),
  );
  const { aliases } = record;
  let schema: yup.AnyObjectSchema = yup.object(fields);
  if (aliases) schema = schema.transform((value: unknown) => readFieldAliases(value, aliases));
  definitions.set(schema, record);
  return schema as unknown as yup.ObjectSchema<Static<T>>;
}

/**
 * The definition a yup schema was derived from (`yupSchemaOf`), or undefined for any other schema,
 * one derived from it with yup's own methods (partial, shape, ...) included.
 */
export const upstreamRecordOf = (schema: yup.AnyObjectSchema): UpstreamRecord | undefined =>
  definitions.get(schema);

/** The aliases an object schema reads (see `upstreamRecordOf`), or undefined for none. */
export const fieldAliasesOf = (schema: yup.AnyObjectSchema): FieldAliases | undefined =>
  upstreamRecordOf(schema)?.aliases;
