/**
 * Where Prometheus reads the metrics: a scrape port of its own, and /metrics on the public port.
 * Invariant: the public /metrics answers only the configured token, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'express';
import type { Registry } from 'prom-client';
import { bearerToken } from './auth/verify.js';
import { requestIdOf } from './http/observe.js';
import { logger } from './log.js';

const log = logger('main');

async function answer(registry: Registry, res: ServerResponse) {
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(text);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * /metrics on the public port: only with `Authorization: Bearer <METRICS_TOKEN>`, and not at all
 * (404, as any unknown path) when no token is configured. The scrape port needs no token.
 */
export function publicMetrics(registry: Registry, token: string | null) {
  const expected = token === null ? null : digest(token);
  return (req: Request, res: Response) => {
    const requestId = requestIdOf(req, res);
    if (expected === null) {
      res.status(404).json({ error: 'not found', requestId });
      return;
    }
    const given = bearerToken(req.headers.authorization);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('www-authenticate', 'Bearer');
      res.status(401).json({ error: 'metrics token required', requestId });
      return;
    }
    void answer(registry, res);
  };
}

/**
 * A listener of its own for Prometheus (METRICS_PORT), apart from the public port: every path
 * answers the metrics page. A port already taken is logged, not fatal: the relay serves its
 * users without it, and the failing scrape shows.
 */
export async function startMetricsServer(
  registry: Registry,
  port: number,
): Promise<{ readonly port: number | null; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => void answer(registry, res));
  const bound = await new Promise<number | null>((resolve) => {
    server.once('error', (err) => {
      log.error({ err, port }, 'could not serve /metrics on its own port');
      resolve(null);
    });
    server.listen(port, () => resolve((server.address() as AddressInfo).port));
  });
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        if (bound === null) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
