import {
  deliveryErrorsPageSchema,
  deliveryStatSchema,
  marketplaceSchema,
  type Marketplace,
} from '@referrals/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, errorOf, expectEach, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const post = (path: string, body: unknown) =>
  request(sim.app)
    .post(path)
    .set('authorization', AUTH)
    .send(body as object);

describe('marketplace calls', () => {
  it('lists valid marketplaces and gets one by id; 404 for an unknown id', async () => {
    const list = expectEach(
      marketplaceSchema,
      (await get('/api/v3/marketplaces').expect(200)).body,
    );
    expect(list.map((m) => m.id)).toContain(1);
    const one = expectShape(
      marketplaceSchema,
      (await get('/api/v3/marketplaces/3').expect(200)).body,
    );
    expect(one.marketplaceName).toBe('Lone Star Insurance Group');
    await get('/api/v3/marketplaces/9999').expect(404);
  });

  it('creates a marketplace that is then read back', async () => {
    const body: Partial<Marketplace> = { ...sim.market.state.marketplaces.get(4) };
    delete body.id;
    const res = await post('/api/v3/marketplaces', {
      ...body,
      marketplaceName: 'New Buyer',
    }).expect(201);
    const created = expectShape(marketplaceSchema, res.body);
    expect(created.id).toBeGreaterThan(4);
    const back = (await get(`/api/v3/marketplaces/${created.id}`).expect(200)).body as Marketplace;
    expect(back.marketplaceName).toBe('New Buyer');
    expect(back.riskAppetite.stateCodes).toEqual(body.riskAppetite?.stateCodes);
  });

  it('updates a marketplace with its id; the change is read back', async () => {
    const stored = (await get('/api/v3/marketplaces/5').expect(200)).body as Marketplace;
    const changed = {
      ...stored,
      enabled: false,
      priority: null,
      riskAppetite: { ...stored.riskAppetite, stateCodes: ['OH'] },
    };
    const res = await post('/api/v3/marketplaces/5', changed).expect(200);
    expect(expectShape(marketplaceSchema, res.body).enabled).toBe(false);
    const back = (await get('/api/v3/marketplaces/5').expect(200)).body as Marketplace;
    expect(back.riskAppetite.stateCodes).toEqual(['OH']);
    expect(back.creationDate).toBe(stored.creationDate);
  });

  it('rejects invalid marketplace bodies with 400 and a reason', async () => {
    const stored = (await get('/api/v3/marketplaces/6').expect(200)).body as Marketplace;
    const noName = await post('/api/v3/marketplaces', {
      ...stored,
      marketplaceName: undefined,
    }).expect(400);
    expect(errorOf(noName)).toMatch(/Please provide marketplace name/);
    await post('/api/v3/marketplaces/6', { ...stored, id: 7 }).expect(400);
    await post('/api/v3/marketplaces/6', { ...stored, marketplaceType: 'SOMETIMES' }).expect(400);
    await post('/api/v3/marketplaces', 'not json').expect(400);
    await post('/api/v3/marketplaces/9999', { ...stored, id: 9999 }).expect(404);
  });

  it('reorders by priorities', async () => {
    const res = await post('/api/v3/marketplaces/priorities', [
      { id: 4, priority: 1 },
      { id: 3, priority: 2 },
    ]).expect(200);
    const list = expectEach(marketplaceSchema, res.body);
    expect(list.find((m) => m.id === 4)?.priority).toBe(1);
    const back = (await get('/api/v3/marketplaces/3').expect(200)).body as Marketplace;
    expect(back.priority).toBe(2);
  });

  it('rejects bad priorities with 400', async () => {
    await post('/api/v3/marketplaces/priorities', []).expect(400);
    await post('/api/v3/marketplaces/priorities', [{ id: 3, priority: 0 }]).expect(400);
    await post('/api/v3/marketplaces/priorities', [
      { id: 3, priority: 1 },
      { id: 3, priority: 2 },
    ]).expect(400);
    const unknown = await post('/api/v3/marketplaces/priorities', [
      { id: 9999, priority: 1 },
    ]).expect(400);
    expect(errorOf(unknown)).toMatch(/9999/);
  });

  it('answers delivery stats per marketplace', async () => {
    const stats = expectEach(
      deliveryStatSchema,
      (await get('/api/v3/marketplaces/delivery-stats').expect(200)).body,
    );
    expect(stats.length).toBeGreaterThan(5);
    expect(stats.some((s) => s.totalReferralsDeliveredToday > 0)).toBe(true);
  });

  it('pages delivery errors from 0 with size 10 by default', async () => {
    const first = expectShape(
      deliveryErrorsPageSchema,
      (await get('/api/v3/marketplaces/delivery-errors').expect(200)).body,
    );
    expect(first.content).toHaveLength(10);
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 10));
    const small = expectShape(
      deliveryErrorsPageSchema,
      (await get('/api/v3/marketplaces/delivery-errors?page=1&size=5').expect(200)).body,
    );
    expect(small.content).toEqual(first.content.slice(5, 10));
    const dates = first.content.map((e) => e.errorDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('needs basic auth', async () => {
    await request(sim.app).get('/api/v3/marketplaces').expect(401);
  });
});
