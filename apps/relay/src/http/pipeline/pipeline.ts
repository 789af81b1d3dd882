/**
 * `GET /api/acquired/:id/pipeline`: one bought referral's pipeline with its return.
 * Invariant: answered only to the buying agency's users and admins (see bought.ts).
 */
import { API } from '@referrals/shared';
import { ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { boughtFor, withReturns } from './bought.js';
import type { PipelineDeps } from './deps.js';

export function pipelineRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.pipeline,
    guard: 'signedIn',
    handler: async (req) => {
      const b = await boughtFor(d, req);
      if (!b.ok) return b.answer;
      const [one] = await withReturns(p, [b.referral]);
      return ok(one);
    },
  };
}
