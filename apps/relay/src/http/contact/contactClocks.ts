/**
 * `GET /api/contact-clocks`: the contact clocks of the caller's agency's purchases among some ids
 * (a list page), or with none given those of the last 48 hours still running (the alerts' read),
 * with the agency's target.
 * Invariant: only the caller's own agency's referrals are answered; another agency's ids are left
 * out, never refused one by one, and a caller without an agency gets 403.
 */
import {
  API,
  isBoughtByAgency,
  parseQuery,
  pipelineIdsQuerySchema,
  type Opportunity,
} from '@referrals/shared';
import type { ContactTargetStore } from '../../db/contactTarget.js';
import { pipelinesOf, type PipelineStore } from '../../db/pipeline.js';
import { boughtBy } from '../../readModel/api.js';
import { fail, ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { callerAgency } from './agencyOf.js';
import { clockOf } from './clocksOf.js';

/** Most running clocks the alerts' read answers: far more than an agency claims in two days. */
const RUNNING_MAX = 200;

export function contactClocksRoute(
  d: Pick<GatewayDeps, 'profiles' | 'readModel'>,
  store: ContactTargetStore,
  pipeline: PipelineStore,
): Route {
  return {
    ...API.contactClocks,
    guard: 'signedIn',
    handler: async (req) => {
      const q = parseQuery(pipelineIdsQuerySchema, req.query);
      if (!q.ok) return fail(400, 'invalid ids', q.errors);
      const mine = await callerAgency(d.profiles, req);
      if (!mine.ok) return mine.answer;
      const named = q.value.ids !== '';
      const referrals: readonly Opportunity[] = named
        ? (await d.readModel.referralsById(q.value.ids.split(',').map(Number))).filter(
            (o): o is Opportunity => o !== undefined && isBoughtByAgency(o, mine.agency),
          )
        : (
            await d.readModel.referralIndex.page(boughtBy(mine.agency), {
              dateFilter: '48hours',
              showClaimed: true,
              sort: null,
              page: 0,
              size: RUNNING_MAX * 5,
            })
          ).content;
      const [claims, pipelines, target] = await Promise.all([
        store.claimsOf(referrals.map((o) => o.opportunityId)),
        pipelinesOf(pipeline, referrals),
        store.get(mine.agency),
      ]);
      const clocks = referrals.map((o, i) => clockOf(o, claims.get(o.opportunityId), pipelines[i]));
      return ok({
        targetMinutes: target.minutes,
        items: named ? clocks : clocks.filter((c) => c.contactedAt === null).slice(0, RUNNING_MAX),
      });
    },
  };
}
