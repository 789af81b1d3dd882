import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './reliability/process.testkit.js';
import {
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type Sim,
} from './testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, {
    POLL_INTERVAL_MS: '300',
    UPSTREAM_TIMEOUT_MS: '500',
  });
}, 30_000);
afterAll(async () => {
  await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});

/** One sample of the relay's Prometheus page, by name with labels as written there. */
async function sample(series: string): Promise<number | undefined> {
  const text = await (await fetch(relay.metricsUrl)).text();
  for (const line of text.split('\n')) {
    const cut = line.lastIndexOf(' ');
    if (line.slice(0, cut) === series) return Number(line.slice(cut + 1));
  }
  return undefined;
}

describe('operations metrics', () => {
  it('serves /metrics on its own port, and nothing at /metrics on the public one', async () => {
    expect((await fetch(`${relay.url}/metrics`)).status).toBe(404);
    const res = await fetch(relay.metricsUrl);
    expect(res.status).toBe(200);
    // The gauge follows /readyz's verdict, which a loaded machine may reach after the start.
    await waitFor('ready', async () => (await sample('relay_ready')) === 1, 20_000);
  });

  it('tells when the cluster last polled well, and how long it has been stale', async () => {
    // The status is committed within the cycle, the clock noted just after it.
    await waitFor(
      'a good poll',
      async () =>
        (await sample('relay_stale')) === 0 &&
        ((await sample('relay_poll_last_success_timestamp_seconds')) ?? 0) > 0,
    );
    const last = (await sample('relay_poll_last_success_timestamp_seconds')) ?? 0;
    expect(Math.abs(Date.now() / 1000 - last)).toBeLessThan(5);
    expect(await sample('relay_poll_staleness_seconds')).toBeLessThan(5);

    await sim.control('PUT', '/__sim/faults', { status: 500 });
    await waitFor('stale', async () => (await sample('relay_stale')) === 1, 10_000);
    // No good poll since: the timestamp stands still and the staleness grows past the interval.
    const frozen = (await sample('relay_poll_last_success_timestamp_seconds')) ?? 0;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sample('relay_poll_last_success_timestamp_seconds')).toBe(frozen);
    expect(await sample('relay_poll_staleness_seconds')).toBeGreaterThan(1);
    // Staleness is not readiness: this instance still serves its last snapshot.
    expect(await sample('relay_ready')).toBe(1);

    await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
    await waitFor(
      'fresh again',
      async () =>
        (await sample('relay_stale')) === 0 &&
        ((await sample('relay_poll_staleness_seconds')) ?? 99) < 2,
      10_000,
    );
  });

  it('measures the delivery lag of a change from its commit to its emit', async () => {
    const admin = await sim.token('admin');
    const socket = await openSocket(relay.url, admin);
    try {
      expect(await subscribe(socket, { kind: 'featureFlags' })).toMatchObject({ ok: true });
      const series = 'relay_delivery_lag_seconds_count{stream="featureFlags"}';
      const before = (await sample(series)) ?? 0;
      const changed = new Promise((resolve) => socket.once('changes', resolve));
      const res = await fetch(`${relay.url}/api/feature-flags`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `lag-${Date.now()}`, description: 'lag', enabled: false }),
      });
      expect(res.status).toBeLessThan(300);
      await changed;
      expect(await sample(series)).toBeGreaterThan(before);
      const sum = (await sample('relay_delivery_lag_seconds_sum{stream="featureFlags"}')) ?? 0;
      expect(sum).toBeGreaterThanOrEqual(0);
      expect(sum).toBeLessThan(5);
    } finally {
      socket.disconnect();
    }
  });
});
