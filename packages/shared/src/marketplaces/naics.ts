import { NaicsMode } from './constants.js';
import { joinCommaList, splitCommaList } from './conversions.js';

const SIX_DIGITS = /^\d{6}$/;

/**
 * True when the NAICS text is empty or a comma-separated list of six-digit codes. Spaces around
 * codes are allowed; an empty item (',,' or a trailing comma) is not.
 */
export const isValidNaicsText = (text: string): boolean => {
  if (text.trim() === '') return true;
  return text.split(',').every((item) => SIX_DIGITS.test(item.trim()));
};

/** Codes of `allCodes` that are not in `codes`, in the order of `allCodes`. */
const complement = (codes: readonly string[], allCodes: readonly string[]): string[] => {
  const set = new Set(codes);
  return allCodes.filter((c) => !set.has(c));
};

/**
 * The NAICS text after switching mode: the complement, among all six-digit codes, of the codes in
 * the text. Switching exclude → include → exclude gives the original codes back (those known).
 */
export const swapNaicsText = (text: string, allCodes: readonly string[]): string =>
  joinCommaList(complement(splitCommaList(text), allCodes));

/** The text the form shows for a stored excluded list, in exclude mode. */
export const naicsTextFromExcluded = (excluded: readonly string[]): string =>
  joinCommaList(excluded);

/** The excluded list to save from the text and its mode (include mode is complemented). */
export const excludedNaicsFrom = (
  text: string,
  mode: NaicsMode,
  allCodes: readonly string[],
): string[] => {
  const codes = splitCommaList(text);
  return mode === NaicsMode.Exclude ? codes : complement(codes, allCodes);
};
