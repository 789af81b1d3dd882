import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CookieJar } from './cookieJar.js';
import { createRealm } from './index.js';
import type { RealmOptions } from './options.js';

/** A running express app with only the realm mounted, on an ephemeral port. */
export interface RealmServer {
  readonly origin: string;
  readonly options: RealmOptions;
  readonly issuer: string;
  readonly console: string;
  close(): Promise<void>;
}

/** Starts the realm; the public origin is the real listening address, so URLs resolve. */
export async function startRealm(overrides: Partial<RealmOptions> = {}): Promise<RealmServer> {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const options: RealmOptions = {
    publicOrigin: origin,
    realm: 'referrals',
    clientId: 'referral-console',
    consoleOrigins: ['http://localhost:8080', 'http://localhost:5173'],
    accessTokenTtlSeconds: 300,
    refreshTokenTtlSeconds: 1800,
    ...overrides,
  };
  app.use(await createRealm(options));
  return {
    origin,
    options,
    issuer: `${origin}/realms/${options.realm}`,
    console: 'http://localhost:8080/referrals',
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** An auth URL as keycloak-js builds it; pass undefined to leave a parameter out. */
export function authUrl(
  realm: RealmServer,
  overrides: Record<string, string | undefined> = {},
): { url: string; verifier: string } {
  const { verifier, challenge } = pkce();
  const params: Record<string, string | undefined> = {
    client_id: realm.options.clientId,
    redirect_uri: realm.console,
    state: 'state-1',
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return { url: `${realm.issuer}/protocol/openid-connect/auth?${search.toString()}`, verifier };
}

/** A cookie-keeping client that does not follow redirects, to look at every step. */
export class TestBrowser {
  readonly jar = new CookieJar();

  async get(url: string | URL): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.jar.header() } });
    this.jar.take(res);
    return res;
  }

  async post(url: string | URL, form: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    this.jar.take(res);
    return res;
  }

  /** Follows same-server redirects; stops at a page or at a redirect to another origin. */
  async follow(res: Response): Promise<Response> {
    let current = res;
    for (let i = 0; i < 10; i += 1) {
      const location = current.headers.get('location');
      if (location === null) return current;
      const next = new URL(location, current.url);
      if (next.origin !== new URL(current.url).origin) return current;
      current = await this.get(next);
    }
    throw new Error('too many redirects');
  }
}

/** The login form's action in a login page. */
export function formAction(html: string, base: string): string {
  const action = /<form[^>]*\baction="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('no form in page');
  return new URL(action.replaceAll('&amp;', '&'), base).href;
}

/** The parameters a redirect hands the client, from the fragment (or the query). */
export function callbackOf(res: Response): URLSearchParams {
  const url = new URL(res.headers.get('location') ?? '', res.url);
  return url.hash.length > 1 ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
}

/** POSTs a form to the token endpoint; returns status and JSON body. */
export async function tokenEndpoint(
  realm: RealmServer,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${realm.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
  };
}

/** Demo credentials of the realm for a username, with the realm's coordinates. */
export function demoLogin(realm: RealmServer, username: string, password = username) {
  return {
    origin: realm.origin,
    realm: realm.options.realm,
    clientId: realm.options.clientId,
    username,
    password,
    redirectUri: realm.console,
  };
}
