import { opportunitySchema, pagedSchema, type Opportunity } from '@referrals/shared';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aSim, AUTH, errorOf, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeEach(async () => {
  sim = await aSim({ SIM_REFERRALS: '1500', SIM_REFERRALS_PER_MINUTE: '0' });
});
afterEach(async () => {
  await request(sim.app).delete('/__sim/drift').expect(204);
});

const MINUTE = 60_000;
const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const drift = (body: unknown) =>
  request(sim.app)
    .post('/__sim/drift')
    .send(body as object);
const page = (body: unknown) =>
  expectShape(pagedSchema(opportunitySchema), body) as {
    content: Opportunity[];
    totalElements: number;
  };
/** Every referral of a list call, in its order (one page of up to 10,000). */
const list = async (query: string) =>
  page((await get(`/api/v1/marketplace-opportunities?size=10000&${query}`).expect(200)).body);
const acquired = async () =>
  page(
    (
      await request(sim.app)
        .post('/api/v1/acquired-marketplace-opportunities?size=10000')
        .set('authorization', AUTH)
        .send({ username: 'producer' })
        .expect(200)
    ).body,
  );
const ids = (p: { content: Opportunity[] }) => p.content.map((o) => o.opportunityId);

describe('the drift control', () => {
  it('changes referrals without moving lastModDate: same place by lastModDate, new JSON', async () => {
    // Lists kept before the drift must follow it: by lastModDate and by city.
    const byMod = await list('sort=lastModDate,desc');
    const byCity = await list('sort=city,asc');
    const before = new Map(byMod.content.map((o) => [o.opportunityId, o]));
    sim.clock.advance(5_000);
    const res = await drift({ silent: 40 }).expect(200);
    const { silent, deleted } = res.body as { silent: number[]; deleted: number[] };
    expect(silent).toHaveLength(40);
    expect(deleted).toEqual([]);

    const afterMod = await list('sort=lastModDate,desc');
    expect(ids(afterMod)).toEqual(ids(byMod));
    for (const id of silent) {
      const was = before.get(id)!;
      const now = expectShape(
        opportunitySchema,
        (await get(`/api/v1/opportunity/${id}`).expect(200)).body,
      );
      expect(now.lastModDate).toBe(was.lastModDate);
      expect(now.city).not.toBe(was.city);
      expect(JSON.stringify(now)).not.toBe(JSON.stringify(was));
      expect(afterMod.content.find((o) => o.opportunityId === id)?.city).toBe(now.city);
    }
    // Nothing else changed.
    const silentSet = new Set(silent);
    for (const o of afterMod.content)
      if (!silentSet.has(o.opportunityId))
        expect(JSON.stringify(o)).toBe(JSON.stringify(before.get(o.opportunityId)));
    // The city view moved them to their new cities.
    const afterCity = await list('sort=city,asc');
    expect(ids(afterCity)).not.toEqual(ids(byCity));
    const cities = afterCity.content.map((o) => o.city ?? '');
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b)));
  });

  it('deletes referrals from every list, by id and from the acquired list', async () => {
    const all = await list('sort=addDate,desc');
    const byMod = await list('sort=lastModDate,desc');
    const mine = await acquired();
    expect(mine.totalElements).toBeGreaterThan(0);
    const res = await drift({ deleted: 300, silent: 10 }).expect(200);
    const { silent, deleted } = res.body as { silent: number[]; deleted: number[] };
    expect(deleted).toHaveLength(300);
    expect(silent).toHaveLength(10);
    const gone = new Set(deleted);
    expect(silent.some((id) => gone.has(id))).toBe(false);

    for (const id of deleted.slice(0, 25)) {
      await get(`/api/v1/opportunity/${id}`).expect(404);
      await request(sim.app).patch(`/__sim/referrals/${id}`).send({}).expect(404);
    }
    const keep = (p: { content: Opportunity[] }) => ids(p).filter((id) => !gone.has(id));
    const allAfter = await list('sort=addDate,desc');
    expect(allAfter.totalElements).toBe(all.totalElements - 300);
    expect(ids(allAfter)).toEqual(keep(all));
    expect(ids(await list('sort=lastModDate,desc'))).toEqual(keep(byMod));
    const recent = await get('/api/v1/opportunity/all-referral?size=10000').expect(200);
    expect(page(recent.body).totalElements).toBe(allAfter.totalElements);
    // Owned referrals among the deleted ones leave the acquired list; the rest stay as they were.
    const mineAfter = await acquired();
    expect(keep(mine).length).toBeLessThan(mine.content.length);
    expect(ids(mineAfter)).toEqual(keep(mine));
    // A claim of a deleted referral is 404, and claims of the rest still work.
    await request(sim.app)
      .post(`/api/v1/opportunity/${deleted[0]}/claim`)
      .set('authorization', AUTH)
      .send({ username: 'producer' })
      .expect(404);
  });

  it('picks only referrals added in the last 30 days, and all of them at most', async () => {
    // Thirty-one days on: only the referrals added since are in the window.
    const at = sim.clock.advance(31 * 86_400_000 - 60 * MINUTE);
    for (let i = 0; i < 5; i++) sim.market.addReferral(at + i);
    const res = await drift({ silent: 3, deleted: 10 }).expect(200);
    const { silent, deleted } = res.body as { silent: number[]; deleted: number[] };
    expect(silent).toHaveLength(3);
    expect(deleted).toHaveLength(2);
    const newest = sim.market.state.referrals.nextId() - 5;
    for (const id of [...silent, ...deleted]) expect(id).toBeGreaterThanOrEqual(newest);
  });

  it('rejects bad bodies with 400 and a reason', async () => {
    const cases: [unknown, RegExp][] = [
      [{ silent: -1 }, /silent must be at least 0/],
      [{ deleted: 10_001 }, /deleted must be at most 10000/],
      [{ silent: 1.5 }, /silent must be a whole number/],
      [{ silent: '3' }, /silent must be a number/],
      [{ silent: 1, removed: 2 }, /unknown field.*removed/],
      [[1, 2], /object/],
    ];
    for (const [body, reason] of cases) {
      const res = await drift(body).expect(400);
      expect(errorOf(res)).toMatch(/^Drift: /);
      expect(errorOf(res)).toMatch(reason);
    }
    await request(sim.app)
      .put('/__sim/drift')
      .send({ deletedPerMinute: -2 })
      .expect(400)
      .expect((r) => expect(errorOf(r)).toMatch(/deletedPerMinute must be at least 0/));
    expect(sim.market.state.referrals.size).toBe(1500);
    // An empty body is no drift.
    expect((await drift({}).expect(200)).body).toEqual({ silent: [], deleted: [] });
  });

  it('drifts continuously at the set rates as the market ticks, until stopped', async () => {
    await request(sim.app)
      .put('/__sim/drift')
      .send({ silentPerMinute: 30, deletedPerMinute: 12 })
      .expect(200, { silentPerMinute: 30, deletedPerMinute: 12 });
    const size = sim.market.state.referrals.size;
    for (let s = 1; s <= 60; s++) sim.market.tick(sim.clock.advance(1_000));
    expect(sim.market.state.referrals.size).toBe(size - 12);
    expect((await request(sim.app).get('/__sim/drift').expect(200)).body).toEqual({
      silentPerMinute: 30,
      deletedPerMinute: 12,
      totals: { silent: 30, deleted: 12 },
    });
    await request(sim.app).delete('/__sim/drift').expect(204);
    for (let s = 1; s <= 60; s++) sim.market.tick(sim.clock.advance(1_000));
    expect(sim.market.state.referrals.size).toBe(size - 12);
    expect((await request(sim.app).get('/__sim/drift').expect(200)).body).toEqual({
      totals: { silent: 30, deleted: 12 },
    });
  });

  it('is 404 when SIM_CONTROLS is off', async () => {
    const off = await aSim({ SIM_CONTROLS: '0', SIM_REFERRALS: '10' });
    await request(off.app).post('/__sim/drift').send({ deleted: 1 }).expect(404);
    expect(off.market.state.referrals.size).toBe(10);
  });
});
