import type { AddressInfo } from 'node:net';
import { opportunitySchema, type Opportunity } from '@referrals/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, errorOf, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const claim = (id: number | string, body: unknown) =>
  request(sim.app)
    .post(`/api/v1/opportunity/${id}/claim`)
    .set('authorization', AUTH)
    .send(body as object);

/** A fresh Available referral, made through the store so each test has its own. */
const anAvailable = (fields: Partial<Opportunity> = {}): Opportunity =>
  sim.market.addReferral(sim.clock.now(), {
    marketplaceStatus: 'Available',
    state: 'TX',
    ...fields,
    marketplaceExpirationDate: new Date(sim.clock.now() + 30 * 60_000).toISOString(),
  });

describe('POST /api/v1/opportunity/{id}/claim', () => {
  it('claims an Available referral for the user agency at the current dynamic price', async () => {
    const referral = anAvailable({ dynamicPrice: 31, discountPrice: 45 });
    sim.clock.advance(1_000);
    const res = await claim(referral.opportunityId, { username: 'producer' }).expect(200);
    const body = expectShape(opportunitySchema, res.body);
    expect(body).toMatchObject({
      opportunityId: referral.opportunityId,
      marketplaceStatus: 'Claimed',
      soldPrice: 31,
      assignedAgency: 'Lone Star Insurance Group',
      assignedAgent: 'Pat Producer',
      lastModDate: new Date(sim.clock.now()).toISOString(),
    });
    expect(body.phone).not.toBeNull();
    expect(body.firstName).not.toBeNull();
  });

  it('answers 409 once the referral is no longer Available', async () => {
    const referral = anAvailable();
    await claim(referral.opportunityId, { username: 'producer' }).expect(200);
    const again = await claim(referral.opportunityId, { username: 'fulcrum' }).expect(409);
    expect(errorOf(again)).toMatch(/Claimed/);
  });

  it('answers 409 for an expired referral even before the tick has moved it', async () => {
    const referral = anAvailable();
    sim.clock.advance(31 * 60_000);
    await claim(referral.opportunityId, { username: 'producer' }).expect(409);
  });

  it('answers 404 for an unknown referral and 400 for a bad body or unknown user', async () => {
    await claim(999_999, { username: 'producer' }).expect(404);
    const referral = anAvailable();
    await claim(referral.opportunityId, {}).expect(400);
    await claim(referral.opportunityId, { username: '' }).expect(400);
    await claim(referral.opportunityId, { username: 'nobody' }).expect(400);
    await claim(referral.opportunityId, { username: 'admin' }).expect(400);
    expect(sim.market.state.referrals.get(referral.opportunityId)?.marketplaceStatus).toBe(
      'Available',
    );
  });

  it('debits the prepaid balance of an agency whose marketplace debits it', async () => {
    const before = sim.market.state.directory.balance(1001) ?? 0;
    const referral = anAvailable({ dynamicPrice: 20, discountPrice: 20 });
    await claim(referral.opportunityId, { username: 'agencyadmin' }).expect(200);
    expect(sim.market.state.directory.balance(1001)).toBe(before - 20);
  });
});

describe('the claim race', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = sim.app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => close());

  it('lets exactly one of 50 concurrent claims win; the other 49 get 409', async () => {
    const referral = anAvailable();
    const users = ['producer', 'agencyadmin', 'carrier', 'bridge', 'fulcrum'];
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${base}/api/v1/opportunity/${referral.opportunityId}/claim`, {
          method: 'POST',
          headers: { authorization: AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ username: users[i % users.length] }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  });
});
