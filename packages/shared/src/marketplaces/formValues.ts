import { ALL_BUSINESS_LINES } from '../domain/businessLines.js';
import type {
  ApiType,
  Appetite,
  MarketplaceType,
  PaymentOption,
  ReferralDeliveryMethod,
  WeekDayField,
} from '../domain/marketplace.js';
import { WEEK_DAYS } from '../domain/marketplace.js';
import type { LineCategory } from '../domain/opportunity.js';
import type { IndividualEmailRecipientSetting } from '../schemas/marketplace.js';
import { DEFAULT_DELIVERY_TIMEZONE, FULL_DAY, NaicsMode, PriceMode } from './constants.js';

/** The seven acceptReferralsOn{Day} flags. */
export type DayFlags = Record<WeekDayField, boolean>;

/** One business line with the appetite chosen for it on the form. */
export interface LineAppetiteValue {
  businessLineCode: string;
  businessLineCategory: LineCategory;
  appetite: Appetite;
}

/** One row of the individual email recipient settings table, with its 24-hour switch. */
export type RecipientFormValues = IndividualEmailRecipientSetting & { deliver24Hours: boolean };

/** Numeric min/max fields of the appetite blocks; null means no bound. */
export interface RangeValues {
  referralPriceMin: number | null;
  referralPriceMax: number | null;
  commercialBusinessLinesMin: number | null;
  commercialBusinessLinesMax: number | null;
  yearsInBusinessMin: number | null;
  yearsInBusinessMax: number | null;
  numberOfEmployeesMin: number | null;
  numberOfEmployeesMax: number | null;
  commercialEstimatedPremiumMin: number | null;
  commercialEstimatedPremiumMax: number | null;
  personalBusinessLinesMin: number | null;
  personalBusinessLinesMax: number | null;
  personalEstimatedPremiumMin: number | null;
  personalEstimatedPremiumMax: number | null;
  lifeAnnuitiesBusinessLinesMin: number | null;
  lifeAnnuitiesBusinessLinesMax: number | null;
  deathBenefitMin: number | null;
  deathBenefitMax: number | null;
}

/** On/off switches of the appetite (general, category, insured, life options). */
export interface AppetiteSwitches {
  journayaIdRequired: boolean;
  businessLineRequired: boolean;
  firstNameRequired: boolean;
  lastNameRequired: boolean;
  cityRequired: boolean;
  stateRequired: boolean;
  postalCodeRequired: boolean;
  emailAddressRequired: boolean;
  phoneNumberRequired: boolean;
  acceptWarmTransfers: boolean;
  acceptCommercialLines: boolean;
  acceptPersonalLines: boolean;
  acceptLifeAnnuitiesLines: boolean;
  acceptCommercialInsured: boolean;
  acceptCommercialUninsured: boolean;
  acceptPersonalInsured: boolean;
  acceptPersonalUninsured: boolean;
  acceptMedicalExamConsent: boolean;
  acceptMedicalExamRefusal: boolean;
  acceptTobaccoUsePastYear: boolean;
  acceptNoTobaccoUsePastYear: boolean;
  acceptReferralsOnBankHolidays: boolean;
}

/**
 * What the marketplace form edits: the form view of section 3 in the shapes the inputs hold
 * (percent instead of multiplier, phone without +1, comma-separated email and NAICS text, checked
 * sources and states, one appetite per business line). `id`, `priority`, `enabled`,
 * `includedInMarketplaceFlow` and `riskAppetiteId` are carried through unedited.
 */
export interface MarketplaceFormValues extends RangeValues, AppetiteSwitches, DayFlags {
  id: number | null;
  riskAppetiteId: number | null;
  priority: number | null;
  enabled: boolean;
  includedInMarketplaceFlow: boolean;
  marketplaceType: MarketplaceType;
  generic: boolean;
  agencyId: number | null;
  premierPartnerMarketplace: boolean;
  marketplaceName: string;
  legalEntityName: string;
  phoneNumber: string;
  defaultPurchasingAgentEmailAddress: string;
  /** Null: neither billed nor debit prepaid (as stored on the house marketplaces). */
  paymentOption: PaymentOption | null;
  priceMode: PriceMode;
  percentModifier: number | null;
  deliveredPrice: number | null;
  checkedSources: string[];
  checkedStates: string[];
  oneToOneConsentRequired: boolean;
  capturesOwnConsumerConsent: boolean;
  businessLineAppetites: LineAppetiteValue[];
  naicsMode: NaicsMode;
  naicsText: string;
  maxReferralsPerHour: number | null;
  maxReferralsPerDay: number | null;
  maxReferralsPerWeek: number | null;
  maxReferralsPerMonth: number | null;
  deliver24Hours: boolean;
  referralDeliveryStartTime: string;
  referralDeliveryEndTime: string;
  referralDeliveryTimezone: string;
  deliverToApi: boolean;
  referralDeliveryMethod: ReferralDeliveryMethod | null;
  deliveryApiType: ApiType | null;
  deliveryApiUrl: string;
  deliveryApiKey: string;
  deliverToEmailAddress: boolean;
  enableRoundRobinDelivery: boolean;
  enableIndividualEmailDeliverySettings: boolean;
  emailRecipients: string;
  emailBccRecipients: string;
  individualEmailRecipientSettings: RecipientFormValues[];
}

