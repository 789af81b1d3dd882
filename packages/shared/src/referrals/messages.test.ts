import { describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES, LOG_MESSAGES } from './messages.js';

describe('agent-console §8 error catalogue', () => {
  it('logs Not Found and Not Authorized', () => {
    expect(LOG_MESSAGES).toEqual({ notFound: 'Not Found', notAuthorized: 'Not Authorized' });
  });

  it.each([
    ['realmMissing', 'realm missing'],
    ['accountNotSupported', 'Not supported by the OIDC server'],
    ['invalidAdapterType', 'invalid adapter type'],
    ['logoutFailed', 'Logout failed, request returned an error code.'],
    ['refreshFailed', 'Failed to refresh the token, or the session is expired'],
    ['notInitialized', 'Keycloak Angular library is not initialized.'],
    [
      'profileNotLoadedNotLoggedIn',
      'The user profile was not loaded as the user is not logged in.',
    ],
    ['notLoggedInOrNoProfile', 'User not logged in or user profile was not loaded.'],
    ['accessValidationError', 'An error happened during access validation'],
    ['thirdPartyCheckTimeout', 'Timeout when waiting for 3rd party check iframe message.'],
  ] as const)('keeps identity message %s verbatim', (key, text) => {
    expect(IDENTITY_MESSAGES[key]).toBe(text);
  });
});
