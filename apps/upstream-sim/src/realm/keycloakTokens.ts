import { compactVerify, SignJWT } from 'jose';
import type { DemoUser } from '../demoUsers.js';
import { profileClaims, roleClaims } from './accounts.js';
import type { RealmKeys } from './keys.js';

/**
 * What the wrappers need to know of one of oidc-provider's opaque tokens (its AccessToken and
 * RefreshToken models have these fields).
 */
export interface OpaqueTokenFacts {
  /** oidc-provider's opaque token value; for the opaque format it equals the jti. */
  readonly jti: string;
  readonly iat: number;
  readonly exp?: number | undefined;
  readonly accountId: string;
  readonly clientId?: string | undefined;
  readonly sid?: string | undefined;
  readonly scope?: string | undefined;
}

/** The kinds of token the realm hands out wrapped, named like oidc-provider's models. */
export type WrappedKind = 'AccessToken' | 'RefreshToken';

/** The wrapper's `typ` claim per kind, as Keycloak writes it. */
const TYP: Record<WrappedKind, string> = { AccessToken: 'Bearer', RefreshToken: 'Refresh' };

/**
 * Keycloak-shaped JWTs around oidc-provider's opaque tokens. oidc-provider keeps doing all the
 * bookkeeping (expiry, rotation, revocation at logout); the JWT only carries the claims clients
 * read and, as its jti, the opaque value, which unwrap() hands back to oidc-provider.
 */
export interface TokenWrapper {
  accessToken(token: OpaqueTokenFacts, user: DemoUser): Promise<string>;
  refreshToken(token: OpaqueTokenFacts): Promise<string>;
  /**
   * The opaque value inside a wrapped token of this kind, or undefined when the value is not one
   * this realm signed. Expiry is not checked here: oidc-provider decides it on the stored token.
   */
  unwrap(value: string, kind: WrappedKind): Promise<string | undefined>;
}

/** Options of the wrapper: the realm's identity and keys. */
export interface TokenWrapperOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly consoleOrigins: readonly string[];
  readonly keys: RealmKeys;
}

/** Creates the wrapper of one realm instance. */
export function createTokenWrapper(options: TokenWrapperOptions): TokenWrapper {
  const { issuer, clientId, keys } = options;
  const common = (token: OpaqueTokenFacts, kind: WrappedKind) => ({
    iat: token.iat,
    ...(token.exp === undefined ? {} : { exp: token.exp }),
    jti: token.jti,
    iss: issuer,
    sub: token.accountId,
    typ: TYP[kind],
    azp: token.clientId ?? clientId,
    sid: token.sid,
    session_state: token.sid,
    scope: token.scope,
  });

  return {
    async accessToken(token, user) {
      return new SignJWT({
        ...common(token, 'AccessToken'),
        aud: clientId,
        'allowed-origins': [...options.consoleOrigins],
        ...roleClaims(user, clientId),
        ...profileClaims(user),
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keys.signingJwk.kid })
        .sign(keys.privateKey);
    },

    async refreshToken(token) {
      // Keycloak's refresh tokens are audienced to the realm itself, never to a client.
      return new SignJWT({ ...common(token, 'RefreshToken'), aud: issuer })
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
        .sign(keys.refreshSecret);
    },

    async unwrap(value, kind) {
      if (value.split('.').length !== 3) return undefined;
      try {
        const { payload } =
          kind === 'AccessToken'
            ? await compactVerify(value, keys.publicKey, { algorithms: ['RS256'] })
            : await compactVerify(value, keys.refreshSecret, { algorithms: ['HS512'] });
        const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
        if (claims.iss !== issuer || claims.typ !== TYP[kind] || typeof claims.jti !== 'string') {
          return undefined;
        }
        return claims.jti;
      } catch {
        return undefined;
      }
    },
  };
}
