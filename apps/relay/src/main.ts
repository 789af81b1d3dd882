import { createRelay } from './app.js';
import { loadConfig } from './config.js';
import { logger } from './log.js';

const log = logger('main');
const config = loadConfig();
const relay = await createRelay(config);
const port = await relay.start();
log.info(
  { port, store: relay.store.kind, poll: relay.scheduler.kind },
  `relay listening on http://localhost:${port}`,
);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  relay.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
