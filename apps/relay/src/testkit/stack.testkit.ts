/**
 * The relay and its stand-in upstream on ephemeral ports, for the integration tests, with
 * socket.io clients of its protocol. Invariant: a relay is handed to a test only once its first
 * poll has loaded the market.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  PROTOCOL_VERSION,
  type Ack,
  type Opportunity,
  type SnapshotMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type Topic,
} from '@referrals/shared';
import {
  createSimApp,
  getDemoTokens,
  parseConfig as parseSimConfig,
} from '@referrals/upstream-sim/testing';
import express, { type RequestHandler } from 'express';
import { expect, inject } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createRelay, type Relay } from '../app.js';
import { parseConfig } from '../config.js';
import { waitFor } from '../reliability/process.testkit.js';
import { TEST_REDIS_URL, testRedis } from './redis.testkit.js';

/**
 * A running stand-in upstream (with its realm) on an ephemeral port, controls on. `front` sees
 * every request before the stand-in does (a test's recorder of what arrived).
 */
export async function startSim(env: Record<string, string> = {}, front?: RequestHandler) {
  const outer = express();
  if (front) outer.use(front);
  const server: Server = outer.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const config = parseSimConfig({
    SIM_PORT: String(port),
    SIM_PUBLIC_ORIGIN: origin,
    SIM_CONTROLS: '1',
    SIM_REFERRALS: '300',
    LOG_LEVEL: 'silent',
    ...env,
  });
  outer.use(await createSimApp(config));
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    const answer: unknown = await res.json();
    return answer;
  };
  return {
    origin,
    control,
    /** Requests the stand-in received per 'METHOD /template' since the last reset. */
    stats: async () =>
      ((await control('GET', '/__sim/stats')) as { requests: Record<string, number> }).requests,
    resetStats: () => control('POST', '/__sim/stats/reset'),
    /** A real access token of a demo user, through the realm's login page. */
    token: async (username: string) =>
      (
        await getDemoTokens({
          origin,
          realm: 'referrals',
          clientId: 'referral-console',
          username,
          password: username,
          redirectUri: 'http://localhost:8080/',
        })
      ).access_token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Sim = Awaited<ReturnType<typeof startSim>>;

/**
 * A relay on an ephemeral port against a stand-in, on the tests' Redis under a key prefix of its
 * own (`REDIS_URL: ''` in env: memory mode), once its read model is loaded and its first poll has
 * loaded the market into it: a relay answers during its first load, with what it holds so far,
 * and a test that counts from what it was first sent would count the load's referrals too.
 */
export async function startRelay(sim: Sim, prefix: string, env: Record<string, string> = {}) {
  const config = parseConfig({
    UPSTREAM_URL: sim.origin,
    OIDC_URL: sim.origin,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    POLL_INTERVAL_MS: '500',
    WEB_DIST: '/nonexistent',
    METRICS_PORT: '0',
    DATABASE_URL: inject('databaseUrl'),
    ...env,
  });
  const relay = createRelay(config);
  const port = await relay.start(0);
  await relay.loaded();
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`the relay at ${url} loading the market`, () => marketHeld(relay, url), 30_000, 50);
  const metricsUrl = `http://127.0.0.1:${relay.metricsPort() ?? 0}/metrics`;
  return { relay, url, metricsUrl };
}

/**
 * Whether the cluster's poll (this relay's or another's: the lease's owner) has run with no first
 * load under way, and this relay's read model holds what the store committed.
 */
async function marketHeld(relay: Relay, url: string): Promise<boolean> {
  // A poll status committed (stale or not) is a poll that ran.
  const status = relay.readModel.status.get('poll');
  if (!status || (status.loading ?? null) !== null) return false;
  const ready = (await (await fetch(`${url}/readyz`)).json()) as { poll?: { loading: unknown } };
  if (ready.poll?.loading !== null) return false;
  const seq = await relay.store.loadSeq('referrals');
  await relay.readModel.settled();
  return relay.readModel.referrals.seq >= seq;
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected socket.io client speaking the relay's protocol. */
export async function openSocket(url: string, token?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    auth: token ? { protocol: PROTOCOL_VERSION, token } : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Subscribes and returns the acknowledgement. */
export function subscribe(
  socket: ClientSocket,
  topic: Topic,
): Promise<Ack<{ snapshot: SnapshotMessage }>> {
  return socket.timeout(5000).emitWithAck('subscribe', topic) as Promise<
    Ack<{ snapshot: SnapshotMessage }>
  >;
}

/** Hands a socket a fresh token and returns the acknowledgement. */
export function authenticate(
  socket: ClientSocket,
  token: string,
): Promise<Ack<{ expiresAt: number }>> {
  return socket.timeout(5000).emitWithAck('authenticate', token) as Promise<
    Ack<{ expiresAt: number }>
  >;
}

/**
 * A JSON call to a relay as a demo user of the stand-in's realm (none: anonymous): the status
 * and the parsed answer.
 */
export async function callRelay(
  url: string,
  sim: Sim,
  method: string,
  path: string,
  user: string | null,
  init: RequestInit = {},
) {
  const res = await fetch(`${url}${path}`, {
    method,
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(user ? { authorization: `Bearer ${await sim.token(user)}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return { status: res.status, body: await res.json() };
}

/**
 * A new referral of the stand-in (TX, Claim-it, available, then `fields`), once the relay holds
 * it for `user`.
 */
export async function availableReferral(
  url: string,
  sim: Sim,
  user = 'producer',
  fields: Partial<Opportunity> = {},
): Promise<Opportunity> {
  const created = (await sim.control('POST', '/__sim/referrals', {
    state: 'TX',
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    ...fields,
  })) as Opportunity;
  const path = `/api/referrals/${created.opportunityId}`;
  await expect.poll(async () => (await callRelay(url, sim, 'GET', path, user)).status).toBe(200);
  return created;
}

/** The same, claimed through the relay by `user` (Lone Star for producer): the claimed referral. */
export async function claimedReferral(
  url: string,
  sim: Sim,
  user = 'producer',
  fields: Partial<Opportunity> = {},
): Promise<Opportunity> {
  const created = await availableReferral(url, sim, user, fields);
  const claim = await callRelay(
    url,
    sim,
    'POST',
    `/api/referrals/${created.opportunityId}/claim`,
    user,
  );
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  return claim.body as Opportunity;
}

/** A Redis prefix and the cleanup of everything under it. */
export async function testPrefix() {
  const ctx = await testRedis();
  return { prefix: ctx.prefix, redis: ctx.redis, cleanup: ctx.cleanup };
}

export type { Relay };
