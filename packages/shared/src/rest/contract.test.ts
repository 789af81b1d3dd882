import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Agency, AgencyUser } from '../schemas/admin.js';
import type { Marketplace } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import type { Pipeline, ReturnRequest } from '../pipeline/index.js';
import type { ListReferral } from '../realtime/projections.js';
import { referral } from '../referrals/fixtures.testkit.js';
import { API } from './endpoints.js';
import { listReferralAnswer, publicReferralAnswer } from './answers.js';
import type { AnswerAt, ApiUrl, BodyAt, UrlOf } from './types.js';

describe('the REST contract', () => {
  it('names every operation once, by method and path', () => {
    const ops = Object.values(API).map((e) => `${e.method} ${e.path}`);
    expect(new Set(ops).size).toBe(ops.length);
    for (const e of Object.values(API)) expect(e.path.startsWith('/api/')).toBe(true);
  });

  it("derives a URL's answer and body from its operation", () => {
    expectTypeOf<
      UrlOf<'/api/agencies/:fulcrumId/users'>
    >().toEqualTypeOf<`/api/agencies/${number}/users`>();
    expectTypeOf<AnswerAt<'get', '/api/agencies/7/users'>>().toEqualTypeOf<AgencyUser[]>();
    expectTypeOf<AnswerAt<'get', '/api/agencies/7'>>().toEqualTypeOf<Agency | null>();
    expectTypeOf<AnswerAt<'get', '/api/acquired/7/pipeline'>>().toExtend<Pipeline>();
    expectTypeOf<AnswerAt<'post', '/api/acquired/7/return'>>().toEqualTypeOf<ReturnRequest>();
    expectTypeOf<AnswerAt<'get', '/api/referrals/7'>>().toEqualTypeOf<Opportunity | ListReferral>();
    expectTypeOf<BodyAt<'put', '/api/marketplaces/7'>['marketplace']>().toExtend<
      Readonly<Pick<Marketplace, 'id' | 'marketplaceName'>>
    >();
    expectTypeOf<BodyAt<'post', '/api/referrals/7/claim'>>().toEqualTypeOf<undefined>();
    // No such operation, a file rather than JSON, a number-naming parameter given text.
    expectTypeOf<'/api/nothing'>().not.toExtend<ApiUrl<'get'>>();
    expectTypeOf<'/api/acquired/export.csv'>().not.toExtend<ApiUrl<'get'>>();
    expectTypeOf<'/api/agencies/x'>().not.toExtend<ApiUrl<'get'>>();
  });

  it('describes the projections a list answers with', () => {
    const o = referral({ agenciesNotified: 3 });
    expect(Value.Check(listReferralAnswer, o)).toBe(true);
    const agentView: Partial<typeof o> = { ...o };
    delete agentView.agenciesNotified;
    expect(Value.Check(listReferralAnswer, agentView)).toBe(true);
    const withoutState: Partial<typeof o> = { ...o };
    delete withoutState.state;
    expect(Value.Check(publicReferralAnswer, withoutState)).toBe(false);
  });
});
