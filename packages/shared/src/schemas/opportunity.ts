import { Type, type Static } from 'typebox';
import * as yup from 'yup';
import { MARKETPLACE_STATUSES, OPPORTUNITY_TYPES } from '../domain/opportunity.js';
import { nullableField, requiredText, upstreamRecord, yupSchemaOf } from './upstreamRecord.js';

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

const str = () => nullableField(Type.String());
const num = () => nullableField(Type.Number());
const bool = () => nullableField(Type.Boolean());

/**
 * A referral as the opportunity service returns it (agent-console section 3): the one definition
 * of a valid referral. Dates are ISO-8601 strings. `category` null means a direct-call referral.
 * `businessLines` holds business-line codes. The service's other names for fields
 * (`OPPORTUNITY_FIELD_ALIASES`) are read as the fields.
 */
export const opportunityRecord = upstreamRecord(
  Type.Object({
    opportunityId: Type.Integer(),
    searchId: str(),
    opportunityType: Type.Enum(OPPORTUNITY_TYPES),
    marketplaceStatus: Type.Enum(MARKETPLACE_STATUSES),
    marketplaceExpirationDate: str(),
    addDate: requiredText(),
    lastModDate: str(),
    category: str(),
    businessLines: Type.Array(requiredText(), { default: [] }),
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
    showVisualLocation: Type.Boolean({ default: false }),
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
  }),
  OPPORTUNITY_FIELD_ALIASES,
);
/** The referral schema of forms, REST checks and casts (derived from `opportunityRecord`). */
export const opportunitySchema = yupSchemaOf(opportunityRecord);
/** A referral as read from the opportunity service. */
export type Opportunity = Static<typeof opportunityRecord.schema>;

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
