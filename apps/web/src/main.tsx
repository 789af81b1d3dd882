import { logger } from './log';
import { traceWhenAsked } from './tracing/traceWhenAsked';

/** The performance mark set as the app's code is imported. */
const BOOT_MARK = 'console-boot';

/** A hidden tab paints no frame: the app starts after this long without one. */
const NO_FRAME_MS = 250;

/** Resolves once the browser has painted a frame (or after `NO_FRAME_MS` without one). */
const afterFirstPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const fallback = setTimeout(resolve, NO_FRAME_MS);
    // A frame's callbacks run just before it paints; a task queued from one runs after the paint.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });

/**
 * The console's entry. The page paints first (a server-rendered feed's rows, or the loading
 * skeleton), then the app's code is evaluated: evaluating it takes a phone a few hundred
 * milliseconds, which would otherwise come before the first paint. The code itself is fetched
 * from the start (`modulePreloadOfLazyEntry` in vite.config.ts links it in the document's head).
 */
void afterFirstPaint()
  .then(() => {
    // Alongside the app, not before it: the page's first fetches may go untraced.
    void traceWhenAsked();
    // When the app's code starts (after the first paint): for the page's own timing.
    performance.mark(BOOT_MARK);
    return import('./boot');
  })
  .then((m) => m.boot())
  .catch((err: unknown) => logger('boot').error('the console could not start', err));
