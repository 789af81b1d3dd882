/** The log and error message catalogue of section 8. */

/** Messages logged by the HTTP calls. */
export const LOG_MESSAGES = {
  notFound: 'Not Found',
  notAuthorized: 'Not Authorized',
} as const;

/** Identity-adapter messages, verbatim. */
export const IDENTITY_MESSAGES = {
  realmMissing: 'realm missing',
  accountNotSupported: 'Not supported by the OIDC server',
  invalidAdapterType: 'invalid adapter type',
  logoutFailed: 'Logout failed, request returned an error code.',
  refreshFailed: 'Failed to refresh the token, or the session is expired',
  notInitialized: 'Keycloak Angular library is not initialized.',
  profileNotLoadedNotLoggedIn: 'The user profile was not loaded as the user is not logged in.',
  notLoggedInOrNoProfile: 'User not logged in or user profile was not loaded.',
  accessValidationError: 'An error happened during access validation',
  thirdPartyCheckTimeout: 'Timeout when waiting for 3rd party check iframe message.',
  // The spec describes this warning without quoting it; the wording is ours.
  thirdPartyCookiesBlocked:
    'Third-party cookies are blocked: silent sign-in and session change detection are disabled.',
} as const;
export type IdentityMessage = (typeof IDENTITY_MESSAGES)[keyof typeof IDENTITY_MESSAGES];

/** The upstream calls whose error handling differs. */
export const UpstreamCall = {
  Recent: 'recent',
  Sources: 'sources',
  SingleReferral: 'singleReferral',
  AvailableReferrals: 'availableReferrals',
  PurchasedReferrals: 'purchasedReferrals',
  MarketplaceOpportunitiesByUser: 'marketplaceOpportunitiesByUser',
  MarketplaceOpportunities: 'marketplaceOpportunities',
  AcquiredOpportunities: 'acquiredOpportunities',
  User: 'user',
  UsersByEmail: 'usersByEmail',
  AgencyUsers: 'agencyUsers',
} as const;
export type UpstreamCall = (typeof UpstreamCall)[keyof typeof UpstreamCall];

/** What to do with a failed call: return an empty result after logging, or rethrow. */
export type ErrorOutcome =
  | { readonly action: 'empty'; readonly log: (typeof LOG_MESSAGES)[keyof typeof LOG_MESSAGES] }
  | { readonly action: 'rethrow' };

/** Calls where 401 is not swallowed: recent, sources, single referral and the agency-user service. */
const RETHROW_401: ReadonlySet<UpstreamCall> = new Set<UpstreamCall>([
  UpstreamCall.Recent,
  UpstreamCall.Sources,
  UpstreamCall.SingleReferral,
  UpstreamCall.UsersByEmail,
  UpstreamCall.AgencyUsers,
]);

/**
 * The error rule of section 8: 404 is logged 'Not Found' and gives an empty result on every call;
 * 401 is logged 'Not Authorized' and gives an empty result except where the spec rethrows it;
 * every other status is rethrown.
 */
export const errorOutcome = (call: UpstreamCall, status: number): ErrorOutcome => {
  if (status === 404) return { action: 'empty', log: LOG_MESSAGES.notFound };
  if (status === 401 && !RETHROW_401.has(call)) {
    return { action: 'empty', log: LOG_MESSAGES.notAuthorized };
  }
  return { action: 'rethrow' };
};
