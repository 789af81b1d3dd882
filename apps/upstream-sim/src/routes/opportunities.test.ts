import {
  opportunitySchema,
  opportunitySourceSchema,
  pagedSchema,
  type Opportunity,
  type Paged,
} from '@referrals/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, errorOf, expectEach, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const page = (body: unknown): Paged<Opportunity> =>
  expectShape(pagedSchema(opportunitySchema), body);
type SortValue = (o: Opportunity) => string | number | null;

describe('opportunity calls', () => {
  it.each([
    '/api/v1/opportunity/recent-referral',
    '/api/v1/opportunity/available-referral',
    '/api/v1/opportunity/purchased-referral',
    '/api/v1/opportunity/all-referral',
  ])('answers %s with a page of valid referrals', async (path) => {
    const res = await get(path).expect(200);
    const body = page(res.body);
    expect(body.content.length).toBeGreaterThan(0);
    expect(body.numberOfElements).toBe(body.content.length);
  });

  it('requires basic auth with the configured user and an empty password', async () => {
    await request(sim.app)
      .get('/api/v1/opportunity/all-referral')
      .expect(401)
      .expect('www-authenticate', /Basic/);
    const wrong = `Basic ${Buffer.from('someone:').toString('base64')}`;
    await request(sim.app)
      .get('/api/v1/opportunity/all-referral')
      .set('authorization', wrong)
      .expect(401);
    const withPassword = `Basic ${Buffer.from('opportunity-console:secret').toString('base64')}`;
    await request(sim.app)
      .get('/api/v1/opportunity/all-referral')
      .set('authorization', withPassword)
      .expect(401);
  });

  it('lists the sources with sourceName, direct-call among them', async () => {
    const res = await get('/api/v3/opportunity/sources').expect(200);
    const sources = expectEach(opportunitySourceSchema, res.body);
    expect(sources.map((s) => s.sourceName)).toContain('direct-call');
  });

  it('answers one referral by id, 404 for unknown or malformed ids', async () => {
    const res = await get('/api/v1/opportunity/1').expect(200);
    expect(expectShape(opportunitySchema, res.body).opportunityId).toBe(1);
    const unknown = await get('/api/v1/opportunity/999999').expect(404);
    expect(errorOf(unknown)).toMatch(/not found/);
    await get('/api/v1/opportunity/abc').expect(404);
  });

  it('pages with 0-based page and size, default size 10', async () => {
    const first = page((await get('/api/v1/opportunity/all-referral').expect(200)).body);
    expect(first.content).toHaveLength(10);
    expect(first.totalElements).toBe(sim.market.state.referrals.size);
    const a = page((await get('/api/v1/opportunity/all-referral?page=0&size=5').expect(200)).body);
    const b = page((await get('/api/v1/opportunity/all-referral?page=1&size=5').expect(200)).body);
    expect(first.content.slice(5).map((o) => o.opportunityId)).toEqual(
      b.content.map((o) => o.opportunityId),
    );
    expect(a.totalPages).toBe(Math.ceil(a.totalElements / 5));
    const beyond = page(
      (await get('/api/v1/opportunity/all-referral?page=100000').expect(200)).body,
    );
    expect(beyond.content).toEqual([]);
  });

  it('rejects bad paging and unknown sort fields with 400', async () => {
    await get('/api/v1/opportunity/all-referral?page=-1').expect(400);
    await get('/api/v1/opportunity/all-referral?size=0').expect(400);
    await get('/api/v1/opportunity/all-referral?sort=nope,asc').expect(400);
    await get('/api/v1/opportunity/all-referral?sort=addDate,sideways').expect(400);
  });

  it.each<[string, SortValue]>([
    ['addDate', (o) => o.addDate],
    ['premium', (o) => o.estimatedPremium],
    ['businessSize', (o) => o.noOfEmployees],
    ['businessYears', (o) => o.yearsInBusiness],
    ['lastName', (o) => o.lastName],
    ['city', (o) => o.city],
    ['industryCode', (o) => o.industryCode],
    ['marketplaceStatus', (o) => o.marketplaceStatus],
    ['businessLineCategory', (o) => o.category],
    ['marketplaceExpirationDate', (o) => o.marketplaceExpirationDate],
    ['lastModDate', (o) => o.lastModDate],
    [
      'opportunityBusinessLineEntities',
      (o) => (o.businessLines.length ? o.businessLines.join(',') : null),
    ],
  ])('sorts by the server field %s both ways, nulls last', async (field, value) => {
    for (const dir of ['asc', 'desc'] as const) {
      const body = page(
        (await get(`/api/v1/opportunity/all-referral?size=3000&sort=${field},${dir}`).expect(200))
          .body,
      );
      const values = body.content.map(value);
      const present = values.filter((v) => v !== null);
      expect(values.slice(0, present.length)).toEqual(present);
      const sorted = [...present].sort((x, y) =>
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)),
      );
      expect(present).toEqual(dir === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('sorts newest first by default', async () => {
    const body = page((await get('/api/v1/opportunity/all-referral?size=50').expect(200)).body);
    const dates = body.content.map((o) => o.addDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by startDate (MM/DD/YYYY), state and status; ELIGIBLE means claimable only', async () => {
    const since = page(
      (await get('/api/v1/opportunity/all-referral?size=5000&startDate=06/01/2025').expect(200))
        .body,
    );
    expect(since.content.length).toBeGreaterThan(0);
    expect(since.totalElements).toBeLessThan(sim.market.state.referrals.size);
    for (const o of since.content) expect(o.addDate >= '2025-06-01').toBe(true);
    const tx = page(
      (await get('/api/v1/opportunity/all-referral?size=5000&state=tx').expect(200)).body,
    );
    expect(tx.content.length).toBeGreaterThan(0);
    for (const o of tx.content) expect(o.state).toBe('TX');
    const eligible = page(
      (
        await get('/api/v1/opportunity/all-referral?size=5000&marketplaceStatus=ELIGIBLE').expect(
          200,
        )
      ).body,
    );
    expect(eligible.content.length).toBeGreaterThan(0);
    for (const o of eligible.content) expect(o.marketplaceStatus).toBe('Available');
    const settled = page(
      (
        await get('/api/v1/opportunity/all-referral?size=5000&marketplaceStatus=Settled').expect(
          200,
        )
      ).body,
    );
    for (const o of settled.content) expect(o.marketplaceStatus).toBe('Settled');
    const typed = page(
      (
        await get(
          '/api/v1/opportunity/all-referral?category=PERSONAL&opportunityType=CIR&size=5000',
        ).expect(200)
      ).body,
    );
    for (const o of typed.content)
      expect([o.category, o.opportunityType]).toEqual(['PERSONAL', 'CIR']);
  });

  it('rejects malformed filters with 400', async () => {
    await get('/api/v1/opportunity/all-referral?startDate=2025-06-01').expect(400);
    await get('/api/v1/opportunity/all-referral?startDate=13/40/2025').expect(400);
    await get('/api/v1/opportunity/all-referral?state=Texas').expect(400);
    await get('/api/v1/opportunity/all-referral?marketplaceStatus=Sold').expect(400);
  });

  it('lists only claimable referrals as available, and narrows them to a user appetite', async () => {
    const all = page(
      (await get('/api/v1/opportunity/available-referral?size=5000').expect(200)).body,
    );
    for (const o of all.content) expect(o.marketplaceStatus).toBe('Available');
    const mine = page(
      (await get('/api/v1/opportunity/available-referral?size=5000&username=carrier').expect(200))
        .body,
    );
    expect(mine.totalElements).toBeLessThan(all.totalElements);
    for (const o of mine.content)
      expect(['IA', 'IL', 'IN', 'MI', 'MN', 'MO', 'OH', 'WI']).toContain(o.state);
    await get('/api/v1/opportunity/available-referral?username=nobody').expect(404);
  });

  it('lists acquired referrals, newest change first, narrowed to an agency by username', async () => {
    const all = page(
      (await get('/api/v1/opportunity/purchased-referral?size=5000').expect(200)).body,
    );
    const mods = all.content.map((o) => o.lastModDate ?? '');
    expect(mods).toEqual([...mods].sort().reverse());
    for (const o of all.content) expect(o.assignedAgency).not.toBeNull();
    const mine = page(
      (await get('/api/v1/opportunity/purchased-referral?size=5000&username=producer').expect(200))
        .body,
    );
    expect(mine.content.length).toBeGreaterThan(0);
    for (const o of mine.content) expect(o.assignedAgency).toBe('Lone Star Insurance Group');
  });

  it('keeps recent referrals to the last 24 hours unless a startDate is given', async () => {
    const recent = page(
      (await get('/api/v1/opportunity/recent-referral?size=5000').expect(200)).body,
    );
    const since = new Date(sim.clock.now() - 86_400_000).toISOString();
    for (const o of recent.content) expect(o.addDate >= since).toBe(true);
    const wider = page(
      (await get('/api/v1/opportunity/recent-referral?size=5000&startDate=05/20/2025').expect(200))
        .body,
    );
    expect(wider.totalElements).toBeGreaterThan(recent.totalElements);
  });
});
