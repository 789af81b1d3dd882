/**
 * Verification of the console's bearer tokens (Keycloak access tokens) into a Principal.
 * Invariant: a Principal comes only from an RS256 access token of the realm's issuer and the
 * console's audience, unexpired; anything else is a TokenError.
 */
import { accessFromClaims, type Access, type RoleClaims } from '@referrals/shared';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';

/** A verified signed-in user. */
export interface Principal {
  readonly username: string;
  readonly subject: string;
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly access: Access;
  /** Expiry of the token that proved it (epoch ms). */
  readonly expiresAt: number;
}

/** Why a token was refused. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** Options of the verifier; the issuer is what the browser's tokens carry. */
export interface VerifierOptions {
  readonly issuer: string;
  readonly jwksUrl: string;
  readonly clientId: string;
  /** Clock skew tolerated on exp/nbf/iat. */
  readonly leewaySeconds?: number;
  /** A key set to use instead of fetching the realm's (tests with their own keys). */
  readonly keys?: JWTVerifyGetKey;
}

type Claims = RoleClaims & {
  sub?: string;
  typ?: string;
  exp?: number;
  preferred_username?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
};

/** The `typ` claim of a Keycloak access token. */
export const ACCESS_TOKEN_TYP = 'Bearer';

/**
 * Tokens a verifier remembers as verified, the least recently used forgotten first: a signed-in
 * tab sends the same token with every request and handshake until it is refreshed, so the
 * signature is checked once a token, not once a request.
 */
export const VERIFIED_TOKENS = 10_000;

/**
 * Verifies bearer tokens against the realm's JWKS: RS256 only, issuer, audience (the console
 * client), an access token (not an ID token), expiry with a small leeway. Keys are cached and
 * refetched when an unknown kid appears. A token verified once is taken at its word until it
 * expires (with the same leeway): a token, once signed, cannot change, and none is revoked
 * before its expiry here (access tokens live minutes).
 */
export function createTokenVerifier(options: VerifierOptions) {
  const keys =
    options.keys ??
    createRemoteJWKSet(new URL(options.jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
    });

  const leewayMs = (options.leewaySeconds ?? 5) * 1000;
  // Each principal is dropped when its token expires (with the leeway), or sooner when the least
  // recently used goes to make room. The wall clock decides whether a token still holds; the
  // cache's own timer only frees the memory.
  const verified = new LRUCache<string, Principal>({ max: VERIFIED_TOKENS });

  return async function verify(token: string): Promise<Principal> {
    const known = verified.get(token);
    if (known && Date.now() <= known.expiresAt + leewayMs) return known;
    const principal = await verifyNow(token);
    const ttl = principal.expiresAt + leewayMs - Date.now();
    if (ttl > 0) verified.set(token, principal, { ttl });
    return principal;
  };

  async function verifyNow(token: string): Promise<Principal> {
    let payload: Claims;
    try {
      ({ payload } = await jwtVerify<Claims>(token, keys, {
        issuer: options.issuer,
        audience: options.clientId,
        algorithms: ['RS256'],
        clockTolerance: options.leewaySeconds ?? 5,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new TokenError('token expired', true);
      if (err instanceof errors.JOSEError) throw new TokenError(`token refused: ${err.code}`);
      throw err;
    }
    // Keycloak marks what a token is for; an ID token (typ 'ID') or a refresh token has the same
    // issuer and signature, but proves nothing to an API.
    if (payload.typ !== ACCESS_TOKEN_TYP)
      throw new TokenError('token refused: not an access token');
    const username = payload.preferred_username ?? payload.sub ?? '';
    if (username === '') throw new TokenError('token names no user');
    return {
      username,
      subject: payload.sub ?? username,
      email: payload.email ?? null,
      firstName: payload.given_name ?? null,
      lastName: payload.family_name ?? null,
      access: accessFromClaims(payload, options.clientId),
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  }
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** The token of an 'Authorization: Bearer …' header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1];
}
