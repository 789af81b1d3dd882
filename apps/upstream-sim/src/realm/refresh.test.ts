import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, startRealm, tokenEndpoint, type RealmServer } from './realm.testkit.js';
import { getDemoTokens, refreshTokens, TokenFlowError } from './tokenClient.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

describe('refresh tokens', () => {
  it('decode as a JWT with exp, typ Refresh and the session id, as keycloak-js reads them', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'producer'));
    const refresh = decodeJwt(tokens.refresh_token);
    const access = decodeJwt(tokens.access_token);
    expect(refresh).toMatchObject({
      typ: 'Refresh',
      iss: realm.issuer,
      sub: access.sub,
      sid: access.sid,
    });
    expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(realm.options.refreshTokenTtlSeconds);
    // Signed with a realm secret, so a resource server checking the JWKS never takes it for an access token.
    expect(decodeProtectedHeader(tokens.refresh_token).alg).toBe('HS512');
    const jwks = createRemoteJWKSet(new URL(`${realm.issuer}/protocol/openid-connect/certs`));
    await expect(jwtVerify(tokens.refresh_token, jwks)).rejects.toThrow();
  });

  it('give new access and refresh tokens for the same user and session', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'agencyadmin'));
    const next = await refreshTokens({
      ...demoLogin(realm, 'agencyadmin'),
      refreshToken: tokens.refresh_token,
    });
    const before = decodeJwt(tokens.access_token);
    const after = decodeJwt(next.access_token);
    expect(after.jti).not.toBe(before.jti);
    expect(after).toMatchObject({
      sub: before.sub,
      sid: before.sid,
      realm_access: before.realm_access,
    });
    expect(decodeJwt(next.refresh_token).typ).toBe('Refresh');
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const userinfo = await fetch(`${realm.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    // And the rotated one refreshes again.
    await expect(
      refreshTokens({ ...demoLogin(realm, 'agencyadmin'), refreshToken: next.refresh_token }),
    ).resolves.toHaveProperty('access_token');
  });

  it('are single use: replaying a rotated refresh token fails with 400 invalid_grant', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'fulcrum'));
    await refreshTokens({ ...demoLogin(realm, 'fulcrum'), refreshToken: tokens.refresh_token });
    const replay = refreshTokens({
      ...demoLogin(realm, 'fulcrum'),
      refreshToken: tokens.refresh_token,
    });
    await expect(replay).rejects.toMatchObject({ name: 'TokenFlowError', status: 400 });
  });

  it('are refused when not signed by the realm, or when an access token is sent instead', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'admin'));
    const [head, body] = tokens.refresh_token.split('.');
    for (const value of [
      `${head}.${body}.AAAA`,
      tokens.access_token,
      String(decodeJwt(tokens.refresh_token).jti),
    ]) {
      const res = await tokenEndpoint(realm, {
        grant_type: 'refresh_token',
        client_id: realm.options.clientId,
        refresh_token: value,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
  });

  it('answer CORS for a console origin at the token endpoint, and not for others', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'carrier'));
    const form = {
      grant_type: 'refresh_token',
      client_id: realm.options.clientId,
      refresh_token: tokens.refresh_token,
    };
    const allowed = await tokenEndpoint(realm, form, { origin: 'http://localhost:5173' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    // keycloak-js fetches with credentials 'include': without this the browser drops the answer.
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const refused = await tokenEndpoint(
      realm,
      { ...form, refresh_token: String(allowed.body.refresh_token) },
      { origin: 'http://evil.test' },
    );
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('getDemoTokens reports a refused login with the realm message', async () => {
    await expect(getDemoTokens(demoLogin(realm, 'admin', 'wrong'))).rejects.toThrow(TokenFlowError);
    await expect(getDemoTokens(demoLogin(realm, 'admin', 'wrong'))).rejects.toThrow(
      'login refused: Invalid username or password.',
    );
  });
});
