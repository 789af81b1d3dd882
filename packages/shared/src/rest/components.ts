import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import type * as yup from 'yup';
import {
  agencySchema,
  agencyUserSchema,
  bankHolidaySchema,
  naicsCodeSchema,
} from '../schemas/admin.js';
import {
  marketplaceCreateSchema,
  marketplaceSchema,
  priorityEntrySchema,
  riskAppetiteSchema,
} from '../schemas/marketplace.js';
import { opportunitySourceSchema } from '../schemas/opportunity.js';
import { featureFlagCreateSchema, featureFlagUpdateSchema } from '../featureFlags/schemas.js';
import { userPreferencesSchema, type UserPreferences } from '../preferences/schemas.js';
import {
  pipelineUpdateSchema,
  returnDecisionSchema,
  returnRequestSchema,
} from '../pipeline/index.js';

/**
 * The records of the REST contract defined as yup schemas (forms and REST checks use them), by the
 * name the published document gives them under `components/schemas`. The relay turns each into
 * JSON Schema when it builds the document; the contract refers to them by name (`yupRef`), so
 * the browser, which takes only types from the contract, loads none of this.
 */
export const YUP_COMPONENTS = {
  Marketplace: marketplaceSchema,
  MarketplaceCreate: marketplaceCreateSchema,
  PriorityEntry: priorityEntrySchema,
  RiskAppetite: riskAppetiteSchema,
  Agency: agencySchema,
  AgencyUser: agencyUserSchema,
  NaicsCode: naicsCodeSchema,
  BankHoliday: bankHolidaySchema,
  OpportunitySource: opportunitySourceSchema,
  FeatureFlagCreate: featureFlagCreateSchema,
  FeatureFlagUpdate: featureFlagUpdateSchema,
  UserPreferences: userPreferencesSchema,
  PipelineUpdate: pipelineUpdateSchema,
  ReturnRequestBody: returnRequestSchema,
  ReturnDecision: returnDecisionSchema,
} as const satisfies Readonly<Record<string, yup.Schema>>;
/** The name of a yup-defined component. */
export type YupComponent = keyof typeof YUP_COMPONENTS;

/** What a value of a yup-defined component is (preferences: its interface, yup's is looser). */
type ValueOf<K extends YupComponent> = K extends 'UserPreferences'
  ? UserPreferences
  : yup.InferType<(typeof YUP_COMPONENTS)[K]>;

/** Where the published document keeps a component. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** A reference to a yup-defined component, typed as its values. */
export const yupRef = <K extends YupComponent>(name: K): TUnsafe<ValueOf<K>> =>
  Type.Unsafe<ValueOf<K>>(Type.Ref(componentRef(name)));

/** Whether a schema's values are of `T` and it names every field of `T`: [] if so, else a reason. */
type Fits<S extends TSchema, T> = [Static<S>] extends [T]
  ? [Exclude<keyof T, keyof Static<S>>] extends [never]
    ? []
    : [reason: 'the schema leaves out a field of the type']
  : [reason: 'the schema allows a value that is not of the type'];

/**
 * The JSON Schema of a type defined as a TypeScript interface elsewhere, typed as that interface.
 * tsc refuses a schema whose values are not of the type, or that leaves out one of its fields, so
 * the published schema cannot drift from the interface the code uses.
 */
export const schemaOf =
  <T>() =>
  <S extends TSchema>(schema: S, ..._fits: Fits<S, T>): TUnsafe<T> =>
    Type.Unsafe<T>(schema);
