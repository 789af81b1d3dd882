import { scrape, total, type Scrape } from '../metrics.js';

/**
 * Event-loop delay of the relay per window. prom-client's default metrics keep a
 * `monitorEventLoopDelay` histogram (10 ms resolution) and reset it on every scrape, so
 * `nodejs_eventloop_lag_max_seconds` is the longest delay since the previous scrape. A scrape at
 * the start of a window starts it; one at its end reads it. Idle, the figure is ~10 ms: the
 * histogram records the whole interval between its 10 ms timer runs, not the delay beyond it.
 * The last scrape is kept (`scraped()`): another scrape inside a window would cut it short.
 */
export function eventLoopWindows(relayUrl: string, first: string | null = null) {
  const windows: { name: string; maxMs: number }[] = [];
  // The first window runs from the relay's start: the histogram exists from then, unscraped.
  let current: string | null = first;
  let last: Scrape | null = null;
  const readMax = async () => {
    last = await scrape(relayUrl);
    return Math.round(total(last, 'nodejs_eventloop_lag_max_seconds') * 10_000) / 10;
  };
  return {
    windows,
    /** The page read by the last begin, end or skip (null before the first). */
    scraped: (): Scrape | null => last,
    /** Ends the open window (recording it) and starts `name`. */
    async begin(name: string): Promise<void> {
      await this.end();
      current = name;
    },
    /** Ends the open window, recording its max; a scrape also resets the histogram. */
    async end(): Promise<void> {
      const maxMs = await readMax();
      if (current !== null) windows.push({ name: current, maxMs });
      current = null;
    },
    /** Drops what accumulated since the last scrape (a window the bench caused, e.g. forced GC). */
    async skip(): Promise<void> {
      current = null;
      await readMax();
    },
  };
}
export type EventLoopWindows = ReturnType<typeof eventLoopWindows>;
