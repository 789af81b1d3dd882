import { featureFlagSchema } from '@referrals/shared';
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

describe('feature flag calls', () => {
  it('lists the seeded flags and gets one by name', async () => {
    const flags = expectEach(
      featureFlagSchema,
      (await get('/api/v3/feature-flag').expect(200)).body,
    );
    expect(flags.map((f) => f.name)).toContain('marketplace-expiration-sort');
    const one = expectShape(
      featureFlagSchema,
      (await get('/api/v3/feature-flag/talk-now').expect(200)).body,
    );
    expect(one.enabled).toBe(true);
  });

  it('answers 404 with an error field for an unknown name', async () => {
    const res = await get('/api/v3/feature-flag/no-such-flag').expect(404);
    expect(errorOf(res)).toMatch(/no-such-flag/);
  });

  it('creates a flag that is read back, and refuses a duplicate name with 409', async () => {
    const res = await post('/api/v3/feature-flag', {
      name: 'dark-mode',
      description: 'Dark theme',
      enabled: false,
    }).expect(201);
    const created = expectShape(featureFlagSchema, res.body);
    const back = expectShape(
      featureFlagSchema,
      (await get('/api/v3/feature-flag/dark-mode').expect(200)).body,
    );
    expect(back).toEqual(created);
    const dup = await post('/api/v3/feature-flag', {
      name: 'dark-mode',
      description: 'again',
      enabled: true,
    }).expect(409);
    expect(errorOf(dup)).toMatch(/already exists/);
  });

  it('updates a flag by id and reads the change back', async () => {
    const flag = expectShape(
      featureFlagSchema,
      (await get('/api/v3/feature-flag/price-decay').expect(200)).body,
    );
    const res = await post(`/api/v3/feature-flag/${flag.id}`, {
      ...flag,
      enabled: false,
      description: 'Off for now',
    }).expect(200);
    expect(expectShape(featureFlagSchema, res.body)).toEqual({
      ...flag,
      enabled: false,
      description: 'Off for now',
    });
    const back = (await get('/api/v3/feature-flag/price-decay').expect(200)).body as {
      enabled: boolean;
    };
    expect(back.enabled).toBe(false);
  });

  it('rejects invalid bodies with 400 and an error field; unknown ids with 404', async () => {
    const noName = await post('/api/v3/feature-flag', { description: 'x', enabled: true }).expect(
      400,
    );
    expect(errorOf(noName)).toMatch(/name/);
    await post('/api/v3/feature-flag', { name: 'x', description: 'x', enabled: 'maybe' }).expect(
      400,
    );
    await post('/api/v3/feature-flag/1', {
      id: 2,
      name: 'x',
      description: 'x',
      enabled: true,
    }).expect(400);
    await post('/api/v3/feature-flag/999', {
      id: 999,
      name: 'ghost',
      description: 'x',
      enabled: true,
    }).expect(404);
  });
});
