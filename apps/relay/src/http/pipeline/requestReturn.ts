/**
 * `POST /api/acquired/:id/return`: the buying agency asks to return a referral, sending entries
 * of its timeline as evidence (all of them unless it names some).
 * Invariant: only the buying agency asks (admins decide), only within the return window counted
 * from its acquisition, and a referral has at most one open request (a second is a 409). The
 * evidence is stored with the request as it reads then, so the admin decides on what was sent.
 */
import {
  API,
  RETURN_WINDOW_DAYS,
  returnRequestSchema,
  withinReturnWindow,
} from '@referrals/shared';
import { ReturnConflictError } from '../../db/returns.js';
import { fail, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { validateBody } from '../validateBody.js';
import { pipelinesOf } from '../../db/pipeline.js';
import { acquiredAt, boughtFor, referralOfPath } from './bought.js';
import { evidenceOf, unknownEvidenceMessage } from './evidence.js';
import type { PipelineDeps } from './deps.js';

export function requestReturnRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.requestReturn,
    guard: 'signedIn',
    write: true,
    audit: { action: 'return.request', target: referralOfPath },
    handler: async (req) => {
      const principal = principalOf(req);
      if (principal.access.isAdmin) {
        return fail(403, 'administrators decide returns; the buying agency asks for them');
      }
      const body = validateBody(returnRequestSchema, req.body);
      if (!body.ok) return body.answer;
      const b = await boughtFor(d, req);
      if (!b.ok) return b.answer;
      if (!withinReturnWindow(await acquiredAt(p, b.referral), d.now())) {
        return fail(
          400,
          `This referral was acquired more than ${RETURN_WINDOW_DAYS} days ago and can no longer be returned.`,
        );
      }
      const [pipeline] = await pipelinesOf(p.pipeline, [b.referral]);
      const evidence = pipeline
        ? evidenceOf(pipeline, body.value.evidence)
        : { ok: true as const, entries: [] };
      if (!evidence.ok) {
        const error = unknownEvidenceMessage(evidence.unknown);
        return fail(400, error, [error]);
      }
      try {
        const requested = await p.returns.request({
          referralId: b.referral.opportunityId,
          agency: b.agency,
          by: principal.username,
          reason: body.value.reason,
          note: body.value.note ?? null,
          soldPrice: b.referral.soldPrice,
          evidence: evidence.entries,
        });
        p.publish('returns', requested);
        return { status: 201, body: requested };
      } catch (err) {
        if (!(err instanceof ReturnConflictError)) throw err;
        return fail(409, err.message, err.current ?? undefined);
      }
    },
  };
}
