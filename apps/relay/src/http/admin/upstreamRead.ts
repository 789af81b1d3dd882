/**
 * Wrappers of the admin lookups that pass an upstream read through.
 * Invariant: an upstream failure is answered as upstreamFailure maps it, never thrown; a number
 * a lookup needs is checked before the upstream is asked.
 */
import { fail, idParam, ok, upstreamFailure, type ApiRequest, type Handler } from '../api.js';

/** Wraps an upstream read: its answer, or the mapped failure. */
export const upstreamRead =
  (what: string, call: (req: ApiRequest) => Promise<unknown>): Handler =>
  async (req) => {
    try {
      return ok(await call(req));
    } catch (err) {
      return upstreamFailure(err, what);
    }
  };

/** An upstream read keyed by a whole-number path parameter; a 400 when it is not one. */
export const numberedRead =
  (name: string, what: string, call: (n: number) => Promise<unknown>): Handler =>
  (req) => {
    const n = idParam(req, name);
    if (n === undefined) return Promise.resolve(fail(400, `${name} must be a whole number`));
    return upstreamRead(what, () => call(n))(req);
  };
