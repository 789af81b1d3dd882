import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoLogin, startRealm, type RealmServer } from './realm.testkit.js';
import { getDemoTokens, refreshTokens } from './tokenClient.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 60 });
});
afterAll(() => realm.close());

const userinfo = (token: string) =>
  fetch(`${realm.issuer}/protocol/openid-connect/userinfo`, {
    headers: { authorization: `Bearer ${token}` },
  });

it('honours a short access-token lifetime, and a refresh after expiry gives a working token', async () => {
  const tokens = await getDemoTokens(demoLogin(realm, 'producer'));
  expect(tokens.expires_in).toBe(2);
  const claims = decodeJwt(tokens.access_token);
  expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(2);
  expect((await userinfo(tokens.access_token)).status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, 3_100));
  expect((await userinfo(tokens.access_token)).status).toBe(401);

  const next = await refreshTokens({
    ...demoLogin(realm, 'producer'),
    refreshToken: tokens.refresh_token,
  });
  expect(next.expires_in).toBe(2);
  expect((await userinfo(next.access_token)).status).toBe(200);
}, 15_000);
