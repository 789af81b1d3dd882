import type { Account, Configuration, Grant, KoaContextWithOIDC } from 'oidc-provider';
import type { RealmOptions } from './options.js';
import { findDemoUserById, profileClaims, roleClaims, USER_CLAIMS } from './accounts.js';
import type { RealmStore } from './adapter.js';
import type { RealmKeys } from './keys.js';
import { keycloakRedirectPattern } from './clientRules.js';
import { escapeHtml } from './loginPage.js';

/** Keycloak's endpoint paths below the issuer; keycloak-js builds these URLs itself. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  end_session: '/protocol/openid-connect/logout',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

/** Scopes a first-party console gets without asking (there is no consent screen, as in Keycloak). */
const GRANTED_SCOPES = 'openid profile email offline_access';

/** Keycloak's default SSO session maximum: sessions outlive many refresh-token rotations. */
const SSO_SESSION_MAX_SECONDS = 10 * 60 * 60;

/** What the configuration is built from. */
export interface ProviderConfigInput {
  readonly options: RealmOptions;
  readonly keys: RealmKeys;
  readonly store: RealmStore;
  /** Path of the issuer on the stand-in, e.g. /realms/referrals. */
  readonly basePath: string;
}

function findAccount(clientId: string) {
  return (_ctx: KoaContextWithOIDC, sub: string): Account | undefined => {
    const user = findDemoUserById(sub);
    if (user === undefined) return undefined;
    return {
      accountId: sub,
      // Roles go to userinfo, not to the ID token, as in Keycloak's default mappers.
      claims: (use) => ({
        sub,
        ...profileClaims(user),
        ...(use === 'userinfo' ? roleClaims(user, clientId) : {}),
      }),
    };
  };
}

/**
 * The console is first party: like Keycloak with consent off, every login gets a grant of all
 * scopes at once, so oidc-provider never asks for the consent prompt.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { client, session, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (client === undefined || session === undefined || accountId === undefined) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId === undefined ? undefined : await provider.Grant.find(grantId);
  const grant =
    existing !== undefined && existing.accountId === accountId
      ? existing
      : new provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope(GRANTED_SCOPES);
  await grant.save();
  return grant;
}

/** oidc-provider's configuration of the dev realm. */
export function providerConfiguration(input: ProviderConfigInput): Configuration {
  const { options, keys, store, basePath } = input;
  const patterns = options.consoleOrigins.map(keycloakRedirectPattern);
  const sessionTtl = Math.max(options.refreshTokenTtlSeconds, SSO_SESSION_MAX_SECONDS);
  return {
    adapter: store.factory,
    clients: [
      {
        client_id: options.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: patterns,
        post_logout_redirect_uris: patterns,
      },
    ],
    jwks: { keys: [keys.signingJwk] },
    cookies: { keys: [...keys.cookieKeys] },
    findAccount: findAccount(options.clientId),
    // keycloak-js asks for scope=openid only, yet Keycloak tokens carry the profile: every user
    // claim is therefore released with the openid scope.
    claims: { openid: [...USER_CLAIMS] },
    scopes: GRANTED_SCOPES.split(' '),
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // Refresh tokens without offline_access, as Keycloak issues them; they still end with the
    // session (oidc-provider's expiresWithSession), so logout invalidates them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => options.consoleOrigins.includes(origin),
    interactions: {
      url: (_ctx, interaction) => `${basePath}/login-actions/authenticate/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Never shown: logout.ts answers with the redirect instead of oidc-provider's question.
        logoutSource: (ctx, form) => {
          ctx.body = form;
        },
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
    },
    routes: KEYCLOAK_ROUTES,
    // A plain page of our own: the default one is fine but announces itself on the console.
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body =
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title>' +
        `</head><body><h1>Sign-in error</h1><p>${escapeHtml(out.error)}</p>` +
        `<p>${escapeHtml(out.error_description ?? '')}</p></body></html>`;
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      IdToken: options.accessTokenTtlSeconds,
      RefreshToken: options.refreshTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: sessionTtl,
      Grant: sessionTtl,
    },
  };
}
