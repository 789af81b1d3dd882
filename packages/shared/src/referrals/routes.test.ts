import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  loginReturnUrl,
  logoutRedirectUrl,
  marketplacePath,
  redirectFor,
  requiresSignIn,
} from './routes.js';

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
    ['publicReferrals', 'public-referrals'],
  ] as const)('routes %s at %s', (name, path) => {
    expect(ROUTES[name]).toBe(path);
  });

  it.each([
    ['admin/all-referrals', null],
    ['/admin/dashboard/', null],
    ['admin', null],
    ['admin/marketplaces/42', null],
    ['/admin/purchased-referrals?state=TX', null],
    ['public-referrals#top', null],
    ['admin/unknown', 'admin/all-referrals'],
    ['admin/marketplaces/42/edit', 'admin/all-referrals'],
    ['something-else', 'public-referrals'],
    ['', 'public-referrals'],
    ['administrator', 'public-referrals'],
  ])('redirects %j to %j', (path, target) => {
    expect(redirectFor(path)).toBe(target);
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
    [7, 'admin/marketplaces/7'],
    ['a b', 'admin/marketplaces/a%20b'],
  ])('builds the path of marketplace %j', (id, path) => {
    expect(marketplacePath(id)).toBe(path);
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
