import * as yup from 'yup';
import { LINE_CATEGORIES } from '../domain/opportunity.js';
import { API_TYPES, MARKETPLACE_TYPES, REFERRAL_DELIVERY_METHODS } from '../domain/marketplace.js';

const str = () => yup.string().nullable().defined().default(null);
const num = () => yup.number().nullable().defined().default(null);
const bool = () => yup.boolean().defined().default(false);
/** A time of day as the service stores it, 'HH:mm:ss'. */
const time = () =>
  yup
    .string()
    .nullable()
    .defined()
    .default(null)
    .matches(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, {
      message: 'Time must be HH:mm:ss.',
      excludeEmptyString: true,
    });

export const riskAppetiteBusinessLineSchema = yup.object({
  riskAppetiteId: num(),
  businessLineCode: yup.string().required(),
  businessLineCategory: yup.string().oneOf(LINE_CATEGORIES).required(),
  excluded: yup.boolean().required(),
});
/** One business line an appetite names: excluded true means Excluded, false means Required. */
export type RiskAppetiteBusinessLine = yup.InferType<typeof riskAppetiteBusinessLineSchema>;

const dayFlags = {
  acceptReferralsOnMonday: bool(),
  acceptReferralsOnTuesday: bool(),
  acceptReferralsOnWednesday: bool(),
  acceptReferralsOnThursday: bool(),
  acceptReferralsOnFriday: bool(),
  acceptReferralsOnSaturday: bool(),
  acceptReferralsOnSunday: bool(),
};

/** The appetite of a marketplace (marketplace-admin section 3). Null limits mean no limit. */
export const riskAppetiteSchema = yup.object({
  riskAppetiteId: num(),
  riskAppetiteBusinessLines: yup.array(riskAppetiteBusinessLineSchema).defined().default([]),
  excludedNaics: yup.array(yup.string().required()).defined().default([]),
  excludedSources: yup.array(yup.string().required()).defined().default([]),
  stateCodes: yup.array(yup.string().required()).defined().default([]),
  acceptCommercialLines: bool(),
  acceptPersonalLines: bool(),
  acceptLifeAnnuitiesLines: bool(),
  acceptCommercialInsured: bool(),
  acceptCommercialUninsured: bool(),
  acceptPersonalInsured: bool(),
  acceptPersonalUninsured: bool(),
  commercialBusinessLinesMin: num(),
  commercialBusinessLinesMax: num(),
  yearsInBusinessMin: num(),
  yearsInBusinessMax: num(),
  numberOfEmployeesMin: num(),
  numberOfEmployeesMax: num(),
  commercialEstimatedPremiumMin: num(),
  commercialEstimatedPremiumMax: num(),
  personalBusinessLinesMin: num(),
  personalBusinessLinesMax: num(),
  personalEstimatedPremiumMin: num(),
  personalEstimatedPremiumMax: num(),
  lifeAnnuitiesBusinessLinesMin: num(),
  lifeAnnuitiesBusinessLinesMax: num(),
  deathBenefitMin: num(),
  deathBenefitMax: num(),
  acceptMedicalExamConsent: bool(),
  acceptMedicalExamRefusal: bool(),
  acceptTobaccoUsePastYear: bool(),
  acceptNoTobaccoUsePastYear: bool(),
  journayaIdRequired: bool(),
  businessLineRequired: bool(),
  firstNameRequired: bool(),
  lastNameRequired: bool(),
  cityRequired: bool(),
  stateRequired: bool(),
  postalCodeRequired: bool(),
  emailAddressRequired: bool(),
  phoneNumberRequired: bool(),
  maxReferralsPerHour: num(),
  maxReferralsPerDay: num(),
  maxReferralsPerWeek: num(),
  maxReferralsPerMonth: num(),
  ...dayFlags,
  acceptReferralsOnBankHolidays: bool(),
  referralDeliveryStartTime: time(),
  referralDeliveryEndTime: time(),
  referralDeliveryTimezone: str(),
  acceptWarmTransfers: bool(),
  referralPriceMin: num(),
  referralPriceMax: num(),
});
/** A marketplace's appetite. */
export type RiskAppetite = yup.InferType<typeof riskAppetiteSchema>;

