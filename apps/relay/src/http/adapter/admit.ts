/**
 * What a request passes before its route's handler runs: the bearer token, the route's guard,
 * its path parameters, the per-user write limit.
 * Invariant: a handler runs only for a caller its guard admits, with path parameters of their
 * kind, and for a write only within the caller's limit; the checks run in that order, so a
 * refusal names the first thing wrong.
 */
import type { Request, Response } from 'express';
import { bearerToken, TokenError, type Principal, type TokenVerifier } from '../../auth/verify.js';
import type { Coordination } from '../../coordination.js';
import { fail, pathParamsProblem, type ApiResponse, type Route } from '../api.js';
import { markUser } from '../observe.js';

/** Writes allowed per user per minute (claims count here too). */
export const WRITES_PER_MINUTE = 60;

/** The caller a request is admitted as (null: anonymous), or the answer that refuses it. */
export type Admission =
  { ok: true; principal: Principal | null } | { ok: false; answer: ApiResponse };

const refuse = (status: number, error: string): Admission => ({
  ok: false,
  answer: fail(status, error),
});

/** The caller of a bearer token: a bad token on a public route is treated as no token. */
async function callerOf(route: Route, req: Request, verify: TokenVerifier): Promise<Admission> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return { ok: true, principal: null };
  try {
    return { ok: true, principal: await verify(token) };
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
    if (route.guard !== 'anyone')
      return refuse(401, err.expired ? 'token expired' : 'invalid token');
    return { ok: true, principal: null };
  }
}

/** Admits a request to its route, or answers why not (401, 403, 400, 429). */
export function admission(verify: TokenVerifier, coordination: Coordination) {
  return async (route: Route, req: Request, res: Response): Promise<Admission> => {
    const caller = await callerOf(route, req, verify);
    if (!caller.ok) return caller;
    const { principal } = caller;
    if (principal) markUser(res, principal.username);
    if (route.guard !== 'anyone' && !principal) return refuse(401, 'sign in required');
    if (route.guard === 'admin' && !principal?.access.isAdmin) {
      return refuse(403, 'administrators only');
    }
    const badPath = pathParamsProblem(req.params as Record<string, string>);
    if (badPath) return refuse(400, badPath);
    if (route.write && principal) {
      const allowed = await coordination.allow(
        'write',
        principal.username,
        WRITES_PER_MINUTE,
        60_000,
      );
      if (!allowed) {
        return {
          ok: false,
          answer: {
            ...fail(429, 'too many changes; wait a minute and try again'),
            headers: { 'retry-after': '60' },
          },
        };
      }
    }
    return caller;
  };
}
