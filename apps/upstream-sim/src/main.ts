import { createServer, type RequestListener, type Server } from 'node:http';
import { createSimApp } from './app.js';
import { loadConfig } from './config.js';
import { startTicker } from './generator/ticker.js';
import { LiveMarket, systemClock } from './generator/market.js';
import { createLogger } from './log.js';
import { startingHandler, type Progress } from './starting.js';

/**
 * Starts the stand-in: listen at once (answering 503 'starting' while the market is generated in
 * chunks that yield to the event loop), then serve the app and tick; stop cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const clock = systemClock;
  const progress: Progress = { generated: 0, of: config.referrals };
  let handler: RequestListener = startingHandler(progress);
  const server: Server = createServer((req, res) => handler(req, res));
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
  server.listen(config.port, () => {
    logger.info({ port: config.port }, 'upstream-sim listening, generating the market');
  });

  const started = performance.now();
  const market = await LiveMarket.generate(
    {
      seed: config.seed,
      referrals: config.referrals,
      referralsPerMinute: config.referralsPerMinute,
    },
    clock.now(),
    { onProgress: (generated) => (progress.generated = generated) },
  );
  logger.info(
    {
      category: 'generator',
      referrals: config.referrals,
      seed: config.seed,
      ms: Math.round(performance.now() - started),
    },
    'market generated',
  );
  const app = await createSimApp(config, { clock, market, logger });
  handler = app;
  const ticker = startTicker(market, clock, config.tickMs, logger.child({ category: 'market' }));
  logger.info({ port: config.port, controls: config.controls }, 'upstream-sim ready');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop changing the market first, then stop taking requests, then let open ones finish.
    ticker.stop();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive clients that never go idle must not hold the process forever.
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 5_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `upstream-sim failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
