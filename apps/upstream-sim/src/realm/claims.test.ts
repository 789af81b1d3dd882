import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demoUsers.js';
import { demoUserId } from './accounts.js';
import { demoLogin, startRealm, type RealmServer } from './realm.testkit.js';
import { getDemoTokens } from './tokenClient.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

describe.each(DEMO_USERS.map((u) => [u.username, u] as const))('tokens of %s', (_name, user) => {
  it('carry every Keycloak claim, verified against the certs endpoint (RS256, iss, aud)', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, user.username, user.password));
    const jwks = createRemoteJWKSet(new URL(`${realm.issuer}/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      algorithms: ['RS256'],
      issuer: realm.issuer,
      audience: realm.options.clientId,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const clientId = realm.options.clientId;
    expect(payload).toMatchObject({
      iss: realm.issuer,
      aud: clientId,
      azp: clientId,
      sub: demoUserId(user.username),
      typ: 'Bearer',
      realm_access: { roles: [...user.realmRoles] },
      resource_access: { [clientId]: { roles: [...user.clientRoles] } },
      preferred_username: user.username,
      given_name: user.firstName,
      family_name: user.lastName,
      email: user.email,
    });
    expect(typeof payload.sid).toBe('string');
    expect(payload.session_state).toBe(payload.sid);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(realm.options.accessTokenTtlSeconds);

    // The ID token names the same session and passes the same key set.
    const id = await jwtVerify(tokens.id_token, jwks, {
      algorithms: ['RS256'],
      issuer: realm.issuer,
      audience: clientId,
    });
    expect(id.payload).toMatchObject({ sub: payload.sub, sid: payload.sid });
    expect(typeof id.payload.nonce).toBe('string');

    // userinfo gives the same user claims for the access token.
    const res = await fetch(`${realm.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sub: payload.sub,
      preferred_username: payload.preferred_username,
      given_name: payload.given_name,
      family_name: payload.family_name,
      name: payload.name,
      email: payload.email,
      email_verified: true,
      realm_access: payload.realm_access,
      resource_access: payload.resource_access,
    });
  });
});

describe('token checks', () => {
  it('refuses at userinfo a token it did not sign, and a refresh token', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'carrier'));
    const header = decodeProtectedHeader(tokens.access_token);
    const forged = `${tokens.access_token.split('.').slice(0, 2).join('.')}.AAAA`;
    for (const bearer of [forged, tokens.refresh_token, decodeJwt(tokens.access_token).jti]) {
      const res = await fetch(`${realm.issuer}/protocol/openid-connect/userinfo`, {
        headers: { authorization: `Bearer ${String(bearer)}` },
      });
      expect(res.status).toBe(401);
    }
    expect(header.kid).toBeDefined();
  });

  it("answers keycloak-js's loadUserProfile at {realm}/account", async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'bridge'));
    const res = await fetch(`${realm.issuer}/account`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: demoUserId('bridge'),
      username: 'bridge',
      firstName: 'Blair',
      lastName: 'Bridge',
      email: 'bridge@demo.referrals.test',
    });
    const anonymous = await fetch(`${realm.issuer}/account`);
    expect(anonymous.status).toBe(401);
  });
});
