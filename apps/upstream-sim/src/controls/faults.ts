import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import * as yup from 'yup';
import type { Rng } from '../generator/prng.js';
import { sendError } from '../routes/http.js';

/**
 * Faults set through PUT /__sim/faults. `latencyMs` delays every matching request. A matching
 * request is "hit" with probability `errorRate` (default 1 when any failure below is set, else 0);
 * a hit is answered by the first failure set, in this order: `refuse` (the socket is destroyed),
 * `status` (that status with an error body), `malformedJson` (200 with cut-off JSON),
 * `hugeBodyBytes` (200 with a valid JSON body of about that size). A hit with none of them set
 * answers 500. `pathPrefix` limits the faults to paths that start with it.
 */
export const faultsSchema = yup.object({
  latencyMs: yup.number().integer().min(0).max(120_000).default(0),
  errorRate: yup.number().min(0).max(1).optional(),
  status: yup.number().integer().min(400).max(599).optional(),
  malformedJson: yup.boolean().default(false),
  hugeBodyBytes: yup.number().integer().min(1).max(1_000_000_000).optional(),
  refuse: yup.boolean().default(false),
  pathPrefix: yup.string().optional(),
});
/** The faults in force. */
export type Faults = yup.InferType<typeof faultsSchema>;

/** Paths faults never touch: the controls themselves, the identity realm, the health check. */
export const isExempt = (path: string): boolean =>
  path.startsWith('/__sim') || path.startsWith('/realms/') || path === '/healthz';

/** The faults in force, shared by the control routes and the middleware. */
export class FaultState {
  current: Faults | null = null;
}

const CHUNK = 'x'.repeat(64 * 1024);

/** A JSON body `{"content":[],"padding":"xxx…"}` of about `bytes`, streamed so memory stays flat. */
function hugeBody(bytes: number): Readable {
  const head = '{"content":[],"padding":"';
  const tail = '"}';
  let left = Math.max(0, bytes - head.length - tail.length);
  return Readable.from(
    (function* () {
      yield head;
      while (left > 0) {
        const part = left >= CHUNK.length ? CHUNK : CHUNK.slice(0, left);
        left -= part.length;
        yield part;
      }
      yield tail;
    })(),
  );
}

/** Applies the faults in force to upstream API requests. Draws come from a seeded generator. */
export function faultMiddleware(faults: FaultState, rng: Rng): RequestHandler {
  return (req, res, next) => {
    const f = faults.current;
    if (
      f === null ||
      isExempt(req.path) ||
      (f.pathPrefix !== undefined && !req.path.startsWith(f.pathPrefix))
    ) {
      next();
      return;
    }
    const failing =
      f.refuse || f.status !== undefined || f.malformedJson || f.hugeBodyBytes !== undefined;
    const hit = rng.next() < (f.errorRate ?? (failing ? 1 : 0));
    const answer = (): void => {
      if (!hit) next();
      else if (f.refuse) req.socket.destroy();
      else if (f.status !== undefined) sendError(res, req, f.status, 'Injected fault.');
      else if (f.malformedJson)
        res.status(200).type('application/json').send('{"content":[{"opportunityId":');
      else if (f.hugeBodyBytes !== undefined) {
        res.status(200).type('application/json');
        hugeBody(f.hugeBodyBytes).pipe(res);
      } else sendError(res, req, 500, 'Injected fault.');
    };
    if (f.latencyMs > 0) setTimeout(answer, f.latencyMs);
    else answer();
  };
}
