import {
  agencySchema,
  agencyUserSchema,
  agencyUsersPageSchema,
  consoleUserSchema,
} from '@referrals/shared';
import request from 'supertest';
import * as yup from 'yup';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demoUsers.js';
import { aSim, AUTH, expectShape, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim();
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const agencyList = yup.object({ content: yup.array(agencySchema).defined() });
const userList = yup.object({ content: yup.array(agencyUserSchema).defined() });

describe('agency and user calls', () => {
  it('finds an agency by fulcrumId; 404 for an unknown one', async () => {
    const body = expectShape(
      agencyList,
      (await get('/api/v3/agencies?fulcrumId=1001').expect(200)).body,
    );
    expect(body.content[0]).toMatchObject({
      fulcrumId: 1001,
      name: 'Lone Star Insurance Group',
      address: { regionCode: 'TX' },
    });
    await get('/api/v3/agencies?fulcrumId=42').expect(404);
  });

  it('answers the prepaid balance as a number without basic auth; 404 for an unknown agency', async () => {
    const res = await request(sim.app)
      .get('/iw/api/v1/agency/1001/settings/claim-it/prepaid/balance')
      .expect(200);
    expect(typeof res.body).toBe('number');
    const low = await request(sim.app)
      .get('/iw/api/v1/agency/1003/settings/claim-it/prepaid/balance')
      .expect(200);
    expect(low.body).toBeLessThan(500);
    await request(sim.app)
      .get('/iw/api/v1/agency/42/settings/claim-it/prepaid/balance')
      .expect(404);
  });

  it('pages agency users from 0 with totalPages; agency 1001 spans at least 3 pages', async () => {
    const first = expectShape(
      agencyUsersPageSchema,
      (await get('/iw/api/v1/agency/1001/users?page=0').expect(200)).body,
    );
    expect(first.totalPages).toBeGreaterThanOrEqual(3);
    const pages = await Promise.all(
      Array.from({ length: first.totalPages - 1 }, (_, i) =>
        get(`/iw/api/v1/agency/1001/users?page=${i + 1}`).expect(200),
      ),
    );
    const all = [first, ...pages.map((p) => expectShape(agencyUsersPageSchema, p.body))].flatMap(
      (p) => p.content,
    );
    const emails = all.map((u) => u.emailAddress);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(
      expect.arrayContaining(['producer@demo.referrals.test', 'agencyadmin@demo.referrals.test']),
    );
    await get('/iw/api/v1/agency/42/users').expect(404);
  });

  it('finds every demo user by email, any case; an unknown email gives an empty content', async () => {
    for (const u of DEMO_USERS) {
      const body = expectShape(
        userList,
        (
          await get(
            `/iw/api/v1/users?filter.email=${encodeURIComponent(u.email.toUpperCase())}`,
          ).expect(200)
        ).body,
      );
      expect(body.content).toHaveLength(1);
      expect(body.content[0]?.username).toBe(u.username);
    }
    const none = expectShape(
      userList,
      (await get('/iw/api/v1/users?filter.email=ghost@example.com').expect(200)).body,
    );
    expect(none.content).toEqual([]);
    await get('/iw/api/v1/users').expect(400);
  });

  it('answers the console user profile; 404 for an unknown username, 400 without one', async () => {
    const user = expectShape(
      consoleUserSchema,
      (await get('/api/v3/user?username=carrier').expect(200)).body,
    );
    expect(user).toEqual({
      username: 'carrier',
      firstName: 'Casey',
      lastName: 'Carrier',
      agencyName: 'Great Lakes Mutual',
      city: 'Chicago',
      state: 'IL',
    });
    await get('/api/v3/user?username=nobody').expect(404);
    await get('/api/v3/user').expect(400);
    await request(sim.app).get('/api/v3/user?username=carrier').expect(401);
  });
});
