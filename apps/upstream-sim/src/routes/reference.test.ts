import { bankHolidaySchema, naicsCodeSchema } from '@referrals/shared';
import { PNG } from 'pngjs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { aSim, AUTH, expectEach, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);

describe('reference data, geo-location and street view', () => {
  it('lists about a hundred six-digit NAICS codes with descriptions', async () => {
    const codes = expectEach(
      naicsCodeSchema,
      (await get('/api/v1/industry/codes/6D').expect(200)).body,
    );
    expect(codes.length).toBeGreaterThanOrEqual(100);
    expect(codes.find((c) => c.code === '722511')?.description).toBe('Full-Service Restaurants');
  });

  it('lists the bank holidays of a year; 400 for something that is not a year', async () => {
    const days = expectEach(
      bankHolidaySchema,
      (await get('/api/v3/bank-holidays/2025').expect(200)).body,
    );
    expect(days).toHaveLength(11);
    expect(days.find((d) => d.description === 'Thanksgiving Day')?.date).toBe('2025-11-27');
    expect(days.find((d) => d.description === 'Memorial Day')?.date).toBe('2025-05-26');
    await get('/api/v3/bank-holidays/soon').expect(400);
  });

  it('locates a local caller in Austin, TX, and accepts overrides by query or header', async () => {
    expect((await get('/api/v1/geo-location').expect(200)).body).toMatchObject({
      country: 'US',
      state: 'TX',
      stateName: 'Texas',
      city: 'Austin',
    });
    expect((await get('/api/v1/geo-location?state=ca&city=Fresno').expect(200)).body).toMatchObject(
      { state: 'CA', stateName: 'California', city: 'Fresno' },
    );
    const header = await get('/api/v1/geo-location').set('x-sim-geo-state', 'ZZ').expect(200);
    expect(header.body).toMatchObject({ state: 'ZZ', stateName: null, city: null });
  });

  it('draws a 300x200 PNG street view per searchId, the same each time; 404 when unknown', async () => {
    const searchId = sim.market.state.referrals.get(1)?.searchId ?? '';
    const res = await get(`/api/v1/street-view/${searchId}`)
      .buffer(true)
      .expect(200)
      .expect('content-type', 'image/png');
    const png = PNG.sync.read(res.body as Buffer);
    expect([png.width, png.height]).toEqual([300, 200]);
    const again = await get(`/api/v1/street-view/${searchId}`).buffer(true).expect(200);
    expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).toBe(0);
    await get('/api/v1/street-view/unknown').expect(404);
  });
});
