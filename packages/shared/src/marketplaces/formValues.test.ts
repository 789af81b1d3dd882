import { describe, expect, it } from 'vitest';
import { marketplaceSchema, type Marketplace } from '../schemas/marketplace.js';
import { newMarketplaceDefaults } from './formValues.js';
import { toFormValues } from './toFormValues.js';
import { toMarketplacePayload } from './toPayload.js';

const SOURCES = ['direct-call', 'google', 'web'];
const NAICS = ['111110', '238220', '541511'];

/** A stored marketplace as the service returns it. */
const stored = (): Marketplace =>
  marketplaceSchema.cast({
    id: 42,
    marketplaceName: 'acme insurance',
    agencyId: 12,
    enabled: true,
    priority: 3,
    debitPrepaidBalance: true,
    billed: false,
    applyDeliveredPrice: false,
    deliveredPrice: null,
    priceModifier: 1.15,
    generic: true,
    marketplaceType: 'INSTANT',
    referralDeliveryMethod: 'GENERIC',
    defaultPurchasingAgentEmailAddress: 'bob@acme.com',
    legalEntityName: 'Acme LLC',
    phoneNumber: '+15125550100',
    deliverToApi: false,
    deliveryApiType: 'X_API_KEY',
    deliveryApiUrl: 'https://acme.com/in',
    deliveryApiKey: 'k',
    deliverToEmailAddress: true,
    enableIndividualEmailDeliverySettings: true,
    emailRecipients: ['a@acme.com', 'b@acme.com'],
    emailBccRecipients: [],
    individualEmailRecipientSettings: [
      {
        id: 5,
        marketplaceId: 42,
        emailAddress: 'a@acme.com',
        acceptReferralsOnMonday: true,
        referralDeliveryStartTime: '00:00:00',
        referralDeliveryEndTime: '23:59:59',
      },
    ],
    riskAppetite: {
      riskAppetiteId: 7,
      riskAppetiteBusinessLines: [
        {
          riskAppetiteId: 7,
          businessLineCode: 'CAUT',
          businessLineCategory: 'COMMERCIAL',
          excluded: true,
        },
      ],
      excludedNaics: ['238220'],
      excludedSources: ['web'],
      stateCodes: ['TX', 'AK'],
      acceptCommercialLines: true,
      maxReferralsPerDay: 20,
      acceptReferralsOnMonday: true,
      referralDeliveryStartTime: '08:00:00',
      referralDeliveryEndTime: '17:00:00',
      referralDeliveryTimezone: 'America/New_York',
    },
  });

