/**
 * `GET /api/acquired/:id/pipeline`: one bought referral's pipeline (its timeline too) with its
 * return and its return window, as the relay counts it (the countdown the panel shows).
 * Invariant: answered only to the buying agency's users and admins (see bought.ts).
 */
import { API, returnWindowEndsAt } from '@referrals/shared';
import { ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { acquiredAt, boughtFor, withReturns } from './bought.js';
import type { PipelineDeps } from './deps.js';

export function pipelineRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.pipeline,
    guard: 'signedIn',
    handler: async (req) => {
      const b = await boughtFor(d, req);
      if (!b.ok) return b.answer;
      const [one] = await withReturns(p, [b.referral]);
      const acquired = await acquiredAt(p, b.referral);
      const returnWindow = {
        acquiredAt: acquired.toISOString(),
        endsAt: returnWindowEndsAt(acquired).toISOString(),
      };
      return ok(one && { ...one, returnWindow });
    },
  };
}
