import * as yup from 'yup';
import { FORM_LIMITS } from './constants.js';
import type { RangeValues } from './formValues.js';
import { aboveMaxMessage, belowMinMessage, minAboveMaxMessage } from './messages.js';

/** One min/max pair of the form: its fields, the noun its messages use and its upper limit. */
export interface RangePair {
  readonly min: keyof RangeValues;
  readonly max: keyof RangeValues;
  readonly noun: string;
  readonly upper: number | null;
}

/** Every min/max pair of section 5, each at least 0, with the upper limits of section 9. */
export const RANGE_PAIRS: readonly RangePair[] = [
  { min: 'referralPriceMin', max: 'referralPriceMax', noun: 'price', upper: null },
  {
    min: 'commercialBusinessLinesMin',
    max: 'commercialBusinessLinesMax',
    noun: 'commercial business lines',
    upper: FORM_LIMITS.businessLines.max,
  },
  {
    min: 'yearsInBusinessMin',
    max: 'yearsInBusinessMax',
    noun: 'years in business',
    upper: FORM_LIMITS.yearsInBusiness.max,
  },
  {
    min: 'numberOfEmployeesMin',
    max: 'numberOfEmployeesMax',
    noun: 'number of employees',
    upper: FORM_LIMITS.numberOfEmployees.max,
  },
  {
    min: 'commercialEstimatedPremiumMin',
    max: 'commercialEstimatedPremiumMax',
    noun: 'commercial estimated premium',
    upper: null,
  },
  {
    min: 'personalBusinessLinesMin',
    max: 'personalBusinessLinesMax',
    noun: 'personal business lines',
    upper: FORM_LIMITS.businessLines.max,
  },
  {
    min: 'personalEstimatedPremiumMin',
    max: 'personalEstimatedPremiumMax',
    noun: 'personal estimated premium',
    upper: null,
  },
  {
    min: 'lifeAnnuitiesBusinessLinesMin',
    max: 'lifeAnnuitiesBusinessLinesMax',
    noun: 'life & annuities business lines',
    upper: FORM_LIMITS.businessLines.max,
  },
  { min: 'deathBenefitMin', max: 'deathBenefitMax', noun: 'death benefit', upper: null },
];

type NullableNumber = yup.NumberSchema<number | null>;

/** One bound field: empty allowed, at least 0, at most the pair's upper limit. */
const boundField = (label: string, upper: number | null): NullableNumber => {
  const base = yup
    .number()
    .typeError(belowMinMessage(label, FORM_LIMITS.amountMin))
    .nullable()
    .defined()
    .min(FORM_LIMITS.amountMin, belowMinMessage(label, FORM_LIMITS.amountMin));
  return upper === null ? base : base.max(upper, aboveMaxMessage(label, upper));
};

/**
 * The yup fields of every range: each bound at least 0 and within its upper limit; the min field
 * also carries 'Min [noun] cannot be greater than max [noun].' when both are given.
 */
export const rangeShape = (): Record<keyof RangeValues, NullableNumber> => {
  const shape: Partial<Record<keyof RangeValues, NullableNumber>> = {};
  for (const pair of RANGE_PAIRS) {
    shape[pair.min] = boundField(`Min ${pair.noun}`, pair.upper).test(
      'min-not-above-max',
      minAboveMaxMessage(pair.noun),
      (min, ctx) => {
        const max = (ctx.parent as RangeValues)[pair.max];
        return min === null || max === null || min <= max;
      },
    );
    shape[pair.max] = boundField(`Max ${pair.noun}`, pair.upper);
  }
  return shape as Record<keyof RangeValues, NullableNumber>;
};
