import {
  BUSINESS_LINES,
  DIRECT_CALL_SOURCE,
  LineCategory,
  MarketplaceStatus,
  OPPORTUNITY_FIELD_ALIASES,
  OpportunityType,
  type Opportunity,
  type OpportunityFieldAlias,
} from '@referrals/shared';
import {
  CATEGORY_WEIGHTS,
  CLAIM_WINDOW_MINUTES,
  CLAIMABLE_TYPES,
  TYPE_WEIGHTS,
  WEB_SOURCES,
} from './catalog.js';
import { NAICS_CODES, naicsSector } from './naics.js';
import * as names from './names.js';
import { PLACES } from './places.js';
import { originalPrice } from './pricing.js';
import { hashSeed, type Rng } from './prng.js';

/**
 * How a referral is named on the wire: for each alias of the opportunity service it is sent under
 * (agent-console section 3), whether the field it stands for is left out or sent as null. The
 * store keeps every referral under the primary names, so lists, filters and appetites read one
 * shape; only its JSON, which every route sends, uses the aliases.
 */
export type Spelling = Readonly<Partial<Record<OpportunityFieldAlias, 'absent' | 'null'>>>;

/** Every field under its primary name. */
export const PRIMARY_NAMES: Spelling = {};

/** One drawn referral in this many is sent under the alias names. */
const ALIASED_ONE_IN = 10;

const ALIASES = Object.entries(OPPORTUNITY_FIELD_ALIASES) as [
  OpportunityFieldAlias,
  keyof Opportunity,
][];
const ALIAS_OF: ReadonlyMap<string, OpportunityFieldAlias> = new Map(
  ALIASES.map(([alias, field]) => [field, alias]),
);

/**
 * The spelling of a drawn referral, from its searchId (itself drawn): a draw of its own would
 * shift every later draw, so a seed's market would change in everything else too.
 */
function drawnSpelling(searchId: string | null): Spelling {
  const hash = hashSeed(`${searchId ?? ''}:aliases`);
  if (hash % ALIASED_ONE_IN !== 0) return PRIMARY_NAMES;
  // Each field left out or null, as the hash's next bits say.
  return Object.fromEntries(
    ALIASES.map(([alias], i) => [alias, (hash >>> (8 + i)) & 1 ? 'absent' : 'null']),
  );
}

/**
 * A referral's JSON under `spelling`: an alias whose field is left out stands in the field's
 * place, one whose field is null comes right after it.
 */
function spelt(referral: Opportunity, spelling: Spelling): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(referral)) {
    const alias = ALIAS_OF.get(key);
    const how = alias === undefined ? undefined : spelling[alias];
    if (alias === undefined || how === undefined) entries.push([key, value]);
    else if (how === 'absent') entries.push([alias, value]);
    else entries.push([key, null], [alias, value]);
  }
  return Object.fromEntries(entries);
}

/** One `toJSON` per spelling (a handful), shared by every referral that has it. */
const toJsonOf = new Map<string, (this: Opportunity) => Record<string, unknown>>();

/**
 * Sends `referral` under `spelling` from now on: its `toJSON` (not enumerable, so no copy or
 * comparison of the referral sees it) gives the spelt JSON. Returns the referral.
 */
export function spell(referral: Opportunity, spelling: Spelling): Opportunity {
  const key = ALIASES.map(([alias]) => spelling[alias] ?? '').join(',');
  let toJSON = toJsonOf.get(key);
  if (toJSON === undefined) {
    toJSON = function (this: Opportunity) {
      return spelt(this, spelling);
    };
    toJsonOf.set(key, toJSON);
  }
  const primary = ALIASES.every(([alias]) => spelling[alias] === undefined);
  if (primary) delete (referral as { toJSON?: unknown }).toJSON;
  else Object.defineProperty(referral, 'toJSON', { value: toJSON, configurable: true });
  return referral;
}

/** A freshly drawn referral and whether its price decays while it is on the market. */
export interface Draft {
  readonly referral: Opportunity;
  readonly decays: boolean;
}

/** Most common lines first: real traffic is dominated by GL, BOP, auto and home. */
const FAVOURITE_LINES: Readonly<Record<LineCategory, readonly string[]>> = {
  COMMERCIAL: ['CGLY', 'CGLY', 'CBPY', 'CWCP', 'CAUT', 'CPTY', 'CPLY'],
  PERSONAL: ['AUTO', 'AUTO', 'HOME', 'HOME', 'RENT', 'CNDO', 'UMBR'],
  LIFE_ANNUITIES: ['LIFE', 'LIFE', 'ANNU'],
};

