import type { Rng } from './prng.js';

/** Word lists for people, streets and businesses; common US names so rows read naturally. */
export const FIRST_NAMES: readonly string[] = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William ' +
  'Barbara Richard Susan Joseph Jessica Thomas Sarah Carlos Karen Daniel Lisa Matthew ' +
  'Nancy Anthony Sandra Mark Ashley Luis Maria Kevin Emily Brian Michelle Jose Amanda ' +
  'Wei Priya Andre Keisha Tyler Olivia Ethan Sofia Hiroshi Fatima Dmitri Grace'
).split(' ');

export const LAST_NAMES: readonly string[] = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez ' +
  'Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson ' +
  'White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright ' +
  'Scott Nguyen Patel Kim Chen Okafor Novak Schmidt Rossi Murphy Cohen Tanaka'
).split(' ');

const STREETS: readonly string[] = (
  'Main St|Oak Ave|Maple Dr|Cedar Ln|Elm St|Park Blvd|Washington Ave|Lakeview Dr|' +
  'Hillcrest Rd|Sunset Blvd|Pine St|Commerce St|Industrial Pkwy|River Rd|Highland Ave|' +
  'Church St|Mill Rd|Broadway|Market St|Center St'
).split('|');

const BUSINESS_WORDS: readonly string[] = (
  'Summit|Lone Star|Blue Ridge|Evergreen|Pioneer|Liberty|Golden Gate|Keystone|Prairie|' +
  'Harbor|Redwood|Cornerstone|Silver Creek|Heritage|Northstar|Bayou'
).split('|');

const AGENCY_SUFFIXES: readonly string[] =
  'Insurance Group|Insurance Agency|Risk Partners|Insurance Services|Underwriters'.split('|');

/** Words that name a business by its sector, keyed by NAICS two-digit prefix. */
const TRADE_BY_SECTOR: Readonly<Record<string, string>> = {
  '23': 'Builders',
  '72': 'Kitchen',
  '44': 'Supply',
  '45': 'Outfitters',
  '48': 'Logistics',
  '54': 'Consulting',
  '56': 'Services',
  '62': 'Care',
  '81': 'Repair',
  '53': 'Properties',
};

/** Messages prospects leave with their request. */
export const PROSPECT_MESSAGES = [
  'Looking for a better rate before my renewal next month.',
  'Just bought the place and need coverage by Friday.',
  'Current carrier is not renewing. Please call after 3pm.',
  'Need a certificate of insurance for a new contract.',
  'Shopping around, please email me a quote.',
  'Adding a second vehicle and a teen driver.',
  'Prefer text messages during work hours.',
  'Want to bundle home and auto.',
  null,
  null,
] as const;

/** A person's name. */
export const personName = (rng: Rng): { firstName: string; lastName: string } => ({
  firstName: rng.pick(FIRST_NAMES),
  lastName: rng.pick(LAST_NAMES),
});

/** A street address. */
export const streetAddress = (rng: Rng): string => `${rng.int(100, 9899)} ${rng.pick(STREETS)}`;

/** A business name that fits its industry. */
export function businessName(rng: Rng, naicsCode: string | null, lastName: string): string {
  const trade = (naicsCode && TRADE_BY_SECTOR[naicsCode.slice(0, 2)]) ?? 'Enterprises';
  return rng.chance(0.5) ? `${lastName} ${trade} LLC` : `${rng.pick(BUSINESS_WORDS)} ${trade} Inc.`;
}

/** An agency name. */
export const agencyName = (rng: Rng): string =>
  `${rng.pick(BUSINESS_WORDS)} ${rng.pick(AGENCY_SUFFIXES)}`;

/** A ten-digit phone number in an area code; exchange 555 keeps it fictional. */
export const phoneNumber = (rng: Rng, areaCode: string): string =>
  `${areaCode}555${String(rng.int(100, 9999)).padStart(4, '0')}`;

/** An email address at a reserved test domain. */
export const emailAddress = (rng: Rng, firstName: string, lastName: string): string =>
  `${firstName}.${lastName}${rng.int(1, 99)}@example.com`.toLowerCase();
