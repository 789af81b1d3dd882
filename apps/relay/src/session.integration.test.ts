import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type Sim,
} from './testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // Access tokens of two seconds, so a session outlives several of them within one test.
  sim = await startSim({ SIM_ACCESS_TOKEN_TTL_S: '2' });
  redis = await testPrefix();
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await sim.close();
  await redis.cleanup();
});

describe('socket sessions', () => {
  it('drops private topics when the token expires, and takes a fresh token without reconnecting', async () => {
    const r = await startRelay(sim, redis.prefix);
    stops.push(() => r.relay.stop());
    const socket = await openSocket(r.url, await sim.token('producer'));
    expect(await subscribe(socket, { kind: 'referrals', state: null })).toMatchObject({ ok: true });
    expect(await subscribe(socket, { kind: 'featureFlags' })).toMatchObject({ ok: true });
    const expired = await new Promise<{ readonly topics: readonly unknown[] }>((resolve) =>
      socket.once('sessionExpired', resolve),
    );
    expect(expired.topics).toEqual([{ kind: 'referrals', state: null }]);
    expect(await subscribe(socket, { kind: 'referrals', state: null })).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });

    const answer = await authenticate(socket, await sim.token('producer'));
    expect(answer).toMatchObject({ ok: true });
    expect(await subscribe(socket, { kind: 'referrals', state: null })).toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);

    const intruder = await authenticate(socket, await sim.token('carrier'));
    expect(intruder).toMatchObject({ ok: false, code: 'forbidden' });
    socket.disconnect();
  }, 30_000);

  it('runs single-instance on memory when no REDIS_URL is given', async () => {
    const r = await startRelay(sim, redis.prefix, { REDIS_URL: '' });
    stops.push(() => r.relay.stop());
    expect(r.relay.store.kind).toBe('memory');
    expect(r.relay.scheduler.kind).toBe('timer');
    for (let i = 0; i < 100 && r.relay.readModel.referrals.size === 0; i += 1)
      await new Promise((ok) => setTimeout(ok, 50));
    expect(r.relay.readModel.referrals.size).toBeGreaterThan(0);
    const ready = await fetch(`${r.url}/readyz`);
    expect(await ready.json()).toMatchObject({ ready: true, store: 'memory', redis: null });
  });
});
