import { PaymentOption } from '../domain/marketplace.js';
import { PHONE_PREFIX } from './constants.js';

/** Rounds to `places` decimals, away from the binary noise of `1 + 0.1`. */
const roundTo = (value: number, places: number): number => {
  const scale = 10 ** places;
  return Math.round((value + Number.EPSILON) * scale) / scale;
};

/** Rounds to 2 decimals. */
export const round2 = (value: number): number => roundTo(value, 2);

/**
 * Decimals the percent modifier keeps. The spec makes it a whole number, which cannot say 1.5 %;
 * the multiplier then needs two decimals more than the percent (1.5 % is 1.015).
 */
export const PERCENT_DECIMALS = 2;

/** Whether a percent has no more decimals than the modifier keeps. */
export const hasPercentDecimals = (percent: number): boolean => {
  const scaled = percent * 10 ** PERCENT_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** Percent modifier to the stored multiplier: 1 + percent / 100 (1.5 gives 1.015). */
export const percentToMultiplier = (percent: number): number =>
  roundTo(1 + percent / 100, PERCENT_DECIMALS + 2);

/** Stored multiplier to the percent the form edits: (value - 1) x 100, to PERCENT_DECIMALS. */
export const multiplierToPercent = (multiplier: number): number =>
  roundTo((multiplier - 1) * 100, PERCENT_DECIMALS);

/** The digits of a typed phone number. */
export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/** A typed phone number as stored: '+1' and its digits; nothing typed gives null. */
export const toStoredPhone = (text: string): string | null => {
  const digits = phoneDigits(text);
  return digits === '' ? null : `${PHONE_PREFIX}${digits}`;
};

/** A stored phone number as shown: without its '+1' prefix; none gives ''. */
export const toDisplayPhone = (stored: string | null): string => {
  if (stored === null) return '';
  return stored.startsWith(PHONE_PREFIX) ? stored.slice(PHONE_PREFIX.length) : stored;
};

/** Items of a comma-separated text, trimmed, without empty items. */
export const splitCommaList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A list as the comma-separated text the form shows. */
export const joinCommaList = (items: readonly string[]): string => items.join(', ');

/** Sources that are checked on an existing marketplace: every source it does not exclude. */
export const checkedSourcesFrom = (
  allSources: readonly string[],
  excludedSources: readonly string[],
): string[] => allSources.filter((s) => !excludedSources.includes(s));

/** excludedSources to save: every known source left unchecked. */
export const excludedSourcesFrom = (
  allSources: readonly string[],
  checked: readonly string[],
): string[] => allSources.filter((s) => !checked.includes(s));

/**
 * States checked on an existing marketplace: stateCodes as stored, in the stored order, so saving
 * without touching the states sends them back unchanged (the grid shows them in state-name order).
 */
export const checkedStatesFrom = (stateCodes: readonly string[]): string[] => [...stateCodes];

/**
 * The payment option a stored marketplace shows: debit prepaid wins over billed; neither (the house
 * marketplaces) gives null, no option chosen, so saving it untouched keeps both flags false.
 */
export const paymentOptionOf = (m: {
  billed: boolean;
  debitPrepaidBalance: boolean;
}): PaymentOption | null => {
  if (m.debitPrepaidBalance) return PaymentOption.DEBIT_PREPAID_BALANCE;
  return m.billed ? PaymentOption.BILLED : null;
};

/** The stored billed / debitPrepaidBalance pair of a payment option (both false for none). */
export const paymentFlags = (
  option: PaymentOption | null,
): { billed: boolean; debitPrepaidBalance: boolean } => ({
  billed: option === PaymentOption.BILLED,
  debitPrepaidBalance: option === PaymentOption.DEBIT_PREPAID_BALANCE,
});

/** True when a delivery window is the whole day, 00:00:00 to 23:59:59. */
export const isFullDay = (start: string | null, end: string | null): boolean =>
  start === '00:00:00' && end === '23:59:59';