describe('marketplace-admin §9 new marketplace defaults', () => {
  const d = newMarketplaceDefaults();
  it.each<[string, unknown, unknown]>([
    ['type instant', d.marketplaceType, 'INSTANT'],
    ['payment billed', d.paymentOption, 'BILLED'],
    ['delivery method generic', d.referralDeliveryMethod, 'GENERIC'],
    ['percent modifier 0', d.percentModifier, 0],
    ['price mode percentModifier', d.priceMode, 'percentModifier'],
    [
      'all 7 days accepted',
      [
        d.acceptReferralsOnMonday,
        d.acceptReferralsOnTuesday,
        d.acceptReferralsOnWednesday,
        d.acceptReferralsOnThursday,
        d.acceptReferralsOnFriday,
        d.acceptReferralsOnSaturday,
        d.acceptReferralsOnSunday,
      ],
      Array(7).fill(true),
    ],
    ['bank holidays not accepted', d.acceptReferralsOnBankHolidays, false],
    [
      '24-hour delivery on',
      [d.deliver24Hours, d.referralDeliveryStartTime, d.referralDeliveryEndTime],
      [true, '00:00:00', '23:59:59'],
    ],
    ['timezone America/Chicago', d.referralDeliveryTimezone, 'America/Chicago'],
    [
      'contact flags required',
      [
        d.firstNameRequired,
        d.lastNameRequired,
        d.cityRequired,
        d.stateRequired,
        d.postalCodeRequired,
        d.emailAddressRequired,
        d.phoneNumberRequired,
      ],
      Array(7).fill(true),
    ],
    [
      'Jornaya, business line, consents and warm transfers off',
      [
        d.journayaIdRequired,
        d.businessLineRequired,
        d.oneToOneConsentRequired,
        d.capturesOwnConsumerConsent,
        d.acceptWarmTransfers,
      ],
      Array(5).fill(false),
    ],
    [
      'no category accepted',
      [d.acceptCommercialLines, d.acceptPersonalLines, d.acceptLifeAnnuitiesLines],
      [false, false, false],
    ],
    [
      'insured and uninsured accepted',
      [
        d.acceptCommercialInsured,
        d.acceptCommercialUninsured,
        d.acceptPersonalInsured,
        d.acceptPersonalUninsured,
      ],
      Array(4).fill(true),
    ],
    [
      'medical exam and tobacco options accepted',
      [
        d.acceptMedicalExamConsent,
        d.acceptMedicalExamRefusal,
        d.acceptTobaccoUsePastYear,
        d.acceptNoTobaccoUsePastYear,
      ],
      Array(4).fill(true),
    ],
    ['API delivery on, email off', [d.deliverToApi, d.deliverToEmailAddress], [true, false]],
    ['API type BASIC', d.deliveryApiType, 'BASIC'],
    ['in the marketplace flow', d.includedInMarketplaceFlow, true],
    ['disabled', d.enabled, false],
    ['no source or state checked', [d.checkedSources, d.checkedStates], [[], []]],
    [
      'every business line Excluded',
      d.businessLineAppetites.every((l) => l.appetite === 'EXCLUDED'),
      true,
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('toFormValues(null) gives the defaults', () => {
    expect(toFormValues(null, { sources: SOURCES })).toEqual(newMarketplaceDefaults());
  });
});

describe('marketplace-admin §4 filling the form from a marketplace', () => {
  const v = toFormValues(stored(), { sources: SOURCES });
  it.each<[string, unknown, unknown]>([
    ['multiplier 1.15 shows as percent 15', v.percentModifier, 15],
    ['price mode percent when no delivered price applies', v.priceMode, 'percentModifier'],
    ['phone shown without +1', v.phoneNumber, '5125550100'],
    ['debit prepaid payment', v.paymentOption, 'DEBIT_PREPAID_BALANCE'],
    ['sources not excluded are checked', v.checkedSources, ['direct-call', 'google']],
    ['states in stateCodes are checked, in stored order', v.checkedStates, ['TX', 'AK']],
    [
      'listed excluded line is Excluded',
      v.businessLineAppetites.find((l) => l.businessLineCode === 'CAUT')?.appetite,
      'EXCLUDED',
    ],
    [
      'unlisted line is Optional',
      v.businessLineAppetites.find((l) => l.businessLineCode === 'CGLY')?.appetite,
      'OPTIONAL',
    ],
    ['NAICS in exclude mode', [v.naicsMode, v.naicsText], ['exclude', '238220']],
    [
      'a partial window is not 24 hours',
      [v.deliver24Hours, v.referralDeliveryStartTime],
      [false, '08:00:00'],
    ],
    ['timezone kept', v.referralDeliveryTimezone, 'America/New_York'],
    ['recipients as comma text', v.emailRecipients, 'a@acme.com, b@acme.com'],
    [
      'a full-day recipient has 24 hours on',
      v.individualEmailRecipientSettings[0]?.deliver24Hours,
      true,
    ],
    ['carried fields kept', [v.id, v.riskAppetiteId, v.priority, v.enabled], [42, 7, 3, true]],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('reads a delivered-price marketplace in delivered-price mode, and blanks as empty text', () => {
    const m = {
      ...stored(),
      applyDeliveredPrice: true,
      deliveredPrice: 30,
      legalEntityName: null,
      phoneNumber: null,
    };
    m.riskAppetite = {
      ...m.riskAppetite,
      referralDeliveryStartTime: null,
      referralDeliveryEndTime: null,
      referralDeliveryTimezone: null,
    };
    const w = toFormValues(m, { sources: SOURCES });
    expect([w.priceMode, w.deliveredPrice, w.legalEntityName, w.phoneNumber]).toEqual([
      'deliveredPrice',
      30,
      '',
      '',
    ]);
    expect([w.referralDeliveryStartTime, w.referralDeliveryTimezone]).toEqual(['', '']);
  });
});

describe('marketplace-admin §7 save payload', () => {
  const ctx = { sources: SOURCES, naicsCodes: NAICS };

  it('round-trips a stored marketplace', () => {
    const m = stored();
    const p = toMarketplacePayload(toFormValues(m, { sources: SOURCES }), ctx);
    expect(p.id).toBe(42);
    expect(p.priceModifier).toBe(1.15);
    expect(p.phoneNumber).toBe('+15125550100');
    expect(p.riskAppetite.excludedSources).toEqual(['web']);
    expect(p.riskAppetite.stateCodes).toEqual(['TX', 'AK']);
    expect(p.riskAppetite.excludedNaics).toEqual(['238220']);
    expect(p.riskAppetite.riskAppetiteBusinessLines).toEqual(
      m.riskAppetite.riskAppetiteBusinessLines,
    );
    expect([p.billed, p.debitPrepaidBalance]).toEqual([false, true]);
    expect([
      p.riskAppetite.referralDeliveryStartTime,
      p.riskAppetite.referralDeliveryEndTime,
    ]).toEqual(['08:00:00', '17:00:00']);
    expect(p.individualEmailRecipientSettings[0]).toMatchObject({
      id: 5,
      referralDeliveryStartTime: '00:00:00',
    });
    expect(p.individualEmailRecipientSettings[0]).not.toHaveProperty('deliver24Hours');
    expect(p.enableIndividualEmailDeliverySettings).toBe(true);
  });

  it('creates a new marketplace without id, with defaults converted', () => {
    const v = {
      ...newMarketplaceDefaults(),
      marketplaceName: '  Acme ',
      percentModifier: -15,
      checkedSources: ['google'],
      checkedStates: ['TX'],
    };
    const p = toMarketplacePayload(v, ctx);
    expect(p).not.toHaveProperty('id');
    expect(p.marketplaceName).toBe('Acme');
    expect(p.priceModifier).toBe(0.85);
    expect([p.applyDeliveredPrice, p.deliveredPrice]).toEqual([false, null]);
    expect([p.billed, p.debitPrepaidBalance]).toEqual([true, false]);
    expect(p.riskAppetite.excludedSources).toEqual(['direct-call', 'web']);
    expect(p.riskAppetite.riskAppetiteBusinessLines.every((l) => l.excluded)).toBe(true);
    expect([
      p.riskAppetite.referralDeliveryStartTime,
      p.riskAppetite.referralDeliveryEndTime,
    ]).toEqual(['00:00:00', '23:59:59']);
    expect([
      p.legalEntityName,
      p.phoneNumber,
      p.deliveryApiUrl,
      p.defaultPurchasingAgentEmailAddress,
    ]).toEqual([null, null, null, null]);
  });

  it.each([
    ['INSTANT', 'deliveredPrice', 25, true, 25],
    ['INSTANT', 'percentModifier', 25, false, 25],
    ['DURATION', 'deliveredPrice', 25, false, null],
  ] as const)('%s in %s mode sends applyDeliveredPrice %s', (type, mode, price, apply, sent) => {
    const v = {
      ...newMarketplaceDefaults(),
      marketplaceType: type,
      priceMode: mode,
      deliveredPrice: price,
    };
    const p = toMarketplacePayload(v, ctx);
    expect([p.applyDeliveredPrice, p.deliveredPrice]).toEqual([apply, sent]);
  });

  it('sends individual email settings false when there is no recipient', () => {
    const v = {
      ...newMarketplaceDefaults(),
      enableIndividualEmailDeliverySettings: true,
      emailRecipients: ' ',
    };
    expect(toMarketplacePayload(v, ctx).enableIndividualEmailDeliverySettings).toBe(false);
  });

  it('converts include-mode NAICS back to an excluded list', () => {
    const v = { ...newMarketplaceDefaults(), naicsMode: 'include' as const, naicsText: '238220' };
    expect(toMarketplacePayload(v, ctx).riskAppetite.excludedNaics).toEqual(['111110', '541511']);
  });

  it('sends typed times when 24-hour delivery is off, empty ones as null, and a missing percent as 1', () => {
    const v = {
      ...newMarketplaceDefaults(),
      percentModifier: null,
      deliver24Hours: false,
      referralDeliveryStartTime: '09:00:00',
      referralDeliveryEndTime: '',
      individualEmailRecipientSettings: [
        {
          ...toFormValues(stored(), { sources: SOURCES }).individualEmailRecipientSettings[0]!,
          marketplaceId: null,
          deliver24Hours: false,
          referralDeliveryStartTime: null,
          referralDeliveryEndTime: '10:00:00',
        },
      ],
    };
    const p = toMarketplacePayload(v, ctx);
    expect(p.priceModifier).toBe(1);
    expect([
      p.riskAppetite.referralDeliveryStartTime,
      p.riskAppetite.referralDeliveryEndTime,
    ]).toEqual(['09:00:00', null]);
    expect(p.individualEmailRecipientSettings[0]).toMatchObject({
      marketplaceId: null,
      referralDeliveryStartTime: null,
      referralDeliveryEndTime: '10:00:00',
    });
  });
});
