import type { RequestHandler } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../reliability/process.testkit.js';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';

// The time-out is also how long an open circuit waits before it lets a trial call through.
const TIMEOUT_MS = 1000;
const NAICS = '/api/v1/industry/codes/6D';

/** The paths of the requests the stand-in received since the last clear. */
const received: string[] = [];
const recorder: RequestHandler = (req, _res, next) => {
  received.push(req.path);
  next();
};

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
let admin = '';
let producer = '';

beforeAll(async () => {
  sim = await startSim({}, recorder);
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, {
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    POLL_INTERVAL_MS: '300',
  });
  admin = await sim.token('admin');
  producer = await sim.token('producer');
  // A relay's first load takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await clearFaults();
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});
afterEach(async () => {
  await clearFaults();
});

// DELETE answers 204 with no body, which the testkit's JSON control helper cannot read.
const clearFaults = () => fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
const get = (path: string, token: string) =>
  fetch(`${relay.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const circuitGauge = async () => {
  const text = await (await fetch(relay.metricsUrl)).text();
  const line = `relay_upstream_circuit_open{service="${sim.origin}"} `;
  return text
    .split('\n')
    .find((l) => l.startsWith(line))
    ?.slice(line.length);
};

describe('users\u2019 reads in an upstream outage', () => {
  it('answers a slow upstream with 504 at the time-out, after one call, not a retry loop', async () => {
    expect((await get('/api/naics-codes', admin)).status).toBe(200);
    await sim.control('PUT', '/__sim/faults', { latencyMs: 4 * TIMEOUT_MS, pathPrefix: NAICS });
    received.length = 0;
    const started = Date.now();
    const res = await get('/api/naics-codes', admin);
    const waited = Date.now() - started;
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({
      error: 'the upstream service did not answer in time',
    });
    expect(received.filter((p) => p === NAICS)).toHaveLength(1);
    // Three attempts with their pauses would take more than three time-outs.
    expect(waited).toBeLessThan(2.5 * TIMEOUT_MS);
  });

  it('opens the circuit: reads answer 503 at once without the upstream, or from the read model; a trial call closes it', async () => {
    const marketplaces = (await (await get('/api/marketplaces', admin)).json()) as {
      items: { id: number }[];
    };
    const marketplaceId = marketplaces.items[0]?.id ?? 0;
    const referrals = (await (await get('/api/referrals?size=1', admin)).json()) as {
      content: { opportunityId: number }[];
    };
    const referralId = referrals.content[0]?.opportunityId ?? 0;

    await sim.control('PUT', '/__sim/faults', { status: 500 });
    // Every read before the circuit opens reaches the stand-in and fails: the first 503 comes
    // right after it opened, a time-out's length before it lets a trial call through.
    await waitFor(
      'the circuit open',
      async () => (await get('/api/naics-codes', admin)).status === 503,
      10_000,
      10,
    );
    received.length = 0;

    const naics = await get('/api/naics-codes', admin);
    expect(naics.status).toBe(503);
    expect(naics.headers.get('retry-after')).toBe(String(TIMEOUT_MS / 1000));
    expect(await naics.json()).toMatchObject({
      error: 'the upstream service is unavailable; try again shortly',
    });
    // A profile lookup (the producer's first request) is refused the same way, never a 500.
    const me = await get('/api/me', producer);
    expect(me.status).toBe(503);
    // What the read model holds still answers.
    const marketplace = await get(`/api/marketplaces/${marketplaceId}`, admin);
    expect(marketplace.status).toBe(200);
    expect(await marketplace.json()).toMatchObject({ id: marketplaceId });
    expect((await get(`/api/referrals/${referralId}`, admin)).status).toBe(200);
    // None of these reads reached the stand-in (a poll's read under way may still retry).
    const usersReads = [NAICS, `/api/v3/marketplaces/${marketplaceId}`, '/iw/api/v1/users'];
    expect(received.filter((p) => usersReads.includes(p))).toEqual([]);
    expect(await circuitGauge()).toBe('1');

    await clearFaults();
    await waitFor(
      'a trial call closing the circuit',
      async () => (await get('/api/naics-codes', admin)).status === 200,
      10_000,
    );
    expect((await get('/api/me', producer)).status).toBe(200);
    await waitFor('every circuit closed', async () => (await circuitGauge()) === '0', 10_000);
  });
});
