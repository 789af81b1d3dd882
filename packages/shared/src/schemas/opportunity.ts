import * as yup from 'yup';
import { MARKETPLACE_STATUSES, OPPORTUNITY_TYPES } from '../domain/opportunity.js';

/** Other names a record may give some of its fields: alias -> the field it stands for. */
export type FieldAliases = Readonly<Record<string, string>>;

/**
 * The other names the opportunity service gives some referral fields (agent-console section 3),
 * each with the field it stands for. The console reads and writes only the primary names.
 */
export const OPPORTUNITY_FIELD_ALIASES = {
  linesOfBusiness: 'businessLines',
  numberOfEmployees: 'noOfEmployees',
} as const;
/** A name the opportunity service may send in place of a referral field's own. */
export type OpportunityFieldAlias = keyof typeof OPPORTUNITY_FIELD_ALIASES;

/**
 * A record with its aliases read as the fields they stand for. An alias whose field the record
 * lacks is renamed where it stands, whatever its value. One beside its field is dropped, its value
 * taken when the field's is null and its own is not: a field with a value keeps it. The result is
 * the record as the service would have sent it under the primary names, key order included. The
 * same value when the record uses no alias, else a new object (the record is left as it came).
 */
export function readFieldAliases(value: unknown, aliases: FieldAliases): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // Runs for every polled record, and most use no alias: find that out without allocating.
  let uses = false;
  for (const alias in aliases) uses ||= Object.hasOwn(record, alias);
  if (!uses) return value;
  const aliasOf = aliasesByField(aliases);
  // Built key by key in the record's order, so the result has the shape JSON.parse gives a
  // record under the primary names (a fast object for the validator and the hash after it).
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const field = Object.hasOwn(aliases, key) ? aliases[key] : undefined;
    if (field !== undefined) {
      if (!Object.hasOwn(record, field)) own(out, field, record[key]);
      continue;
    }
    const alias = aliasOf.get(key);
    const given = record[key];
    own(out, key, alias !== undefined && given === null ? (record[alias] ?? given) : given);
  }
  return out;
}

/** Each field's alias, per alias table (one table in practice, made once). */
const byField = new WeakMap<FieldAliases, ReadonlyMap<string, string>>();
const aliasesByField = (aliases: FieldAliases): ReadonlyMap<string, string> => {
  let map = byField.get(aliases);
  if (map === undefined) {
    map = new Map(Object.entries(aliases).map(([alias, field]) => [field, alias]));
    byField.set(aliases, map);
  }
  return map;
};

/** Sets `key` as the object's own property, whatever its name (`__proto__` included). */
const own = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
};

/** The alias transforms `withFieldAliases` made, so a schema's aliases can be found again. */
const aliasTransforms = new WeakMap<object, FieldAliases>();

/**
 * The schema reading `aliases` as the fields they stand for (see `readFieldAliases`), before any
 * field is cast. Validated in strict mode (no transforms) a record is read as it came.
 */
export function withFieldAliases<S extends yup.AnyObjectSchema>(
  schema: S,
  aliases: Readonly<Record<string, keyof S['fields'] & string>>,
): S {
  const transform = (value: unknown) => readFieldAliases(value, aliases);
  aliasTransforms.set(transform, aliases);
  return schema.transform(transform);
}

/** The aliases an object schema reads (given to `withFieldAliases`), or undefined for none. */
export function fieldAliasesOf(schema: yup.AnyObjectSchema): FieldAliases | undefined {
  for (const transform of schema.transforms) {
    const aliases = aliasTransforms.get(transform);
    if (aliases) return aliases;
  }
  return undefined;
}

const str = () => yup.string().nullable().defined().default(null);
const num = () => yup.number().nullable().defined().default(null);
const bool = () => yup.boolean().nullable().defined().default(null);

/** A referral's fields under their primary names. */
const opportunityFields = yup.object({
  opportunityId: yup.number().integer().required(),
  searchId: str(),
  opportunityType: yup.string().oneOf(OPPORTUNITY_TYPES).required(),
  marketplaceStatus: yup.string().oneOf(MARKETPLACE_STATUSES).required(),
  marketplaceExpirationDate: str(),
  addDate: yup.string().required(),
  lastModDate: str(),
  category: str(),
  businessLines: yup.array(yup.string().required()).defined().default([]),
  industryCode: str(),
  industryDescription: str(),
  industry: str(),
  noOfEmployees: num(),
  yearsInBusiness: num(),
  estimatedPremium: num(),
  age: num(),
  gender: str(),
  medicalExam: bool(),
  currentlyInsured: bool(),
  prospectMessage: str(),
  firstName: str(),
  lastName: str(),
  phone: str(),
  email: str(),
  businessName: str(),
  address1: str(),
  city: str(),
  state: str(),
  postalCode: str(),
  location: str(),
  showVisualLocation: yup.boolean().defined().default(false),
  source: str(),
  agenciesNotified: num(),
  assignedAgent: str(),
  assignedAgency: str(),
  assignedPartner: str(),
  dynamicPrice: num(),
  discountPrice: num(),
  soldPrice: num(),
  decayStatus: str(),
  limitedTime: bool(),
});
/**
 * A referral as the opportunity service returns it (agent-console section 3). Dates are ISO-8601
 * strings. `category` null means a direct-call referral. `businessLines` holds business-line codes.
 * The service's other names for fields (`OPPORTUNITY_FIELD_ALIASES`) are read as the fields.
 */
export const opportunitySchema = withFieldAliases(opportunityFields, OPPORTUNITY_FIELD_ALIASES);
/** A referral as read from the opportunity service. */
export type Opportunity = yup.InferType<typeof opportunitySchema>;

/**
 * The envelope of an upstream page: its totals, and its content as an array of records not yet
 * checked (the relay validates records apart, in slices; see `pagedSchema` for a whole page).
 */
export const pageEnvelopeSchema = yup.object({
  content: yup.array().defined(),
  totalElements: yup.number().integer().min(0).required(),
  numberOfElements: yup.number().integer().min(0).required(),
  totalPages: yup.number().integer().min(0).optional(),
});

/** A paged answer of the opportunity service (agent-console section 3). */
export const pagedSchema = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) =>
  pageEnvelopeSchema.shape({ content: yup.array(item).defined() });
/** A page of items. */
export interface Paged<T> {
  content: T[];
  totalElements: number;
  numberOfElements: number;
  totalPages?: number;
}

export const opportunitySourceSchema = yup.object({ sourceName: yup.string().required() });
/** An opportunity source (its name is what excludedSources lists). */
export type OpportunitySource = yup.InferType<typeof opportunitySourceSchema>;
