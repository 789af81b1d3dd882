import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { userMarketplace } from '../routes/userScope.js';
import { aSim, AUTH, errorOf, type TestSim } from '../sim.testkit.js';

let sim: TestSim;
beforeAll(async () => {
  sim = await aSim({ SIM_REFERRALS: '300', SIM_REFERRALS_PER_MINUTE: '0' });
});

const get = (path: string) => request(sim.app).get(path).set('authorization', AUTH);
const create = (body: object) => request(sim.app).post('/__sim/referrals').send(body);
/** A commercial referral in Ohio, inside the carrier marketplace's appetite but for its lines. */
const OHIO_BUSINESS = {
  state: 'OH',
  opportunityType: 'CIR',
  category: 'COMMERCIAL',
  industryCode: '238220',
  yearsInBusiness: 6,
  estimatedPremium: 4_000,
  currentlyInsured: true,
  email: 'owner@example.com',
};

describe('referrals created under the opportunity service aliases', () => {
  it('takes linesOfBusiness and numberOfEmployees for their fields and sends them as given', async () => {
    const res = await create({ linesOfBusiness: ['CGLY', 'CPTY'], numberOfEmployees: 12 }).expect(
      201,
    );
    const body = res.body as Record<string, unknown> & { opportunityId: number };
    expect(body).toMatchObject({ linesOfBusiness: ['CGLY', 'CPTY'], numberOfEmployees: 12 });
    expect(body).not.toHaveProperty('businessLines');
    expect(body).not.toHaveProperty('noOfEmployees');
    expect(sim.market.state.referrals.get(body.opportunityId)).toMatchObject({
      businessLines: ['CGLY', 'CPTY'],
      noOfEmployees: 12,
    });
    expect((await get(`/api/v1/opportunity/${body.opportunityId}`).expect(200)).body).toEqual(body);
    // Under the primary names, a created referral is sent under them.
    const plain = await create({ businessLines: ['AUTO'], noOfEmployees: 3 }).expect(201);
    expect(plain.body).toMatchObject({ businessLines: ['AUTO'], noOfEmployees: 3 });
    expect(plain.body).not.toHaveProperty('linesOfBusiness');
    expect(plain.body).not.toHaveProperty('numberOfEmployees');
  });

  it('sends a field given as null beside its alias as null, just before it', async () => {
    const res = await create({
      businessLines: null,
      linesOfBusiness: ['HOME'],
      noOfEmployees: null,
      numberOfEmployees: 4,
    }).expect(201);
    const keys = Object.keys(res.body as object);
    expect(res.body).toMatchObject({
      businessLines: null,
      linesOfBusiness: ['HOME'],
      noOfEmployees: null,
      numberOfEmployees: 4,
    });
    expect(keys[keys.indexOf('businessLines') + 1]).toBe('linesOfBusiness');
    expect(keys[keys.indexOf('noOfEmployees') + 1]).toBe('numberOfEmployees');
  });

  it('refuses an alias beside a field with a value, and an alias value its field would refuse', async () => {
    const both = await create({ businessLines: ['AUTO'], linesOfBusiness: ['LIFE'] }).expect(400);
    expect(errorOf(both)).toBe(
      'Referral: linesOfBusiness stands for businessLines; send businessLines null or not at all.',
    );
    const count = await create({ noOfEmployees: 0, numberOfEmployees: 5 }).expect(400);
    expect(errorOf(count)).toMatch(/numberOfEmployees stands for noOfEmployees/);
    expect(errorOf(await create({ numberOfEmployees: 'many' }).expect(400))).toMatch(
      /numberOfEmployees must be a `number`/,
    );
    expect(errorOf(await create({ linesOfBusiness: null }).expect(400))).toMatch(
      /linesOfBusiness cannot be null/,
    );
  });

  it('matches aliased referrals by their lines and employee count in an appetite view', async () => {
    // The carrier's marketplace wants a business line, excludes commercial auto, and takes
    // businesses of up to 200 employees.
    expect(userMarketplace(sim.market.state, 'carrier')?.riskAppetite).toMatchObject({
      businessLineRequired: true,
      numberOfEmployeesMax: 200,
      riskAppetiteBusinessLines: [expect.objectContaining({ businessLineCode: 'CAUT' })],
    });
    const made = async (aliases: object) =>
      (
        (await create({ ...OHIO_BUSINESS, ...aliases }).expect(201)).body as {
          opportunityId: number;
        }
      ).opportunityId;
    const inside = await made({ linesOfBusiness: ['CGLY'], numberOfEmployees: 12 });
    const nulled = await made({
      businessLines: null,
      linesOfBusiness: ['CPTY'],
      numberOfEmployees: 40,
    });
    const excluded = await made({ linesOfBusiness: ['CGLY', 'CAUT'], numberOfEmployees: 12 });
    const tooBig = await made({ linesOfBusiness: ['CGLY'], numberOfEmployees: 500 });
    const noLines = await made({ linesOfBusiness: [], numberOfEmployees: 12 });
    const view = (await get('/api/v1/marketplace-opportunities/carrier?size=10000').expect(200))
      .body as { content: { opportunityId: number; linesOfBusiness?: unknown }[] };
    const shown = new Map(view.content.map((o) => [o.opportunityId, o]));
    expect(shown.get(inside)).toMatchObject({ linesOfBusiness: ['CGLY'], numberOfEmployees: 12 });
    expect(shown.get(nulled)).toMatchObject({ businessLines: null, linesOfBusiness: ['CPTY'] });
    for (const id of [excluded, tooBig, noLines]) expect(shown.has(id)).toBe(false);
  });
});
