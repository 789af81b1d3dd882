import { ROLES } from '@referrals/shared';
import { DEMO_USERS } from '../demoUsers.js';
import { demoUserId } from './accounts.js';
import { keycloakRedirectPattern } from './clientRules.js';
import type { RealmOptions } from './options.js';

/** Keycloak's default SSO session maximum (10 hours), as the dev realm uses it. */
const SSO_SESSION_MAX_SECONDS = 10 * 60 * 60;

/**
 * The Keycloak realm import (deploy/keycloak/referrals-realm.json) equivalent to the dev realm with
 * these options: same realm and client, same redirect URI patterns, same users, passwords, ids and
 * roles, same token lifetimes. compose.test.ts fails when the committed file differs from this.
 */
export function keycloakRealmImport(options: Omit<RealmOptions, 'publicOrigin'>) {
  const { clientId } = options;
  const patterns = options.consoleOrigins.map(keycloakRedirectPattern);
  return {
    realm: options.realm,
    enabled: true,
    // The compose stack runs on plain http.
    sslRequired: 'none',
    accessTokenLifespan: options.accessTokenTtlSeconds,
    ssoSessionIdleTimeout: options.refreshTokenTtlSeconds,
    ssoSessionMaxLifespan: Math.max(options.refreshTokenTtlSeconds, SSO_SESSION_MAX_SECONDS),
    // Single-use refresh tokens, as the dev realm rotates them.
    revokeRefreshToken: true,
    refreshTokenMaxReuse: 0,
    registrationAllowed: false,
    resetPasswordAllowed: false,
    roles: {
      realm: ROLES.map((name) => ({ name })),
      client: { [clientId]: ROLES.map((name) => ({ name })) },
    },
    clients: [
      {
        clientId,
        name: 'Referral console',
        enabled: true,
        protocol: 'openid-connect',
        publicClient: true,
        standardFlowEnabled: true,
        implicitFlowEnabled: false,
        directAccessGrantsEnabled: false,
        serviceAccountsEnabled: false,
        frontchannelLogout: false,
        fullScopeAllowed: true,
        redirectUris: patterns,
        webOrigins: [...options.consoleOrigins],
        attributes: {
          'pkce.code.challenge.method': 'S256',
          'post.logout.redirect.uris': patterns.join('##'),
        },
        defaultClientScopes: ['basic', 'profile', 'email', 'roles', 'web-origins', 'acr'],
        protocolMappers: [
          {
            // Keycloak's tokens are audienced to 'account' unless told; the relay checks aud.
            name: `audience ${clientId}`,
            protocol: 'openid-connect',
            protocolMapper: 'oidc-audience-mapper',
            consentRequired: false,
            config: {
              'included.client.audience': clientId,
              'id.token.claim': 'false',
              'access.token.claim': 'true',
              'introspection.token.claim': 'true',
            },
          },
        ],
      },
    ],
    users: DEMO_USERS.map((user) => ({
      id: demoUserId(user.username),
      username: user.username,
      enabled: true,
      emailVerified: true,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      credentials: [{ type: 'password', value: user.password, temporary: false }],
      realmRoles: [...user.realmRoles],
      clientRoles: user.clientRoles.length > 0 ? { [clientId]: [...user.clientRoles] } : {},
    })),
  };
}
