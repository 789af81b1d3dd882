import { SPECIAL_MARKETPLACE_NAMES } from '../domain/marketplace.js';
import type { DeliveryStat } from '../schemas/admin.js';
import type { Marketplace, RiskAppetite } from '../schemas/marketplace.js';
import { ADMIN_UI } from './constants.js';
import { round2 } from './conversions.js';

/** Text colours of the list cells. */
export const CellColour = {
  Default: 'default',
  Red: 'red',
  Green: 'green',
  Yellow: 'yellow',
  Orange: 'orange',
  Grey: 'grey',
} as const;
export type CellColour = (typeof CellColour)[keyof typeof CellColour];

/** A list cell: its text and colour. */
export interface Cell {
  readonly text: string;
  readonly colour: CellColour;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** An amount as US dollars, e.g. '$1,234.50'; missing shows '$0.00'. */
export const formatUsdOrZero = (amount: number | null | undefined): string =>
  USD.format(amount ?? 0);

/** MARKETPLACE and CONSUMER_FUNNEL show no prepaid balance and no daily limit. */
export const isSpecialMarketplace = (name: string): boolean =>
  (SPECIAL_MARKETPLACE_NAMES as readonly string[]).includes(name);

/**
 * Delivered Price column: the delivered price as US dollars when applied, else the percent
 * modifier: 'Marketplace' for 0, '+N%' above, 'N%' below (N up to 2 decimals).
 */
export const deliveredPriceText = (
  m: Pick<Marketplace, 'applyDeliveredPrice' | 'deliveredPrice' | 'priceModifier'>,
): string => {
  if (m.applyDeliveredPrice) return formatUsdOrZero(m.deliveredPrice);
  const percent = round2((m.priceModifier - 1) * 100);
  if (percent === 0) return 'Marketplace';
  return percent > 0 ? `+${percent}%` : `${percent}%`;
};

/**
 * Prepaid Balance column: for a prepaid-debit marketplace its balance in US dollars ('$0.00' when
 * missing), red under 500; 'Billed' for a billed one without prepaid debit; nothing (null) for the
 * special names or a marketplace that is neither.
 */
export const prepaidBalanceCell = (
  m: Pick<Marketplace, 'marketplaceName' | 'billed' | 'debitPrepaidBalance'>,
  balance: number | null | undefined,
): Cell | null => {
  if (isSpecialMarketplace(m.marketplaceName)) return null;
  if (m.debitPrepaidBalance) {
    const amount = balance ?? 0;
    const low = amount < ADMIN_UI.prepaidRedThresholdUsd;
    return { text: formatUsdOrZero(amount), colour: low ? CellColour.Red : CellColour.Default };
  }
  return m.billed ? { text: 'Billed', colour: CellColour.Default } : null;
};

/**
 * Daily Limit column: 'sent / max', green once reached, or 'No Limits' without a daily maximum;
 * nothing for the special names. A marketplace without a stat has sent 0.
 */
export const dailyLimitCell = (
  m: Pick<Marketplace, 'marketplaceName'> & {
    riskAppetite: Pick<RiskAppetite, 'maxReferralsPerDay'>;
  },
  stat: Pick<DeliveryStat, 'totalReferralsDeliveredToday'> | undefined,
): Cell | null => {
  if (isSpecialMarketplace(m.marketplaceName)) return null;
  const max = m.riskAppetite.maxReferralsPerDay;
  if (max === null) return { text: 'No Limits', colour: CellColour.Default };
  const sent = stat?.totalReferralsDeliveredToday ?? 0;
  return { text: `${sent} / ${max}`, colour: sent >= max ? CellColour.Green : CellColour.Default };
};

/** Categories column: 'PL', 'CL', 'L&A' for the accepted personal, commercial, life lines. */
export const categoryLabels = (
  ra: Pick<
    RiskAppetite,
    'acceptPersonalLines' | 'acceptCommercialLines' | 'acceptLifeAnnuitiesLines'
  >,
): string[] => {
  const out: string[] = [];
  if (ra.acceptPersonalLines) out.push('PL');
  if (ra.acceptCommercialLines) out.push('CL');
  if (ra.acceptLifeAnnuitiesLines) out.push('L&A');
  return out;
};
