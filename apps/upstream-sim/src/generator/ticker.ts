import type { Logger } from '../log.js';
import type { Clock, LiveMarket } from './market.js';

/** A running ticker. */
export interface Ticker {
  stop(): void;
}

/**
 * Calls `market.tick(clock.now())` every `intervalMs`. The timer is the only production caller of
 * tick; tests call tick directly with the instants they choose.
 */
export function startTicker(
  market: LiveMarket,
  clock: Clock,
  intervalMs: number,
  logger: Logger,
): Ticker {
  const timer = setInterval(() => {
    try {
      const summary = market.tick(clock.now());
      if (
        summary.added + summary.claimed + summary.expired + summary.settled + summary.routed >
        0
      ) {
        logger.debug(summary, 'tick');
      }
    } catch (error) {
      logger.error({ err: error }, 'tick failed');
    }
  }, intervalMs);
  // The ticker alone must not keep the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
