import { describe, expect, it } from 'vitest';
import { Role } from '../domain/roles.js';
import { accessFromClaims, deriveAccess, demoLinkFor, rolesFromClaims } from './access.js';
import { PRODUCT_BRAND, TRUSTED_CHOICE_BRAND } from './brand.js';

const CLIENT = 'console';
const access = (...roles: Role[]) => deriveAccess(new Set(roles));

describe('agent-console §6 roles from token claims', () => {
  it('reads both realm roles and the client resource roles', () => {
    const roles = rolesFromClaims(
      {
        realm_access: { roles: [Role.CONSOLE_PRODUCER, 'offline_access'] },
        resource_access: {
          [CLIENT]: { roles: [Role.COMPANY_BRIDGE] },
          other: { roles: [Role.CONSOLE_ADMIN] },
        },
      },
      CLIENT,
    );
    expect([...roles].sort()).toEqual([Role.COMPANY_BRIDGE, Role.CONSOLE_PRODUCER]);
  });

  it.each([
    ['no access claims', {}],
    ['null access claims', { realm_access: null, resource_access: null }],
    ['access claims without roles', { realm_access: {}, resource_access: { [CLIENT]: {} } }],
  ])('finds no roles in %s', (_name, claims) => {
    expect(rolesFromClaims(claims, CLIENT).size).toBe(0);
  });

  it('derives access straight from claims', () => {
    const a = accessFromClaims(
      { resource_access: { [CLIENT]: { roles: [Role.CONSOLE_ADMIN] } } },
      CLIENT,
    );
    expect(a.isAdmin).toBe(true);
  });
});

describe('agent-console §6 role derivation', () => {
  it.each([
    ['admin', [Role.CONSOLE_ADMIN], 'Admin', true, false, true],
    ['carrier', [Role.CONSOLE_CARRIER], 'Carrier', true, false, false],
    ['agency admin', [Role.CONSOLE_AGENCY_ADMIN], 'Agency Admin', false, true, true],
    ['producer', [Role.CONSOLE_PRODUCER], 'Producer', false, true, true],
    [
      'agency admin who is also a producer',
      [Role.CONSOLE_PRODUCER, Role.CONSOLE_AGENCY_ADMIN],
      'Agency Admin',
      false,
      true,
      true,
    ],
    [
      'admin who is also a carrier',
      [Role.CONSOLE_CARRIER, Role.CONSOLE_ADMIN],
      'Admin',
      true,
      false,
      false,
    ],
    [
      'carrier who is also a producer',
      [Role.CONSOLE_PRODUCER, Role.CONSOLE_CARRIER],
      'Carrier',
      true,
      false,
      false,
    ],
    ['user without console role', [], null, false, true, true],
  ] as const)(
    '%s: label %j, privileged %s, canClaim %s, Talk Now %s',
    (_name, roles, label, privileged, canClaim, talkNow) => {
      const a = access(...roles);
      expect(a.roleLabel).toBe(label);
      expect(a.privileged).toBe(privileged);
      expect(a.canClaim).toBe(canClaim);
      expect(a.showTalkNow).toBe(talkNow);
    },
  );

  it.each([
    ['product company', [Role.COMPANY_PRODUCT], true, false, 'product', 1, true],
    ['bridge company', [Role.COMPANY_BRIDGE], false, true, 'bridge', 2, true],
    [
      'both companies (product wins)',
      [Role.COMPANY_BRIDGE, Role.COMPANY_PRODUCT],
      true,
      false,
      'product',
      1,
      true,
    ],
    ['no company', [Role.CONSOLE_PRODUCER], false, false, 'default', 1, false],
  ] as const)(
    '%s: theme and marketplace',
    (_name, roles, product, bridge, theme, marketplaceId, purple) => {
      const a = access(...roles);
      expect(a.isProductUser).toBe(product);
      expect(a.isBridgeUser).toBe(bridge);
      expect(a.theme).toBe(theme);
      expect(a.marketplaceId).toBe(marketplaceId);
      expect(a.purpleTheme).toBe(purple);
    },
  );

  it.each([
    [
      'a product user on the product brand',
      [Role.COMPANY_PRODUCT],
      PRODUCT_BRAND,
      PRODUCT_BRAND.demoLink,
    ],
    [
      'a bridge user on the trusted-choice brand',
      [Role.COMPANY_BRIDGE],
      TRUSTED_CHOICE_BRAND,
      TRUSTED_CHOICE_BRAND.demoLink,
    ],
    ['a user of no company', [Role.CONSOLE_PRODUCER], PRODUCT_BRAND, null],
  ] as const)('gives %s the brand demo link', (_name, roles, brand, link) => {
    expect(demoLinkFor(access(...roles), brand)).toBe(link);
  });
});
