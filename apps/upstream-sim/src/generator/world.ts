import {
  LINE_CATEGORIES,
  REFERRAL_DELIVERY_METHODS,
  STATE_CODES,
  stateName,
  type Agency,
  type AgencyUser,
} from '@referrals/shared';
import { DEMO_USERS } from '../demoUsers.js';
import type { SimState } from '../store/state.js';
import { demoMarketplaces, houseMarketplaces } from './demoMarketplaces.js';
import { aMarketplace } from './marketplaceFactory.js';
import * as names from './names.js';
import { PLACES, type Place } from './places.js';
import type { Rng } from './prng.js';

/** Marketplaces generated besides the house and demo ones. */
const EXTRA_MARKETPLACES = 12;
/** Users of the producer's agency beyond the demo users: 3 pages of 10, so page merging shows. */
const BIG_AGENCY_EXTRA_USERS = 25;
const DAY_MS = 86_400_000;

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function anAgency(id: number, name: string, place: Place, contact: string, rng: Rng): Agency {
  return {
    fulcrumId: id,
    name,
    address: {
      region: stateName(place.state) ?? place.state,
      regionCode: place.state,
      zipCode: place.postalCode,
      street: names.streetAddress(rng),
      city: place.city,
    },
    contact: {
      name: contact,
      email: `contact@${slug(name)}.example.com`,
      phone: names.phoneNumber(rng, place.areaCode),
    },
  };
}

/** Adds generated users to an agency; usernames and emails are unique across the directory. */
function addUsers(
  state: SimState,
  rng: Rng,
  agency: Agency,
  count: number,
  taken: Set<string>,
): void {
  for (let i = 0; i < count; i++) {
    const { firstName, lastName } = names.personName(rng);
    let username = `${firstName[0] ?? 'x'}${lastName}`.toLowerCase();
    for (let n = 2; taken.has(username); n++)
      username = `${firstName[0] ?? 'x'}${lastName}${n}`.toLowerCase();
    taken.add(username);
    state.directory.addUser({
      username,
      emailAddress: `${username}@${slug(agency.name)}.example.com`,
      mobilePhone: names.phoneNumber(rng, '512'),
      mobilePhoneVerified: rng.chance(0.7),
      firstName,
      lastName,
      agencyId: agency.fulcrumId,
      agencyName: agency.name,
      agencyAddress: `${agency.address.street ?? ''}, ${agency.address.city ?? ''}, ${agency.address.regionCode ?? ''}`,
      city: agency.address.city,
      state: agency.address.regionCode,
    });
  }
}

const placeIn = (state: string): Place =>
  PLACES.map(([p]) => p).find((p) => p.state === state) ?? (PLACES[0]?.[0] as Place);

/** Demo agencies and their users, built from DEMO_USERS so realm and data cannot drift. */
function addDemoAgencies(state: SimState, rng: Rng, taken: Set<string>): void {
  for (const u of DEMO_USERS) {
    if (u.agencyId !== null && state.directory.agency(u.agencyId) === undefined) {
      const agency = anAgency(
        u.agencyId,
        u.agencyName ?? `Agency ${u.agencyId}`,
        placeIn(u.state),
        `${u.firstName} ${u.lastName}`,
        rng,
      );
      // The producer's agency debits a healthy balance; the bridge agency runs low (shown red).
      state.directory.addAgency(agency, u.agencyId === 1003 ? 320.5 : 1_250 + rng.int(0, 50) * 10);
    }
    const agency = u.agencyId === null ? undefined : state.directory.agency(u.agencyId);
    taken.add(u.username);
    const user: AgencyUser = {
      username: u.username,
      emailAddress: u.email,
      mobilePhone: names.phoneNumber(rng, placeIn(u.state).areaCode),
      mobilePhoneVerified: true,
      firstName: u.firstName,
      lastName: u.lastName,
      agencyId: u.agencyId,
      agencyName: u.agencyName,
      agencyAddress: agency ? `${agency.address.street ?? ''}, ${u.city}, ${u.state}` : null,
      city: u.city,
      state: u.state,
    };
    state.directory.addUser(user);
  }
  const big = state.directory.agency(1001);
  if (big !== undefined) addUsers(state, rng, big, BIG_AGENCY_EXTRA_USERS, taken);
}

