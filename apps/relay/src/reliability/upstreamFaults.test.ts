import type { Opportunity } from '@referrals/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { LiveClient } from './liveClient.testkit.js';
import { waitFor } from './process.testkit.js';

// The 60 s outage and 5 s latency are scaled down: a 300 ms interval and a 300 ms
// upstream time-out make every fault last many poll cycles while the file runs in seconds.
const INTERVAL_MS = 300;
const TIMEOUT_MS = 300;
const MAX_BODY = 1024 * 1024;
const OUTAGE_MS = 6 * INTERVAL_MS;
// After the upstream heals, the poll under way may still be failing through its retries
// (3 attempts of at most TIMEOUT_MS plus backoff); the next one starts within an interval.
const RECOVERY_BOUND_MS = INTERVAL_MS + 3 * TIMEOUT_MS + 450 + 700;

const FEED = { kind: 'publicFeed', state: null } as const;
const STATUS = { kind: 'status' } as const;

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
let client: LiveClient;

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, {
    POLL_INTERVAL_MS: String(INTERVAL_MS),
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    UPSTREAM_MAX_BODY_BYTES: String(MAX_BODY),
  });
  await waitFor('first poll', () => relay.relay.readModel.referrals.size > 0);
  client = new LiveClient();
  await client.connect(relay.url);
  await client.follow(STATUS);
  await client.follow(FEED);
});
afterAll(async () => {
  client.close();
  await clearFaults();
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});

// DELETE answers 204 with no body, which the testkit's JSON control helper cannot read.
const clearFaults = () => fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
const staleSeen = () => client.status();

describe('upstream faults', () => {
  // A failed case must not leave its fault on for the next one.
  afterEach(async () => {
    await clearFaults();
  });

  it.each([
    ['down (connections refused)', { refuse: true }],
    ['slow (beyond the time-out)', { latencyMs: TIMEOUT_MS * 4 }],
    ['answering 500', { status: 500 }],
    ['answering 401', { status: 401 }],
    ['answering malformed JSON', { malformedJson: true }],
    ['answering a body over the cap', { hugeBodyBytes: MAX_BODY * 2 }],
  ])(
    'keeps serving the last snapshot while the upstream is %s, says it is stale, and delivers every change made meanwhile after recovery',
    async (name, fault) => {
      await waitFor('fresh before the fault', () => staleSeen()?.stale === false);
      const before = (await (await fetch(`${relay.url}/api/public/referrals?size=5`)).json()) as {
        totalElements: number;
      };

      await sim.control('PUT', '/__sim/faults', fault);
      // Streams fail at their own pace (a slow one only after its retries): wait for referrals.
      await waitFor(
        'status stale with referrals failing',
        () => staleSeen()?.stale === true && staleSeen()?.failing.includes('referrals') === true,
        5000,
      );

      // Changes made upstream during the outage.
      const created: Opportunity[] = [];
      for (let i = 0; i < 3; i += 1)
        created.push((await sim.control('POST', '/__sim/referrals', {})) as Opportunity);
      await new Promise((r) => setTimeout(r, OUTAGE_MS));

      // The last snapshot still answers, at once, and the relay lives.
      const started = Date.now();
      const list = await fetch(`${relay.url}/api/public/referrals?size=5`);
      expect(list.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const page = (await list.json()) as { totalElements: number; content: unknown[] };
      expect(page.totalElements).toBe(before.totalElements);
      expect(page.content.length).toBe(5);
      expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
      // Still ready: a balancer must not drain every instance for an upstream outage.
      const ready = await fetch(`${relay.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { upstream: boolean }).upstream).toBe(false);
      for (const o of created) expect(client.item(FEED, o.opportunityId)).toBeUndefined();

      await clearFaults();
      const healed = Date.now();
      await waitFor('status fresh', () => staleSeen()?.stale === false, 10_000);
      await waitFor(
        'changes made during the outage delivered',
        () => created.every((o) => client.item(FEED, o.opportunityId) !== undefined),
        10_000,
      );
      expect(Date.now() - healed, `${name}: recovery time`).toBeLessThan(RECOVERY_BOUND_MS);
      expect(client.seqOf(FEED)).toBe(relay.relay.readModel.referrals.seq);
    },
  );
});
