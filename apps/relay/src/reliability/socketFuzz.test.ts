import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from '../testkit/stack.testkit.js';
import { waitFor } from './process.testkit.js';

const RUNS = 150;
const EVENTS = ['subscribe', 'unsubscribe', 'resync', 'authenticate', 'presence'] as const;
/** Names socket.io-client refuses to emit; everything else may reach the server. */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, { POLL_INTERVAL_MS: '1000' });
  await waitFor('first poll', () => relay.relay.readModel.referrals.size > 0);
}, 30_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});

async function socketOf(token?: string) {
  const s = await openSocket(relay.url, token);
  sockets.push(s);
  return s;
}

/** Anything a client could put in a frame: JSON, near-miss topics and resync requests. */
const topicLike = fc.record(
  {
    kind: fc.oneof(
      fc.constantFrom('publicFeed', 'referrals', 'acquired', 'marketplaces', 'status'),
      fc.jsonValue(),
    ),
    state: fc.oneof(fc.constantFrom(null, 'TX', 'tx', 'ZZ'), fc.jsonValue()),
    marketplaceId: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const payload = fc.oneof(
  fc.jsonValue(),
  topicLike,
  fc.record(
    { topic: fc.oneof(topicLike, fc.jsonValue()), seq: fc.oneof(fc.double(), fc.jsonValue()) },
    { requiredKeys: [] },
  ),
  fc.string({ maxLength: 40 }),
);

describe('bad socket input', () => {
  it('answers every malformed request with an error acknowledgement and a reason', async () => {
    const [anon, producer] = await Promise.all([socketOf(), socketOf(await sim.token('producer'))]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EVENTS),
        payload,
        fc.boolean(),
        async (event, p, signedIn) => {
          const socket = signedIn ? producer : anon;
          const ack = (await socket
            .timeout(5000)
            .emitWithAck(event as 'subscribe', p as never)) as {
            ok: boolean;
            code?: string;
            error?: unknown;
          };
          expect(typeof ack.ok).toBe('boolean');
          if (!ack.ok) {
            expect(ack.code).toMatch(
              /^(invalid|unauthenticated|forbidden|unavailable|rateLimited)$/,
            );
            expect(typeof ack.error === 'string' && ack.error.length > 0).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(anon.connected && producer.connected).toBe(true);
  });

  it('survives unknown events, missing acknowledgements and wrong argument counts', async () => {
    const socket = await socketOf();
    const name = fc.string({ minLength: 1, maxLength: 20 }).filter((n) => !RESERVED.has(n));
    await fc.assert(
      fc.asyncProperty(name, fc.array(fc.jsonValue(), { maxLength: 3 }), async (event, args) => {
        socket.emit(event as 'subscribe', ...(args as [never, never]));
        for (const known of EVENTS) socket.emit(known as 'subscribe', ...(args as [never, never]));
        // A round trip after each burst: the server has handled it before the next run.
        await socket.timeout(5000).emitWithAck('unsubscribe', { kind: 'status' });
      }),
      { numRuns: RUNS },
    );
    // Still connected and still served.
    expect(await subscribe(socket, { kind: 'status' })).toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);
  });

  it('drops a socket that sends a frame over the limit, and only that socket', async () => {
    const [bystander, attacker] = await Promise.all([socketOf(), socketOf()]);
    const dropped = new Promise<string>((resolve) => attacker.once('disconnect', resolve));
    attacker.emit('subscribe', { kind: 'x'.repeat(200 * 1024) } as never, () => undefined);
    expect(await dropped).toMatch(/transport (close|error)/);
    expect(await subscribe(bystander, { kind: 'featureFlags' })).toMatchObject({ ok: true });
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });

  it('refuses a handshake with a wrong protocol or a garbage token, with a reason', async () => {
    const { io } = await import('socket.io-client');
    for (const auth of [
      { protocol: 2 },
      { protocol: '1' },
      { protocol: 1, token: 42 },
      { protocol: 1, token: 'x'.repeat(20_000) },
    ]) {
      const s = io(relay.url, {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
      expect(err.message.length).toBeGreaterThan(0);
      s.disconnect();
    }
  });
});
