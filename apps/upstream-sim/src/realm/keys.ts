import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/** Key material of one realm instance, generated at start: tokens do not survive a restart. */
export interface RealmKeys {
  /** The RS256 signing key as a private JWK (with kid), handed to oidc-provider's keystore. */
  readonly signingJwk: JWK & { readonly kid: string };
  /** The same key for jose, to sign the Keycloak-shaped access tokens. */
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /**
   * Secret of the refresh-token wrapper (HS512, like Keycloak). A symmetric key on purpose: a
   * refresh token can then never pass a resource server's JWKS check as if it were an access token.
   */
  readonly refreshSecret: Uint8Array;
  /** Keys that sign oidc-provider's cookies. */
  readonly cookieKeys: readonly string[];
}

/** Generates fresh keys; fine for a dev realm, where nobody expects tokens to outlive the process. */
export async function generateRealmKeys(): Promise<RealmKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' },
    privateKey,
    publicKey,
    refreshSecret: new Uint8Array(randomBytes(64)),
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}
