/**
 * The relay's loggers, one child per area. Invariant: a line written while serving a request
 * carries its requestId (and its trace ids with tracing on).
 */
import { pino, type Logger } from 'pino';
import { bootLogLevel } from './config.js';
import { requestLogFields } from './tracing/requestContext.js';

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
  | 'audit'
  | 'tracing';

// A line written while serving a request carries its requestId (and traceId, spanId when tracing).
const root: Logger = pino({
  level: bootLogLevel(),
  base: { app: 'relay' },
  mixin: requestLogFields,
});

/** A logger for one area of the relay. */
export function logger(category: LogCategory): Logger {
  return root.child({ category });
}
