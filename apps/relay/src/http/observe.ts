/**
 * Request ids, the access log and the request metrics.
 * Invariant: every request has one id, made once and echoed in `x-request-id`, and is counted
 * under its route's pattern (never its raw URL), so the metrics' labels stay few.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { logger } from '../log.js';
import { runInRequest, traceIdsNow, type RequestScope } from '../tracing/requestContext.js';

/** The label of an /api request no route matched: one label, however many paths are tried. */
export const UNMATCHED_API = 'unmatched /api';
/** The label of any other request outside the route tables (web app files, unknown paths). */
export const OTHER_PATH = 'other';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One answered request, as the access log and the metrics see it. */
export interface Answered {
  readonly method: string;
  /** The route pattern ('/api/marketplaces/:id'), never the raw URL: labels stay few. */
  readonly route: string;
  /** The status sent, or 499 when the client went away before an answer. */
  readonly status: number;
  readonly seconds: number;
}

/**
 * This request's id: the caller's `x-request-id` when it is a plain token, else a new UUID. Made
 * once per request and echoed in the `x-request-id` header.
 */
export function requestIdOf(req: Request, res: Response): string {
  const known = res.locals.requestId as string | undefined;
  if (known !== undefined) return known;
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  if (!res.headersSent) res.setHeader('x-request-id', id);
  return id;
}

/** Marks the route pattern a request matched (the REST adapter calls it before anything else). */
export function markRoute(res: Response, route: string): void {
  res.locals.route = route;
}

/** Marks the signed-in user of a request, for the access log. */
export function markUser(res: Response, username: string): void {
  res.locals.user = username;
}

function routeOf(req: Request, res: Response): string {
  const marked = res.locals.route as string | undefined;
  if (marked !== undefined) return marked;
  // Routes of the app itself (/healthz, /readyz): express keeps the one that answered.
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return path;
  return req.originalUrl.startsWith('/api/') || req.originalUrl === '/api'
    ? UNMATCHED_API
    : OTHER_PATH;
}

/**
 * The first middleware of the app: gives every request its id, runs the rest of its handling in
 * a scope whose log lines carry that id (and, when tracing, the trace's), and once it is answered
 * (by a handler, a guard, the body parser or an error) writes one access-log line and reports it.
 */
export function observeRequests(
  onAnswered: (a: Answered) => void,
  log: Pick<Logger, 'info'> = logger('access'),
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdOf(req, res);
    // The server span's ids (tracing on), for lines written where no span is active any more.
    const scope: RequestScope = { requestId, ...traceIdsNow() };
    res.once('close', () => {
      const answered: Answered = {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: routeOf(req, res),
        status: res.writableFinished ? res.statusCode : 499,
        seconds: (performance.now() - started) / 1000,
      };
      onAnswered(answered);
      // 'close' comes from the socket, outside the request's scope: the line names it.
      log.info(
        {
          ...scope,
          method: answered.method,
          route: answered.route,
          status: answered.status,
          ms: Math.round(answered.seconds * 10_000) / 10,
          user: res.locals.user as string | undefined,
        },
        'request',
      );
    });
    runInRequest(scope, next);
  };
}
