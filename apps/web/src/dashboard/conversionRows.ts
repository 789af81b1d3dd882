import {
  businessLineName,
  stateName,
  UNKNOWN_GROUP,
  type Conversion,
  type ConversionFigures,
} from '@referrals/shared';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A share (0 to 1) as a percentage: '40%', '33.3%'. */
export const formatRate = (rate: number): string => percent.format(rate);

/** One row of a breakdown: its key, the name it shows, its figures. */
export interface ConversionRow {
  readonly key: string;
  readonly name: string;
  readonly figures: ConversionFigures;
}

const unknownOr = (name: (key: string) => string) => (key: string) =>
  key === UNKNOWN_GROUP ? 'Unknown' : name(key);

/** The breakdowns of the conversion, in screen order: the answer's field, titles, key names. */
export const BREAKDOWNS = [
  { field: 'byAgency', title: 'By agency', groupTitle: 'Agency', name: (k) => k || 'Unknown' },
  {
    field: 'byLine',
    title: 'By line of business',
    groupTitle: 'Line of business',
    name: unknownOr(businessLineName),
  },
  { field: 'bySource', title: 'By source', groupTitle: 'Source', name: unknownOr((k) => k) },
  {
    field: 'byState',
    title: 'By state',
    groupTitle: 'State',
    name: unknownOr((k) => stateName(k) ?? k),
  },
] as const satisfies readonly {
  readonly field: keyof Pick<Conversion, 'byAgency' | 'byLine' | 'bySource' | 'byState'>;
  readonly title: string;
  readonly groupTitle: string;
  readonly name: (key: string) => string;
}[];

/** A breakdown's rows, most bought first (ties by name). */
export const conversionRows = (
  groups: Readonly<Record<string, ConversionFigures>>,
  name: (key: string) => string,
): ConversionRow[] =>
  Object.entries(groups)
    .map(([key, figures]) => ({ key, name: name(key), figures }))
    .sort((a, b) => b.figures.bought - a.figures.bought || a.name.localeCompare(b.name));
