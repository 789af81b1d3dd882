import { pino, type Logger } from 'pino';
import { bootLogLevel } from './config.js';

/** Log categories, one per area of the relay. */
export type LogCategory =
  | 'main'
  | 'config'
  | 'upstream'
  | 'poller'
  | 'readModel'
  | 'realtime'
  | 'http'
  | 'ssr'
  | 'access'
  | 'auth'
  | 'redis'
  | 'db'
  | 'audit';

const root: Logger = pino({ level: bootLogLevel(), base: { app: 'relay' } });

/** A logger for one area of the relay. */
export function logger(category: LogCategory): Logger {
  return root.child({ category });
}
