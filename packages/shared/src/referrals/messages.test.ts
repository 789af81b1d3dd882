import { describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES, LOG_MESSAGES, UpstreamCall, errorOutcome } from './messages.js';

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

  const swallow401 = [
    UpstreamCall.AvailableReferrals,
    UpstreamCall.PurchasedReferrals,
    UpstreamCall.MarketplaceOpportunitiesByUser,
    UpstreamCall.MarketplaceOpportunities,
    UpstreamCall.AcquiredOpportunities,
    UpstreamCall.User,
  ];
  const rethrow401 = [
    UpstreamCall.Recent,
    UpstreamCall.Sources,
    UpstreamCall.SingleReferral,
    UpstreamCall.UsersByEmail,
    UpstreamCall.AgencyUsers,
  ];

  it.each(Object.values(UpstreamCall))('%s: 404 logs Not Found and returns empty', (call) => {
    expect(errorOutcome(call, 404)).toEqual({ action: 'empty', log: 'Not Found' });
  });

  it.each(swallow401)('%s: 401 logs Not Authorized and returns empty', (call) => {
    expect(errorOutcome(call, 401)).toEqual({ action: 'empty', log: 'Not Authorized' });
  });

  it.each(rethrow401)('%s: 401 is rethrown', (call) => {
    expect(errorOutcome(call, 401)).toEqual({ action: 'rethrow' });
  });

  it.each([400, 403, 500, 503])('any call: %i is rethrown', (status) => {
    expect(errorOutcome(UpstreamCall.AvailableReferrals, status)).toEqual({ action: 'rethrow' });
  });

  it('classifies every call', () => {
    expect([...swallow401, ...rethrow401].sort()).toEqual(Object.values(UpstreamCall).sort());
  });
});
