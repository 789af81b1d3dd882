/** The route table of section 2. Paths have no leading slash, as the router spells them. */
export const ROUTES = {
  admin: 'admin',
  allReferrals: 'admin/all-referrals',
  claimItReferrals: 'admin/claim-it-referrals',
  dashboard: 'admin/dashboard',
  featureFlags: 'admin/feature-flags',
  marketplaces: 'admin/marketplaces',
  marketplace: 'admin/marketplaces/:marketplaceId',
  purchasedReferrals: 'admin/purchased-referrals',
  recentOpportunities: 'admin/recent-opportunities',
  notImplemented: 'admin/not-implemented',
  appetite: 'admin/appetite',
  publicReferrals: 'public-referrals',
} as const;
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const normalise = (path: string): string => path.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');

/** Routes that need a signed-in user: everything under admin. */
export const requiresSignIn = (path: string): boolean => {
  const p = normalise(path);
  return p === ROUTES.admin || p.startsWith(`${ROUTES.admin}/`);
};

/** Return address after login: the origin plus the requested URL. */
export const loginReturnUrl = (origin: string, requestedUrl: string): string =>
  `${origin.replace(/\/+$/, '')}/${requestedUrl.replace(/^\/+/, '')}`;

/** Where logout lands: /admin on the origin. */
export const logoutRedirectUrl = (origin: string): string =>
  `${origin.replace(/\/+$/, '')}/${ROUTES.admin}`;
