import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUrl,
  callbackOf,
  formAction,
  startRealm,
  TestBrowser,
  tokenEndpoint,
  type RealmServer,
} from './realm.testkit.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

/** Signs in through the login page; returns the redirect back to the client. */
async function signIn(url: string, username = 'producer'): Promise<Response> {
  const browser = new TestBrowser();
  const page = await browser.follow(await browser.get(url));
  expect(page.status).toBe(200);
  const action = formAction(await page.text(), page.url);
  return browser.follow(await browser.post(action, { username, password: username }));
}

describe('authorization code with PKCE', () => {
  it('accepts a keycloak-js request (S256, nonce, scope=openid, response_mode=fragment)', async () => {
    const { url, verifier } = authUrl(realm);
    const back = await signIn(url);
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(realm.console);
    const params = callbackOf(back);
    expect(params.get('state')).toBe('state-1');
    expect(params.get('iss')).toBe(realm.issuer);
    const code = params.get('code') ?? '';

    const form = {
      grant_type: 'authorization_code',
      client_id: realm.options.clientId,
      code,
      redirect_uri: realm.console,
      code_verifier: verifier,
    };
    const first = await tokenEndpoint(realm, form);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    // A code is good for one exchange only.
    const replay = await tokenEndpoint(realm, form);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchange with the wrong code verifier', async () => {
    const { url } = authUrl(realm);
    const code = callbackOf(await signIn(url)).get('code') ?? '';
    const res = await tokenEndpoint(realm, {
      grant_type: 'authorization_code',
      client_id: realm.options.clientId,
      code,
      redirect_uri: realm.console,
      code_verifier: 'x'.repeat(43),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE', async () => {
    const { url } = authUrl(realm, { code_challenge: undefined, code_challenge_method: undefined });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const params = callbackOf(res);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses the plain PKCE method', async () => {
    const { url } = authUrl(realm, {
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(callbackOf(res).get('error')).toBe('invalid_request');
  });

  it('accepts any path under a console origin as redirect URI, like http://localhost:5173/*', async () => {
    const deep = 'http://localhost:5173/admin/marketplaces?tab=2';
    const { url } = authUrl(realm, { redirect_uri: deep });
    const back = await signIn(url);
    expect(back.headers.get('location')).toMatch(
      /^http:\/\/localhost:5173\/admin\/marketplaces\?tab=2#/,
    );
  });

  it.each([
    'http://localhost:9999/',
    'http://localhost:8080.evil.test/',
    'http://evil.test/http://localhost:8080/',
  ])('refuses the redirect URI %s without redirecting to it', async (redirect) => {
    const { url } = authUrl(realm, { redirect_uri: redirect });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});
