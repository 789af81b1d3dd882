/**
 * The identity messages of spec section 8 that can arise in this client. The others belong to
 * keycloak-angular (not used here) or to keycloak-js itself, which throws its own
 * ('Not supported by the OIDC server', 'Timeout when waiting for 3rd party check iframe
 * message.'); README's departures say which.
 */
export const IDENTITY_MESSAGES = {
  /** GET /api/config named no realm: sign-in cannot start; the public feed still serves. */
  realmMissing: 'realm missing',
  /** The realm answered the logout form with neither a redirect nor an ok. */
  logoutFailed: 'Logout failed, request returned an error code.',
  /** The logout form never reached the realm (the network failed): ours, not the spec's. */
  logoutUnreachable: 'Logout failed: the sign-in server could not be reached.',
  /** The token endpoint refused the refresh (HTTP 400): the user signs in again. */
  refreshFailed: 'Failed to refresh the token, or the session is expired',
  /** The profile was asked for with no signed-in user. */
  profileNotLoaded: 'The user profile was not loaded as the user is not logged in.',
} as const;
