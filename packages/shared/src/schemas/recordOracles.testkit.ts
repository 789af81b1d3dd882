import * as yup from 'yup';
import { MARKETPLACE_STATUSES, OPPORTUNITY_TYPES } from '../domain/opportunity.js';
import { readFieldAliases } from './fieldAliases.js';
import {
  deliveryErrorRecord,
  deliveryErrorSchema,
  deliveryStatRecord,
  deliveryStatSchema,
  featureFlagRecord,
  featureFlagSchema,
} from './admin.js';
import { OPPORTUNITY_FIELD_ALIASES, opportunityRecord, opportunitySchema } from './opportunity.js';

/**
 * Test oracles: the upstream records as they were written in yup by hand before their definitions
 * moved to JSON Schema (`upstreamRecord`). Kept apart from the definitions, so that a test can hold
 * what is derived from a definition (the yup schema, the relay's compiled validator) to the answers
 * the console gave: the same records accepted, the same output JSON, the same refusal messages.
 */

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

/** The referral: its fields, the opportunity service's aliases read first. */
export const oracleOpportunitySchema = opportunityFields.transform((value: unknown) =>
  readFieldAliases(value, OPPORTUNITY_FIELD_ALIASES),
);

/** Delivery statistics of one marketplace. */
export const oracleDeliveryStatSchema = yup.object({
  marketplaceId: yup.number().integer().required(),
  lastReferralDeliverySuccess: yup.boolean().nullable().defined().default(null),
  lastReferralDeliveryDate: str(),
  totalReferralsDeliveredToday: yup.number().integer().min(0).defined().default(0),
});

/** One failed delivery. */
export const oracleDeliveryErrorSchema = yup.object({
  opportunityId: yup.number().integer().required(),
  errorMarketplaceName: str(),
  errorNotes: str(),
  errorDate: str(),
  currentMarketplaceName: str(),
  currentMarketplaceStatus: str(),
});

/** A feature flag. */
export const oracleFeatureFlagSchema = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  description: yup.string().defined().default(''),
  enabled: yup.boolean().required(),
});

/** Each upstream record's definition and the yup schema derived from it, beside its oracle. */
export const ORACLES = [
  {
    name: 'referral',
    record: opportunityRecord,
    derived: opportunitySchema,
    oracle: oracleOpportunitySchema,
  },
  {
    name: 'delivery stat',
    record: deliveryStatRecord,
    derived: deliveryStatSchema,
    oracle: oracleDeliveryStatSchema,
  },
  {
    name: 'delivery error',
    record: deliveryErrorRecord,
    derived: deliveryErrorSchema,
    oracle: oracleDeliveryErrorSchema,
  },
  {
    name: 'feature flag',
    record: featureFlagRecord,
    derived: featureFlagSchema,
    oracle: oracleFeatureFlagSchema,
  },
] as const;