/** Every day flag set to `on`. */
export const allDays = (on: boolean): DayFlags =>
  Object.fromEntries(WEEK_DAYS.map((d) => [d.field, on])) as DayFlags;

/** Every min/max bound empty. */
export const emptyRanges = (): RangeValues => ({
  referralPriceMin: null,
  referralPriceMax: null,
  commercialBusinessLinesMin: null,
  commercialBusinessLinesMax: null,
  yearsInBusinessMin: null,
  yearsInBusinessMax: null,
  numberOfEmployeesMin: null,
  numberOfEmployeesMax: null,
  commercialEstimatedPremiumMin: null,
  commercialEstimatedPremiumMax: null,
  personalBusinessLinesMin: null,
  personalBusinessLinesMax: null,
  personalEstimatedPremiumMin: null,
  personalEstimatedPremiumMax: null,
  lifeAnnuitiesBusinessLinesMin: null,
  lifeAnnuitiesBusinessLinesMax: null,
  deathBenefitMin: null,
  deathBenefitMax: null,
});

/** Every business line with one appetite, in display-name order. */
export const allLinesAt = (appetite: Appetite): LineAppetiteValue[] =>
  ALL_BUSINESS_LINES.map((l) => ({
    businessLineCode: l.code,
    businessLineCategory: l.category,
    appetite,
  }));

/**
 * The form of a new marketplace: section 9's defaults, verbatim, with every source, state and NAICS
 * code unchecked/empty, every business line Excluded (section 4), no limits and no bounds.
 */
export const newMarketplaceDefaults = (): MarketplaceFormValues => ({
  id: null,
  riskAppetiteId: null,
  priority: null,
  enabled: false,
  includedInMarketplaceFlow: true,
  marketplaceType: 'INSTANT',
  generic: false,
  agencyId: null,
  premierPartnerMarketplace: false,
  marketplaceName: '',
  legalEntityName: '',
  phoneNumber: '',
  defaultPurchasingAgentEmailAddress: '',
  paymentOption: 'BILLED',
  priceMode: PriceMode.PercentModifier,
  percentModifier: 0,
  deliveredPrice: null,
  ...emptyRanges(),
  checkedSources: [],
  checkedStates: [],
  journayaIdRequired: false,
  businessLineRequired: false,
  firstNameRequired: true,
  lastNameRequired: true,
  cityRequired: true,
  stateRequired: true,
  postalCodeRequired: true,
  emailAddressRequired: true,
  phoneNumberRequired: true,
  oneToOneConsentRequired: false,
  capturesOwnConsumerConsent: false,
  acceptWarmTransfers: false,
  acceptCommercialLines: false,
  acceptPersonalLines: false,
  acceptLifeAnnuitiesLines: false,
  businessLineAppetites: allLinesAt('EXCLUDED'),
  naicsMode: NaicsMode.Exclude,
  naicsText: '',
  acceptCommercialInsured: true,
  acceptCommercialUninsured: true,
  acceptPersonalInsured: true,
  acceptPersonalUninsured: true,
  acceptMedicalExamConsent: true,
  acceptMedicalExamRefusal: true,
  acceptTobaccoUsePastYear: true,
  acceptNoTobaccoUsePastYear: true,
  maxReferralsPerHour: null,
  maxReferralsPerDay: null,
  maxReferralsPerWeek: null,
  maxReferralsPerMonth: null,
  ...allDays(true),
  acceptReferralsOnBankHolidays: false,
  deliver24Hours: true,
  referralDeliveryStartTime: FULL_DAY.start,
  referralDeliveryEndTime: FULL_DAY.end,
  referralDeliveryTimezone: DEFAULT_DELIVERY_TIMEZONE,
  deliverToApi: true,
  referralDeliveryMethod: 'GENERIC',
  deliveryApiType: 'BASIC',
  deliveryApiUrl: '',
  deliveryApiKey: '',
  deliverToEmailAddress: false,
  enableRoundRobinDelivery: false,
  enableIndividualEmailDeliverySettings: false,
  emailRecipients: '',
  emailBccRecipients: '',
  individualEmailRecipientSettings: [],
});
