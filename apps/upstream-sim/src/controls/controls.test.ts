import type { AddressInfo } from 'node:net';
import { opportunitySchema } from '@referrals/shared';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, errorOf, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim({ SIM_REFERRALS: '300' });
});
afterEach(async () => {
  await request(sim.app).delete('/__sim/faults').expect(204);
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const setFaults = (faults: object) =>
  request(sim.app).put('/__sim/faults').send(faults).expect(200);

describe('the /__sim controls', () => {
  it('are 404 when SIM_CONTROLS is off', async () => {
    const off = await aSim({ SIM_CONTROLS: '0', SIM_REFERRALS: '10' });
    await request(off.app).get('/__sim/stats').expect(404);
    await request(off.app).put('/__sim/faults').send({ status: 500 }).expect(404);
  });

  it('create a referral now with the given fields', async () => {
    const res = await request(sim.app)
      .post('/__sim/referrals')
      .send({ state: 'DC', category: 'PERSONAL', businessLines: ['AUTO'], dynamicPrice: 12 })
      .expect(201);
    const created = expectShape(opportunitySchema, res.body);
    expect(created).toMatchObject({
      state: 'DC',
      category: 'PERSONAL',
      dynamicPrice: 12,
      addDate: new Date(sim.clock.now()).toISOString(),
    });
    await get(`/api/v1/opportunity/${created.opportunityId}`).expect(200);
    await request(sim.app).post('/__sim/referrals').send({ state: 7 }).expect(400);
  });

  it("change a referral's status and prices now, keeping the decay marker true", async () => {
    const id = sim.market.state.referrals.all()[0]?.opportunityId ?? 0;
    sim.clock.advance(5_000);
    const res = await request(sim.app)
      .patch(`/__sim/referrals/${id}`)
      .send({ marketplaceStatus: 'On Hold', discountPrice: 50, dynamicPrice: 40 })
      .expect(200);
    expect(res.body).toMatchObject({
      marketplaceStatus: 'On Hold',
      discountPrice: 50,
      dynamicPrice: 40,
      decayStatus: 'DECAYED',
      lastModDate: new Date(sim.clock.now()).toISOString(),
    });
    expect(sim.market.state.referrals.idsWithStatus('On Hold')).toContain(id);
    await request(sim.app)
      .patch(`/__sim/referrals/${id}`)
      .send({ marketplaceStatus: 'Gone' })
      .expect(400);
    await request(sim.app).patch('/__sim/referrals/999999').send({}).expect(404);
  });

  it('run a tick at a given instant', async () => {
    const res = await request(sim.app)
      .post('/__sim/tick')
      .send({ now: new Date(sim.clock.now() + 60_000).toISOString() })
      .expect(200);
    expect(res.body).toHaveProperty('added');
  });

  it('add latency', async () => {
    await setFaults({ latencyMs: 150 });
    const started = Date.now();
    await get('/api/v3/feature-flag').expect(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answer a fixed status, only under a path prefix, never on /__sim', async () => {
    await setFaults({ status: 503, pathPrefix: '/api/v3' });
    const res = await get('/api/v3/marketplaces').expect(503);
    expect(errorOf(res)).toMatch(/Injected/);
    await get('/api/v1/opportunity/1').expect(200);
    await request(sim.app).get('/__sim/stats').expect(200);
  });

  it('fail a share of requests by error rate', async () => {
    await setFaults({ errorRate: 0.5 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => get('/api/v3/feature-flag').then((r) => r.status)),
    );
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    await setFaults({ errorRate: 0 });
    await get('/api/v3/feature-flag').expect(200);
  });

  it('send malformed JSON', async () => {
    await setFaults({ malformedJson: true });
    const res = await get('/api/v3/feature-flag')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString()));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.body as string) as unknown).toThrow();
  });

  it('send a huge body of the asked size', async () => {
    await setFaults({ hugeBodyBytes: 3_000_000 });
    const res = await get('/api/v3/feature-flag')
      .buffer(true)
      .parse((r, done) => {
        let bytes = 0;
        r.on('data', (chunk: Buffer) => (bytes += chunk.length));
        r.on('end', () => done(null, bytes));
      });
    expect(res.body).toBeGreaterThanOrEqual(3_000_000);
  });

  it('refuse connections by destroying the socket', async () => {
    await setFaults({ refuse: true });
    const server = sim.app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    await expect(
      fetch(`http://127.0.0.1:${port}/api/v3/feature-flag`, { headers: { authorization: AUTH } }),
    ).rejects.toThrow();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reject invalid faults with 400, and clear them', async () => {
    await request(sim.app).put('/__sim/faults').send({ errorRate: 2 }).expect(400);
    await setFaults({ status: 500 });
    await request(sim.app).delete('/__sim/faults').expect(204);
    await get('/api/v3/feature-flag').expect(200);
  });

  it('count requests by method and path template, and reset the counts', async () => {
    await request(sim.app).post('/__sim/stats/reset').expect(200);
    await get('/api/v1/opportunity/1');
    await get('/api/v1/opportunity/2');
    await get('/api/v1/opportunity/available-referral');
    await request(sim.app).get('/api/v3/marketplaces');
    const stats = (await request(sim.app).get('/__sim/stats').expect(200)).body as {
      total: number;
      requests: Record<string, number>;
    };
    expect(stats.requests).toEqual({
      'GET /api/v1/opportunity/:id': 2,
      'GET /api/v1/opportunity/available-referral': 1,
      'GET /api/v3/marketplaces': 1,
    });
    expect(stats.total).toBe(4);
    const reset = (await request(sim.app).post('/__sim/stats/reset').expect(200)).body as {
      total: number;
      totalBytes: number;
    };
    expect(reset.total).toBe(0);
    expect(reset.totalBytes).toBe(0);
  });

  it('count the response body bytes sent per path, streamed answers too', async () => {
    await request(sim.app).post('/__sim/stats/reset').expect(200);
    const lengths: number[] = [];
    for (const query of ['size=100', 'size=7&page=3', 'sort=lastModDate,desc&size=1000']) {
      const res = await get(`/api/v1/marketplace-opportunities?${query}`).expect(200);
      lengths.push(Buffer.byteLength(res.text));
    }
    await get('/api/v1/opportunity/999999').expect(404);
    const notFound = await get('/api/v1/opportunity/999999');
    await setFaults({ hugeBodyBytes: 200_000, pathPrefix: '/api/v3/feature-flag' });
    await get('/api/v3/feature-flag')
      .buffer(true)
      .parse((r, done) => {
        r.on('data', () => undefined);
        r.on('end', () => done(null, null));
      });
    const stats = (await request(sim.app).get('/__sim/stats').expect(200)).body as {
      total: number;
      totalBytes: number;
      requests: Record<string, number>;
      bytes: Record<string, number>;
    };
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(stats.requests['GET /api/v1/marketplace-opportunities']).toBe(3);
    expect(stats.bytes['GET /api/v1/marketplace-opportunities']).toBe(sum(lengths));
    expect(sum(lengths)).toBeGreaterThan(100_000);
    expect(stats.bytes['GET /api/v1/opportunity/:id']).toBe(2 * Buffer.byteLength(notFound.text));
    const huge = stats.bytes['GET /api/v3/feature-flag'] ?? 0;
    expect(huge).toBeGreaterThanOrEqual(200_000);
    expect(huge).toBeLessThan(200_100);
    expect(stats.totalBytes).toBe(sum(Object.values(stats.bytes)));
  });
});
