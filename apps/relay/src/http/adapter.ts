import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { bearerToken, TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import { CoordinationUnavailableError, type Coordination } from '../coordination.js';
import { DatabaseUnavailableError } from '../db/database.js';
import { logger } from '../log.js';
import { UpstreamError } from '../upstream/http.js';
import { pathParamsProblem, upstreamFailure, type ApiResponse, type Route } from './api.js';
import { bodyFailure, jsonBody } from './jsonBody.js';
import { markRoute, markUser, requestIdOf } from './observe.js';

const log = logger('http');

/** Writes allowed per user per minute (claims count here too). */
export const WRITES_PER_MINUTE = 60;

/**
 * Turns framework-neutral routes into an express router: the route's pattern marked for the
 * access log and metrics, the JSON body of a write, auth guard, rate limit, answer.
 */
export function expressRoutes(
  routes: readonly Route[],
  verify: TokenVerifier,
  coordination: Coordination,
): Router {
  const router = express.Router();
  const readBody = jsonBody(send);

  for (const route of routes) {
    // Runs first and hands on to the handler below: a body is read only once a route matched, so
    // even a malformed one is counted under its route.
    const mark = (_req: Request, res: Response, next: NextFunction) => {
      markRoute(res, route.path);
      next();
    };
    router[route.method](route.path, mark, ...(route.method === 'get' ? [] : [readBody]));
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
      // Aborted when the client goes before its answer: work done only for it (a list view
      // built for one page) may stop. What fails then has no one to be told.
      const left = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) left.abort(new Error('the client went away'));
      });
      void (async () => {
        let principal: Principal | null = null;
        const token = bearerToken(req.headers.authorization);
        if (token) {
          try {
            principal = await verify(token);
          } catch (err) {
            if (!(err instanceof TokenError)) throw err;
            // A bad token on a public route is treated as no token; elsewhere it is a 401.
            if (route.guard !== 'anyone') {
              send(res, {
                status: 401,
                body: { error: err.expired ? 'token expired' : 'invalid token' },
              });
              return;
            }
          }
        }
        if (principal) markUser(res, principal.username);
        if (route.guard !== 'anyone' && !principal) {
          send(res, { status: 401, body: { error: 'sign in required' } });
          return;
        }
        if (route.guard === 'admin' && !principal?.access.isAdmin) {
          send(res, { status: 403, body: { error: 'administrators only' } });
          return;
        }
        const badPath = pathParamsProblem(req.params as Record<string, string>);
        if (badPath) {
          send(res, { status: 400, body: { error: badPath } });
          return;
        }
        if (route.write && principal) {
          const allowed = await coordination.allow(
            'write',
            principal.username,
            WRITES_PER_MINUTE,
            60_000,
          );
          if (!allowed) {
            res.setHeader('retry-after', '60');
            send(res, {
              status: 429,
              body: { error: 'too many changes; wait a minute and try again' },
            });
            return;
          }
        }
        const answer = await route.handler({
          params: req.params as Record<string, string>,
          query: req.query,
          body: req.body as unknown,
          principal,
          clientIp: req.ip,
          requestId: requestIdOf(req, res),
          signal: left.signal,
        });
        send(res, answer);
      })().catch((err: unknown) => {
        if (left.signal.aborted) log.debug({ err }, 'a request ended after its client went away');
        else next(err);
      });
    });
  }

  router.use('/api', (_req: Request, res: Response) => {
    send(res, { status: 404, body: { error: 'no such API route' } });
  });
  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
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
  });
  return router;
}

/** Sends an answer; an error's body carries the request's id, for a report to be traced. */
function send(res: Response, answer: ApiResponse): void {
  res.setHeader('cache-control', 'no-store');
  if ('bytes' in answer) {
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    res.status(answer.status).type(answer.contentType).send(answer.bytes);
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  const { body } = answer;
  const isError = answer.status >= 400 && typeof body === 'object' && body !== null;
  res
    .status(answer.status)
    .json(isError ? { ...body, requestId: requestIdOf(res.req, res) } : body);
}
