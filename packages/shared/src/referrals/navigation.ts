import { PRODUCT_NAME } from '../domain/roles.js';
import type { ConsoleUser } from '../schemas/admin.js';
import type { Access, RoleLabel } from './access.js';
import { cityState, fullName } from './cells.js';
import { ROUTES } from './routes.js';

/** A navigation link; items without a screen point to admin/not-implemented. */
export interface NavLink {
  readonly id: string;
  readonly label: string;
  readonly path: string;
}

/** A side-navigation entry: a single link or a titled group of links. */
export type NavEntry =
  | ({ readonly kind: 'link' } & NavLink)
  | {
      readonly kind: 'group';
      readonly id: string;
      readonly title: string;
      readonly items: readonly NavLink[];
    };

const todo = (id: string, label: string): NavLink => ({ id, label, path: ROUTES.notImplemented });
const group = (id: string, title: string, items: readonly NavLink[]): NavEntry => ({
  kind: 'group',
  id,
  title,
  items,
});

/**
 * The bought-referrals screen's id by role: administrators see every agency's purchases (Claim-It
 * Transactions), everyone else their agency's (Acquired Referrals). Its CSV export is named after
 * it.
 */
export const boughtScreenId = (a: Pick<Access, 'isAdmin'>): string =>
  a.isAdmin ? 'claim-it-transactions' : 'acquired-referrals';

/** The file name of the bought-referrals export made on `day` (YYYY-MM-DD). */
export const boughtExportFileName = (a: Pick<Access, 'isAdmin'>, day: string): string =>
  `${boughtScreenId(a)}-${day}.csv`;

/** Title of the marketplace group and of the list page, by role. */
export const marketplaceTitle = (a: Access): string => {
  if (a.isCarrier) return a.isBridgeUser ? 'Bridge Marketplace' : `${PRODUCT_NAME} Marketplace`;
  if (a.isAdmin || a.isAgencyAdmin) return 'Opportunity Admin';
  return 'Referrals';
};

/**
 * Personal settings per audience. The spec gives each item to one of the two groups without
 * saying which: carriers manage their marketplace, company and appointed agents; agents manage
 * their appetite, account, payment method and notifications.
 */
const personalSettings = (a: Access): readonly NavLink[] =>
  a.isCarrier
    ? [
        { id: 'marketplace-appetite', label: 'Marketplace Appetite', path: ROUTES.appetite },
        todo('company-info', 'Company Info'),
        todo('appointed-agents', 'Appointed Agents'),
      ]
    : [
        { id: 'my-appetite', label: 'My Appetite', path: ROUTES.appetite },
        todo('account-info', 'Account Info'),
        todo('payment-method', 'Payment Method'),
        todo('notifications', 'Notifications'),
      ];

/**
 * The side navigation of the admin shell for a user. Company Admin and Developer are shown to
 * admins only: the spec names them without an audience and both are administration tools.
 */
export const sideNavigation = (a: Access): readonly NavEntry[] => {
  const entries: NavEntry[] = [];
  if (!a.isBridgeUser && !a.isProducer && !a.isAdmin) {
    entries.push({ kind: 'link', id: 'dashboard', label: 'Dashboard', path: ROUTES.dashboard });
  }
  if (a.isAdmin) {
    entries.push(
      group('agency-admin', 'Agency Admin', [
        todo('agency-list', 'Agency List'),
        todo('users', 'Users'),
        todo('reviews', 'Reviews'),
        todo('verify-urls', 'Verify URLs'),
      ]),
    );
  }
  const marketplace: NavLink = {
    id: 'claim-it-marketplace',
    label: 'Claim-it Marketplace',
    path: ROUTES.allReferrals,
  };
  entries.push(
    group(
      'marketplace',
      marketplaceTitle(a),
      a.isAdmin
        ? [
            marketplace,
            {
              id: boughtScreenId(a),
              label: 'Claim-It Transactions',
              path: ROUTES.purchasedReferrals,
            },
            { id: 'marketplaces', label: 'Marketplaces', path: ROUTES.marketplaces },
          ]
        : [
            marketplace,
            {
              id: boughtScreenId(a),
              label: 'Acquired Referrals',
              path: ROUTES.purchasedReferrals,
            },
          ],
    ),
  );
  if (a.isAdmin) {
    entries.push(
      group('company-admin', 'Company Admin', [todo('companies', 'Companies')]),
      group('developer', 'Developer', [
        { id: 'feature-flags', label: 'Feature Flags', path: ROUTES.featureFlags },
        todo('dynamic-phone', 'Dynamic Phone'),
        todo('page-tagging', 'Page Tagging'),
      ]),
    );
  } else {
    entries.push(group('personal-settings', 'Personal Settings', personalSettings(a)));
  }
  if (a.isCarrier) {
    entries.push(group('analytics', 'Analytics', [todo('live-shoppers', 'Live Shoppers')]));
  }
  if (a.isAdmin) {
    entries.push(
      { kind: 'link', ...todo('help-desk', 'Help Desk') },
      { kind: 'link', ...todo('new-features', 'New Features') },
      { kind: 'link', ...todo('pricing', 'Pricing') },
    );
  }
  return entries;
};

/** What the profile menu shows. */
export interface ProfileMenu {
  readonly name: string;
  readonly roleLabel: RoleLabel | null;
  readonly agencyName: string;
  readonly location: string;
  readonly links: readonly { readonly id: 'contact-us' | 'help-desk'; readonly label: string }[];
}

/** The profile menu of a user. */
export const profileMenu = (user: ConsoleUser, a: Access): ProfileMenu => ({
  name: fullName(user) || user.username,
  roleLabel: a.roleLabel,
  agencyName: user.agencyName ?? '',
  location: cityState(user),
  links: [
    { id: 'contact-us', label: 'Contact Us' },
    { id: 'help-desk', label: 'Help Desk' },
  ],
});
