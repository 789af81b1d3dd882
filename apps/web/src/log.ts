/** Log levels the console writes; debug stays silent in production builds. */
type Level = 'debug' | 'info' | 'warn' | 'error';

const sink: Record<Level, (...args: unknown[]) => void> = {
  // The one place the browser console is written to: every other module logs through here.
  /* eslint-disable no-console */
  debug: (...a) => {
    if (import.meta.env.DEV) console.debug(...a);
  },
  info: (...a) => console.info(...a),
  warn: (...a) => console.warn(...a),
  error: (...a) => console.error(...a),
  /* eslint-enable no-console */
};

/** A logger that prefixes every line with its area, like the relay's pino categories. */
export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** A logger for one area of the app ('live', 'auth', ...). */
export const logger = (area: string): Logger => {
  const write = (level: Level) => (message: string, detail?: unknown) =>
    detail === undefined
      ? sink[level](`[${area}] ${message}`)
      : sink[level](`[${area}] ${message}`, detail);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
};
