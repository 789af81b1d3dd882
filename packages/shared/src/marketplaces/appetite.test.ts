import { describe, expect, it } from 'vitest';
import type { LineCategory } from '../domain/opportunity.js';
import type { RiskAppetite, RiskAppetiteBusinessLine } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { AppetiteMismatch, appetiteMismatches, matchesAppetite, withinRange } from './appetite.js';
import { anAppetite, aReferral } from './fixtures.testkit.js';

const line = (
  businessLineCode: string,
  businessLineCategory: LineCategory,
  excluded: boolean,
): RiskAppetiteBusinessLine => ({
  riskAppetiteId: null,
  businessLineCode,
  businessLineCategory,
  excluded,
});

type Case = [string, Partial<Opportunity>, Partial<RiskAppetite>, AppetiteMismatch[]];

describe('marketplace-admin §3 appetite matching', () => {
  it('matches a complete referral against a wide-open appetite', () => {
    expect(matchesAppetite(aReferral(), anAppetite())).toBe(true);
  });

  it.each<Case>([
    // state
    ['rejects a state outside stateCodes', { state: 'CA' }, {}, ['state']],
    ['rejects every state when stateCodes is empty', {}, { stateCodes: [] }, ['state']],
    ['rejects a referral without a state', { state: null }, {}, ['state']],
    // source
    ['rejects an excluded source', { source: 'web' }, { excludedSources: ['web'] }, ['source']],
    ['accepts a source not excluded', { source: 'api' }, { excludedSources: ['web'] }, []],
    ['accepts a referral without a source', { source: null }, { excludedSources: ['web'] }, []],
    // category
    ['rejects commercial when not accepted', {}, { acceptCommercialLines: false }, ['category']],
    [
      'rejects personal when not accepted',
      { category: 'PERSONAL', businessLines: ['AUTO'] },
      { acceptPersonalLines: false },
      ['category'],
    ],
    [
      'rejects life when not accepted',
      { category: 'LIFE_ANNUITIES', businessLines: ['LIFE'] },
      { acceptLifeAnnuitiesLines: false },
      ['category'],
    ],
    ['rejects an unknown category', { category: 'MARINE' }, {}, ['category']],
    ['rejects direct-call without warm transfers', { category: null }, {}, ['category']],
    [
      'accepts direct-call with warm transfers, skipping category rules',
      { category: null, businessLines: [], industryCode: '111111', yearsInBusiness: 500 },
      {
        acceptWarmTransfers: true,
        acceptCommercialLines: false,
        businessLineRequired: true,
        excludedNaics: ['111111'],
        yearsInBusinessMax: 10,
      },
      [],
    ],
    // business-line appetite
    [
      'rejects a referral holding an Excluded line',
      { businessLines: ['CGLY', 'CAUT'] },
      { riskAppetiteBusinessLines: [line('CAUT', 'COMMERCIAL', true)] },
      ['excludedLine'],
    ],
    [
      'rejects a referral missing a Required line of its category',
      { businessLines: ['CGLY'] },
      { riskAppetiteBusinessLines: [line('CAUT', 'COMMERCIAL', false)] },
      ['requiredLineMissing'],
    ],
    [
      'ignores Required lines of another category',
      { businessLines: ['CGLY'] },
      { riskAppetiteBusinessLines: [line('AUTO', 'PERSONAL', false)] },
      [],
    ],
    [
      'accepts a referral holding every Required line',
      { businessLines: ['CGLY', 'CAUT'] },
      {
        riskAppetiteBusinessLines: [
          line('CAUT', 'COMMERCIAL', false),
          line('CGLY', 'COMMERCIAL', false),
        ],
      },
      [],
    ],
    [
      'rejects a referral without lines when business line is required',
      { businessLines: [] },
      { businessLineRequired: true },
      ['businessLineRequired'],
    ],
    // NAICS
    [
      'rejects an excluded NAICS code',
      { industryCode: '238220' },
      { excludedNaics: ['238220'] },
      ['excludedNaics'],
    ],
    ['accepts a missing NAICS code', { industryCode: null }, { excludedNaics: ['238220'] }, []],
    [
      'ignores NAICS for personal referrals',
      { category: 'PERSONAL', businessLines: ['AUTO'], industryCode: '238220' },
      { excludedNaics: ['238220'] },
      [],
    ],
    // ranges
    [
      'rejects years below the minimum',
      { yearsInBusiness: 1 },
      { yearsInBusinessMin: 2 },
      ['yearsInBusiness'],
    ],
    [
      'rejects years above the maximum',
      { yearsInBusiness: 9 },
      { yearsInBusinessMax: 8 },
      ['yearsInBusiness'],
    ],
    [
      'accepts years on the bounds',
      { yearsInBusiness: 0 },
      { yearsInBusinessMin: 0, yearsInBusinessMax: 0 },
      [],
    ],
    ['passes unknown years', { yearsInBusiness: null }, { yearsInBusinessMin: 2 }, []],
    [
      'rejects employees above the maximum',
      { noOfEmployees: 1000 },
      { numberOfEmployeesMax: 999 },
      ['numberOfEmployees'],
    ],
    [
      'rejects commercial premium below the minimum',
      { estimatedPremium: 100 },
      { commercialEstimatedPremiumMin: 500 },
      ['estimatedPremium'],
    ],
    [
      'reads personal premium bounds for personal referrals',
      { category: 'PERSONAL', businessLines: ['AUTO'], estimatedPremium: 100 },
      { personalEstimatedPremiumMin: 500, commercialEstimatedPremiumMin: 0 },
      ['estimatedPremium'],
    ],
    [
      'ignores commercial premium bounds for personal referrals',
      { category: 'PERSONAL', businessLines: ['AUTO'], estimatedPremium: 100 },
      { commercialEstimatedPremiumMin: 500 },
      [],
    ],
    [
      'rejects too many commercial lines',
      { businessLines: ['CGLY', 'CAUT', 'CPTY'] },
      { commercialBusinessLinesMax: 2 },
      ['businessLineCount'],
    ],
    [
      'rejects too few personal lines',
      { category: 'PERSONAL', businessLines: ['AUTO'] },
      { personalBusinessLinesMin: 2 },
      ['businessLineCount'],
    ],
    [
      'rejects too many life lines',
      { category: 'LIFE_ANNUITIES', businessLines: ['LIFE', 'ANNU'] },
      { lifeAnnuitiesBusinessLinesMax: 1 },
      ['businessLineCount'],
    ],
    // price
    [
      'rejects a price below referralPriceMin',
      { dynamicPrice: 10 },
      { referralPriceMin: 20 },
      ['price'],
    ],
    [
      'rejects a price above referralPriceMax',
      { dynamicPrice: 30 },
      { referralPriceMax: 20 },
      ['price'],
    ],
    ['passes a referral without price', { dynamicPrice: null }, { referralPriceMin: 20 }, []],
    // insured
    [
      'rejects insured commercial when not accepted',
      { currentlyInsured: true },
      { acceptCommercialInsured: false },
      ['insured'],
    ],
    [
      'rejects uninsured commercial when not accepted',
      { currentlyInsured: false },
      { acceptCommercialUninsured: false },
      ['insured'],
    ],
    [
      'rejects uninsured personal when not accepted',
      { category: 'PERSONAL', businessLines: ['AUTO'], currentlyInsured: false },
      { acceptPersonalUninsured: false },
      ['insured'],
    ],
    [
      'rejects insured personal when not accepted',
      { category: 'PERSONAL', businessLines: ['AUTO'], currentlyInsured: true },
      { acceptPersonalInsured: false },
      ['insured'],
    ],
    [
      'passes unknown insured status',
      { currentlyInsured: null },
      { acceptCommercialInsured: false, acceptCommercialUninsured: false },
      [],
    ],
    // life
    [
      'rejects a life referral consenting to an exam when consent is not accepted',
      { category: 'LIFE_ANNUITIES', businessLines: ['LIFE'], medicalExam: true },
      { acceptMedicalExamConsent: false },
      ['medicalExam'],
    ],
    [
      'rejects a life referral refusing an exam when refusal is not accepted',
      { category: 'LIFE_ANNUITIES', businessLines: ['LIFE'], medicalExam: false },
      { acceptMedicalExamRefusal: false },
      ['medicalExam'],
    ],
    [
      'passes a life referral with unknown exam answer',
      {
        category: 'LIFE_ANNUITIES',
        businessLines: ['LIFE'],
        medicalExam: null,
        currentlyInsured: false,
      },
      {
        acceptMedicalExamConsent: false,
        acceptMedicalExamRefusal: false,
        acceptCommercialUninsured: false,
      },
      [],
    ],
    // contact flags
    [
      'rejects a blank first name when required',
      { firstName: '  ' },
      { firstNameRequired: true },
      ['missingContact'],
    ],
    [
      'rejects a missing last name when required',
      { lastName: null },
      { lastNameRequired: true },
      ['missingContact'],
    ],
    [
      'rejects a missing city when required',
      { city: '' },
      { cityRequired: true },
      ['missingContact'],
    ],
    [
      'rejects a missing postal code when required',
      { postalCode: null },
      { postalCodeRequired: true },
      ['missingContact'],
    ],
    [
      'rejects a missing email when required',
      { email: null },
      { emailAddressRequired: true },
      ['missingContact'],
    ],
    [
      'rejects a missing phone when required',
      { phone: null },
      { phoneNumberRequired: true },
      ['missingContact'],
    ],
    [
      'accepts missing contact fields when nothing is required',
      { firstName: null, email: null, phone: null },
      {},
      [],
    ],
    [
      'accepts a full contact when every flag is on',
      {},
      {
        firstNameRequired: true,
        lastNameRequired: true,
        cityRequired: true,
        stateRequired: true,
        postalCodeRequired: true,
        emailAddressRequired: true,
        phoneNumberRequired: true,
      },
      [],
    ],
  ])('%s', (_name, referral, appetite, expected) => {
    const mismatches = appetiteMismatches(aReferral(referral), anAppetite(appetite));
    expect(mismatches).toEqual(expected);
    expect(matchesAppetite(aReferral(referral), anAppetite(appetite))).toBe(expected.length === 0);
  });

  it('reports every broken rule at once', () => {
    const result = appetiteMismatches(
      aReferral({ state: 'CA', dynamicPrice: 5, yearsInBusiness: 50 }),
      anAppetite({ referralPriceMin: 10, yearsInBusinessMax: 10 }),
    );
    expect(result).toEqual([
      AppetiteMismatch.State,
      AppetiteMismatch.Price,
      AppetiteMismatch.YearsInBusiness,
    ]);
  });

  it.each<[string, Partial<Opportunity>, Partial<RiskAppetite>, AppetiteMismatch[]]>([
    [
      'counts a line named twice once',
      { category: 'PERSONAL', businessLines: ['AUTO', 'AUTO'] },
      { personalBusinessLinesMax: 1 },
      [],
    ],
    [
      'rejects a duplicated line past the minimum of distinct lines',
      { category: 'PERSONAL', businessLines: ['AUTO', 'AUTO'] },
      { personalBusinessLinesMin: 2 },
      [AppetiteMismatch.BusinessLineCount],
    ],
    [
      'takes any Unicode white space for blank',
      { email: '\u00a0\t\u2003\n' },
      { emailAddressRequired: true },
      [AppetiteMismatch.MissingContact],
    ],
  ])('%s', (_name, referral, appetite, expected) => {
    expect(appetiteMismatches(aReferral(referral), anAppetite(appetite))).toEqual(expected);
    expect(matchesAppetite(aReferral(referral), anAppetite(appetite))).toBe(expected.length === 0);
  });

  it('matchesAppetite agrees with appetiteMismatches on 20,000 random pairs', () => {
    // A seeded generator: the same pairs every run.
    let seed = 17;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)] as T;
    const maybe = <T>(value: T): T | null => (rand() < 0.3 ? null : value);
    const codes = ['AUTO', 'HOME', 'GL', 'WC', 'TERM'];
    let matched = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const referral = aReferral({
        state: pick(['TX', 'CA', 'NY', null]),
        source: pick(['web', 'partner', null]),
        category: pick(['COMMERCIAL', 'PERSONAL', 'LIFE_ANNUITIES', 'OTHER', null]),
        businessLines: codes.filter(() => rand() < 0.3),
        dynamicPrice: maybe(Math.floor(rand() * 100)),
        yearsInBusiness: maybe(Math.floor(rand() * 20)),
        noOfEmployees: maybe(Math.floor(rand() * 50)),
        estimatedPremium: maybe(Math.floor(rand() * 10_000)),
        industryCode: pick(['111110', '236115', null]),
        currentlyInsured: pick([true, false, null]),
        medicalExam: pick([true, false, null]),
        firstName: pick(['Ann', ' ', null]),
        phone: pick(['5125550100', '', null]),
      });
      const appetite = anAppetite({
        stateCodes: ['TX', 'CA', 'NY'].filter(() => rand() < 0.7),
        excludedSources: rand() < 0.2 ? ['partner'] : [],
        referralPriceMin: maybe(Math.floor(rand() * 30)),
        referralPriceMax: maybe(50 + Math.floor(rand() * 60)),
        acceptWarmTransfers: rand() < 0.5,
        acceptCommercialLines: rand() < 0.8,
        acceptPersonalLines: rand() < 0.8,
        acceptLifeAnnuitiesLines: rand() < 0.8,
        riskAppetiteBusinessLines: codes
          .filter(() => rand() < 0.2)
          .map((c) =>
            line(c, pick(['COMMERCIAL', 'PERSONAL', 'LIFE_ANNUITIES'] as const), rand() < 0.5),
          ),
        businessLineRequired: rand() < 0.2,
        personalBusinessLinesMin: maybe(Math.floor(rand() * 2)),
        commercialBusinessLinesMax: maybe(Math.floor(rand() * 3)),
        excludedNaics: rand() < 0.3 ? ['236115'] : [],
        yearsInBusinessMin: maybe(Math.floor(rand() * 5)),
        numberOfEmployeesMax: maybe(10 + Math.floor(rand() * 40)),
        personalEstimatedPremiumMax: maybe(Math.floor(rand() * 10_000)),
        acceptCommercialUninsured: rand() < 0.7,
        acceptPersonalInsured: rand() < 0.7,
        acceptMedicalExamRefusal: rand() < 0.5,
        firstNameRequired: rand() < 0.2,
        phoneNumberRequired: rand() < 0.2,
      });
      const mismatches = appetiteMismatches(referral, appetite);
      if (mismatches.length === 0) matched += 1;
      expect(matchesAppetite(referral, appetite)).toBe(mismatches.length === 0);
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(matched).toBeGreaterThan(500);
    expect(matched).toBeLessThan(19_500);
  });

  it.each<[number | null, number | null, number | null, boolean]>([
    [5, null, null, true],
    [null, 1, 2, true],
    [0, 1, null, false],
    [3, null, 2, false],
    [2, 2, 2, true],
  ])('withinRange(%s, %s, %s) is %s', (value, min, max, expected) => {
    expect(withinRange(value, min, max)).toBe(expected);
  });
});
