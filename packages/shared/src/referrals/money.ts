/** Prices: US currency text and the price-decay rule of section 4. */

/**
 * The two currency formats, built on first use: building them costs a phone ~20 ms of the page's
 * start (the locale's currency data), and the public feed shows no price at all.
 */
let formats: { readonly whole: Intl.NumberFormat; readonly cents: Intl.NumberFormat } | null = null;
const usd = () =>
  (formats ??= {
    whole: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }),
    cents: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
  });

/** US currency text: whole dollars without cents ('$30', '$12,500'), otherwise two decimals. */
export const formatUsd = (amount: number): string =>
  Number.isInteger(amount) ? usd().whole.format(amount) : usd().cents.format(amount);

/** The two prices a decaying referral carries. */
export interface DecayPrices {
  readonly dynamicPrice: number | null;
  readonly discountPrice: number | null;
}

/** Price decay: both prices exist and the original (discount) price exceeds the current one. */
export const hasPriceDecay = (o: DecayPrices): boolean =>
  o.dynamicPrice !== null && o.discountPrice !== null && o.discountPrice > o.dynamicPrice;
