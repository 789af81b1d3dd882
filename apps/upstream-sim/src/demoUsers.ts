import { Role } from '@referrals/shared';

/** A demo user of the dev realm, matched by an agency user and a marketplace in generated data. */
export interface DemoUser {
  readonly username: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Realm roles (realm_access.roles). */
  readonly realmRoles: readonly Role[];
  /** Roles of the console client (resource_access.{client}.roles). */
  readonly clientRoles: readonly Role[];
  /** The agency this user belongs to (fulcrumId), or null for staff without one. */
  readonly agencyId: number | null;
  readonly agencyName: string | null;
  /** The buying marketplace of the user's agency, whose appetite is their In-Appetite view. */
  readonly marketplaceId: number | null;
  readonly city: string;
  readonly state: string;
}

/**
 * The demo users, one per role of agent-console section 6 (and a second producer of Lone Star). Every generated-data fixture that a
 * demo user needs (agency, agency user, marketplace) is built from this list, so the realm and the
 * data cannot drift apart. Passwords equal usernames; they are for the dev realm only.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    password: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@demo.referrals.test',
    realmRoles: [Role.CONSOLE_ADMIN],
    clientRoles: [Role.CONSOLE_ADMIN],
    agencyId: null,
    agencyName: null,
    marketplaceId: null,
    city: 'Austin',
    state: 'TX',
  },
  {
    username: 'producer',
    password: 'producer',
    firstName: 'Pat',
    lastName: 'Producer',
    email: 'producer@demo.referrals.test',
    realmRoles: [Role.CONSOLE_PRODUCER],
    clientRoles: [],
    agencyId: 1001,
    agencyName: 'Lone Star Insurance Group',
    marketplaceId: 3,
    city: 'Dallas',
    state: 'TX',
  },
  {
    username: 'agencyadmin',
    password: 'agencyadmin',
    firstName: 'Alex',
    lastName: 'Agencyadmin',
    email: 'agencyadmin@demo.referrals.test',
    realmRoles: [Role.CONSOLE_AGENCY_ADMIN],
    clientRoles: [],
    agencyId: 1001,
    agencyName: 'Lone Star Insurance Group',
    marketplaceId: 3,
    city: 'Dallas',
    state: 'TX',
  },
  {
    username: 'carrier',
    password: 'carrier',
    firstName: 'Casey',
    lastName: 'Carrier',
    email: 'carrier@demo.referrals.test',
    realmRoles: [Role.CONSOLE_CARRIER],
    clientRoles: [],
    agencyId: 1002,
    agencyName: 'Great Lakes Mutual',
    marketplaceId: 4,
    city: 'Chicago',
    state: 'IL',
  },
  {
    username: 'bridge',
    password: 'bridge',
    firstName: 'Blair',
    lastName: 'Bridge',
    email: 'bridge@demo.referrals.test',
    realmRoles: [Role.CONSOLE_CARRIER],
    clientRoles: [Role.COMPANY_BRIDGE],
    agencyId: 1003,
    agencyName: 'Bridge Specialty Partners',
    marketplaceId: 5,
    city: 'Columbus',
    state: 'OH',
  },
  {
    username: 'fulcrum',
    password: 'fulcrum',
    firstName: 'Frankie',
    lastName: 'Fulcrum',
    email: 'fulcrum@demo.referrals.test',
    realmRoles: [Role.CONSOLE_PRODUCER],
    clientRoles: [Role.COMPANY_PRODUCT],
    agencyId: 1004,
    agencyName: 'Peachtree Risk Advisors',
    marketplaceId: 6,
    city: 'Atlanta',
    state: 'GA',
  },
  {
    // A second producer of Lone Star, so two teammates can see each other (presence and holds).
    username: 'producer2',
    password: 'producer2',
    firstName: 'Ana',
    lastName: 'Producer',
    email: 'producer2@demo.referrals.test',
    realmRoles: [Role.CONSOLE_PRODUCER],
    clientRoles: [],
    agencyId: 1001,
    agencyName: 'Lone Star Insurance Group',
    marketplaceId: 3,
    city: 'Dallas',
    state: 'TX',
  },
];
