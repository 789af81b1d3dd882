import { LineCategory } from '../domain/opportunity.js';
import type { RiskAppetite } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';

/**
 * Why a referral falls outside an appetite. Each value names the one rule that rejected it, so the
 * stand-in upstream and tests can say why a marketplace was skipped.
 */
export const AppetiteMismatch = {
  State: 'state',
  Source: 'source',
  Category: 'category',
  ExcludedLine: 'excludedLine',
  RequiredLineMissing: 'requiredLineMissing',
  BusinessLineRequired: 'businessLineRequired',
  ExcludedNaics: 'excludedNaics',
  YearsInBusiness: 'yearsInBusiness',
  NumberOfEmployees: 'numberOfEmployees',
  EstimatedPremium: 'estimatedPremium',
  BusinessLineCount: 'businessLineCount',
  Price: 'price',
  Insured: 'insured',
  MedicalExam: 'medicalExam',
  MissingContact: 'missingContact',
} as const;
export type AppetiteMismatch = (typeof AppetiteMismatch)[keyof typeof AppetiteMismatch];

/**
 * True when `value` lies within [min, max]. A null bound is unbounded; a null value passes, since
 * the appetite cannot judge what the referral does not say.
 */
export const withinRange = (
  value: number | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
): boolean => {
  if (value === null || value === undefined) return true;
  if (min !== null && min !== undefined && value < min) return false;
  if (max !== null && max !== undefined && value > max) return false;
  return true;
};

const filled = (text: string | null | undefined): boolean =>
  typeof text === 'string' && text.trim() !== '';

/** The contact fields a required flag demands, each with the referral field it checks. */
const CONTACT_REQUIREMENTS = [
  ['firstNameRequired', 'firstName'],
  ['lastNameRequired', 'lastName'],
  ['cityRequired', 'city'],
  ['stateRequired', 'state'],
  ['postalCodeRequired', 'postalCode'],
  ['emailAddressRequired', 'email'],
  ['phoneNumberRequired', 'phone'],
] as const satisfies readonly (readonly [keyof RiskAppetite, keyof Opportunity])[];

const ACCEPTS_CATEGORY = {
  COMMERCIAL: 'acceptCommercialLines',
  PERSONAL: 'acceptPersonalLines',
  LIFE_ANNUITIES: 'acceptLifeAnnuitiesLines',
} as const satisfies Record<LineCategory, keyof RiskAppetite>;

const LINE_COUNT_BOUNDS = {
  COMMERCIAL: ['commercialBusinessLinesMin', 'commercialBusinessLinesMax'],
  PERSONAL: ['personalBusinessLinesMin', 'personalBusinessLinesMax'],
  LIFE_ANNUITIES: ['lifeAnnuitiesBusinessLinesMin', 'lifeAnnuitiesBusinessLinesMax'],
} as const satisfies Record<LineCategory, readonly [keyof RiskAppetite, keyof RiskAppetite]>;

const isCategory = (value: string): value is LineCategory => value in ACCEPTS_CATEGORY;

/** Rules that hold whatever the referral's category (direct-call included). */
function generalMismatches(referral: Opportunity, appetite: RiskAppetite): AppetiteMismatch[] {
  const out: AppetiteMismatch[] = [];
  // An empty stateCodes list accepts no state, and a referral without a state matches none.
  if (referral.state === null || !appetite.stateCodes.includes(referral.state)) {
    out.push(AppetiteMismatch.State);
  }
  if (referral.source !== null && appetite.excludedSources.includes(referral.source)) {
    out.push(AppetiteMismatch.Source);
  }
  if (!withinRange(referral.dynamicPrice, appetite.referralPriceMin, appetite.referralPriceMax)) {
    out.push(AppetiteMismatch.Price);
  }
  if (CONTACT_REQUIREMENTS.some(([flag, field]) => appetite[flag] && !filled(referral[field]))) {
    out.push(AppetiteMismatch.MissingContact);
  }
  return out;
}

/** Business-line appetite: Excluded lines reject, Required lines of the category must be there. */
function lineMismatches(
  referral: Opportunity,
  appetite: RiskAppetite,
  category: LineCategory,
): AppetiteMismatch[] {
  const out: AppetiteMismatch[] = [];
  const lines = new Set(referral.businessLines);
  const named = appetite.riskAppetiteBusinessLines;
  if (named.some((l) => l.excluded && lines.has(l.businessLineCode))) {
    out.push(AppetiteMismatch.ExcludedLine);
  }
  const required = named.filter((l) => !l.excluded && l.businessLineCategory === category);
  if (required.some((l) => !lines.has(l.businessLineCode))) {
    out.push(AppetiteMismatch.RequiredLineMissing);
  }
  if (appetite.businessLineRequired && lines.size === 0) {
    out.push(AppetiteMismatch.BusinessLineRequired);
  }
  const [min, max] = LINE_COUNT_BOUNDS[category];
  if (!withinRange(lines.size, appetite[min], appetite[max])) {
    out.push(AppetiteMismatch.BusinessLineCount);
  }
  return out;
}

