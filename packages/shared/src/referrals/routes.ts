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
  publicReferrals: 'public-referrals',
} as const;
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const normalise = (path: string): string => path.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');

/** Routes that need a signed-in user: everything under admin. */
export const requiresSignIn = (path: string): boolean => {
  const p = normalise(path);
  return p === ROUTES.admin || p.startsWith(`${ROUTES.admin}/`);
};

/** The path of one marketplace's screen. */
export const marketplacePath = (marketplaceId: number | string): string =>
  ROUTES.marketplace.replace(':marketplaceId', encodeURIComponent(String(marketplaceId)));

const EXACT: ReadonlySet<string> = new Set(
  Object.values(ROUTES).filter((r) => r !== ROUTES.marketplace),
);
const MARKETPLACE_DETAIL = /^admin\/marketplaces\/[^/]+$/;

/**
 * Where a path redirects, or null when it is a known route. Unknown admin paths go to the
 * all-referrals list; every other unknown path goes to the public feed. The admin shell itself is
 * a route, so 'admin' is served as is.
 */
export const redirectFor = (path: string): RoutePath | null => {
  const p = normalise(path);
  if (EXACT.has(p) || MARKETPLACE_DETAIL.test(p)) return null;
  return requiresSignIn(p) ? ROUTES.allReferrals : ROUTES.publicReferrals;
};

/** Return address after login: the origin plus the requested URL. */
export const loginReturnUrl = (origin: string, requestedUrl: string): string =>
  `${origin.replace(/\/+$/, '')}/${requestedUrl.replace(/^\/+/, '')}`;

/** Where logout lands: /admin on the origin. */
export const logoutRedirectUrl = (origin: string): string =>
  `${origin.replace(/\/+$/, '')}/${ROUTES.admin}`;
