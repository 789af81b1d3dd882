import { BRIDGE_MARKETPLACE_ID, PRODUCT_MARKETPLACE_ID, ROLES, Role } from '../domain/roles.js';
import type { Brand } from './brand.js';

/** The part of a Keycloak access token that carries roles. */
export interface RoleClaims {
  readonly realm_access?: { readonly roles?: readonly string[] } | null;
  readonly resource_access?: Readonly<
    Record<string, { readonly roles?: readonly string[] } | undefined>
  > | null;
}

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES);
const isRole = (value: string): value is Role => KNOWN_ROLES.has(value);

/** Console roles of a token: realm roles and the client's resource roles, both read. */
export const rolesFromClaims = (claims: RoleClaims, clientId: string): ReadonlySet<Role> => {
  const all = [
    ...(claims.realm_access?.roles ?? []),
    ...(claims.resource_access?.[clientId]?.roles ?? []),
  ];
  return new Set(all.filter(isRole));
};

/** The role label of the profile menu. */
export const RoleLabel = {
  Admin: 'Admin',
  Carrier: 'Carrier',
  AgencyAdmin: 'Agency Admin',
  Producer: 'Producer',
} as const;
export type RoleLabel = (typeof RoleLabel)[keyof typeof RoleLabel];

/** The theme a user's company selects. */
export const UserTheme = { Product: 'product', Bridge: 'bridge', Default: 'default' } as const;
export type UserTheme = (typeof UserTheme)[keyof typeof UserTheme];

/** Everything the console derives from a user's roles. */
export interface Access {
  readonly roles: ReadonlySet<Role>;
  readonly isAdmin: boolean;
  readonly isCarrier: boolean;
  readonly isAgencyAdmin: boolean;
  readonly isProducer: boolean;
  readonly isProductUser: boolean;
  /** Bridge company without the product company: the product role wins. */
  readonly isBridgeUser: boolean;
  /** Carriers and admins: extra columns, status lines with prices, no buttons. */
  readonly privileged: boolean;
  readonly canClaim: boolean;
  /** The 'Talk now - $30' notes button: everyone but carriers. */
  readonly showTalkNow: boolean;
  /** Admin, Carrier, Agency Admin, Producer in that precedence; null without a console role. */
  readonly roleLabel: RoleLabel | null;
  readonly theme: UserTheme;
  readonly marketplaceId: typeof PRODUCT_MARKETPLACE_ID | typeof BRIDGE_MARKETPLACE_ID;
  /** Company users (product or bridge) get the purple theme. */
  readonly purpleTheme: boolean;
}

const labelOf = (a: Pick<Access, 'isAdmin' | 'isCarrier' | 'isAgencyAdmin' | 'isProducer'>) => {
  // Broadest power first: an agency admin is also a producer, so it must win over Producer.
  if (a.isAdmin) return RoleLabel.Admin;
  if (a.isCarrier) return RoleLabel.Carrier;
  if (a.isAgencyAdmin) return RoleLabel.AgencyAdmin;
  if (a.isProducer) return RoleLabel.Producer;
  return null;
};

/** Derive a user's access from their roles (section 6). */
export const deriveAccess = (roles: ReadonlySet<Role>): Access => {
  const isAdmin = roles.has(Role.CONSOLE_ADMIN);
  const isCarrier = roles.has(Role.CONSOLE_CARRIER);
  const isAgencyAdmin = roles.has(Role.CONSOLE_AGENCY_ADMIN);
  const isProducer = roles.has(Role.CONSOLE_PRODUCER);
  const isProductUser = roles.has(Role.COMPANY_PRODUCT);
  const isBridgeUser = roles.has(Role.COMPANY_BRIDGE) && !isProductUser;
  const privileged = isAdmin || isCarrier;
  return {
    roles,
    isAdmin,
    isCarrier,
    isAgencyAdmin,
    isProducer,
    isProductUser,
    isBridgeUser,
    privileged,
    // Who may claim is not in the spec; claim buttons are shown to everyone not privileged.
    canClaim: !privileged,
    showTalkNow: !isCarrier,
    roleLabel: labelOf({ isAdmin, isCarrier, isAgencyAdmin, isProducer }),
    theme: isProductUser ? UserTheme.Product : isBridgeUser ? UserTheme.Bridge : UserTheme.Default,
    marketplaceId: isBridgeUser ? BRIDGE_MARKETPLACE_ID : PRODUCT_MARKETPLACE_ID,
    purpleTheme: isProductUser || isBridgeUser,
  };
};

/** Access straight from token claims. */
export const accessFromClaims = (claims: RoleClaims, clientId: string): Access =>
  deriveAccess(rolesFromClaims(claims, clientId));

/** The demo link a company user sees (the brand's); other users get none. */
export const demoLinkFor = (access: Access, brand: Brand): string | null =>
  access.purpleTheme ? brand.demoLink : null;
