import { describe, expect, it } from 'vitest';
import { ROUTES, loginReturnUrl, logoutRedirectUrl, requiresSignIn } from './routes.js';

describe('agent-console §2 route table', () => {
  it.each([
    ['admin', 'admin'],
    ['allReferrals', 'admin/all-referrals'],
    ['claimItReferrals', 'admin/claim-it-referrals'],
    ['dashboard', 'admin/dashboard'],
    ['featureFlags', 'admin/feature-flags'],
    ['marketplaces', 'admin/marketplaces'],
    ['marketplace', 'admin/marketplaces/:marketplaceId'],
    ['purchasedReferrals', 'admin/purchased-referrals'],
    ['recentOpportunities', 'admin/recent-opportunities'],
    ['notImplemented', 'admin/not-implemented'],
    ['appetite', 'admin/appetite'],
    ['publicReferrals', 'public-referrals'],
  ] as const)('routes %s at %s', (name, path) => {
    expect(ROUTES[name]).toBe(path);
  });

  it.each([
    ['admin', true],
    ['/admin/feature-flags', true],
    ['public-referrals', false],
    ['administrator', false],
  ])('%s needs sign-in: %s', (path, needed) => {
    expect(requiresSignIn(path)).toBe(needed);
  });

  it.each([
    [
      'https://console.example.com',
      '/admin/dashboard',
      'https://console.example.com/admin/dashboard',
    ],
    [
      'https://console.example.com/',
      'admin/all-referrals?state=TX',
      'https://console.example.com/admin/all-referrals?state=TX',
    ],
  ])('sends the login back to origin %s plus %s', (origin, url, target) => {
    expect(loginReturnUrl(origin, url)).toBe(target);
  });

  it('returns from logout to /admin on the origin', () => {
    expect(logoutRedirectUrl('https://console.example.com/')).toBe(
      'https://console.example.com/admin',
    );
  });
});