/** Insured status against a pair of accept flags; null (unknown) passes. */
const insuredOk = (insured: boolean | null, acceptInsured: boolean, acceptUninsured: boolean) =>
  insured === null || (insured ? acceptInsured : acceptUninsured);

/** Rules that read the fields of one category. */
function categoryMismatches(
  r: Opportunity,
  a: RiskAppetite,
  category: LineCategory,
): AppetiteMismatch[] {
  const out: AppetiteMismatch[] = [];
  if (category === LineCategory.COMMERCIAL) {
    if (r.industryCode !== null && a.excludedNaics.includes(r.industryCode)) {
      out.push(AppetiteMismatch.ExcludedNaics);
    }
    if (!withinRange(r.yearsInBusiness, a.yearsInBusinessMin, a.yearsInBusinessMax)) {
      out.push(AppetiteMismatch.YearsInBusiness);
    }
    if (!withinRange(r.noOfEmployees, a.numberOfEmployeesMin, a.numberOfEmployeesMax)) {
      out.push(AppetiteMismatch.NumberOfEmployees);
    }
    const premiumOk = withinRange(
      r.estimatedPremium,
      a.commercialEstimatedPremiumMin,
      a.commercialEstimatedPremiumMax,
    );
    if (!premiumOk) out.push(AppetiteMismatch.EstimatedPremium);
    if (!insuredOk(r.currentlyInsured, a.acceptCommercialInsured, a.acceptCommercialUninsured)) {
      out.push(AppetiteMismatch.Insured);
    }
  } else if (category === LineCategory.PERSONAL) {
    const premiumOk = withinRange(
      r.estimatedPremium,
      a.personalEstimatedPremiumMin,
      a.personalEstimatedPremiumMax,
    );
    if (!premiumOk) out.push(AppetiteMismatch.EstimatedPremium);
    if (!insuredOk(r.currentlyInsured, a.acceptPersonalInsured, a.acceptPersonalUninsured)) {
      out.push(AppetiteMismatch.Insured);
    }
  } else {
    const exam = r.medicalExam;
    if (exam !== null && !(exam ? a.acceptMedicalExamConsent : a.acceptMedicalExamRefusal)) {
      out.push(AppetiteMismatch.MedicalExam);
    }
  }
  return out;
}

/**
 * Every rule of a marketplace's appetite that the referral breaks; empty when it matches.
 *
 * Interpretations (the spec names the fields, not the matching algorithm):
 * - State: `referral.state` must be in `stateCodes`; an empty list accepts no state and a referral
 *   without a state matches no appetite.
 * - Source: a null source is never excluded.
 * - Category null is a direct-call referral: it matches only when `acceptWarmTransfers` is on, and
 *   none of the category rules (lines, NAICS, ranges, insured) apply to it, since such referrals
 *   carry no business data (shown TBD). A category outside the three known ones never matches.
 * - An Excluded line (`excluded: true`) of any category in the referral rejects it; a Required line
 *   (`excluded: false`) must be present only when it belongs to the referral's category.
 * - `businessLineRequired` demands at least one business line on a categorized referral.
 * - Business-line counts are the number of distinct codes on the referral, checked against the
 *   bounds of its category. Years in business, employees and NAICS are commercial-only; estimated
 *   premium uses the commercial or personal bounds by category.
 * - `currentlyInsured` null passes; life referrals have no insured flags. For life referrals
 *   `medicalExam` true needs `acceptMedicalExamConsent`, false needs `acceptMedicalExamRefusal`.
 * - `referralPriceMin/Max` bound `dynamicPrice` for every referral.
 * - Contact flags need a non-blank value (after trimming) in firstName, lastName, city, state,
 *   postalCode, email, phone.
 * - Not checked, because the referral has no such field: `journayaIdRequired`, death benefit,
 *   tobacco use. Delivery days, times and limits decide when to deliver, not whether it fits.
 */
export function appetiteMismatches(
  referral: Opportunity,
  appetite: RiskAppetite,
): AppetiteMismatch[] {
  const out = generalMismatches(referral, appetite);
  const category = referral.category;
  if (category === null) {
    if (!appetite.acceptWarmTransfers) out.push(AppetiteMismatch.Category);
    return out;
  }
  if (!isCategory(category) || !appetite[ACCEPTS_CATEGORY[category]]) {
    out.push(AppetiteMismatch.Category);
    return out;
  }
  return [
    ...out,
    ...lineMismatches(referral, appetite, category),
    ...categoryMismatches(referral, appetite, category),
  ];
}

/** True when a referral falls within a marketplace's appetite (see `appetiteMismatches`). */
export const matchesAppetite = (referral: Opportunity, appetite: RiskAppetite): boolean =>
  appetiteMismatches(referral, appetite).length === 0;
