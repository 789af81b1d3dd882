/**
 * The page's side of tracing: its settings and the forwarding of its spans to the collector.
 * Invariant: with tracing off nothing is forwarded, and a batch over its size limit is refused.
 */
import express, { Router } from 'express';
import { logger } from '../log.js';
import type { TracingConfig } from './tracingConfig.js';

/** Where the page asks whether to trace, and where it sends its spans (same origin: CSP 'self'). */
export const BROWSER_TRACING_PATHS = {
  settings: '/otel/browser',
  traces: '/otel/v1/traces',
} as const;

/** What GET /otel/browser answers: where to POST spans (OTLP/HTTP JSON), or null: do not trace. */
export interface BrowserTracingSettings {
  readonly tracesPath: string | null;
}

/** A browser's batch of spans is small; anything bigger is refused, not forwarded. */
const MAX_BATCH = '512kb';

const log = logger('tracing');

/**
 * The page's side of tracing, outside /api (no user data, no sign-in): GET settings answers
 * whether to load the browser SDK at all, and with tracing on, POST traces forwards the page's
 * OTLP/JSON batches to the collector, which the browser cannot reach itself (another origin, and
 * the collector may be on a private network).
 */
export function browserTraces(tracing: TracingConfig | null): Router {
  const router = Router();
  const settings: BrowserTracingSettings = {
    tracesPath: tracing ? BROWSER_TRACING_PATHS.traces : null,
  };
  router.get(BROWSER_TRACING_PATHS.settings, (_req, res) => {
    res.set('cache-control', 'no-cache').json(settings);
  });
  if (!tracing) return router;
  router.post(
    BROWSER_TRACING_PATHS.traces,
    express.raw({ type: 'application/json', limit: MAX_BATCH }),
    (req, res) => {
      const body = req.body as unknown;
      if (!Buffer.isBuffer(body)) {
        res.status(415).json({ error: 'spans are sent as application/json' });
        return;
      }
      fetch(tracing.tracesUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (answer) => {
          void answer.body?.cancel();
          res.status(answer.ok ? 200 : 502).json({});
        },
        (err: unknown) => {
          log.warn({ err }, 'could not forward the browser spans to the collector');
          res.status(502).json({});
        },
      );
    },
  );
  return router;
}
