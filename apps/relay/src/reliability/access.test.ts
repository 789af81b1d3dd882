import { createPublicKey } from 'node:crypto';
import { PROTOCOL_VERSION, type Opportunity } from '@referrals/shared';
import { getDemoTokens } from '@referrals/upstream-sim/testing';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWK } from 'jose';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from '../testkit/stack.testkit.js';
import { waitFor } from './process.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, { POLL_INTERVAL_MS: '300' });
  await waitFor('first poll', () => relay.relay.readModel.referrals.size > 0);
}, 30_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Forgeries of an admin token, each built from a real producer token of the realm. */
async function forgeries(): Promise<Record<string, string>> {
  const real = await sim.token('producer');
  const header = decodeProtectedHeader(real);
  const claims = decodeJwt(real);
  const admin = {
    ...claims,
    preferred_username: 'admin',
    realm_access: { roles: ['ROLE_CONSOLE_ADMIN'] },
  };
  const certs = (await (
    await fetch(`${sim.origin}/realms/referrals/protocol/openid-connect/certs`)
  ).json()) as { keys: JWK[] };
  const realmJwk = certs.keys[0] ?? {};
  const pem = createPublicKey({ key: realmJwk as never, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const other = await generateKeyPair('RS256');
  const [sig] = real.split('.').slice(2);
  // A real ID and refresh token of an admin: signed by the realm for the console, but neither is
  // an access token.
  const adminTokens = await getDemoTokens({
    origin: sim.origin,
    realm: 'referrals',
    clientId: 'referral-console',
    username: 'admin',
    password: 'admin',
    redirectUri: 'http://localhost:8080/',
  });
  return {
    "the realm's ID token of an admin": adminTokens.id_token,
    "the realm's refresh token of an admin": adminTokens.refresh_token,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(admin)}.`,
    'HS256 keyed with the realm public key': await new SignJWT(admin)
      .setProtectedHeader({ alg: 'HS256', kid: header.kid })
      .sign(new TextEncoder().encode(pem)),
    'signed by another key under the realm kid': await new SignJWT(admin)
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(other.privateKey),
    'claims changed under the real signature': `${b64(header)}.${b64(admin)}.${sig ?? ''}`,
    'expired, signed by another key': await new SignJWT({ ...admin, exp: 1 })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(other.privateKey),
  };
}

describe('access', () => {
  it('refuses forged tokens on REST, at the socket handshake and on token hand-over', async () => {
    const anon = await openSocket(relay.url);
    sockets.push(anon);
    for (const [name, token] of Object.entries(await forgeries())) {
      for (const path of ['/api/referrals', '/api/marketplaces', '/api/me']) {
        const res = await fetch(`${relay.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status, `${name} on ${path}`).toBe(401);
      }
      await expect(openSocket(relay.url, token), name).rejects.toThrow(/unauthenticated/);
      expect(await authenticate(anon, token), name).toMatchObject({
        ok: false,
        code: 'unauthenticated',
      });
    }
    expect(await subscribe(anon, { kind: 'marketplaces' })).toMatchObject({ ok: false });
  });

  it('keeps anonymous and producer sockets out of every room that is not theirs', async () => {
    const anon = await openSocket(relay.url);
    const producer = await openSocket(relay.url, await sim.token('producer'));
    sockets.push(anon, producer);
    const privateTopics = [
      { kind: 'referrals', state: null },
      { kind: 'inAppetite', state: null },
      { kind: 'acquired' },
      { kind: 'marketplaces' },
      { kind: 'deliveryStats' },
      { kind: 'deliveryErrors' },
    ] as const;
    for (const topic of privateTopics)
      expect(await subscribe(anon, topic), topic.kind).toMatchObject({ ok: false });
    for (const topic of privateTopics.slice(3))
      expect(await subscribe(producer, topic), topic.kind).toMatchObject({
        ok: false,
        code: 'forbidden',
      });
  });

  it('sends no forbidden field and no basic-auth secret to the public, on REST or socket', async () => {
    const SENTINEL = 'Zq9Sentinel';
    const frames: string[] = [];
    const anon = await openSocket(relay.url);
    sockets.push(anon);
    anon.io.engine.on('packet', (p: { data?: unknown }) => frames.push(String(p.data)));
    expect(await subscribe(anon, { kind: 'publicFeed', state: null })).toMatchObject({ ok: true });
    const created: Opportunity[] = [];
    for (let i = 0; i < 20; i += 1)
      created.push(
        (await sim.control('POST', '/__sim/referrals', {
          firstName: `${SENTINEL}F${i}`,
          lastName: `${SENTINEL}L`,
          phone: `${SENTINEL}P`,
          email: `${SENTINEL.toLowerCase()}@example.com`,
          address1: `${SENTINEL} street`,
          businessName: `${SENTINEL} Inc`,
          prospectMessage: `${SENTINEL} note`,
          dynamicPrice: 987654.25,
          discountPrice: 987654.5,
        })) as Opportunity,
      );
    // The stand-in stored the sentinels, so a leak would show them.
    expect(created[0]?.firstName).toContain(SENTINEL);
    expect(created[0]?.dynamicPrice).toBe(987654.25);
    await waitFor('changes sent', () =>
      created.every((o) => frames.some((f) => f.includes(`"opportunityId":${o.opportunityId}`))),
    );
    const pages = await Promise.all(
      ['', '?size=100', '?state=all&showClaimed=true&size=100'].map((q) =>
        fetch(`${relay.url}/api/public/referrals${q}`).then((r) => r.text()),
      ),
    );
    const secret = Buffer.from('opportunity-console:').toString('base64');
    for (const text of [
      ...frames,
      ...pages,
      await (await fetch(`${relay.url}/api/config`)).text(),
    ]) {
      expect(text).not.toContain(SENTINEL);
      expect(text.toLowerCase()).not.toContain(SENTINEL.toLowerCase());
      expect(text).not.toContain('987654');
      expect(text).not.toContain(secret);
      expect(text).not.toContain('opportunity-console');
    }
  });

  it('refuses other origins on CORS and at the socket handshake, and sends security headers', async () => {
    const preflight = await fetch(`${relay.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const s = io(relay.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      extraHeaders: { origin: 'http://evil.example' },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => s.once('connect_error', () => resolve()));
    expect(s.connected).toBe(false);
    s.disconnect();
    const res = await fetch(`${relay.url}/api/config`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
