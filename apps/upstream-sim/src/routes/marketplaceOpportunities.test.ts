import {
  matchesAppetite,
  opportunitySchema,
  pagedSchema,
  type Opportunity,
} from '@referrals/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, expectShape, type TestSim } from '../sim.testkit.js';
import { referralComparator } from './referralQuery.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const page = (body: unknown) =>
  expectShape(pagedSchema(opportunitySchema), body) as {
    content: Opportunity[];
    totalElements: number;
  };
const usDate = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const appetiteOf = (id: number) => {
  const appetite = sim.market.state.marketplaces.get(id)?.riskAppetite;
  if (appetite === undefined) throw new Error(`no marketplace ${id}`);
  return appetite;
};

describe('marketplace opportunities', () => {
  it("dates every answer by the market's clock, as a service dates its answers by its own", async () => {
    const before = sim.clock.now();
    const res = await get('/api/v1/marketplace-opportunities?size=1').expect(200);
    expect(Date.parse(String(res.headers.date))).toBe(Math.floor(before / 1000) * 1000);
    sim.clock.advance(90_000);
    const later = await get('/api/v1/marketplace-opportunities?size=1').expect(200);
    expect(Date.parse(String(later.headers.date))).toBe(
      Math.floor((before + 90_000) / 1000) * 1000,
    );
  });

  it('answers by path username with the referrals inside that agency marketplace appetite', async () => {
    const body = page(
      (await get('/api/v1/marketplace-opportunities/producer?size=5000').expect(200)).body,
    );
    const expected = sim.market.state.referrals
      .all()
      .filter((o) => matchesAppetite(o, appetiteOf(3)));
    expect(body.totalElements).toBe(expected.length);
    expect(body.totalElements).toBeGreaterThan(0);
    expect(body.totalElements).toBeLessThan(sim.market.state.referrals.size);
  });

  it('answers the same by query username, with filters applied', async () => {
    const byPath = page(
      (await get('/api/v1/marketplace-opportunities/carrier?size=5000').expect(200)).body,
    );
    const byQuery = page(
      (await get('/api/v1/marketplace-opportunities?username=carrier&size=5000').expect(200)).body,
    );
    expect(byQuery.totalElements).toBe(byPath.totalElements);
    const eligible = page(
      (
        await get(
          '/api/v1/marketplace-opportunities?username=carrier&marketplaceStatus=ELIGIBLE&size=5000',
        ).expect(200)
      ).body,
    );
    for (const o of eligible.content) expect(o.marketplaceStatus).toBe('Available');
    expect(eligible.totalElements).toBeLessThan(byQuery.totalElements);
  });

  it('puts the soonest expiration first in the by-expiration call', async () => {
    const body = page(
      (
        await get(
          '/api/v1/marketplace-opportunities-by-expiration?username=producer&marketplaceStatus=ELIGIBLE&size=5000',
        ).expect(200)
      ).body,
    );
    const dates = body.content.map((o) => o.marketplaceExpirationDate ?? '');
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });

  it('gives staff without an agency an empty view and 404 for unknown users', async () => {
    const admin = page((await get('/api/v1/marketplace-opportunities/admin').expect(200)).body);
    expect(admin.totalElements).toBe(0);
    await get('/api/v1/marketplace-opportunities/nobody').expect(404);
  });

  it('answers every referral without a username (the unfiltered admin view)', async () => {
    const all = page((await get('/api/v1/marketplace-opportunities?size=10000').expect(200)).body);
    const mine = page(
      (await get('/api/v1/marketplace-opportunities?username=producer&size=10000').expect(200))
        .body,
    );
    expect(all.totalElements).toBe(sim.market.state.referrals.size);
    expect(mine.totalElements).toBeLessThan(all.totalElements);
  });

  it('answers acquired referrals of the user agency, with full contact fields', async () => {
    const res = await request(sim.app)
      .post('/api/v1/acquired-marketplace-opportunities?size=5000&sort=lastModDate,desc')
      .set('authorization', AUTH)
      .send({ username: 'producer' })
      .expect(200);
    const body = page(res.body);
    expect(body.content.length).toBeGreaterThan(0);
    for (const o of body.content) {
      expect(o.assignedAgency).toBe('Lone Star Insurance Group');
      expect(o.phone).not.toBeNull();
      expect(['Claimed', 'Settled', 'Assigned', 'Delivered']).toContain(o.marketplaceStatus);
    }
    await request(sim.app)
      .post('/api/v1/acquired-marketplace-opportunities')
      .set('authorization', AUTH)
      .send({})
      .expect(400);
    await request(sim.app)
      .post('/api/v1/acquired-marketplace-opportunities')
      .set('authorization', AUTH)
      .send({ username: 'nobody' })
      .expect(404);
  });

  it('pages the admin view consistently, and a write between two pages shows at once', async () => {
    const all = page((await get('/api/v1/marketplace-opportunities?size=5000').expect(200)).body);
    const first = page((await get('/api/v1/marketplace-opportunities?size=7').expect(200)).body);
    const second = page(
      (await get('/api/v1/marketplace-opportunities?size=7&page=1').expect(200)).body,
    );
    expect([...first.content, ...second.content].map((o) => o.opportunityId)).toEqual(
      all.content.slice(0, 14).map((o) => o.opportunityId),
    );
    // A new referral (a write) and a claim-like change (status and price) between pages.
    const added = sim.market.addReferral(sim.clock.now());
    const top = all.content[0]!;
    sim.market.state.referrals.patch(top.opportunityId, { dynamicPrice: 1 }, sim.clock.now());
    const again = page((await get('/api/v1/marketplace-opportunities?size=7').expect(200)).body);
    expect(again.totalElements).toBe(all.totalElements + 1);
    expect(again.content[0]?.opportunityId).toBe(added.opportunityId);
    expect(again.content.find((o) => o.opportunityId === top.opportunityId)?.dynamicPrice).toBe(1);
  });

  it('pages the admin view by lastModDate either way from startDate, ties newest id first', async () => {
    // Two referrals changed at one instant: equal stamps, the newer id first either way.
    const [older, newer] = sim.market.state.referrals.all().slice(-50, -48);
    for (const o of [newer!, older!])
      sim.market.state.referrals.patch(o.opportunityId, { soldPrice: 3 }, sim.clock.now() - 5);
    const start = usDate(sim.clock.now() - 10 * 86_400_000);
    const from = new Date(
      Date.parse(`${start.slice(6)}-${start.slice(0, 2)}-${start.slice(3, 5)}`),
    );
    for (const direction of ['desc', 'asc'] as const) {
      const pages: Opportunity[] = [];
      let total = 0;
      for (let p = 0; p < 4; p++) {
        const body = page(
          (
            await get(
              `/api/v1/marketplace-opportunities?sort=lastModDate,${direction}&startDate=${start}&page=${p}&size=700`,
            ).expect(200)
          ).body,
        );
        pages.push(...body.content);
        total = body.totalElements;
      }
      const expected = sim.market.state.referrals
        .all()
        .filter((o) => o.addDate >= from.toISOString())
        .sort(referralComparator([{ field: 'lastModDate', direction }]));
      expect(total).toBe(expected.length);
      expect(pages.map((o) => o.opportunityId)).toEqual(expected.map((o) => o.opportunityId));
      expect(total).toBeLessThan(sim.market.state.referrals.size);
      const mods = pages.map((o) => o.lastModDate ?? '');
      expect(mods).toEqual(direction === 'desc' ? [...mods].sort().reverse() : [...mods].sort());
      const ids = pages.map((o) => o.opportunityId);
      expect(ids.indexOf(newer!.opportunityId)).toBe(ids.indexOf(older!.opportunityId) - 1);
    }
  });

  it('puts a referral a change stamped first in the lastModDate,desc view, a page up to 10,000', async () => {
    const top = async () =>
      page(
        (
          await get(
            `/api/v1/marketplace-opportunities?sort=lastModDate,desc&startDate=${usDate(sim.clock.now() - 30 * 86_400_000)}&size=20000`,
          ).expect(200)
        ).body,
      );
    const before = await top();
    expect(before.content).toHaveLength(Math.min(10_000, before.totalElements));
    const target = before.content.find((o) => o.marketplaceStatus === 'Available')!;
    sim.clock.advance(1_000);
    await request(sim.app)
      .post(`/api/v1/opportunity/${target.opportunityId}/claim`)
      .set('authorization', AUTH)
      .send({ username: 'producer' })
      .expect(200);
    const after = await top();
    expect(after.content[0]).toMatchObject({
      opportunityId: target.opportunityId,
      marketplaceStatus: 'Claimed',
      lastModDate: new Date(sim.clock.now()).toISOString(),
    });
    expect(after.totalElements).toBe(before.totalElements);
    // A tick's price steps and expiries stamp too: whatever changed comes first.
    const tickAt = sim.clock.advance(10 * 60_000);
    sim.market.tick(tickAt);
    const moved = (await top()).content.slice(0, 5);
    for (const o of moved) expect(o.lastModDate! > after.content[0]!.lastModDate!).toBe(true);
  });

  it('requires basic auth like every opportunity call', async () => {
    await request(sim.app).get('/api/v1/marketplace-opportunities/producer').expect(401);
  });
});
