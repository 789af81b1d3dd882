import { createHash } from 'node:crypto';
import { DEMO_USERS, type DemoUser } from '../demoUsers.js';

/**
 * The subject of a demo user: a UUID derived from the username (name-based, SHA-1, like UUID v5),
 * so the dev realm and the Keycloak realm import give every user the same stable `sub`.
 */
export function demoUserId(username: string): string {
  const hash = createHash('sha1').update(`referrals-demo-user:${username}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const byId = new Map(DEMO_USERS.map((user) => [demoUserId(user.username), user]));

/** The demo user with this subject, if any. */
export function findDemoUserById(id: string): DemoUser | undefined {
  return byId.get(id);
}

/** The demo user whose username and password match; usernames are case-insensitive as in Keycloak. */
export function checkDemoCredentials(username: string, password: string): DemoUser | undefined {
  const user = DEMO_USERS.find((u) => u.username === username.trim().toLowerCase());
  return user !== undefined && user.password === password ? user : undefined;
}

/** Profile claims of a user, as Keycloak's profile and email scopes put them in tokens. */
export function profileClaims(user: DemoUser) {
  return {
    preferred_username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    email_verified: true,
  };
}

/**
 * Role claims in Keycloak's shape. resource_access always names the console client, with an empty
 * list when the user has no client roles, so consumers read one shape for every user.
 */
export function roleClaims(user: DemoUser, clientId: string) {
  return {
    realm_access: { roles: [...user.realmRoles] },
    resource_access: { [clientId]: { roles: [...user.clientRoles] } },
  };
}

/** Every claim the realm issues about a user, beyond the token's own (iss, exp, ...). */
export const USER_CLAIMS = [
  'sub',
  'preferred_username',
  'given_name',
  'family_name',
  'name',
  'email',
  'email_verified',
  'realm_access',
  'resource_access',
] as const;
