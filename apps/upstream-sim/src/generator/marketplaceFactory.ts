import {
  riskAppetiteSchema,
  STATE_CODES,
  type Marketplace,
  type RiskAppetite,
} from '@referrals/shared';

/**
 * A risk appetite with the defaults of a new marketplace (marketplace-admin section 9): all days,
 * 24-hour delivery in Central time, contact fields required, insured and uninsured accepted.
 */
export function anAppetite(id: number, overrides: Partial<RiskAppetite>): RiskAppetite {
  return {
    ...riskAppetiteSchema.cast({}),
    riskAppetiteId: id,
    stateCodes: [...STATE_CODES],
    acceptCommercialInsured: true,
    acceptCommercialUninsured: true,
    acceptPersonalInsured: true,
    acceptPersonalUninsured: true,
    acceptMedicalExamConsent: true,
    acceptMedicalExamRefusal: true,
    acceptTobaccoUsePastYear: true,
    acceptNoTobaccoUsePastYear: true,
    firstNameRequired: true,
    cityRequired: true,
    stateRequired: true,
    postalCodeRequired: true,
    phoneNumberRequired: true,
    acceptReferralsOnMonday: true,
    acceptReferralsOnTuesday: true,
    acceptReferralsOnWednesday: true,
    acceptReferralsOnThursday: true,
    acceptReferralsOnFriday: true,
    acceptReferralsOnSaturday: true,
    acceptReferralsOnSunday: true,
    referralDeliveryStartTime: '00:00:00',
    referralDeliveryEndTime: '23:59:59',
    referralDeliveryTimezone: 'America/Chicago',
    ...overrides,
  };
}

/** The fields of a marketplace a fixture sets; the rest take the service defaults. */
export interface MarketplaceSpec {
  readonly id: number;
  readonly name: string;
  readonly agencyId: number | null;
  readonly enabled: boolean;
  readonly priority: number | null;
  readonly creationDate: string;
  readonly appetite: Partial<RiskAppetite>;
  readonly extra?: Partial<Marketplace>;
}

/**
 * A complete marketplace record from a spec. Like a record the admin form saved, it meets the
 * form's own rules (marketplace-admin section 5): an agency marketplace names a default purchasing
 * agent, and Generic API delivery carries a key.
 */
export function aMarketplace(spec: MarketplaceSpec): Marketplace {
  const m = aRecord(spec);
  return {
    ...m,
    defaultPurchasingAgentEmailAddress:
      m.defaultPurchasingAgentEmailAddress ??
      (m.agencyId === null ? null : `purchasing-${m.id}@buyers.example.com`),
    deliveryApiKey:
      m.deliveryApiKey ??
      (m.deliverToApi && m.referralDeliveryMethod === 'GENERIC' ? `sim-key-${m.id}` : null),
  };
}

function aRecord(spec: MarketplaceSpec): Marketplace {
  return {
    id: spec.id,
    marketplaceName: spec.name,
    agencyId: spec.agencyId,
    enabled: spec.enabled,
    priority: spec.enabled ? spec.priority : null,
    includedInMarketplaceFlow: true,
    debitPrepaidBalance: false,
    billed: true,
    applyDeliveredPrice: false,
    deliveredPrice: null,
    priceModifier: 1,
    creationDate: spec.creationDate,
    generic: false,
    marketplaceType: 'INSTANT',
    referralDeliveryMethod: 'GENERIC',
    defaultPurchasingAgentEmailAddress: null,
    premierPartnerMarketplace: false,
    legalEntityName: spec.agencyId === null ? null : `${spec.name} LLC`,
    phoneNumber: null,
    oneToOneConsentRequired: false,
    capturesOwnConsumerConsent: false,
    deliverToApi: true,
    deliveryApiUrl: `https://buyers.example.com/${spec.id}/referrals`,
    deliveryApiKey: null,
    deliveryApiType: 'BASIC',
    deliverToEmailAddress: false,
    enableRoundRobinDelivery: false,
    enableIndividualEmailDeliverySettings: false,
    emailRecipients: [],
    emailBccRecipients: [],
    individualEmailRecipientSettings: [],
    riskAppetite: anAppetite(spec.id, spec.appetite),
    ...spec.extra,
  };
}
