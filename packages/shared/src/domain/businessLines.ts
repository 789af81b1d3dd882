import { LineCategory } from './opportunity.js';

/** A business line: code, display name, category. */
export interface BusinessLine {
  readonly code: string;
  readonly name: string;
  readonly category: LineCategory;
}

const commercial: readonly [string, string][] = [
  ['CAUT', 'Commercial Auto'],
  ['CBND', 'Bonds'],
  ['CBPY', 'BOP'],
  ['CBRS', 'Builders Risk'],
  ['CCYB', 'Cyber Liability'],
  ['CDO', 'Directors and Officers'],
  ['CELY', 'Employment Practices Liability'],
  ['CGLY', 'General Liability'],
  ['CMAR', 'Inland Marine'],
  ['CPLY', 'Professional Liability'],
  ['CPTY', 'Property'],
  ['CUMB', 'Umbrella/Excess'],
  ['CWCP', "Workers' Compensation"],
  ['CERR', 'Errors & Omissions'],
  ['LAH', 'Accident & Health'],
  ['COEQ', 'Contractors Equipment'],
  ['BUSI', 'Other'],
];

/**
 * The spec lists the 27 personal codes without names; these are the names a personal-lines agent
 * reads them as.
 */
const personal: readonly [string, string][] = [
  ['ATV', 'ATV'],
  ['AUTO', 'Auto'],
  ['BOAT', 'Boat'],
  ['CNDO', 'Condo'],
  ['COLA', 'Collectibles'],
  ['EQKE', 'Earthquake'],
  ['EVNT', 'Event'],
  ['FARM', 'Farm'],
  ['FLOD', 'Flood'],
  ['GIDR', 'Guaranteed Issue Disability Rider'],
  ['HLTH', 'Health'],
  ['HOME', 'Home'],
  ['IFRD', 'Identity Fraud'],
  ['LAND', 'Landlord'],
  ['LORD', 'Landlord Dwelling'],
  ['MOBI', 'Mobile Home'],
  ['MOTO', 'Motorcycle'],
  ['OTHE', 'Other Personal'],
  ['PBRS', 'Personal Builders Risk'],
  ['PETS', 'Pet'],
  ['RENT', 'Renters'],
  ['RV', 'RV'],
  ['SHRT', 'Short-Term Rental'],
  ['SNOW', 'Snowmobile'],
  ['TRLR', 'Trailer'],
  ['UMBR', 'Personal Umbrella'],
  ['VALU', 'Valuables'],
];

const lifeAnnuities: readonly [string, string][] = [
  ['LTCI', 'Long-Term Care'],
  ['DBII', 'Disability Income'],
  ['LIFE', 'Life'],
  ['ANNU', 'Annuities'],
];

/**
 * By display name, ignoring case: the order `localeCompare` gives these names (a test holds the
 * two equal), without the collator it builds on its first call, which costs a phone ~10 ms while
 * the page's scripts load.
 */
const byName = (a: BusinessLine, b: BusinessLine): number => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
const build = (rows: readonly [string, string][], category: LineCategory): BusinessLine[] =>
  rows.map(([code, name]) => ({ code, name, category })).sort(byName);

/** Business lines per category, each sorted by display name (marketplace-admin section 3). */
export const BUSINESS_LINES: Readonly<Record<LineCategory, readonly BusinessLine[]>> = {
  COMMERCIAL: build(commercial, LineCategory.COMMERCIAL),
  PERSONAL: build(personal, LineCategory.PERSONAL),
  LIFE_ANNUITIES: build(lifeAnnuities, LineCategory.LIFE_ANNUITIES),
};

/** Every business line, sorted by display name. */
export const ALL_BUSINESS_LINES: readonly BusinessLine[] = [
  ...BUSINESS_LINES.COMMERCIAL,
  ...BUSINESS_LINES.PERSONAL,
  ...BUSINESS_LINES.LIFE_ANNUITIES,
].sort(byName);

const LINE_BY_CODE: ReadonlyMap<string, BusinessLine> = new Map(
  ALL_BUSINESS_LINES.map((l) => [l.code, l]),
);
/** Display name of a business-line code; unknown codes show as given. */
export const businessLineName = (code: string): string => LINE_BY_CODE.get(code)?.name ?? code;
