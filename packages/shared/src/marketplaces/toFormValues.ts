import type { Marketplace } from '../schemas/marketplace.js';
import { NaicsMode, PriceMode } from './constants.js';
import {
  checkedSourcesFrom,
  checkedStatesFrom,
  isFullDay,
  joinCommaList,
  multiplierToPercent,
  paymentOptionOf,
  toDisplayPhone,
} from './conversions.js';
import { newMarketplaceDefaults, type MarketplaceFormValues } from './formValues.js';
import { lineAppetitesFrom } from './lineAppetites.js';
import { naicsTextFromExcluded } from './naics.js';

/** What filling the form needs besides the marketplace: every opportunity source name. */
export interface FormFillContext {
  readonly sources: readonly string[];
}

/**
 * The form values for a marketplace, or the new-marketplace defaults for null. An existing
 * marketplace opens in percent-modifier mode unless it applies a delivered price, with NAICS in
 * exclude mode, 24-hour delivery on when its window is 00:00:00-23:59:59, and every null text
 * (timezone included) as ''; lists keep their stored order so an untouched save changes nothing.
 */
export function toFormValues(m: Marketplace | null, ctx: FormFillContext): MarketplaceFormValues {
  if (m === null) return newMarketplaceDefaults();
  const ra = m.riskAppetite;
  const start = ra.referralDeliveryStartTime;
  const end = ra.referralDeliveryEndTime;
  const {
    riskAppetiteId,
    riskAppetiteBusinessLines,
    excludedNaics,
    excludedSources,
    stateCodes,
    referralDeliveryTimezone,
    ...appetite
  } = ra;
  return {
    ...appetite,
    id: m.id,
    riskAppetiteId,
    priority: m.priority,
    enabled: m.enabled,
    includedInMarketplaceFlow: m.includedInMarketplaceFlow,
    marketplaceType: m.marketplaceType,
    generic: m.generic,
    agencyId: m.agencyId,
    premierPartnerMarketplace: m.premierPartnerMarketplace,
    marketplaceName: m.marketplaceName,
    legalEntityName: m.legalEntityName ?? '',
    phoneNumber: toDisplayPhone(m.phoneNumber),
    defaultPurchasingAgentEmailAddress: m.defaultPurchasingAgentEmailAddress ?? '',
    paymentOption: paymentOptionOf(m),
    priceMode: m.applyDeliveredPrice ? PriceMode.DeliveredPrice : PriceMode.PercentModifier,
    percentModifier: multiplierToPercent(m.priceModifier),
    deliveredPrice: m.deliveredPrice,
    checkedSources: checkedSourcesFrom(ctx.sources, excludedSources),
    checkedStates: checkedStatesFrom(stateCodes),
    oneToOneConsentRequired: m.oneToOneConsentRequired,
    capturesOwnConsumerConsent: m.capturesOwnConsumerConsent,
    businessLineAppetites: lineAppetitesFrom(riskAppetiteBusinessLines),
    naicsMode: NaicsMode.Exclude,
    naicsText: naicsTextFromExcluded(excludedNaics),
    deliver24Hours: isFullDay(start, end),
    referralDeliveryStartTime: start ?? '',
    referralDeliveryEndTime: end ?? '',
    referralDeliveryTimezone: referralDeliveryTimezone ?? '',
    deliverToApi: m.deliverToApi,
    referralDeliveryMethod: m.referralDeliveryMethod,
    deliveryApiType: m.deliveryApiType,
    deliveryApiUrl: m.deliveryApiUrl ?? '',
    deliveryApiKey: m.deliveryApiKey ?? '',
    deliverToEmailAddress: m.deliverToEmailAddress,
    enableRoundRobinDelivery: m.enableRoundRobinDelivery,
    enableIndividualEmailDeliverySettings: m.enableIndividualEmailDeliverySettings,
    emailRecipients: joinCommaList(m.emailRecipients),
    emailBccRecipients: joinCommaList(m.emailBccRecipients),
    individualEmailRecipientSettings: m.individualEmailRecipientSettings.map((r) => ({
      ...r,
      deliver24Hours: isFullDay(r.referralDeliveryStartTime, r.referralDeliveryEndTime),
    })),
  };
}
