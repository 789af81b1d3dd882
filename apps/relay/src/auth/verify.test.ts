import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { bearerToken, createTokenVerifier, TokenError } from './verify.js';

const issuer = 'http://localhost:8090/realms/referrals';
const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
const keys = createLocalJWKSet({ keys: [jwk] });
const verify = createTokenVerifier({
  issuer,
  jwksUrl: 'http://unused',
  clientId: 'referral-console',
  keys,
});

async function token(
  claims: Record<string, unknown>,
  opts: { exp?: number; iss?: string; aud?: string } = {},
) {
  return new SignJWT({
    typ: 'Bearer',
    preferred_username: 'producer',
    realm_access: { roles: ['ROLE_CONSOLE_PRODUCER'] },
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? issuer)
    .setAudience(opts.aud ?? 'referral-console')
    .setSubject('u-1')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 60)
    .sign(privateKey);
}

describe('bearer token verification', () => {
  it('accepts a realm token and derives access from realm and client roles', async () => {
    const p = await verify(
      await token({
        resource_access: { 'referral-console': { roles: ['ROLE_CONSOLE_CARRIER'] } },
        email: 'p@x.test',
      }),
    );
    expect(p.username).toBe('producer');
    expect(p.email).toBe('p@x.test');
    expect(p.access.isProducer).toBe(true);
    expect(p.access.isCarrier).toBe(true);
    expect(p.access.privileged).toBe(true);
  });

  it.each([
    ['another issuer', { iss: 'http://evil.test/realms/referrals' }],
    ['another audience', { aud: 'account' }],
  ])('refuses a token of %s', async (_label, opts) => {
    await expect(verify(await token({}, opts))).rejects.toBeInstanceOf(TokenError);
  });

  it.each([
    ['an ID token', { typ: 'ID' }],
    ['a refresh token', { typ: 'Refresh' }],
    ['a token that says not what it is for', { typ: undefined }],
  ])('refuses %s, signed by the realm for the console', async (_label, claims) => {
    await expect(verify(await token(claims))).rejects.toThrow('not an access token');
  });

  it('refuses an expired token and says it expired', async () => {
    const t = await token({}, { exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(verify(t)).rejects.toMatchObject({ expired: true });
  });

  it('tolerates a few seconds of clock skew', async () => {
    const t = await token({}, { exp: Math.floor(Date.now() / 1000) - 2 });
    await expect(verify(t)).resolves.toMatchObject({ username: 'producer' });
  });

  it('refuses an unsigned (alg none) or HS256 token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ iss: issuer, aud: 'referral-console', sub: 'x', exp: 9e9 }),
    ).toString('base64url');
    await expect(verify(`${header}.${body}.`)).rejects.toBeInstanceOf(TokenError);
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setAudience('referral-console')
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('k'.repeat(32)));
    await expect(verify(hs)).rejects.toBeInstanceOf(TokenError);
  });

  it("checks a token's signature once, and refuses it from memory once it expired", async () => {
    let looked = 0;
    const counting = createTokenVerifier({
      issuer,
      jwksUrl: 'http://unused',
      clientId: 'referral-console',
      leewaySeconds: 0,
      keys: (header, input) => {
        looked += 1;
        return keys(header, input);
      },
    });
    const expSeconds = Math.floor(Date.now() / 1000) + 2;
    const t = await token({}, { exp: expSeconds });
    const first = await counting(t);
    expect(await counting(t)).toBe(first);
    expect(looked).toBe(1);
    // Another token (another signature) is checked on its own.
    await expect(counting(`${t.slice(0, -4)}AAAA`)).rejects.toBeInstanceOf(TokenError);
    expect(looked).toBe(2);
    vi.useFakeTimers({ now: expSeconds * 1000 + 1000, toFake: ['Date'] });
    try {
      await expect(counting(t)).rejects.toMatchObject({ expired: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses garbage', async () => {
    await expect(verify('not-a-jwt')).rejects.toBeInstanceOf(TokenError);
  });

  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer xyz', 'xyz'],
    ['Basic abc', undefined],
    [undefined, undefined],
    ['Bearer ', undefined],
  ])('reads the bearer token of %s', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});
