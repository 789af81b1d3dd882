import { pino, type Logger } from 'pino';
import type { LogLevel } from '@referrals/shared';

export type { Logger } from 'pino';

/** The stand-in's root logger; areas take a child with a `category` (STYLE.md, point 10). */
export function createLogger(level: LogLevel): Logger {
  return pino({ name: 'upstream-sim', level });
}

/** A logger that writes nothing, for tests. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
