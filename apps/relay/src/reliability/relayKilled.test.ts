import type { Opportunity } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayName } from '../ingest/scheduler.js';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { LiveClient } from './liveClient.testkit.js';
import { startRelayProcess, waitFor } from './process.testkit.js';

const INTERVAL_MS = 1000;
const FEED = { kind: 'publicFeed', state: null } as const;
const FLAGS = { kind: 'featureFlags' } as const;
const REFERRALS_PATH = '/api/v1/marketplace-opportunities';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let child: Awaited<ReturnType<typeof startRelayProcess>> | undefined;
let survivor: Awaited<ReturnType<typeof startRelay>>;
const clients: LiveClient[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  const env = { POLL_INTERVAL_MS: String(INTERVAL_MS), REDIS_PREFIX: redis.prefix };
  // The doomed instance runs in a child process so that it can be SIGKILLed: no shutdown code
  // runs, its poll lease is simply never renewed again. It starts first and holds the lease.
  child = await startChild();
  const { metricsUrl } = child;
  await waitFor('the child polls', async () => pollOwner(metricsUrl), 30_000, 100);
  survivor = await startRelay(sim, redis.prefix, env);
  await waitFor('survivor loaded', () => survivor.relay.readModel.referrals.size > 0);
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
  await child?.kill();
  await survivor.relay.stop();
  await sim.close();
  await redis.cleanup();
});

function startChild() {
  return startRelayProcess({
    POLL_INTERVAL_MS: String(INTERVAL_MS),
    REDIS_PREFIX: redis.prefix,
    UPSTREAM_URL: sim.origin,
    OIDC_URL: sim.origin,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
}

/** Whether the relay whose metrics page this is holds the poll's lease. */
async function pollOwner(metricsUrl: string) {
  const page = await fetch(metricsUrl).then(
    (r) => r.text(),
    () => '',
  );
  return /^relay_poll_owner 1$/m.test(page);
}

async function clientOn(url: string) {
  const c = new LiveClient();
  clients.push(c);
  await c.connect(url);
  await c.follow(FEED);
  await c.follow(FLAGS);
  return c;
}

describe('two relay instances on one Redis, one killed', () => {
  it('moves polling to the survivor within two intervals, and clients of the dead one end in the same state', async ({
    annotate,
  }) => {
    if (!child) throw new Error('no child relay');
    const moved = await clientOn(child.url);
    const steady = await clientOn(survivor.url);

    // Know when the survivor polls, so the kill lands while the child holds the poll job.
    const poller = survivor.relay.poller;
    const pollOnce = poller.pollOnce.bind(poller);
    let survivorPolling = false;
    poller.pollOnce = async (now?: Date) => {
      survivorPolling = true;
      try {
        return await pollOnce(now);
      } finally {
        survivorPolling = false;
      }
    };
    // Slow referral reads keep each poll in flight long enough to be caught in the act.
    await sim.control('PUT', '/__sim/faults', { latencyMs: 400, pathPrefix: REFERRALS_PATH });
    const referralReads = async () => (await sim.stats())[`GET ${REFERRALS_PATH}`] ?? 0;
    let seen = await referralReads();
    await waitFor(
      'a poll started by the child',
      async () => {
        const now = await referralReads();
        const childStarted = now > seen && !survivorPolling;
        seen = now;
        return childStarted;
      },
      15_000,
      20,
    );
    await child.kill();
    const killedAt = Date.now();
    await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
    const during = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
    await waitFor(
      'survivor polled',
      async () =>
        (await survivor.relay.readModel.referralsById([during.opportunityId]))[0] !== undefined,
      10_000,
    );
    const takeoverMs = Date.now() - killedAt;
    await annotate(`survivor polled ${takeoverMs} ms after the kill`);
    expect(takeoverMs).toBeLessThanOrEqual(2 * INTERVAL_MS);

    // The dead instance's client reconnects to the survivor (a load balancer would send it there).
    await moved.connect(survivor.url);
    const after = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
    const admin = await sim.token('admin');
    const flag = await fetch(`${survivor.url}/api/feature-flags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `after-kill-${Date.now()}`, description: 'd', enabled: true }),
    });
    expect(flag.status).toBe(201);
    const { readModel } = survivor.relay;
    await waitFor(
      'both clients at the survivor seq',
      () =>
        [moved, steady].every(
          (c) =>
            c.seqOf(FEED) === readModel.referrals.seq &&
            c.seqOf(FLAGS) === readModel.featureFlags.seq &&
            c.item(FEED, after.opportunityId) !== undefined,
        ),
      10_000,
    );
    for (const id of [during.opportunityId, after.opportunityId])
      expect(moved.item(FEED, id)).toEqual(steady.item(FEED, id));
    expect(moved.held.get('featureFlags')?.items).toEqual(steady.held.get('featureFlags')?.items);
  }, 60_000);

  it('hands the poll over at once when its owner drains (SIGTERM), not when its lease lapses', async ({
    annotate,
  }) => {
    // The survivor polls now; a new relay joins and waits for the lease.
    expect(survivor.relay.scheduler.owns()).toBe(true);
    const heir = await startChild();
    try {
      await waitFor('the heir loaded', async () => (await fetch(`${heir.url}/readyz`)).ok, 30_000);
      expect(await pollOwner(heir.metricsUrl)).toBe(false);
      const readyz = (await (await fetch(`${heir.url}/readyz`)).json()) as { pollOwner: string };
      // The survivor runs in this process: its name is this process's.
      expect(readyz.pollOwner).toBe(relayName());
      const drainedAt = Date.now();
      // What main.ts does on SIGTERM.
      survivor.relay.drain();
      await waitFor('the heir polls', () => pollOwner(heir.metricsUrl), 10_000, 10);
      const handOverMs = Date.now() - drainedAt;
      await annotate(`the heir held the lease ${handOverMs} ms after the drain`);
      // The lease would lapse only after 1.4 intervals.
      expect(handOverMs).toBeLessThan(INTERVAL_MS);
      expect(survivor.relay.scheduler.owns()).toBe(false);
      const during = (await sim.control('POST', '/__sim/referrals', {})) as Opportunity;
      await waitFor(
        'the draining relay still serves what the heir polled',
        async () =>
          (await survivor.relay.readModel.referralsById([during.opportunityId]))[0] !== undefined,
        10_000,
      );
    } finally {
      await heir.kill();
    }
  }, 60_000);
});
