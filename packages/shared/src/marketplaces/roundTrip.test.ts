import { describe, expect, it } from 'vitest';
import { marketplaceSchema, type Marketplace } from '../schemas/marketplace.js';
import { toFormValues } from './toFormValues.js';
import { toMarketplacePayload, toStoredTime } from './toPayload.js';

const SOURCES = ['consumer-funnel', 'direct-call', 'google', 'web'];
const NAICS = ['111110', '238220', '541511', '722410'];

/**
 * A stored marketplace holding what the form cannot show as stored: neither payment flag (a house
 * marketplace), states and business lines out of display order, an unknown line code, NAICS codes
 * out of numeric order, no timezone and no delivery window.
 */
const awkward = (): Marketplace =>
  marketplaceSchema.cast({
    id: 1,
    marketplaceName: 'MARKETPLACE',
    agencyId: null,
    enabled: true,
    priority: 9,
    billed: false,
    debitPrepaidBalance: false,
    priceModifier: 1.1,
    creationDate: null,
    marketplaceType: 'DURATION',
    referralDeliveryMethod: 'TIVLY',
    phoneNumber: '+12145550100',
    deliverToApi: true,
    deliveryApiType: null,
    deliverToEmailAddress: true,
    enableIndividualEmailDeliverySettings: true,
    emailRecipients: ['b@acme.com', 'a@acme.com'],
    individualEmailRecipientSettings: [
      {
        id: 5,
        marketplaceId: 1,
        emailAddress: 'b@acme.com',
        acceptReferralsOnFriday: true,
        referralDeliveryStartTime: '09:00:00',
        referralDeliveryEndTime: '17:00:00',
        referralDeliveryTimezone: null,
      },
    ],
    riskAppetite: {
      riskAppetiteId: 3,
      riskAppetiteBusinessLines: [
        {
          riskAppetiteId: 3,
          businessLineCode: 'CWCP',
          businessLineCategory: 'COMMERCIAL',
          excluded: false,
        },
        {
          riskAppetiteId: 3,
          businessLineCode: 'ZZZZ',
          businessLineCategory: 'PERSONAL',
          excluded: true,
        },
        {
          riskAppetiteId: 3,
          businessLineCode: 'CAUT',
          businessLineCategory: 'COMMERCIAL',
          excluded: true,
        },
      ],
      excludedNaics: ['722410', '111110'],
      excludedSources: ['direct-call', 'web'],
      stateCodes: ['IN', 'IA', 'IL'],
      acceptCommercialLines: true,
      acceptReferralsOnMonday: true,
      referralDeliveryStartTime: null,
      referralDeliveryEndTime: null,
      referralDeliveryTimezone: null,
    },
  });

const roundTrip = (m: Marketplace) =>
  toMarketplacePayload(toFormValues(m, { sources: SOURCES }), {
    sources: SOURCES,
    naicsCodes: NAICS,
  });

describe('marketplace-admin §4 a marketplace saved without an edit', () => {
  it('is sent back exactly as stored, field for field', () => {
    expect(roundTrip(awkward())).toEqual(awkward());
  });

  it('keeps a house marketplace neither billed nor debiting a prepaid balance', () => {
    expect(roundTrip(awkward())).toMatchObject({ billed: false, debitPrepaidBalance: false });
  });

  it('keeps states, business lines and an unknown line code in their stored order', () => {
    const ra = roundTrip(awkward()).riskAppetite;
    expect(ra.stateCodes).toEqual(['IN', 'IA', 'IL']);
    expect(ra.riskAppetiteBusinessLines.map((l) => l.businessLineCode)).toEqual([
      'CWCP',
      'ZZZZ',
      'CAUT',
    ]);
  });

  it('keeps a missing timezone missing instead of sending the default', () => {
    expect(roundTrip(awkward()).riskAppetite.referralDeliveryTimezone).toBeNull();
  });

  it('changes only the name when only the name is edited', () => {
    const values = { ...toFormValues(awkward(), { sources: SOURCES }), marketplaceName: 'Renamed' };
    expect(toMarketplacePayload(values, { sources: SOURCES, naicsCodes: NAICS })).toEqual({
      ...awkward(),
      marketplaceName: 'Renamed',
    });
  });
});

describe('marketplace-admin §4 delivery times typed into a time input', () => {
  it.each<[string | null, string | null]>([
    ['08:30', '08:30:00'],
    ['08:30:15', '08:30:15'],
    [' ', null],
    [null, null],
  ])('%j is saved as %j', (typed, saved) => {
    expect(toStoredTime(typed)).toBe(saved);
  });

  it("saves a marketplace and a recipient window typed as 'HH:mm' with seconds", () => {
    const v = toFormValues(awkward(), { sources: SOURCES });
    const typed = {
      ...v,
      referralDeliveryStartTime: '08:30',
      referralDeliveryEndTime: '17:00',
      individualEmailRecipientSettings: v.individualEmailRecipientSettings.map((r) => ({
        ...r,
        referralDeliveryStartTime: '10:00',
      })),
    };
    const p = toMarketplacePayload(typed, { sources: SOURCES, naicsCodes: NAICS });
    expect([
      p.riskAppetite.referralDeliveryStartTime,
      p.riskAppetite.referralDeliveryEndTime,
    ]).toEqual(['08:30:00', '17:00:00']);
    expect(p.individualEmailRecipientSettings[0]?.referralDeliveryStartTime).toBe('10:00:00');
  });
});
