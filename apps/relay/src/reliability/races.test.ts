import type { Opportunity } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { waitFor } from './process.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
const relays: Awaited<ReturnType<typeof startRelay>>[] = [];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  // Two instances on one Redis: the races and limits must hold across the cluster.
  for (let i = 0; i < 2; i += 1)
    relays.push(await startRelay(sim, redis.prefix, { POLL_INTERVAL_MS: '300' }));
}, 30_000);
afterAll(async () => {
  for (const r of relays) await r.relay.stop();
  await sim.close();
  await redis.cleanup();
});

const post = (url: string, token: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('races', () => {
  it('gives 50 concurrent claims of one referral exactly one winner and 49 clear refusals', async () => {
    const users = ['producer', 'agencyadmin', 'fulcrum'];
    const tokens = await Promise.all(users.map((u) => sim.token(u)));
    const created = (await sim.control('POST', '/__sim/referrals', {
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
    })) as Opportunity;
    await waitFor('referral on both instances', async () =>
      (
        await Promise.all(
          relays.map((r) => r.relay.readModel.referralsById([created.opportunityId])),
        )
      ).every(([o]) => o !== undefined),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          `${relays[i % 2]?.url}/api/referrals/${created.opportunityId}/claim`,
          tokens[i % tokens.length] ?? '',
        ).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { error?: string },
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(49);
    for (const r of refused)
      expect(r).toMatchObject({
        status: 409,
        body: { error: 'This referral is no longer available.' },
      });
    expect((await sim.stats())['POST /api/v1/opportunity/:id/claim']).toBeGreaterThanOrEqual(1);
  });

  it('lets one of two simultaneous priority saves win and refuses the other with 409, keeping the winner order', async () => {
    const admin = await sim.token('admin');
    const [a, b] = relays;
    if (!a || !b) throw new Error('two relays needed');
    const list = (await (
      await fetch(`${a.url}/api/marketplaces`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as {
      priorityVersion: string;
      items: {
        id: number;
        enabled: boolean;
        includedInMarketplaceFlow: boolean;
        priority: number | null;
      }[];
    };
    const flow = list.items
      .filter((m) => m.enabled && m.includedInMarketplaceFlow)
      .sort((x, y) => (x.priority ?? 999) - (y.priority ?? 999));
    expect(flow.length).toBeGreaterThan(2);
    const reversed = [...flow].reverse().map((m, i) => ({ id: m.id, priority: i + 1 }));
    const rotated = [...flow.slice(1), flow[0]].map((m, i) => ({
      id: m?.id ?? 0,
      priority: i + 1,
    }));
    const [ra, rb] = await Promise.all([
      post(`${a.url}/api/marketplaces/list-save`, admin, {
        version: list.priorityVersion,
        priorities: reversed,
        updates: [],
      }),
      post(`${b.url}/api/marketplaces/list-save`, admin, {
        version: list.priorityVersion,
        priorities: rotated,
        updates: [],
      }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const winner = ra.status === 200 ? reversed : rotated;
    const stored = (await (
      await fetch(`${sim.origin}/api/v3/marketplaces`, {
        headers: {
          authorization: `Basic ${Buffer.from('opportunity-console:').toString('base64')}`,
        },
      })
    ).json()) as { id: number; priority: number | null }[];
    for (const p of winner) expect(stored.find((m) => m.id === p.id)?.priority).toBe(p.priority);
  });
});

describe('write limits', () => {
  it('holds 60 writes a minute per user across two instances', async () => {
    // A user no other test here writes as; carriers may not claim, but each try is a write.
    const carrier = await sim.token('carrier');
    // Counts live in fixed one-minute windows: start well inside one so all 70 land in it.
    const into = Date.now() % 60_000;
    if (into > 50_000) await new Promise((r) => setTimeout(r, 60_000 - into + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) {
      const res = await post(`${relays[i % 2]?.url}/api/referrals/1/claim`, carrier);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
  }, 30_000);
});
