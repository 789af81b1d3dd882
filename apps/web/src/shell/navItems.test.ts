import { describe, expect, it } from 'vitest';
import { ROUTES } from '@referrals/shared';
import { isCurrent, isSoon, itemHref } from './navItems';

const users = { id: 'users', label: 'Users', path: ROUTES.notImplemented };
const reviews = { id: 'reviews', label: 'Reviews', path: ROUTES.notImplemented };
const flags = { id: 'feature-flags', label: 'Feature Flags', path: ROUTES.featureFlags };
const page = `/${ROUTES.notImplemented}`;

describe('navigation items', () => {
  it('gives each item without a screen an address of its own', () => {
    expect(itemHref(users)).toBe(`${page}?item=users`);
    expect(itemHref(reviews)).not.toBe(itemHref(users));
    expect(itemHref(flags)).toBe(`/${ROUTES.featureFlags}`);
    expect(isSoon(users)).toBe(true);
    expect(isSoon(flags)).toBe(false);
  });

  it('marks only the followed item current on the shared not-implemented page', () => {
    expect(isCurrent(users, page, '?item=users')).toBe(true);
    expect(isCurrent(reviews, page, '?item=users')).toBe(false);
    expect(isCurrent(users, page, '')).toBe(false);
  });

  it('marks a screen current on its own path, whatever its query', () => {
    expect(isCurrent(flags, `/${ROUTES.featureFlags}`, '?x=1')).toBe(true);
    expect(isCurrent(flags, page, '?item=users')).toBe(false);
  });
});
