/**
 * The relay's process entry: config, tracing, start, and the stop on a signal. Invariant:
 * tracing is set up before the relay is imported, and the process ends within the stop's limit.
 */
import { loadConfig } from './config.js';
import { logger } from './log.js';
import { missingNodeFlags } from './nodeFlags.js';

const log = logger('main');
const missing = missingNodeFlags(process.execArgv);
if (missing.length > 0) {
  log.warn(
    { missing },
    'started without the Node flags the relay is run with (see nodeFlags.ts): with a large market, expect longer event-loop stalls from garbage collection',
  );
}
const config = loadConfig();
// Tracing first, when configured: its hook must see express, ioredis, pg and node:http load, so
// the relay itself is imported only after it. Off, no OpenTelemetry SDK is ever loaded.
const tracing = config.tracing
  ? await (await import('./tracing/startTracing.js')).startTracing(config.tracing)
  : null;
if (config.tracing) log.info('tracing on: spans exported by OTLP/HTTP');
const { createRelay } = await import('./app.js');
const relay = createRelay(config);
const port = await relay.start();
log.info(
  { port, metricsPort: relay.metricsPort(), store: relay.store.kind, poll: relay.scheduler.kind },
  `relay listening on http://localhost:${port}`,
);
void relay.loaded().then((loaded) => {
  if (loaded) log.info('read model loaded; polling');
});

/** How long the stop itself may take once the grace is over, before the process is ended anyway. */
const STOP_LIMIT_MS = 10_000;

let grace: NodeJS.Timeout | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearTimeout(grace);
  setTimeout(() => process.exit(1), STOP_LIMIT_MS).unref();
  relay
    .stop()
    // The spans of the last requests are flushed before the process ends.
    .then(() => tracing?.shutdown())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
};
/**
 * Drain: readiness answers 503 at once, so the balancer sends no new client here; after the grace
 * the sockets are closed (their clients reconnect elsewhere) and the process exits. A second
 * signal skips what is left of the grace.
 */
const shutdown = (signal: string) => {
  if (grace) return stop();
  relay.drain();
  log.info(
    { signal, graceMs: config.shutdownGraceMs },
    'draining: not ready; stopping after grace',
  );
  grace = setTimeout(stop, config.shutdownGraceMs);
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