export const individualEmailRecipientSettingSchema = yup.object({
  id: num(),
  marketplaceId: num(),
  emailAddress: yup.string().required(),
  mobilePhone: str(),
  enableSmsNotification: bool(),
  notificationSequenceId: num(),
  sameDeliveryDaysAsMarketplace: bool(),
  ...dayFlags,
  sameDeliveryTimesAsMarketplace: bool(),
  referralDeliveryStartTime: time(),
  referralDeliveryEndTime: time(),
  referralDeliveryTimezone: str(),
});
/** Delivery settings for one email recipient of a marketplace. */
export type IndividualEmailRecipientSetting = yup.InferType<
  typeof individualEmailRecipientSettingSchema
>;

/** A marketplace as the service stores it: the union of the list and form views. */
export const marketplaceSchema = yup.object({
  id: yup.number().integer().required(),
  marketplaceName: yup.string().trim().required('Please provide marketplace name'),
  agencyId: num(),
  enabled: bool(),
  priority: num(),
  includedInMarketplaceFlow: yup.boolean().defined().default(true),
  debitPrepaidBalance: bool(),
  billed: bool(),
  applyDeliveredPrice: bool(),
  deliveredPrice: num(),
  priceModifier: yup.number().defined().default(1),
  creationDate: str(),
  generic: bool(),
  marketplaceType: yup.string().oneOf(MARKETPLACE_TYPES).defined().default('INSTANT'),
  referralDeliveryMethod: yup
    .string()
    .oneOf(REFERRAL_DELIVERY_METHODS)
    .nullable()
    .defined()
    .default('GENERIC'),
  defaultPurchasingAgentEmailAddress: str(),
  premierPartnerMarketplace: bool(),
  legalEntityName: str(),
  phoneNumber: str(),
  oneToOneConsentRequired: bool(),
  capturesOwnConsumerConsent: bool(),
  deliverToApi: bool(),
  deliveryApiUrl: str(),
  deliveryApiKey: str(),
  deliveryApiType: yup.string().oneOf(API_TYPES).nullable().defined().default(null),
  deliverToEmailAddress: bool(),
  enableRoundRobinDelivery: bool(),
  enableIndividualEmailDeliverySettings: bool(),
  emailRecipients: yup.array(yup.string().required()).defined().default([]),
  emailBccRecipients: yup.array(yup.string().required()).defined().default([]),
  individualEmailRecipientSettings: yup
    .array(individualEmailRecipientSettingSchema)
    .defined()
    .default([]),
  riskAppetite: riskAppetiteSchema.defined(),
});
/** A marketplace (buyer of referrals). */
export type Marketplace = yup.InferType<typeof marketplaceSchema>;

/** The body of a create: a marketplace without its id. */
export const marketplaceCreateSchema = marketplaceSchema.omit(['id']);
export type MarketplaceCreate = yup.InferType<typeof marketplaceCreateSchema>;

/** One entry of the priorities call: 1-based position among enabled marketplaces. */
export const priorityEntrySchema = yup.object({
  id: yup.number().integer().required(),
  priority: yup.number().integer().min(1).required(),
});
export const prioritiesSchema = yup
  .array(priorityEntrySchema)
  .defined()
  .min(1)
  .test('unique-ids', 'Each marketplace may appear once.', (list) => {
    const ids = (list ?? []).map((p) => p.id);
    return new Set(ids).size === ids.length;
  })
  .test('unique-priorities', 'Priorities must be distinct.', (list) => {
    const ps = (list ?? []).map((p) => p.priority);
    return new Set(ps).size === ps.length;
  });
export type PriorityEntry = yup.InferType<typeof priorityEntrySchema>;
