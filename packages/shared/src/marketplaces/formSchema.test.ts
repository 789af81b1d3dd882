import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  DELIVERY_DAYS_PATH,
  effectivePriceMode,
  isGenericApiDelivery,
  marketplaceFormSchema,
  type MarketplaceFormContext,
} from './formSchema.js';
import {
  allDays,
  newMarketplaceDefaults,
  type MarketplaceFormValues,
  type RecipientFormValues,
} from './formValues.js';

/** A new marketplace with the fields a valid save needs. */
const valid = (overrides: Partial<MarketplaceFormValues> = {}): MarketplaceFormValues => ({
  ...newMarketplaceDefaults(),
  marketplaceName: 'Acme',
  checkedSources: ['web'],
  checkedStates: ['TX'],
  deliveryApiUrl: 'https://api.acme.com/leads',
  deliveryApiKey: 'secret',
  ...overrides,
});

const recipient = (overrides: Partial<RecipientFormValues> = {}): RecipientFormValues => ({
  id: 3,
  marketplaceId: 1,
  emailAddress: 'a@x.com',
  mobilePhone: null,
  enableSmsNotification: false,
  notificationSequenceId: null,
  sameDeliveryDaysAsMarketplace: false,
  ...allDays(true),
  sameDeliveryTimesAsMarketplace: false,
  deliver24Hours: true,
  referralDeliveryStartTime: '00:00:00',
  referralDeliveryEndTime: '23:59:59',
  referralDeliveryTimezone: 'America/Chicago',
  ...overrides,
});

/** Every error, by path. */
function errorsOf(values: unknown, context?: MarketplaceFormContext): Record<string, string> {
  try {
    marketplaceFormSchema.validateSync(values, { abortEarly: false, context });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return Object.fromEntries(e.inner.map((i) => [i.path ?? '', i.message]));
  }
}

type Case = [string, Partial<MarketplaceFormValues>, string, string];

