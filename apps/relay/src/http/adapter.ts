import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { bearerToken, TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import { CoordinationUnavailableError, type Coordination } from '../coordination.js';
import { DatabaseUnavailableError } from '../db/database.js';
import { logger } from '../log.js';
import type { ApiResponse, Route } from './api.js';

const log = logger('http');

/** Writes allowed per user per minute (claims count here too). */
export const WRITES_PER_MINUTE = 60;

/** Turns framework-neutral routes into an express router: auth guard, rate limit, answer. */
export function expressRoutes(
  routes: readonly Route[],
  verify: TokenVerifier,
  coordination: Coordination,
  onAnswer?: (route: Route, status: number) => void,
): Router {
  const router = express.Router();
  router.use(express.json({ limit: '256kb' }));

  for (const route of routes) {
    router[route.method](route.path, (req: Request, res: Response, next: NextFunction) => {
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
        if (route.guard !== 'anyone' && !principal) {
          send(res, { status: 401, body: { error: 'sign in required' } });
          return;
        }
        if (route.guard === 'admin' && !principal?.access.isAdmin) {
          send(res, { status: 403, body: { error: 'administrators only' } });
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
          requestId: requestIdOf(req),
        });
        onAnswer?.(route, answer.status);
        send(res, answer);
      })().catch(next);
    });
  }

  router.use('/api', (_req: Request, res: Response) => {
    send(res, { status: 404, body: { error: 'no such API route' } });
  });
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number; statusCode?: number }).status;
    if (status === 400 || status === 413) {
      send(res, {
        status,
        body: { error: status === 413 ? 'body too large' : 'malformed JSON body' },
      });
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

/** A safe request id: the caller's `x-request-id` when it is a plain token, else a new UUID. */
function requestIdOf(req: Request): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
}

function send(res: Response, answer: ApiResponse): void {
  res.setHeader('cache-control', 'no-store');
  if ('bytes' in answer) {
    res.status(answer.status).type(answer.contentType).send(answer.bytes);
    return;
  }
  res.status(answer.status).json(answer.body);
}
