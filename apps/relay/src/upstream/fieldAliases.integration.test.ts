import { setTimeout as sleep } from 'node:timers/promises';
import { businessLinesText, employeesText, type Opportunity } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startRelay,
  startSim,
  testPrefix,
  type Relay,
  type Sim,
} from '../testkit/stack.testkit.js';

const BASIC = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;
/** A commercial web referral, so its lines and employee count are shown as they are. */
const BUSINESS = { opportunityType: 'CIR', category: 'COMMERCIAL', source: 'agent-site' };

let sim: Sim;
let relay: Relay;
let url: string;
let admin: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startSim();
  stops.push(() => sim.close());
  const redis = await testPrefix();
  stops.push(() => redis.cleanup());
  // A relay that cannot read the aliases never loads this market: its pages hold referrals sent
  // with businessLines null.
  ({ relay, url } = await startRelay(sim, `${redis.prefix}aliases:`, {
    POLL_INTERVAL_MS: '30000',
  }));
  stops.push(() => relay.stop());
  admin = await sim.token('admin');
}, 40_000);
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A referral the upstream creates now, as the upstream sends it. */
async function created(body: object): Promise<Record<string, unknown> & { opportunityId: number }> {
  return (await sim.control('POST', '/__sim/referrals', { ...BUSINESS, ...body })) as Record<
    string,
    unknown
  > & { opportunityId: number };
}

/** The referral as the relay's API answers it once a poll has brought it in. */
async function throughRelay(id: number): Promise<Record<string, unknown>> {
  const held = async () => (await relay.readModel.referralsById([id]))[0] !== undefined;
  await relay.scheduler.pollNow();
  for (let i = 0; i < 200 && !(await held()); i += 1) await sleep(50);
  const res = await fetch(`${url}/api/referrals/${id}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('referrals the upstream names with linesOfBusiness and numberOfEmployees', () => {
  it('shows their business lines and employee count under the console names', async () => {
    const sent = await created({ linesOfBusiness: ['CGLY', 'CWCP'], numberOfEmployees: 37 });
    // The upstream's answer really carries the aliases only.
    expect(sent).not.toHaveProperty('businessLines');
    expect(sent).not.toHaveProperty('noOfEmployees');
    const shown = await throughRelay(sent.opportunityId);
    expect(shown).toMatchObject({ businessLines: ['CGLY', 'CWCP'], noOfEmployees: 37 });
    expect(shown).not.toHaveProperty('linesOfBusiness');
    expect(shown).not.toHaveProperty('numberOfEmployees');
    const row = shown as unknown as Opportunity;
    expect(businessLinesText(row)).toBe("General Liability, Workers' Compensation");
    expect(employeesText(row)).toBe('37');
  });

  it('reads the aliases where the upstream sends businessLines and noOfEmployees as null', async () => {
    const sent = await created({
      businessLines: null,
      linesOfBusiness: ['CPTY'],
      noOfEmployees: null,
      numberOfEmployees: 8,
    });
    expect(sent).toMatchObject({ businessLines: null, noOfEmployees: null });
    const shown = await throughRelay(sent.opportunityId);
    expect(shown).toMatchObject({ businessLines: ['CPTY'], noOfEmployees: 8 });
    // The anonymous public feed shows the same lines and count.
    const feed = (await (
      await fetch(`${url}/api/public/referrals?size=100&dateFilter=24hours`)
    ).json()) as { content: Record<string, unknown>[] };
    expect(feed.content.find((o) => o.opportunityId === sent.opportunityId)).toMatchObject({
      businessLines: ['CPTY'],
      noOfEmployees: 8,
    });
  });

  it("holds the upstream's own aliased referrals with the lines and counts they were sent with", async () => {
    const res = await fetch(`${sim.origin}/api/v1/opportunity/all-referral?size=10000`, {
      headers: { authorization: BASIC },
    });
    const page = (await res.json()) as { content: Record<string, unknown>[] };
    const aliased = page.content.filter((o) => 'linesOfBusiness' in o);
    expect(aliased.length).toBeGreaterThan(10);
    const ids = aliased.map((o) => o.opportunityId as number);
    const held = new Map(
      (await relay.readModel.referralsById(ids)).flatMap((o) => (o ? [[o.opportunityId, o]] : [])),
    );
    expect(held.size).toBe(ids.length);
    for (const o of aliased)
      expect(held.get(o.opportunityId as number)).toMatchObject({
        businessLines: o.linesOfBusiness,
        noOfEmployees: o.numberOfEmployees,
      });
  });
});
