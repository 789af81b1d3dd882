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
