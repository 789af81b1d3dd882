/**
 * What bought referrals turn into: the conversion figures of the live dashboard, for an agency or
 * the whole market, computed from the referrals, their progress and their returns.
 */
import { ProgressStatus, type ReturnState } from '../domain/opportunity.js';

/** One bought referral as conversion counts it. */
export interface ConversionInput {
  readonly agency: string;
  readonly businessLines: readonly string[];
  readonly source: string | null;
  readonly state: string | null;
  readonly soldPrice: number | null;
  readonly status: ProgressStatus;
  readonly returnState: ReturnState | null;
  /** The credit of an approved return. */
  readonly credit: number | null;
}

/** The figures of one group of bought referrals. */
export interface ConversionFigures {
  readonly bought: number;
  /** Reached Quote Sent or Bound. */
  readonly quoted: number;
  readonly bound: number;
  readonly unable: number;
  /** Share of `bought`, 0 to 1 (0 when nothing was bought). */
  readonly quotedRate: number;
  readonly boundRate: number;
  readonly unableRate: number;
  /** What was paid, less the credits of approved returns. */
  readonly spend: number;
  /** Spend per bound policy; null when none is bound. */
  readonly costPerBound: number | null;
  /** Returns asked for (any state), and their share of `bought`. */
  readonly returned: number;
  readonly returnRate: number;
}

/** Conversion of an agency's purchases, or the market's with one row per agency. */
export interface Conversion {
  /** Purchases since this instant (ISO) are counted. */
  readonly since: string;
  readonly totals: ConversionFigures;
  readonly byLine: Readonly<Record<string, ConversionFigures>>;
  readonly bySource: Readonly<Record<string, ConversionFigures>>;
  readonly byState: Readonly<Record<string, ConversionFigures>>;
  /** Market-wide only (admins): each agency's figures. */
  readonly byAgency: Readonly<Record<string, ConversionFigures>> | null;
}

const QUOTED: ReadonlySet<ProgressStatus> = new Set([
  ProgressStatus.QuoteSent,
  ProgressStatus.BoundProspect,
]);

/** Money rounded to cents, so sums of many prices stay exact to the cent. */
const cents = (v: number) => Math.round(v * 100) / 100;

/** The figures of a group. */
export function conversionFigures(rows: readonly ConversionInput[]): ConversionFigures {
  let quoted = 0;
  let bound = 0;
  let unable = 0;
  let spendCents = 0;
  let returned = 0;
  for (const r of rows) {
    if (QUOTED.has(r.status)) quoted += 1;
    if (r.status === ProgressStatus.BoundProspect) bound += 1;
    if (r.status === ProgressStatus.UnableToService) unable += 1;
    if (r.returnState !== null) returned += 1;
    spendCents += Math.round((r.soldPrice ?? 0) * 100);
    if (r.returnState === 'approved') spendCents -= Math.round((r.credit ?? 0) * 100);
  }
  const bought = rows.length;
  const rate = (n: number) => (bought === 0 ? 0 : n / bought);
  const spend = spendCents / 100;
  return {
    bought,
    quoted,
    bound,
    unable,
    quotedRate: rate(quoted),
    boundRate: rate(bound),
    unableRate: rate(unable),
    spend,
    costPerBound: bound === 0 ? null : cents(spend / bound),
    returned,
    returnRate: rate(returned),
  };
}

/** Groups rows by each key a row has (a referral with two lines counts in both), then figures. */
function groupBy(
  rows: readonly ConversionInput[],
  keys: (r: ConversionInput) => readonly string[],
): Record<string, ConversionFigures> {
  const groups = new Map<string, ConversionInput[]>();
  for (const r of rows) {
    for (const k of new Set(keys(r))) {
      const list = groups.get(k) ?? [];
      list.push(r);
      groups.set(k, list);
    }
  }
  return Object.fromEntries(
    [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, g]) => [k, conversionFigures(g)]),
  );
}

/** Unknown source or state are grouped under this key. */
export const UNKNOWN_GROUP = 'unknown';

/** The conversion figures of bought referrals: totals, by line, source and state (and agency). */
export function conversionOf(
  rows: readonly ConversionInput[],
  opts: { since: string; byAgency: boolean },
): Conversion {
  return {
    since: opts.since,
    totals: conversionFigures(rows),
    byLine: groupBy(rows, (r) => (r.businessLines.length > 0 ? r.businessLines : [UNKNOWN_GROUP])),
    bySource: groupBy(rows, (r) => [r.source ?? UNKNOWN_GROUP]),
    byState: groupBy(rows, (r) => [r.state ?? UNKNOWN_GROUP]),
    byAgency: opts.byAgency ? groupBy(rows, (r) => [r.agency]) : null,
  };
}
