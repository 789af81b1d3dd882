/**
 * JSON Schema from yup schemas, for the OpenAPI document.
 * Invariant: only what yup's description states is published; custom tests are not carried, so
 * the relay may still refuse a value the schema allows, with a 400 that says why.
 */
import type {
  AnySchema,
  SchemaDescription,
  SchemaFieldDescription,
  SchemaInnerTypeDescription,
  SchemaObjectDescription,
} from 'yup';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

const isDescription = (d: SchemaFieldDescription): d is SchemaDescription => 'tests' in d;

/** A test's parameter, when the test is there. */
const param = (d: SchemaDescription, test: string, name: string): unknown =>
  d.tests.find((t) => t.name === test)?.params?.[name];

/** The value keywords of a non-null value of a kind, from yup's tests. */
function valueOf(d: SchemaDescription): JsonSchema {
  const min = param(d, 'min', 'min');
  const max = param(d, 'max', 'max');
  switch (d.type) {
    case 'string': {
      const regex = param(d, 'matches', 'regex');
      return {
        type: 'string',
        ...(typeof min === 'number' ? { minLength: min } : {}),
        ...(typeof max === 'number' ? { maxLength: max } : {}),
        ...(regex instanceof RegExp ? { pattern: regex.source } : {}),
      };
    }
    case 'number':
      return {
        type: d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number',
        ...(typeof min === 'number' ? { minimum: min } : {}),
        ...(typeof max === 'number' ? { maximum: max } : {}),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'array': {
      const inner = (d as SchemaInnerTypeDescription).innerType;
      return {
        type: 'array',
        ...(inner && !Array.isArray(inner) ? { items: fromDescription(inner) } : {}),
        ...(typeof min === 'number' ? { minItems: min } : {}),
        ...(typeof max === 'number' ? { maxItems: max } : {}),
      };
    }
    case 'object': {
      const fields = Object.entries((d as SchemaObjectDescription).fields);
      const required = fields
        .filter(([, f]) => isDescription(f) && !f.optional && f.default === undefined)
        .map(([name]) => name);
      return {
        type: 'object',
        properties: Object.fromEntries(fields.map(([name, f]) => [name, fromDescription(f)])),
        ...(required.length > 0 ? { required } : {}),
        ...(d.tests.some((t) => t.name === 'noUnknown') ? { additionalProperties: false } : {}),
      };
    }
    default:
      // mixed, lazy: any value (narrowed by oneOf below where it has one).
      return {};
  }
}

/** A default worth publishing: a plain value, not an object built per call. */
const plainDefault = (v: unknown): v is string | number | boolean | null | [] =>
  v === null ||
  ['string', 'number', 'boolean'].includes(typeof v) ||
  (Array.isArray(v) && v.length === 0);

function fromDescription(field: SchemaFieldDescription): JsonSchema {
  if (!isDescription(field)) return {};
  const allowed = field.oneOf.filter((v) => v !== undefined && v !== null);
  let schema: JsonSchema = allowed.length > 0 ? { enum: allowed } : valueOf(field);
  if (field.nullable) schema = { anyOf: [schema, { type: 'null' }] };
  if (plainDefault(field.default)) schema = { ...schema, default: field.default };
  return schema;
}

/**
 * The JSON Schema of a yup schema, from its description: types, nullability, required fields,
 * the allowed values of `oneOf`, lengths, bounds and patterns. Custom tests (a day, a state
 * code) are not carried: the published schema may allow a value the relay still refuses with a
 * 400 that says why.
 */
export const yupJsonSchema = (schema: AnySchema): JsonSchema => fromDescription(schema.describe());