describe('marketplace-admin §5 validation', () => {
  it('accepts a complete new marketplace', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it.each<Case>([
    [
      'name is required',
      { marketplaceName: '' },
      'marketplaceName',
      'Please provide marketplace name',
    ],
    [
      'name may not be blank',
      { marketplaceName: '   ' },
      'marketplaceName',
      'Please provide marketplace name',
    ],
    [
      'phone needs 10 digits',
      { phoneNumber: '512555010' },
      'phoneNumber',
      'Please provide a valid phone number',
    ],
    [
      'phone may not have 11 digits',
      { phoneNumber: '15125550100' },
      'phoneNumber',
      'Please provide a valid phone number',
    ],
    [
      'agency id is at least 0',
      { agencyId: -1 },
      'agencyId',
      'Agency ID must be a whole number of at least 0.',
    ],
    [
      'agency id is whole',
      { agencyId: 1.5 },
      'agencyId',
      'Agency ID must be a whole number of at least 0.',
    ],
    [
      'purchaser email is required with an agency',
      { agencyId: 12, defaultPurchasingAgentEmailAddress: '' },
      'defaultPurchasingAgentEmailAddress',
      'Please provide a valid default purchasing agent email address',
    ],
    [
      'purchaser email must look like an email',
      { agencyId: 12, defaultPurchasingAgentEmailAddress: 'bob' },
      'defaultPurchasingAgentEmailAddress',
      'Please provide a valid default purchasing agent email address',
    ],
    [
      'percent modifier is required',
      { percentModifier: null },
      'percentModifier',
      'Percent Modifier is required.',
    ],
    [
      'percent modifier is whole',
      { percentModifier: 2.555 },
      'percentModifier',
      'Percent Modifier can have at most 2 decimals (1.25 %).',
    ],
    [
      'percent modifier is at least -100',
      { percentModifier: -101 },
      'percentModifier',
      'The negative percent modifier cannot exceed abs(-100)%.',
    ],
    [
      'delivered price is required in delivered-price mode',
      { priceMode: 'deliveredPrice', deliveredPrice: null },
      'deliveredPrice',
      'Delivered Price is required.',
    ],
    [
      'delivered price may not be zero',
      { priceMode: 'deliveredPrice', deliveredPrice: 0 },
      'deliveredPrice',
      'Delivered Price is required.',
    ],
    [
      'price min is at least 0',
      { referralPriceMin: -1 },
      'referralPriceMin',
      'Min price cannot be less than 0.',
    ],
    [
      'price max is at least 0',
      { referralPriceMax: -1 },
      'referralPriceMax',
      'Max price cannot be less than 0.',
    ],
    [
      'price min is not above max',
      { referralPriceMin: 50, referralPriceMax: 40 },
      'referralPriceMin',
      'Min price cannot be greater than max price.',
    ],
    [
      'years in business min is not above max',
      { yearsInBusinessMin: 5, yearsInBusinessMax: 2 },
      'yearsInBusinessMin',
      'Min years in business cannot be greater than max years in business.',
    ],
    [
      'years in business are at most 99',
      { yearsInBusinessMax: 100 },
      'yearsInBusinessMax',
      'Max years in business cannot be greater than 99.',
    ],
    [
      'employees are at most 999',
      { numberOfEmployeesMin: 1000 },
      'numberOfEmployeesMin',
      'Min number of employees cannot be greater than 999.',
    ],
    [
      'commercial line counts are at most 99',
      { commercialBusinessLinesMax: 100 },
      'commercialBusinessLinesMax',
      'Max commercial business lines cannot be greater than 99.',
    ],
    [
      'personal line counts are at least 0',
      { personalBusinessLinesMin: -1 },
      'personalBusinessLinesMin',
      'Min personal business lines cannot be less than 0.',
    ],
    [
      'life line counts min is not above max',
      { lifeAnnuitiesBusinessLinesMin: 3, lifeAnnuitiesBusinessLinesMax: 1 },
      'lifeAnnuitiesBusinessLinesMin',
      'Min life & annuities business lines cannot be greater than max life & annuities business lines.',
    ],
    [
      'commercial premium min is not above max',
      { commercialEstimatedPremiumMin: 9, commercialEstimatedPremiumMax: 1 },
      'commercialEstimatedPremiumMin',
      'Min commercial estimated premium cannot be greater than max commercial estimated premium.',
    ],
    [
      'personal premium min is not above max',
      { personalEstimatedPremiumMin: 9, personalEstimatedPremiumMax: 1 },
      'personalEstimatedPremiumMin',
      'Min personal estimated premium cannot be greater than max personal estimated premium.',
    ],
    [
      'death benefit is at least 0',
      { deathBenefitMax: -5 },
      'deathBenefitMax',
      'Max death benefit cannot be less than 0.',
    ],
    [
      'at least one source',
      { checkedSources: [] },
      'checkedSources',
      'At least one referral source must be selected.',
    ],
    [
      'at least one state',
      { checkedStates: [] },
      'checkedStates',
      'At least one state must be selected.',
    ],
    [
      'business line required needs an accepted category',
      { businessLineRequired: true },
      'businessLineRequired',
      'At least one business line appetite must be enabled.',
    ],
    [
      'NAICS must be six-digit codes when commercial is accepted',
      { acceptCommercialLines: true, naicsText: '12345' },
      'naicsText',
      'NAICS codes must be 6 digits and separated by commas.',
    ],
    [
      'hourly limit is at least 1',
      { maxReferralsPerHour: 0 },
      'maxReferralsPerHour',
      'Referrals per hour cannot be less than 1.',
    ],
    [
      'daily limit is at least 1',
      { maxReferralsPerDay: 0 },
      'maxReferralsPerDay',
      'Referrals per day cannot be less than 1.',
    ],
    [
      'weekly limit is at least 1',
      { maxReferralsPerWeek: -2 },
      'maxReferralsPerWeek',
      'Referrals per week cannot be less than 1.',
    ],
    [
      'monthly limit is at least 1',
      { maxReferralsPerMonth: 0 },
      'maxReferralsPerMonth',
      'Referrals per month cannot be less than 1.',
    ],
    [
      'at least one delivery day',
      allDays(false),
      DELIVERY_DAYS_PATH,
      'At least one delivery day must be selected.',
    ],
    [
      'email recipients must be valid',
      { emailRecipients: 'a@x.com; b@y.com' },
      'emailRecipients',
      'Email addresses must be valid and separated by commas.',
    ],
    [
      'email recipients may not repeat ignoring case',
      { emailRecipients: 'a@x.com, A@x.com' },
      'emailRecipients',
      'Email addresses must not be duplicated.',
    ],
    [
      'email delivery needs a recipient',
      { deliverToEmailAddress: true, emailRecipients: '' },
      'emailRecipients',
      'At least one email recipient is required.',
    ],
    [
      'Bcc recipients must be valid',
      { emailBccRecipients: 'nope' },
      'emailBccRecipients',
      'Email addresses must be valid and separated by commas.',
    ],
    [
      'Bcc recipients may not repeat',
      { emailBccRecipients: 'b@x.com,B@X.com' },
      'emailBccRecipients',
      'Email addresses must not be duplicated.',
    ],
    [
      'API delivery needs a method',
      { referralDeliveryMethod: null },
      'referralDeliveryMethod',
      'Please select an API delivery method.',
    ],
    [
      'generic API needs a type',
      { deliveryApiType: null },
      'deliveryApiType',
      'API Type is required.',
    ],
    ['generic API needs a URL', { deliveryApiUrl: ' ' }, 'deliveryApiUrl', 'URL is required.'],
    [
      'generic API needs a valid URL',
      { deliveryApiUrl: 'not a url' },
      'deliveryApiUrl',
      'Please provide a valid URL.',
    ],
    [
      'generic API URL is at most 100 characters',
      { deliveryApiUrl: `https://a.com/${'x'.repeat(90)}` },
      'deliveryApiUrl',
      'URL cannot be longer than 100 characters.',
    ],
    ['generic API needs a key', { deliveryApiKey: '' }, 'deliveryApiKey', 'API key is required.'],
    [
      'each individual recipient needs a day',
      {
        enableIndividualEmailDeliverySettings: true,
        individualEmailRecipientSettings: [recipient(), recipient({ id: 9, ...allDays(false) })],
      },
      'individualEmailRecipientSettings',
      'At least one day must be selected for recipient 9',
    ],
    [
      'a new recipient is named by its email',
      {
        enableIndividualEmailDeliverySettings: true,
        individualEmailRecipientSettings: [
          recipient({ id: null, emailAddress: 'n@x.com', ...allDays(false) }),
        ],
      },
      'individualEmailRecipientSettings',
      'At least one day must be selected for recipient n@x.com',
    ],
  ])('%s', (_name, overrides, path, message) => {
    expect(errorsOf(valid(overrides))[path]).toBe(message);
  });

  it.each<[string, Partial<MarketplaceFormValues>]>([
    ['an empty phone', { phoneNumber: '' }],
    ['a formatted 10-digit phone', { phoneNumber: '(512) 555-0100' }],
    ['percent modifier -100', { percentModifier: -100 }],
    [
      'no purchaser email without an agency',
      { agencyId: null, defaultPurchasingAgentEmailAddress: '' },
    ],
    [
      'a delivered price on instant',
      { priceMode: 'deliveredPrice', deliveredPrice: 25, percentModifier: null },
    ],
    [
      'no delivered price on duration (percent applies)',
      { marketplaceType: 'DURATION', priceMode: 'deliveredPrice', deliveredPrice: null },
    ],
    [
      'no percent in delivered-price mode',
      { priceMode: 'deliveredPrice', deliveredPrice: 10, percentModifier: null },
    ],
    [
      'equal min and max',
      { referralPriceMin: 5, referralPriceMax: 5, yearsInBusinessMin: 0, yearsInBusinessMax: 99 },
    ],
    ['only a min', { numberOfEmployeesMin: 3 }],
    [
      'business line required with one category',
      { businessLineRequired: true, acceptLifeAnnuitiesLines: true },
    ],
    [
      'bad NAICS when commercial is not accepted',
      { acceptCommercialLines: false, naicsText: 'junk' },
    ],
    [
      'valid NAICS when commercial is accepted',
      { acceptCommercialLines: true, naicsText: '238220, 541511' },
    ],
    [
      'limits of 1',
      {
        maxReferralsPerHour: 1,
        maxReferralsPerDay: 1,
        maxReferralsPerWeek: 1,
        maxReferralsPerMonth: 1,
      },
    ],
    ['one delivery day', { ...allDays(false), acceptReferralsOnSunday: true }],
    ['no recipients without email delivery', { deliverToEmailAddress: false, emailRecipients: '' }],
    [
      'an empty Bcc list with email delivery',
      { deliverToEmailAddress: true, emailRecipients: 'a@x.com', emailBccRecipients: '' },
    ],
    [
      'no API fields without API delivery',
      {
        deliverToApi: false,
        referralDeliveryMethod: null,
        deliveryApiType: null,
        deliveryApiUrl: '',
        deliveryApiKey: '',
      },
    ],
    [
      'no type, URL or key for a non-generic method',
      {
        referralDeliveryMethod: 'TIVLY',
        deliveryApiType: null,
        deliveryApiUrl: '',
        deliveryApiKey: '',
      },
    ],
    ['a URL without scheme', { deliveryApiUrl: 'api.acme.com/in?x=1' }],
    [
      'recipients without days while individual settings are off',
      { individualEmailRecipientSettings: [recipient(allDays(false))] },
    ],
    [
      'recipients with days',
      {
        enableIndividualEmailDeliverySettings: true,
        individualEmailRecipientSettings: [recipient()],
      },
    ],
  ])('accepts %s', (_name, overrides) => {
    expect(errorsOf(valid(overrides))).toEqual({});
  });
});

describe('marketplace-admin §5 lookups through yup context', () => {
  const withAgency = valid({ agencyId: 12, defaultPurchasingAgentEmailAddress: 'bob@agency.com' });

  it.each<[string, MarketplaceFormContext | undefined, Record<string, string>]>([
    ['no context (relay side): nothing to report', undefined, {}],
    ['both found', { agencyFound: true, purchaserFound: true }, {}],
    ['lookups pending', {}, {}],
    [
      'agency not found',
      { agencyFound: false },
      { agencyId: 'No agency found matching the provided agency ID' },
    ],
    [
      'purchaser not found',
      { agencyFound: true, purchaserFound: false },
      { defaultPurchasingAgentEmailAddress: 'No user found matching the provided email address' },
    ],
  ])('%s', (_name, context, expected) => {
    expect(errorsOf(withAgency, context)).toEqual(expected);
  });

  it('does not report a missing agency when no agency id is set', () => {
    expect(errorsOf(valid({ agencyId: null }), { agencyFound: false })).toEqual({});
  });
});

describe('marketplace-admin §2.2 price mode and generic delivery', () => {
  it.each([
    ['INSTANT', 'deliveredPrice', 'deliveredPrice'],
    ['INSTANT', 'percentModifier', 'percentModifier'],
    ['DURATION', 'deliveredPrice', 'percentModifier'],
  ] as const)('%s in %s mode prices by %s', (marketplaceType, priceMode, effective) => {
    expect(effectivePriceMode({ marketplaceType, priceMode })).toBe(effective);
  });

  it.each([
    [true, 'GENERIC', true],
    [true, 'HUB', false],
    [false, 'GENERIC', false],
  ] as const)('API delivery %s with %s is generic: %s', (deliverToApi, method, generic) => {
    expect(isGenericApiDelivery({ deliverToApi, referralDeliveryMethod: method })).toBe(generic);
  });

  it('reports a typed non-number as the field message', () => {
    expect(errorsOf({ ...valid(), maxReferralsPerDay: 'abc' }).maxReferralsPerDay).toBe(
      'Referrals per day cannot be less than 1.',
    );
  });
});
