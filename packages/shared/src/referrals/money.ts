/** Prices: US currency text and the price-decay rule of section 4. */

const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US currency text: whole dollars without cents ('$30', '$12,500'), otherwise two decimals. */
export const formatUsd = (amount: number): string =>
  Number.isInteger(amount) ? whole.format(amount) : cents.format(amount);

/** The two prices a decaying referral carries. */
export interface DecayPrices {
  readonly dynamicPrice: number | null;
  readonly discountPrice: number | null;
}

/** Price decay: both prices exist and the original (discount) price exceeds the current one. */
export const hasPriceDecay = (o: DecayPrices): boolean =>
  o.dynamicPrice !== null && o.discountPrice !== null && o.discountPrice > o.dynamicPrice;