/** Generated buyers: regional agencies with varied appetites, some disabled, two outside the flow. */
function addExtraMarketplaces(state: SimState, rng: Rng, nowMs: number, taken: Set<string>): void {
  const firstId = Math.max(2, ...state.marketplaces.list().map((m) => m.id)) + 1;
  let priority = Math.max(0, ...state.marketplaces.list().map((m) => m.priority ?? 0));
  for (let i = 0; i < EXTRA_MARKETPLACES; i++) {
    const id = firstId + i;
    const home = rng.weighted(PLACES);
    const agency = anAgency(
      2001 + i,
      names.agencyName(rng),
      home,
      names.personName(rng).firstName,
      rng,
    );
    state.directory.addAgency(agency, rng.int(0, 600) * 10);
    addUsers(state, rng, agency, rng.int(2, 8), taken);
    const enabled = i % 6 !== 5;
    const flow = i < EXTRA_MARKETPLACES - 2;
    const categories = rng.sample(LINE_CATEGORIES, rng.int(1, 3));
    const debit = rng.chance(0.3);
    state.marketplaces.seed(
      aMarketplace({
        id,
        name: agency.name,
        agencyId: agency.fulcrumId,
        enabled,
        // One enabled flow marketplace has no priority: the list sorts it last.
        priority: enabled && flow && i !== 3 ? ++priority : null,
        creationDate: new Date(nowMs - rng.int(30, 900) * DAY_MS).toISOString(),
        appetite: {
          stateCodes: [...new Set([home.state, ...rng.sample(STATE_CODES, rng.int(2, 14))])].sort(),
          acceptCommercialLines: categories.includes('COMMERCIAL'),
          acceptPersonalLines: categories.includes('PERSONAL'),
          acceptLifeAnnuitiesLines: categories.includes('LIFE_ANNUITIES'),
          acceptWarmTransfers: rng.chance(0.3),
          yearsInBusinessMin: rng.chance(0.3) ? 2 : null,
          numberOfEmployeesMax: rng.chance(0.3) ? 50 : null,
          referralPriceMax: rng.chance(0.2) ? 60 : null,
          emailAddressRequired: rng.chance(0.2),
          maxReferralsPerDay: rng.chance(0.4) ? rng.int(5, 30) : null,
          acceptReferralsOnSaturday: rng.chance(0.6),
          acceptReferralsOnSunday: rng.chance(0.4),
        },
        extra: {
          includedInMarketplaceFlow: flow,
          marketplaceType: rng.chance(0.7) ? 'INSTANT' : 'DURATION',
          referralDeliveryMethod: rng.pick(REFERRAL_DELIVERY_METHODS),
          debitPrepaidBalance: debit,
          billed: !debit,
          priceModifier: rng.pick([0.9, 1, 1, 1.1, 1.25]),
          generic: rng.chance(0.2),
          phoneNumber: `+1${agency.contact.phone ?? ''}`,
        },
      }),
    );
  }
}

/** Builds agencies, users and marketplaces: house, one per demo agency, and the generated ones. */
export function generateWorld(state: SimState, rng: Rng, nowMs: number): void {
  const taken = new Set<string>();
  addDemoAgencies(state, rng, taken);
  const longAgo = new Date(nowMs - 400 * DAY_MS).toISOString();
  for (const m of demoMarketplaces(longAgo)) state.marketplaces.seed(m);
  addExtraMarketplaces(state, rng, nowMs, taken);
  const last = Math.max(0, ...state.marketplaces.list().map((m) => m.priority ?? 0));
  for (const m of houseMarketplaces(longAgo, last + 2)) state.marketplaces.seed(m);
}
