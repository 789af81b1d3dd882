/**
 * Tokens for a demo user without a browser, for tests, benchmarks and scripts. It drives the real
 * authorization-code flow over plain HTTP, as a browser would: GET the auth endpoint with PKCE S256,
 * post the login form with the cookies it set, follow the redirects to the code, then POST it to
 * the token endpoint. Works against the dev realm and against a real Keycloak with the realm
 * import of deploy/keycloak (same paths, same form field names).
 *
 *   import { getDemoTokens } from '@referrals/upstream-sim/realm/tokenClient';
 *   const tokens = await getDemoTokens({ origin: 'http://localhost:8090', realm: 'referrals',
 *     clientId: 'referral-console', username: 'admin', password: 'admin',
 *     redirectUri: 'http://localhost:8080/' });
 */
import { createHash, randomBytes } from 'node:crypto';
import { CookieJar } from './cookieJar.js';

/** Where the realm is and who signs in. */
export interface DemoLogin {
  /** Origin of the identity server, e.g. http://localhost:8090 (stand-in) or :8081 (Keycloak). */
  readonly origin: string;
  readonly realm: string;
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
  /** A redirect URI the client allows; nothing is fetched there. */
  readonly redirectUri: string;
}

/** The token endpoint's answer (Keycloak's field names). */
export interface DemoTokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly id_token: string;
  /** Seconds until the access token expires. */
  readonly expires_in: number;
}

/** Thrown when a step of the flow does not answer as a working realm would. */
export class TokenFlowError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TokenFlowError';
  }
}

const b64url = (bytes: Buffer): string => bytes.toString('base64url');
const realmUrl = (origin: string, realm: string, path: string): string =>
  `${new URL(origin).origin}/realms/${realm}/protocol/openid-connect/${path}`;

/** Follows redirects by hand (fetch would drop the cookies) until one leaves for the client. */
async function follow(
  first: Response,
  cookies: CookieJar,
  redirectUri: string,
): Promise<Response | URL> {
  let res = first;
  for (let hops = 0; hops < 10; hops += 1) {
    cookies.take(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || location === null) return res;
    const next = new URL(location, res.url);
    if (next.href.startsWith(redirectUri)) return next;
    res = await fetch(next, { redirect: 'manual', headers: { cookie: cookies.header() } });
  }
  throw new TokenFlowError('too many redirects');
}

/** The code (or error) the realm sent back, from the fragment or the query. */
function callbackParams(url: URL): URLSearchParams {
  return url.hash.length > 1 ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
}

async function tokenRequest(origin: string, realm: string, form: Record<string, string>) {
  const res = await fetch(realmUrl(origin, realm, 'token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) {
    throw new TokenFlowError(
      `token endpoint: ${String(body.error)} ${String(body.error_description)}`,
      res.status,
    );
  }
  const { access_token, refresh_token, id_token, expires_in } = body;
  if (
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    typeof id_token !== 'string' ||
    typeof expires_in !== 'number'
  ) {
    throw new TokenFlowError('token endpoint answered without the expected tokens');
  }
  return { access_token, refresh_token, id_token, expires_in };
}

/**
 * Signs a demo user in through the realm's login page and returns its tokens. Throws a
 * TokenFlowError with the realm's message when the credentials are refused.
 */
export async function getDemoTokens(login: DemoLogin): Promise<DemoTokens> {
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const auth = new URL(realmUrl(login.origin, login.realm, 'auth'));
  auth.search = new URLSearchParams({
    client_id: login.clientId,
    redirect_uri: login.redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid',
    state,
    nonce: b64url(randomBytes(16)),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();

  const cookies = new CookieJar();
  const page = await follow(await fetch(auth, { redirect: 'manual' }), cookies, login.redirectUri);
  if (page instanceof URL) throw new TokenFlowError('the realm skipped the login page');
  const html = await page.text();
  const action = /<form[^>]*\baction="([^"]+)"/i.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (action === undefined) throw new TokenFlowError('no login form', page.status);

  const posted = await fetch(new URL(action, page.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() },
    body: new URLSearchParams({ username: login.username, password: login.password }),
  });
  const callback = await follow(posted, cookies, login.redirectUri);
  if (!(callback instanceof URL)) {
    const text = await callback.text();
    const message = /role="alert"[^>]*>([^<]*)</.exec(text)?.[1] ?? `status ${callback.status}`;
    throw new TokenFlowError(`login refused: ${message}`, callback.status);
  }
  const params = callbackParams(callback);
  const code = params.get('code');
  if (code === null || params.get('state') !== state) {
    throw new TokenFlowError(`no code in the callback: ${params.get('error') ?? callback.href}`);
  }
  return tokenRequest(login.origin, login.realm, {
    grant_type: 'authorization_code',
    client_id: login.clientId,
    code,
    redirect_uri: login.redirectUri,
    code_verifier: verifier,
  });
}

/** Where the realm is, for calls that need no user. */
export type RealmRef = Pick<DemoLogin, 'origin' | 'realm' | 'clientId'>;

/** Exchanges a refresh token for new tokens, as keycloak-js's updateToken does. */
export function refreshTokens(
  realm: RealmRef & { readonly refreshToken: string },
): Promise<DemoTokens> {
  return tokenRequest(realm.origin, realm.realm, {
    grant_type: 'refresh_token',
    client_id: realm.clientId,
    refresh_token: realm.refreshToken,
  });
}

/**
 * Ends the session an ID token belongs to, with the form keycloak-js posts, and returns where the
 * realm redirected to (the post-logout URI).
 */
export async function logoutDemo(
  realm: RealmRef & { readonly idToken: string; readonly postLogoutRedirectUri: string },
): Promise<string> {
  const res = await fetch(realmUrl(realm.origin, realm.realm, 'logout'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      id_token_hint: realm.idToken,
      client_id: realm.clientId,
      post_logout_redirect_uri: realm.postLogoutRedirectUri,
    }),
  });
  const location = res.headers.get('location');
  if (res.status < 300 || res.status >= 400 || location === null) {
    throw new TokenFlowError('logout did not redirect', res.status);
  }
  return location;
}
