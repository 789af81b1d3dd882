/**
 * The router's last word: an /api path no route matched, and an error no handler answered.
 * Invariant: every failure is answered in the gateway's error shape with a status that says whose
 * fault it is (the client's 4xx, the upstream's or a store's 5xx); a 500 only for a fault of the
 * relay's own, and never with the error's text.
 */
import type { NextFunction, Request, Response } from 'express';
import { CoordinationUnavailableError } from '../../coordination.js';
import { DatabaseUnavailableError } from '../../db/database.js';
import { logger } from '../../log.js';
import { UpstreamError } from '../../upstream/http.js';
import { upstreamFailure } from '../api.js';
import { bodyFailure } from '../jsonBody.js';
import { send } from './send.js';

const log = logger('http');

/** The answer to an /api path no route matched. */
export function noSuchRoute(_req: Request, res: Response): void {
  send(res, { status: 404, body: { error: 'no such API route' } });
}

/** The error handler of the router: an answer for whatever a route threw. */
export function failureAnswer(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const refused = bodyFailure(err);
  if (refused) {
    send(res, refused);
    return;
  }
  // The router could not decode a path parameter ('%E0%A4%A'): the client's path, not us.
  if (err instanceof URIError) {
    send(res, { status: 400, body: { error: 'the path is not valid percent-encoded text' } });
    return;
  }
  // An upstream lookup a route needed and did not handle (a user's profile): a 5xx that says
  // why, never a 500.
  if (err instanceof UpstreamError) {
    send(res, upstreamFailure(err, `${req.method} ${req.path}`));
    return;
  }
  if (err instanceof CoordinationUnavailableError || err instanceof DatabaseUnavailableError) {
    log.warn({ err }, 'Redis or the database unavailable during a request');
    res.setHeader('retry-after', '5');
    send(res, { status: 503, body: { error: 'temporarily unavailable; try again shortly' } });
    return;
  }
  log.error({ err }, 'unhandled error in a route');
  send(res, { status: 500, body: { error: 'internal error' } });
}
