import type { MarketplaceCreate, RiskAppetite } from '../schemas/marketplace.js';
import { FULL_DAY, PriceMode } from './constants.js';
import {
  excludedSourcesFrom,
  paymentFlags,
  percentToMultiplier,
  splitCommaList,
  toStoredPhone,
} from './conversions.js';
import { effectivePriceMode } from './formSchema.js';
import type { MarketplaceFormValues, RecipientFormValues } from './formValues.js';
import { riskAppetiteLinesFrom } from './lineAppetites.js';
import { excludedNaicsFrom } from './naics.js';

/** The body of a create (no id) or an update (with id). */
export type MarketplacePayload = MarketplaceCreate & { id?: number };

/** What saving needs besides the values: every source name and every six-digit NAICS code. */
export interface PayloadContext {
  readonly sources: readonly string[];
  readonly naicsCodes: readonly string[];
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * A time input's value as the service stores it, 'HH:mm:ss': browsers (and jsdom) drop zero
 * seconds and give 'HH:mm', which the stored schema refuses; nothing typed gives null.
 */
export const toStoredTime = (text: string | null): string | null => {
  const t = orNull(text ?? '');
  return t !== null && /^\d{2}:\d{2}$/.test(t) ? `${t}:00` : t;
};

const windowOf = (w: {
  deliver24Hours: boolean;
  referralDeliveryStartTime: string | null;
  referralDeliveryEndTime: string | null;
}) =>
  w.deliver24Hours
    ? { referralDeliveryStartTime: FULL_DAY.start, referralDeliveryEndTime: FULL_DAY.end }
    : {
        referralDeliveryStartTime: toStoredTime(w.referralDeliveryStartTime),
        referralDeliveryEndTime: toStoredTime(w.referralDeliveryEndTime),
      };

const recipientPayload = (r: RecipientFormValues, marketplaceId: number | null) => {
  const { deliver24Hours, ...rest } = r;
  const window = windowOf({ ...rest, deliver24Hours });
  return { ...rest, marketplaceId: r.marketplaceId ?? marketplaceId, ...window };
};

const riskAppetiteOf = (v: MarketplaceFormValues, ctx: PayloadContext): RiskAppetite => ({
  riskAppetiteId: v.riskAppetiteId,
  riskAppetiteBusinessLines: riskAppetiteLinesFrom(v.businessLineAppetites, v.riskAppetiteId),
  excludedNaics: excludedNaicsFrom(v.naicsText, v.naicsMode, ctx.naicsCodes),
  excludedSources: excludedSourcesFrom(ctx.sources, v.checkedSources),
  stateCodes: [...v.checkedStates],
  acceptCommercialLines: v.acceptCommercialLines,
  acceptPersonalLines: v.acceptPersonalLines,
  acceptLifeAnnuitiesLines: v.acceptLifeAnnuitiesLines,
  acceptCommercialInsured: v.acceptCommercialInsured,
  acceptCommercialUninsured: v.acceptCommercialUninsured,
  acceptPersonalInsured: v.acceptPersonalInsured,
  acceptPersonalUninsured: v.acceptPersonalUninsured,
  commercialBusinessLinesMin: v.commercialBusinessLinesMin,
  commercialBusinessLinesMax: v.commercialBusinessLinesMax,
  yearsInBusinessMin: v.yearsInBusinessMin,
  yearsInBusinessMax: v.yearsInBusinessMax,
  numberOfEmployeesMin: v.numberOfEmployeesMin,
  numberOfEmployeesMax: v.numberOfEmployeesMax,
  commercialEstimatedPremiumMin: v.commercialEstimatedPremiumMin,
  commercialEstimatedPremiumMax: v.commercialEstimatedPremiumMax,
  personalBusinessLinesMin: v.personalBusinessLinesMin,
  personalBusinessLinesMax: v.personalBusinessLinesMax,
  personalEstimatedPremiumMin: v.personalEstimatedPremiumMin,
  personalEstimatedPremiumMax: v.personalEstimatedPremiumMax,
  lifeAnnuitiesBusinessLinesMin: v.lifeAnnuitiesBusinessLinesMin,
  lifeAnnuitiesBusinessLinesMax: v.lifeAnnuitiesBusinessLinesMax,
  deathBenefitMin: v.deathBenefitMin,
  deathBenefitMax: v.deathBenefitMax,
  acceptMedicalExamConsent: v.acceptMedicalExamConsent,
  acceptMedicalExamRefusal: v.acceptMedicalExamRefusal,
  acceptTobaccoUsePastYear: v.acceptTobaccoUsePastYear,
  acceptNoTobaccoUsePastYear: v.acceptNoTobaccoUsePastYear,
  journayaIdRequired: v.journayaIdRequired,
  businessLineRequired: v.businessLineRequired,
  firstNameRequired: v.firstNameRequired,
  lastNameRequired: v.lastNameRequired,
  cityRequired: v.cityRequired,
  stateRequired: v.stateRequired,
  postalCodeRequired: v.postalCodeRequired,
  emailAddressRequired: v.emailAddressRequired,
  phoneNumberRequired: v.phoneNumberRequired,
  maxReferralsPerHour: v.maxReferralsPerHour,
  maxReferralsPerDay: v.maxReferralsPerDay,
  maxReferralsPerWeek: v.maxReferralsPerWeek,
  maxReferralsPerMonth: v.maxReferralsPerMonth,
  acceptReferralsOnMonday: v.acceptReferralsOnMonday,
  acceptReferralsOnTuesday: v.acceptReferralsOnTuesday,
  acceptReferralsOnWednesday: v.acceptReferralsOnWednesday,
  acceptReferralsOnThursday: v.acceptReferralsOnThursday,
  acceptReferralsOnFriday: v.acceptReferralsOnFriday,
  acceptReferralsOnSaturday: v.acceptReferralsOnSaturday,
  acceptReferralsOnSunday: v.acceptReferralsOnSunday,
  acceptReferralsOnBankHolidays: v.acceptReferralsOnBankHolidays,
  ...windowOf(v),
  referralDeliveryTimezone: orNull(v.referralDeliveryTimezone),
  acceptWarmTransfers: v.acceptWarmTransfers,
  referralPriceMin: v.referralPriceMin,
  referralPriceMax: v.referralPriceMax,
});

/**
 * The marketplace to send for valid form values. Interpretations: the percent modifier is always
 * sent as a multiplier (0 when empty); an instant marketplace sends its delivered price and whether
 * it applies, a duration one sends no delivered price and applyDeliveredPrice false; empty texts are
 * sent as null; individual email settings are sent false when there is no email recipient;
 * creationDate is left to the service (null). The id is included only for an update.
 */
export function toMarketplacePayload(
  v: MarketplaceFormValues,
  ctx: PayloadContext,
): MarketplacePayload {
  const instant = v.marketplaceType === 'INSTANT';
  const emailRecipients = splitCommaList(v.emailRecipients);
  const body: MarketplaceCreate = {
    marketplaceName: v.marketplaceName.trim(),
    agencyId: v.agencyId,
    enabled: v.enabled,
    priority: v.priority,
    includedInMarketplaceFlow: v.includedInMarketplaceFlow,
    ...paymentFlags(v.paymentOption),
    applyDeliveredPrice: effectivePriceMode(v) === PriceMode.DeliveredPrice,
    deliveredPrice: instant ? v.deliveredPrice : null,
    priceModifier: percentToMultiplier(v.percentModifier ?? 0),
    creationDate: null,
    generic: v.generic,
    marketplaceType: v.marketplaceType,
    referralDeliveryMethod: v.referralDeliveryMethod,
    defaultPurchasingAgentEmailAddress: orNull(v.defaultPurchasingAgentEmailAddress),
    premierPartnerMarketplace: v.premierPartnerMarketplace,
    legalEntityName: orNull(v.legalEntityName),
    phoneNumber: toStoredPhone(v.phoneNumber),
    oneToOneConsentRequired: v.oneToOneConsentRequired,
    capturesOwnConsumerConsent: v.capturesOwnConsumerConsent,
    deliverToApi: v.deliverToApi,
    deliveryApiUrl: orNull(v.deliveryApiUrl),
    deliveryApiKey: orNull(v.deliveryApiKey),
    deliveryApiType: v.deliveryApiType,
    deliverToEmailAddress: v.deliverToEmailAddress,
    enableRoundRobinDelivery: v.enableRoundRobinDelivery,
    enableIndividualEmailDeliverySettings:
      emailRecipients.length > 0 && v.enableIndividualEmailDeliverySettings,
    emailRecipients,
    emailBccRecipients: splitCommaList(v.emailBccRecipients),
    individualEmailRecipientSettings: v.individualEmailRecipientSettings.map((r) =>
      recipientPayload(r, v.id),
    ),
    riskAppetite: riskAppetiteOf(v, ctx),
  };
  return v.id === null ? body : { ...body, id: v.id };
}
