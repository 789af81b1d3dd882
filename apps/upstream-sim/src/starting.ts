import type { IncomingMessage, ServerResponse } from 'node:http';

/** How far the generation of the market has come. */
export interface Progress {
  generated: number;
  readonly of: number;
}

/**
 * The answer to every request while the market is generated (1,000,000 referrals take seconds):
 * `/healthz` says 503 'starting' with the progress, everything else 503 with Retry-After, in the
 * service's error shape. Waiters that poll /healthz for a 2xx (start script, e2e, bench) wait on.
 */
export function startingHandler(progress: Progress) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body =
      path === '/healthz'
        ? { status: 'starting', referrals: progress.generated, of: progress.of }
        : { status: 503, error: 'The stand-in is still generating its market.', path };
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
    res.end(JSON.stringify(body));
  };
}
