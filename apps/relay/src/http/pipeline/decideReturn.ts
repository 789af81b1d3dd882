/**
 * `POST /api/returns/:id/decision`: an admin approves or declines a return request.
 * Invariant: a request is decided once; deciding one already decided is a 409 with its current
 * state, and an unknown one is a 404.
 */
import { API, returnDecisionSchema } from '@referrals/shared';
import { ReturnConflictError } from '../../db/returns.js';
import { fail, idParam, ok, principalOf, type Route } from '../api.js';
import { validateBody } from '../validateBody.js';
import type { PipelineDeps } from './deps.js';

export function decideReturnRoute(p: PipelineDeps): Route {
  return {
    ...API.decideReturn,
    guard: 'admin',
    write: true,
    audit: { action: 'return.decide', target: (req) => `return ${req.params.id ?? ''}` },
    handler: async (req) => {
      const id = idParam(req);
      if (id === undefined) return fail(404, 'return not found');
      const body = validateBody(returnDecisionSchema, req.body);
      if (!body.ok) return body.answer;
      try {
        const decided = await p.returns.decide(id, {
          approve: body.value.approve,
          comment: body.value.comment,
          by: principalOf(req).username,
        });
        p.publish('returns', decided);
        return ok(decided);
      } catch (err) {
        if (!(err instanceof ReturnConflictError)) throw err;
        return err.current ? fail(409, err.message, err.current) : fail(404, err.message);
      }
    },
  };
}
