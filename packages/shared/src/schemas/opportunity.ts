import * as yup from 'yup';
import { MARKETPLACE_STATUSES, OPPORTUNITY_TYPES } from '../domain/opportunity.js';

const str = () => yup.string().nullable().defined().default(null);
const num = () => yup.number().nullable().defined().default(null);
const bool = () => yup.boolean().nullable().defined().default(null);

/**
 * A referral as the opportunity service returns it (agent-console section 3). Dates are ISO-8601
 * strings. `category` null means a direct-call referral. `businessLines` holds business-line codes.
 */
export const opportunitySchema = yup.object({
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
