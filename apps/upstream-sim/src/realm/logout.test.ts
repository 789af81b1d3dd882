import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUrl,
  demoLogin,
  formAction,
  startRealm,
  TestBrowser,
  tokenEndpoint,
  type RealmServer,
} from './realm.testkit.js';
import { getDemoTokens, logoutDemo } from './tokenClient.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

const logoutUrl = () => `${realm.issuer}/protocol/openid-connect/logout`;
const refreshWith = (refreshToken: string) =>
  tokenEndpoint(realm, {
    grant_type: 'refresh_token',
    client_id: realm.options.clientId,
    refresh_token: refreshToken,
  });
const userinfo = (accessToken: string) =>
  fetch(`${realm.issuer}/protocol/openid-connect/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('logout', () => {
  it('posted as a form with id_token_hint, client_id and post_logout_redirect_uri redirects there at once and ends the session', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'producer'));
    const target = 'http://localhost:8080/signed-out';
    const location = await logoutDemo({
      ...demoLogin(realm, 'producer'),
      idToken: tokens.id_token,
      postLogoutRedirectUri: target,
    });
    expect(location).toBe(target);
    const refresh = await refreshWith(tokens.refresh_token);
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await userinfo(tokens.access_token)).status).toBe(401);
  });

  it('by GET, as keycloak-js sends it, ends the browser session: the next sign-in shows the login page', async () => {
    const browser = new TestBrowser();
    const { url } = authUrl(realm);
    const page = await browser.follow(await browser.get(url));
    const back = await browser.follow(
      await browser.post(formAction(await page.text(), page.url), {
        username: 'admin',
        password: 'admin',
      }),
    );
    expect(back.headers.get('location')).toMatch(/#.*code=/);
    // While the session lives, a new auth request skips the login page (SSO).
    const sso = await browser.follow(await browser.get(authUrl(realm).url));
    expect(sso.status).toBe(303);

    const code = new URLSearchParams(new URL(back.headers.get('location') ?? '').hash.slice(1));
    expect(code.get('code')).toBeTruthy();
    const tokens = await getDemoTokens(demoLogin(realm, 'admin'));
    const query = new URLSearchParams({
      client_id: realm.options.clientId,
      post_logout_redirect_uri: realm.console,
      id_token_hint: tokens.id_token,
    });
    const res = await browser.get(`${logoutUrl()}?${query.toString()}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(realm.console);

    const again = await browser.follow(await browser.get(authUrl(realm).url));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('kc-form-login');
  });

  it('passes state back to the post-logout redirect', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'carrier'));
    const query = new URLSearchParams({
      client_id: realm.options.clientId,
      post_logout_redirect_uri: realm.console,
      id_token_hint: tokens.id_token,
      state: 'after-logout',
    });
    const res = await fetch(`${logoutUrl()}?${query.toString()}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`${realm.console}?state=after-logout`);
  });

  it('refuses a post_logout_redirect_uri outside the console origins and keeps the session', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'bridge'));
    const res = await fetch(logoutUrl(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_token_hint: tokens.id_token,
        client_id: realm.options.clientId,
        post_logout_redirect_uri: 'http://evil.test/',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect((await refreshWith(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses an id_token_hint the realm did not sign', async () => {
    const tokens = await getDemoTokens(demoLogin(realm, 'fulcrum'));
    const forged = `${tokens.id_token.split('.').slice(0, 2).join('.')}.AAAA`;
    const res = await fetch(`${logoutUrl()}?id_token_hint=${forged}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await refreshWith(tokens.refresh_token)).status).toBe(200);
    expect(decodeJwt(tokens.id_token).sid).toBeDefined();
  });

  it('answers a CORS preflight from a console origin with credentials allowed', async () => {
    const res = await fetch(logoutUrl(), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await fetch(logoutUrl(), {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
