import type { KoaContextWithOIDC } from 'oidc-provider';
import { findDemoUserById } from './accounts.js';
import type { RealmStore } from './adapter.js';
import type { OpaqueTokenFacts, TokenWrapper, WrappedKind } from './keycloakTokens.js';

type Next = () => Promise<void>;

function facts(store: RealmStore, kind: WrappedKind, value: unknown): OpaqueTokenFacts | undefined {
  if (typeof value !== 'string') return undefined;
  const stored = store.stored(kind, value);
  if (stored?.accountId === undefined || stored.iat === undefined) return undefined;
  return {
    jti: value,
    iat: stored.iat,
    exp: stored.exp,
    accountId: stored.accountId,
    clientId: stored.clientId,
    sid: stored.sid,
    scope: stored.scope,
  };
}

/**
 * oidc-provider middleware that turns the token endpoint's opaque access and refresh tokens into
 * Keycloak-shaped JWTs (see keycloakTokens.ts) and adds Keycloak's extra response fields. The
 * claims come from the stored token records, so iat, exp and sid are exactly oidc-provider's.
 */
export function keycloakTokenResponses(store: RealmStore, wrapper: TokenWrapper) {
  return async function keycloakTokenResponse(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    // ctx.oidc is absent on paths oidc-provider does not route.
    if ((ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.route !== 'token') return;
    if (ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) return;
    const body = ctx.body as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);

    const access = facts(store, 'AccessToken', body.access_token);
    const user = access === undefined ? undefined : findDemoUserById(access.accountId);
    if (access !== undefined && user !== undefined) {
      body.access_token = await wrapper.accessToken(access, user);
      body.session_state = access.sid;
    }
    // A refresh grant that did not rotate echoes the wrapped token it was given: left as it is.
    const refresh = facts(store, 'RefreshToken', body.refresh_token);
    if (refresh !== undefined) {
      body.refresh_token = await wrapper.refreshToken(refresh);
      if (refresh.exp !== undefined) body.refresh_expires_in = refresh.exp - now;
    }
    body['not-before-policy'] = 0;
  };
}
