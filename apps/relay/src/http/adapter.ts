/**
 * Turns the framework-neutral routes into an express router.
 * Invariant: each request is marked with its route's pattern before anything else (so even a
 * refused or malformed one is counted under it), its body is read only once a route matched, and
 * its handler runs only once admitted (adapter/admit.ts); every answer goes out through
 * adapter/send.ts.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { TokenVerifier } from '../auth/verify.js';
import type { Coordination } from '../coordination.js';
import { logger } from '../log.js';
import { NO_PRESSURE, type PressureGauge } from '../pressure.js';
import { fail, type ApiResponse, type Route } from './api.js';
import { admission } from './adapter/admit.js';
import { failureAnswer, noSuchRoute } from './adapter/failures.js';
import { send } from './adapter/send.js';
import { jsonBody } from './jsonBody.js';
import { markRoute, requestIdOf } from './observe.js';

export { WRITES_PER_MINUTE } from './adapter/admit.js';

const log = logger('http');

type Admit = ReturnType<typeof admission>;

/** What a read is answered while the relay is saturated: come back after a spread delay. */
const busy = (pressure: PressureGauge): ApiResponse => ({
  ...fail(503, 'this relay is busy; try again in a few seconds'),
  headers: { 'retry-after': String(pressure.retryAfterS()) },
});

/**
 * The express handler of one route: refuses a read at once while the relay is saturated (see
 * pressure.ts), else admits the request, runs the handler, sends its answer.
 */
function answering(route: Route, admit: Admit, pressure: PressureGauge, onShed: () => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Aborted when the client goes before its answer: work done only for it (a list view
    // built for one page) may stop. What fails then has no one to be told.
    const left = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) left.abort(new Error('the client went away'));
    });
    if (!route.write && pressure.saturated) {
      onShed();
      send(res, busy(pressure));
      return;
    }
    void (async () => {
      const admitted = await admit(route, req, res);
      if (!admitted.ok) {
        send(res, admitted.answer);
        return;
      }
      const answer = await route.handler({
        params: req.params as Record<string, string>,
        query: req.query,
        body: req.body as unknown,
        principal: admitted.principal,
        clientIp: req.ip,
        requestId: requestIdOf(req, res),
        signal: left.signal,
        acceptsGzip: req.acceptsEncodings('gzip') === 'gzip',
      });
      send(res, answer);
    })().catch((err: unknown) => {
      if (left.signal.aborted) log.debug({ err }, 'a request ended after its client went away');
      else next(err);
    });
  };
}

/**
 * Turns framework-neutral routes into an express router: the route's pattern marked for the
 * access log and metrics, the JSON body of a write, a read refused while the relay is saturated,
 * auth guard, rate limit, answer.
 */
export function expressRoutes(
  routes: readonly Route[],
  verify: TokenVerifier,
  coordination: Coordination,
  load: { readonly pressure: PressureGauge; readonly onShed: () => void } = {
    pressure: NO_PRESSURE,
    onShed: () => undefined,
  },
): Router {
  const router = express.Router();
  const readBody = jsonBody(send);
  const admit = admission(verify, coordination);
  for (const route of routes) {
    // Runs first and hands on to the handler below: a body is read only once a route matched, so
    // even a malformed one is counted under its route.
    const mark = (_req: Request, res: Response, next: NextFunction) => {
      markRoute(res, route.path);
      next();
    };
    router[route.method](route.path, mark, ...(route.method === 'get' ? [] : [readBody]));
    router[route.method](route.path, answering(route, admit, load.pressure, load.onShed));
  }
  router.use('/api', noSuchRoute);
  router.use(failureAnswer);
  return router;
}