function businessLines(rng: Rng, category: LineCategory): string[] {
  const all = BUSINESS_LINES[category].map((l) => l.code);
  const count = rng.weighted<number>([
    [1, 60],
    [2, 28],
    [3, 12],
  ]);
  const lines = new Set<string>([rng.pick(FAVOURITE_LINES[category])]);
  while (lines.size < count)
    lines.add(rng.chance(0.5) ? rng.pick(FAVOURITE_LINES[category]) : rng.pick(all));
  return [...lines];
}

/** A skewed draw: most businesses are small, a few are large. */
const skewed = (rng: Rng, max: number, power: number): number =>
  Math.floor(max * rng.next() ** power);

function categoryFields(
  rng: Rng,
  category: LineCategory | null,
  lastName: string,
): Partial<Opportunity> {
  if (category === null) return {};
  const lines = businessLines(rng, category);
  if (category === LineCategory.COMMERCIAL) {
    const naics = rng.pick(NAICS_CODES);
    return {
      businessLines: lines,
      industryCode: naics.code,
      industryDescription: naics.description,
      industry: naicsSector(naics.code),
      noOfEmployees: rng.chance(0.1) ? null : skewed(rng, 250, 3),
      yearsInBusiness: rng.chance(0.05) ? null : skewed(rng, 60, 2),
      estimatedPremium: rng.chance(0.1) ? null : 500 + skewed(rng, 48_000, 3),
      currentlyInsured: rng.chance(0.05) ? null : rng.chance(0.7),
      businessName: names.businessName(rng, naics.code, lastName),
    };
  }
  const personal = category === LineCategory.PERSONAL;
  return {
    businessLines: lines,
    estimatedPremium: rng.chance(0.1)
      ? null
      : personal
        ? 300 + skewed(rng, 5_700, 2)
        : 300 + skewed(rng, 11_700, 2),
    age: rng.int(personal ? 18 : 25, personal ? 85 : 75),
    gender: rng.pick(['M', 'F']),
    medicalExam: personal ? null : rng.chance(0.7),
    currentlyInsured: personal ? (rng.chance(0.05) ? null : rng.chance(0.75)) : null,
  };
}

/**
 * Draws a referral added at `addDateMs`, in its first status (Available for the claim market,
 * Incoming for CCR and CTR), one in ten sent under the alias names. Callers move it on from there.
 */
export function draftReferral(rng: Rng, opportunityId: number, addDateMs: number): Draft {
  const opportunityType = rng.weighted(TYPE_WEIGHTS);
  const direct = opportunityType === OpportunityType.WT_CIR;
  const category = direct ? null : rng.weighted(CATEGORY_WEIGHTS);
  const place = rng.weighted(PLACES);
  const { firstName, lastName } = names.personName(rng);
  const address1 = names.streetAddress(rng);
  const claimable = CLAIMABLE_TYPES.has(opportunityType);
  const window = CLAIM_WINDOW_MINUTES[opportunityType];
  const price = originalPrice(rng, category, opportunityType);
  const addDate = new Date(addDateMs).toISOString();
  const referral: Opportunity = {
    opportunityId,
    searchId: rng.hex(32),
    opportunityType,
    marketplaceStatus: claimable ? MarketplaceStatus.Available : MarketplaceStatus.Incoming,
    marketplaceExpirationDate:
      window === undefined
        ? null
        : new Date(addDateMs + rng.int(window[0], window[1]) * 60_000).toISOString(),
    addDate,
    lastModDate: addDate,
    category,
    businessLines: [],
    industryCode: null,
    industryDescription: null,
    industry: null,
    noOfEmployees: null,
    yearsInBusiness: null,
    estimatedPremium: null,
    age: null,
    gender: null,
    medicalExam: null,
    currentlyInsured: null,
    prospectMessage: direct ? null : rng.pick(names.PROSPECT_MESSAGES),
    firstName,
    lastName: direct && rng.chance(0.3) ? null : lastName,
    phone: names.phoneNumber(rng, place.areaCode),
    email: direct || rng.chance(0.04) ? null : names.emailAddress(rng, firstName, lastName),
    businessName: null,
    address1: direct ? null : address1,
    city: place.city,
    state: place.state,
    postalCode: place.postalCode,
    location: direct
      ? `${place.city}, ${place.state}`
      : `${address1}, ${place.city}, ${place.state} ${place.postalCode}`,
    showVisualLocation: !direct,
    source: direct ? DIRECT_CALL_SOURCE : rng.weighted(WEB_SOURCES),
    agenciesNotified: 0,
    assignedAgent: null,
    assignedAgency: null,
    assignedPartner: null,
    dynamicPrice: price,
    discountPrice: price,
    soldPrice: null,
    decayStatus: null,
    limitedTime: window !== undefined,
    ...categoryFields(rng, category, lastName),
  };
  spell(referral, drawnSpelling(referral.searchId));
  // Direct calls keep a flat price; most web referrals lose value while nobody claims them.
  return { referral, decays: !direct && claimable && rng.chance(0.7) };
}
