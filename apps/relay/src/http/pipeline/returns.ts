/**
 * `GET /api/returns`: the admins' queue of returns (every agency's), or an agency's own.
 * Invariant: a user who is not an admin sees only their own agency's returns; a user with no
 * agency gets 403, never every agency's.
 */
import { API, parseQuery, returnsQuerySchema } from '@referrals/shared';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import type { PipelineDeps } from './deps.js';

export function returnsRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.returns,
    guard: 'signedIn',
    handler: async (req) => {
      const principal = principalOf(req);
      const q = parseQuery(returnsQuerySchema, req.query);
      if (!q.ok) return fail(400, 'invalid returns query', q.errors);
      const { state, page, size } = q.value;
      let agency: string | null = null;
      if (!principal.access.isAdmin) {
        agency = (await d.profiles.resolve(principal)).agencyName;
        if (agency === null) return fail(403, 'your account has no agency');
      }
      return ok(await p.returns.list({ agency, state: state ?? null, page, size }));
    },
  };
}
