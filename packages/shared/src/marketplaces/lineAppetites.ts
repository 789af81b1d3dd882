import { ALL_BUSINESS_LINES } from '../domain/businessLines.js';
import { Appetite } from '../domain/marketplace.js';
import type { LineCategory } from '../domain/opportunity.js';
import type { RiskAppetiteBusinessLine } from '../schemas/marketplace.js';
import type { LineAppetiteValue } from './formValues.js';

/**
 * Appetite per business line of an existing marketplace: Optional unless the appetite lists the
 * line, where `excluded: true` gives Excluded and `false` gives Required. Listed codes this product
 * does not know are kept at the end, so saving does not drop them.
 */
export const lineAppetitesFrom = (
  listed: readonly RiskAppetiteBusinessLine[],
): LineAppetiteValue[] => {
  const byCode = new Map(listed.map((l) => [l.businessLineCode, l]));
  const appetiteOf = (l: RiskAppetiteBusinessLine | undefined): Appetite => {
    if (l === undefined) return Appetite.OPTIONAL;
    return l.excluded ? Appetite.EXCLUDED : Appetite.REQUIRED;
  };
  const known = ALL_BUSINESS_LINES.map((line) => ({
    businessLineCode: line.code,
    businessLineCategory: line.category,
    appetite: appetiteOf(byCode.get(line.code)),
  }));
  const knownCodes = new Set(known.map((l) => l.businessLineCode));
  const unknown = listed
    .filter((l) => !knownCodes.has(l.businessLineCode))
    .map((l) => ({
      businessLineCode: l.businessLineCode,
      businessLineCategory: l.businessLineCategory,
      appetite: appetiteOf(l),
    }));
  return [...known, ...unknown];
};

/** The lines to save: Optional ones are left out, others carry excluded true (Excluded) or false. */
export const riskAppetiteLinesFrom = (
  values: readonly LineAppetiteValue[],
  riskAppetiteId: number | null,
): RiskAppetiteBusinessLine[] =>
  values
    .filter((v) => v.appetite !== Appetite.OPTIONAL)
    .map((v) => ({
      riskAppetiteId,
      businessLineCode: v.businessLineCode,
      businessLineCategory: v.businessLineCategory,
      excluded: v.appetite === Appetite.EXCLUDED,
    }));

/** How many lines hold each appetite, optionally within one category (the counts the form shows). */
export const appetiteCounts = (
  values: readonly LineAppetiteValue[],
  category?: LineCategory,
): Record<Appetite, number> => {
  const counts: Record<Appetite, number> = { EXCLUDED: 0, OPTIONAL: 0, REQUIRED: 0 };
  for (const v of values) {
    if (category === undefined || v.businessLineCategory === category) counts[v.appetite] += 1;
  }
  return counts;
};

/** The values with one line's appetite changed. */
export const setLineAppetite = (
  values: readonly LineAppetiteValue[],
  code: string,
  appetite: Appetite,
): LineAppetiteValue[] => values.map((v) => (v.businessLineCode === code ? { ...v, appetite } : v));
