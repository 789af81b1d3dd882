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

/** Anything but white space (the characters `trim` removes), without the copy `trim` makes. */
const NOT_BLANK = /\S/;
const filled = (text: string | null | undefined): boolean =>
  typeof text === 'string' && NOT_BLANK.test(text);

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

/** Insured status against a pair of accept flags; null (unknown) passes. */
const insuredOk = (insured: boolean | null, acceptInsured: boolean, acceptUninsured: boolean) =>
  insured === null || (insured ? acceptInsured : acceptUninsured);

/** Whether any of `named` lines is in `lines`, of those `excluded` or of `category`'s Required. */
function anyLine(
  lines: readonly string[],
  named: RiskAppetite['riskAppetiteBusinessLines'],
  excluded: boolean,
  category: LineCategory,
): boolean {
  for (let i = 0; i < named.length; i += 1) {
    const l = named[i] as RiskAppetite['riskAppetiteBusinessLines'][number];
    if (l.excluded !== excluded) continue;
    if (excluded) {
      if (lines.includes(l.businessLineCode)) return true;
    } else if (l.businessLineCategory === category && !lines.includes(l.businessLineCode))
      return true;
  }
  return false;
}

/** The number of distinct codes among a referral's lines (a handful: no Set needed). */
function distinctCount(lines: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < lines.length; i += 1) if (lines.indexOf(lines[i] as string) === i) n += 1;
  return n;
}

/**
 * Called with each rule a referral breaks, in order; true stops the walk (whether a referral
 * matches needs the first broken rule only).
 */
type Found = (mismatch: AppetiteMismatch) => boolean;

/**
 * The appetite's rules, walked in order: hands each broken rule to `found` and returns true as
 * soon as `found` does. One walk for both questions: which rules a referral breaks
 * (`appetiteMismatches`), and whether it breaks any (`matchesAppetite`, which list indexes and
 * rooms ask of every referral for every appetite and which therefore allocates nothing: at
 * 100,000 referrals the arrays of mismatches and a Set of lines a referral were 0.9 GB of a first
 * load's 3 GB of garbage, docs/perf session 21).
 */
function walkRules(r: Opportunity, a: RiskAppetite, found: Found): boolean {
  // Whatever the category (direct-call included). An empty stateCodes list accepts no state, and
  // a referral without a state matches none.
  if ((r.state === null || !a.stateCodes.includes(r.state)) && found(AppetiteMismatch.State))
    return true;
  if (r.source !== null && a.excludedSources.includes(r.source) && found(AppetiteMismatch.Source))
    return true;
  if (
    !withinRange(r.dynamicPrice, a.referralPriceMin, a.referralPriceMax) &&
    found(AppetiteMismatch.Price)
  )
    return true;
  let contactMissing = false;
  for (let i = 0; i < CONTACT_REQUIREMENTS.length && !contactMissing; i += 1) {
    const rule = CONTACT_REQUIREMENTS[i] as (typeof CONTACT_REQUIREMENTS)[number];
    contactMissing = a[rule[0]] && !filled(r[rule[1]]);
  }
  if (contactMissing && found(AppetiteMismatch.MissingContact)) return true;
  const category = r.category;
  if (category === null) return !a.acceptWarmTransfers && found(AppetiteMismatch.Category);
  if (!isCategory(category) || !a[ACCEPTS_CATEGORY[category]])
    return found(AppetiteMismatch.Category);
  // Business lines: Excluded lines reject, Required lines of the category must be there.
  const lines = r.businessLines;
  const named = a.riskAppetiteBusinessLines;
  if (anyLine(lines, named, true, category) && found(AppetiteMismatch.ExcludedLine)) return true;
  if (anyLine(lines, named, false, category) && found(AppetiteMismatch.RequiredLineMissing))
    return true;
  const distinct = distinctCount(lines);
  if (a.businessLineRequired && distinct === 0 && found(AppetiteMismatch.BusinessLineRequired))
    return true;
  const bounds = LINE_COUNT_BOUNDS[category];
  if (
    !withinRange(distinct, a[bounds[0]], a[bounds[1]]) &&
    found(AppetiteMismatch.BusinessLineCount)
  )
    return true;
  // The fields of the referral's category.
  if (category === LineCategory.COMMERCIAL) {
    if (
      r.industryCode !== null &&
      a.excludedNaics.includes(r.industryCode) &&
      found(AppetiteMismatch.ExcludedNaics)
    )
      return true;
    if (
      !withinRange(r.yearsInBusiness, a.yearsInBusinessMin, a.yearsInBusinessMax) &&
      found(AppetiteMismatch.YearsInBusiness)
    )
      return true;
    if (
      !withinRange(r.noOfEmployees, a.numberOfEmployeesMin, a.numberOfEmployeesMax) &&
      found(AppetiteMismatch.NumberOfEmployees)
    )
      return true;
    if (
      !withinRange(
        r.estimatedPremium,
        a.commercialEstimatedPremiumMin,
        a.commercialEstimatedPremiumMax,
      ) &&
      found(AppetiteMismatch.EstimatedPremium)
    )
      return true;
    return (
      !insuredOk(r.currentlyInsured, a.acceptCommercialInsured, a.acceptCommercialUninsured) &&
      found(AppetiteMismatch.Insured)
    );
  }
  if (category === LineCategory.PERSONAL) {
    if (
      !withinRange(
        r.estimatedPremium,
        a.personalEstimatedPremiumMin,
        a.personalEstimatedPremiumMax,
      ) &&
      found(AppetiteMismatch.EstimatedPremium)
    )
      return true;
    return (
      !insuredOk(r.currentlyInsured, a.acceptPersonalInsured, a.acceptPersonalUninsured) &&
      found(AppetiteMismatch.Insured)
    );
  }
  const exam = r.medicalExam;
  return (
    exam !== null &&
    !(exam ? a.acceptMedicalExamConsent : a.acceptMedicalExamRefusal) &&
    found(AppetiteMismatch.MedicalExam)
  );
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
  const out: AppetiteMismatch[] = [];
  walkRules(referral, appetite, (m) => {
    out.push(m);
    return false;
  });
  return out;
}

/** Stops a walk at the first broken rule. */
const FIRST: Found = () => true;

/** True when a referral falls within a marketplace's appetite (see `appetiteMismatches`). */
export const matchesAppetite = (referral: Opportunity, appetite: RiskAppetite): boolean =>
  !walkRules(referral, appetite, FIRST);
