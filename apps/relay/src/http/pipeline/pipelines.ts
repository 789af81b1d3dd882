/**
 * `GET /api/acquired/pipelines`: the pipelines of the bought referrals a list page shows, in
 * one read.
 * Invariant: only the caller's own agency's referrals are answered (for admins, every agency's:
 * the one each names); other ids are left out, never refused one by one.
 */
import {
  API,
  isBoughtByAgency,
  parseQuery,
  pipelineIdsQuerySchema,
  type Opportunity,
} from '@referrals/shared';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { withReturns } from './bought.js';
import type { PipelineDeps } from './deps.js';

export function pipelinesRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.pipelines,
    guard: 'signedIn',
    handler: async (req) => {
      const q = parseQuery(pipelineIdsQuerySchema, req.query);
      if (!q.ok) return fail(400, 'invalid ids', q.errors);
      const ids = q.value.ids === '' ? [] : q.value.ids.split(',');
      const principal = principalOf(req);
      const agency = principal.access.isAdmin
        ? null
        : (await d.profiles.resolve(principal)).agencyName;
      const mine = (await d.readModel.referralsById(ids.map(Number))).filter(
        (o): o is Opportunity =>
          o !== undefined &&
          isBoughtByAgency(o, principal.access.isAdmin ? o.assignedAgency : agency),
      );
      return ok({ items: await withReturns(p, mine) });
    },
  };
}
