/**
 * The body reader of the write routes.
 * Invariant: a body reaches a handler only as JSON, sent as such and parsed from at most
 * MAX_BODY; anything else is refused with a 4xx in words of ours, never the parser's.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ApiResponse } from './api.js';

/** Largest request body read; a larger one is refused with 413 before it is parsed. */
export const MAX_BODY = '256kb';

/** The reason of a 415 for a write whose body is not sent as JSON. */
export const SEND_JSON = 'The body must be sent as JSON (Content-Type: application/json).';

const parse = express.json({ limit: MAX_BODY });

/** Whether the request carries a body (an empty POST, as a claim is, does not). */
function carriesBody(req: Request): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return req.headers['transfer-encoding'] !== undefined || length > 0;
}

/**
 * The body reader of every write route: a body sent as anything but `application/json` is
 * refused with 415 (it would otherwise reach the handler as no body at all); a JSON one is parsed
 * into `req.body`. Parse failures go on to the router's error handler (see bodyFailure).
 */
export function jsonBody(
  refuse: (res: Response, answer: ApiResponse) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    if (carriesBody(req) && req.is('application/json') !== 'application/json') {
      refuse(res, { status: 415, body: { error: SEND_JSON } });
      return;
    }
    parse(req, res, next);
  };
}

/**
 * The answer to a body the parser refused (malformed JSON, too large, an unknown charset or
 * content encoding), in words of ours, never the parser's own text; undefined for any other error.
 */
export function bodyFailure(err: unknown): ApiResponse | undefined {
  const { status, type } = err as { status?: unknown; type?: unknown };
  if (typeof type !== 'string' || typeof status !== 'number' || status < 400 || status >= 500)
    return undefined;
  if (status === 413)
    return {
      status,
      body: { error: `The body is too large: at most ${MAX_BODY.replace('kb', ' KB')}.` },
    };
  if (status === 415)
    return {
      status,
      body: { error: 'The body must be JSON in UTF-8, uncompressed or with gzip or deflate.' },
    };
  return { status: 400, body: { error: 'The body is not valid JSON.' } };
}
