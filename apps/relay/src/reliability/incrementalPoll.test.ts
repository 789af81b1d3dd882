import { opportunitySchema } from '@referrals/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamDate } from '../ingest/referrals/referralSync.js';
import { startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { startRelayProcess, waitFor } from './process.testkit.js';

const INTERVAL_MS = 500;
const REFERRALS_PATH = '/api/v1/marketplace-opportunities';
const BASIC = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;

type Relay = Awaited<ReturnType<typeof startRelayProcess>>;
let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let inspect: Redis;
const relays: Relay[] = [];

/** The window as the upstream serves it now, each referral as the relay validates it. */
async function upstreamWindow(): Promise<Map<string, string>> {
  const startDate = upstreamDate(new Date(Date.now() - 30 * 86_400_000));
  const res = await fetch(
    `${sim.origin}${REFERRALS_PATH}?page=0&size=10000&sort=addDate,desc&startDate=${startDate}`,
    { headers: { authorization: BASIC } },
  );
  const page = (await res.json()) as { content: unknown[]; totalElements: number };
  expect(page.totalElements).toBe(page.content.length);
  const out = new Map<string, string>();
  for (const r of page.content) {
    const valid = opportunitySchema.validateSync(r, { stripUnknown: true });
    out.set(String(valid.opportunityId), JSON.stringify(valid));
  }
  return out;
}

/** Ids whose committed value (the store every relay follows) differs from the upstream's. */
async function differences(): Promise<string[]> {
  const want = await upstreamWindow();
  const have = new Map(Object.entries(await inspect.hgetall(`${redis.prefix}snap:referrals`)));
  const wrong = [...want].filter(([id, json]) => have.get(id) !== json).map(([id]) => id);
  return [...wrong, ...[...have.keys()].filter((id) => !want.has(id))];
}

/** Where the cluster's reconciliation pass is (the note the pollers share). */
const passPage = async () =>
  (
    JSON.parse((await inspect.get(`${redis.prefix}meta:referrals`)) ?? 'null') as {
      pass: { page: number } | null;
    } | null
  )?.pass?.page ?? 0;

/** Upstream referral requests a relay has made (its /readyz figures). */
const requestsOf = async (r: Relay) =>
  ((await (await fetch(`${r.url}/readyz`)).json()) as { poll: { requests: number } }).poll.requests;

beforeAll(async () => {
  // A market of 5,000 (a pass of 5 chunks), frozen apart from the test's own changes.
  sim = await startSim({ SIM_REFERRALS: '5000', SIM_TICK_MS: '3600000' });
  redis = await testPrefix();
  inspect = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  // Two real relays in child processes, so either can be SIGKILLed while it polls.
  for (let i = 0; i < 2; i += 1) {
    relays.push(
      await startRelayProcess({
        POLL_INTERVAL_MS: String(INTERVAL_MS),
        REDIS_PREFIX: redis.prefix,
        UPSTREAM_URL: sim.origin,
        OIDC_URL: sim.origin,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      }),
    );
  }
  await waitFor('first load complete', async () => (await differences()).length === 0, 40_000, 200);
}, 90_000);
afterAll(async () => {
  await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });
  for (const r of relays) await r.kill();
  inspect.disconnect();
  await sim.close();
  await redis.cleanup();
});

describe('two relays, one market, one incremental poller', () => {
  it('reads only what changed: a few referral requests per interval for the whole cluster', async () => {
    await sim.resetStats();
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 10 * INTERVAL_MS));
    const reads = (await sim.stats())[`GET ${REFERRALS_PATH}`] ?? 0;
    const intervals = (Date.now() - started) / INTERVAL_MS;
    // One change read and one chunk per cycle; a whole read of 5,000 would be 5 pages a cycle.
    expect(reads).toBeGreaterThan(0);
    expect(reads / intervals).toBeLessThanOrEqual(3);
  });

  it('loses no change when the poll owner is killed in the middle of a reconciliation pass', async ({
    annotate,
  }) => {
    const drift = (await sim.control('POST', '/__sim/drift', { silent: 25, deleted: 25 })) as {
      silent: number[];
      deleted: number[];
    };
    expect(drift.deleted).toHaveLength(25);
    const stamped = drift.silent[0] as number;
    await sim.control('PATCH', `/__sim/referrals/${stamped}`, { dynamicPrice: 123.45 });

    // Slow referral reads keep each cycle in flight long enough to be caught in the act.
    await sim.control('PUT', '/__sim/faults', { latencyMs: 300, pathPrefix: REFERRALS_PATH });
    let owner: Relay | undefined;
    await waitFor(
      'a relay polling in the middle of a pass',
      async () => {
        const before = await Promise.all(relays.map(requestsOf));
        await new Promise((r) => setTimeout(r, 150));
        const after = await Promise.all(relays.map(requestsOf));
        const moving = relays.filter((_, i) => (after[i] ?? 0) > (before[i] ?? 0));
        owner = moving.length === 1 && (await passPage()) >= 1 ? moving[0] : undefined;
        return owner !== undefined;
      },
      20_000,
      0,
    );
    const survivor = relays.find((r) => r !== owner) as Relay;
    const survivorBefore = await requestsOf(survivor);
    await owner?.kill();
    relays.splice(relays.indexOf(owner as Relay), 1);
    const killedAt = Date.now();
    await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' });

    await waitFor(
      'the store equal to the upstream',
      async () => (await differences()).length === 0,
      30_000,
      100,
    );
    await annotate(`every change committed ${Date.now() - killedAt} ms after the kill`);
    expect(await requestsOf(survivor)).toBeGreaterThan(survivorBefore);
    const have = await inspect.hmget(
      `${redis.prefix}snap:referrals`,
      ...drift.deleted.map(String),
      String(stamped),
    );
    expect(have.slice(0, -1).every((j) => j === null)).toBe(true);
    expect(JSON.parse(have.at(-1) ?? '{}')).toMatchObject({ dynamicPrice: 123.45 });
  }, 90_000);
});
