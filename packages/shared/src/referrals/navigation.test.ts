import { describe, expect, it } from 'vitest';
import { Role } from '../domain/roles.js';
import { deriveAccess } from './access.js';
import type { NavEntry } from './navigation.js';
import {
  boughtExportFileName,
  marketplaceTitle,
  profileMenu,
  sideNavigation,
} from './navigation.js';

const access = (...roles: Role[]) => deriveAccess(new Set(roles));
const admin = access(Role.CONSOLE_ADMIN, Role.COMPANY_PRODUCT);
const agencyAdmin = access(Role.CONSOLE_AGENCY_ADMIN, Role.COMPANY_PRODUCT);
const producer = access(Role.CONSOLE_PRODUCER, Role.COMPANY_PRODUCT);
const productCarrier = access(Role.CONSOLE_CARRIER, Role.COMPANY_PRODUCT);
const bridgeCarrier = access(Role.CONSOLE_CARRIER, Role.COMPANY_BRIDGE);

/** Each entry as 'Title: item, item' or a plain link label. */
const outline = (entries: readonly NavEntry[]): string[] =>
  entries.map((e) =>
    e.kind === 'link' ? e.label : `${e.title}: ${e.items.map((i) => i.label).join(', ')}`,
  );

describe('agent-console §2 side navigation', () => {
  it.each([
    ['bridge carriers', bridgeCarrier, 'Bridge Marketplace'],
    ['product carriers', productCarrier, 'Fulcrum Marketplace'],
    ['carriers of no company', access(Role.CONSOLE_CARRIER), 'Fulcrum Marketplace'],
    ['admins', admin, 'Opportunity Admin'],
    ['agency admins', agencyAdmin, 'Opportunity Admin'],
    ['producers', producer, 'Referrals'],
    ['users without console role', access(), 'Referrals'],
  ])('titles the marketplace group for %s %j', (_name, a, title) => {
    expect(marketplaceTitle(a)).toBe(title);
  });

  it.each([
    [
      'admin',
      admin,
      [
        'Agency Admin: Agency List, Users, Reviews, Verify URLs',
        'Opportunity Admin: Claim-it Marketplace, Claim-It Transactions, Marketplaces',
        'Company Admin: Companies',
        'Developer: Feature Flags, Dynamic Phone, Page Tagging',
        'Help Desk',
        'New Features',
        'Pricing',
      ],
    ],
    [
      'agency admin',
      agencyAdmin,
      [
        'Dashboard',
        'Opportunity Admin: Claim-it Marketplace, Acquired Referrals',
        'Personal Settings: My Appetite, Account Info, Payment Method, Notifications',
      ],
    ],
    [
      'producer',
      producer,
      [
        'Referrals: Claim-it Marketplace, Acquired Referrals',
        'Personal Settings: My Appetite, Account Info, Payment Method, Notifications',
      ],
    ],
    [
      'product carrier',
      productCarrier,
      [
        'Dashboard',
        'Fulcrum Marketplace: Claim-it Marketplace, Acquired Referrals',
        'Personal Settings: Marketplace Appetite, Company Info, Appointed Agents',
        'Analytics: Live Shoppers',
      ],
    ],
    [
      'bridge carrier',
      bridgeCarrier,
      [
        'Bridge Marketplace: Claim-it Marketplace, Acquired Referrals',
        'Personal Settings: Marketplace Appetite, Company Info, Appointed Agents',
        'Analytics: Live Shoppers',
      ],
    ],
  ])('shows a %s the right entries', (_name, a, expected) => {
    expect(outline(sideNavigation(a))).toEqual(expected);
  });

  it('points screens at their routes and everything else at not-implemented', () => {
    const links = sideNavigation(admin).flatMap((e) => (e.kind === 'link' ? [e] : e.items));
    const paths = Object.fromEntries(links.map((l) => [l.label, l.path]));
    expect(paths).toMatchObject({
      'Claim-it Marketplace': 'admin/all-referrals',
      'Claim-It Transactions': 'admin/purchased-referrals',
      Marketplaces: 'admin/marketplaces',
      'Feature Flags': 'admin/feature-flags',
      'Agency List': 'admin/not-implemented',
      Users: 'admin/not-implemented',
      Reviews: 'admin/not-implemented',
      'Verify URLs': 'admin/not-implemented',
      Companies: 'admin/not-implemented',
      'Dynamic Phone': 'admin/not-implemented',
      'Page Tagging': 'admin/not-implemented',
      Pricing: 'admin/not-implemented',
    });
    const [dashboard] = sideNavigation(productCarrier);
    expect(dashboard).toMatchObject({ kind: 'link', path: 'admin/dashboard' });
    const acquired = sideNavigation(producer)
      .flatMap((e) => (e.kind === 'group' ? e.items : []))
      .find((l) => l.label === 'Acquired Referrals');
    expect(acquired?.path).toBe('admin/purchased-referrals');
    const appetite = (a: typeof producer) =>
      sideNavigation(a)
        .flatMap((e) => (e.kind === 'group' ? e.items : []))
        .find((l) => l.id.endsWith('appetite'));
    expect(appetite(producer)).toMatchObject({ label: 'My Appetite', path: 'admin/appetite' });
    expect(appetite(productCarrier)).toMatchObject({
      label: 'Marketplace Appetite',
      path: 'admin/appetite',
    });
  });
});

describe('agent-console §2 profile menu', () => {
  const user = {
    username: 'dana',
    firstName: 'Dana',
    lastName: 'Reyes',
    agencyName: 'Lone Star Insurance',
    city: 'Austin',
    state: 'TX',
  };

  it('shows name, role label, agency and City, ST with Contact Us and Help Desk', () => {
    expect(profileMenu(user, agencyAdmin)).toEqual({
      name: 'Dana Reyes',
      roleLabel: 'Agency Admin',
      agencyName: 'Lone Star Insurance',
      location: 'Austin, TX',
      links: [
        { id: 'contact-us', label: 'Contact Us' },
        { id: 'help-desk', label: 'Help Desk' },
      ],
    });
  });

  it('falls back to the username and blanks for a sparse profile', () => {
    const sparse = {
      username: 'dana',
      firstName: null,
      lastName: null,
      agencyName: null,
      city: null,
      state: null,
    };
    expect(profileMenu(sparse, access())).toMatchObject({
      name: 'dana',
      roleLabel: null,
      agencyName: '',
      location: '',
    });
  });
});

describe('the bought-referrals export', () => {
  it("is named after the screen: every agency's transactions for admins, the agency's own else", () => {
    expect(boughtExportFileName({ isAdmin: true }, '2026-11-26')).toBe(
      'claim-it-transactions-2026-11-26.csv',
    );
    expect(boughtExportFileName({ isAdmin: false }, '2026-11-26')).toBe(
      'acquired-referrals-2026-11-26.csv',
    );
  });
});
