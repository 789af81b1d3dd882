import { PaymentOption } from '../domain/marketplace.js';
import { PHONE_PREFIX } from './constants.js';

/** Rounds to 2 decimals, away from the binary noise of `1 + 0.1`. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** Percent modifier to the stored multiplier: 1 + percent / 100, rounded to 2 decimals. */
export const percentToMultiplier = (percent: number): number => round2(1 + percent / 100);

/** Stored multiplier to the whole-number percent the form edits: (value - 1) x 100. */
export const multiplierToPercent = (multiplier: number): number =>
  Math.round((multiplier - 1) * 100);

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
