import { ALL_BUSINESS_LINES } from '../domain/businessLines.js';
import { Appetite } from '../domain/marketplace.js';
import type { LineCategory } from '../domain/opportunity.js';
import type { RiskAppetiteBusinessLine } from '../schemas/marketplace.js';
import type { LineAppetiteValue } from './formValues.js';

/**
 * Appetite per business line of an existing marketplace: Optional unless the appetite lists the
 * line, where `excluded: true` gives Excluded and `false` gives Required. The listed lines come
 * first, in their stored order and including codes this product does not know, so saving untouched
 * sends the list back unchanged; the unlisted known lines follow in display-name order.
 */
export const lineAppetitesFrom = (
  listed: readonly RiskAppetiteBusinessLine[],
): LineAppetiteValue[] => {
  const listedCodes = new Set(listed.map((l) => l.businessLineCode));
  const kept = listed.map((l) => ({
    businessLineCode: l.businessLineCode,
    businessLineCategory: l.businessLineCategory,
    appetite: l.excluded ? Appetite.EXCLUDED : Appetite.REQUIRED,
  }));
  const unlisted = ALL_BUSINESS_LINES.filter((line) => !listedCodes.has(line.code)).map((line) => ({
    businessLineCode: line.code,
    businessLineCategory: line.category,
    appetite: Appetite.OPTIONAL,
  }));
  return [...kept, ...unlisted];
};

const DISPLAY_INDEX = new Map(ALL_BUSINESS_LINES.map((l, i) => [l.code, i]));

/** The lines of one category in display-name order, codes this product does not know last. */
export const linesForDisplay = (
  values: readonly LineAppetiteValue[],
  category: LineCategory,
): LineAppetiteValue[] =>
  values
    .filter((v) => v.businessLineCategory === category)
    .sort(
      (a, b) =>
        (DISPLAY_INDEX.get(a.businessLineCode) ?? Infinity) -
        (DISPLAY_INDEX.get(b.businessLineCode) ?? Infinity),
    );

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
