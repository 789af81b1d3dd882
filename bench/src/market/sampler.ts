import { sleep } from '../procs.js';
import {
  readyz,
  sampleMetrics,
  type MetricsSample,
  type PollFigures,
  type Readyz,
} from './probe.js';

/** What a sampler saw of the relay while it ran. */
export interface Sampled {
  /** Event-loop delay max of each scrape interval, ms. */
  readonly loopMax: number[];
  /**
   * Poll cycle durations from the histogram's sum and count deltas between scrapes, ms: exact
   * where one cycle ended between two scrapes, else the mean of those that did.
   */
  readonly cycles: number[];
  /** Of which exact. */
  exact: number;
  /**
   * Upstream referral requests per cycle: the poll's running count between two samples in which
   * the cycle count moved (a sample is a /metrics and a /readyz read side by side, 0.5 s apart, so
   * a cycle that starts right after another one ends may lend it a request or two).
   */
  readonly cycleRequests: number[];
  peakRss: number;
  peakHeap: number;
  /** The /readyz answers with poll figures, with when they were read. */
  readonly ready: { at: number; r: Readyz; poll: PollFigures }[];
  first: MetricsSample | null;
  last: MetricsSample | null;
}

/**
 * Scrapes the relay's /metrics and /readyz every `everyMs` until stopped. Each /metrics scrape
 * resets prom-client's event-loop histogram, so the maximum of the scrapes is the window's.
 * `onReady` sees each /readyz answer (e.g. to end a first load).
 */
export function startSampler(
  relayUrl: string,
  everyMs: number,
  onReady?: (r: Readyz | null, at: number) => void,
) {
  const s: Sampled = {
    loopMax: [],
    cycles: [],
    exact: 0,
    cycleRequests: [],
    peakRss: 0,
    peakHeap: 0,
    ready: [],
    first: null,
    last: null,
  };
  let stopped = false;
  let prevPoll: PollFigures | null = null;
  let run = 0;
  const run$ = (async () => {
    while (!stopped) {
      const t0 = Date.now();
      const [m, r] = await Promise.all([sampleMetrics(relayUrl), readyz(relayUrl)]);
      const at = Date.now();
      if (r?.poll && prevPoll) run += Math.max(0, r.poll.requests - prevPoll.requests);
      if (m) {
        s.loopMax.push(m.loopMaxMs);
        s.peakRss = Math.max(s.peakRss, m.rss);
        s.peakHeap = Math.max(s.peakHeap, m.heapUsed);
        const prev = s.last;
        if (prev) {
          const n = m.pollCount - prev.pollCount;
          if (n > 0) {
            const ms = ((m.pollSeconds - prev.pollSeconds) * 1000) / n;
            for (let i = 0; i < n; i += 1) s.cycles.push(ms);
            if (n === 1) s.exact += 1;
            // Requests since the last cycle ended belong to the one(s) that ended now.
            if (r?.poll && prevPoll) for (let i = 0; i < n; i += 1) s.cycleRequests.push(run / n);
            run = 0;
          }
        }
        s.first ??= m;
        s.last = m;
      }
      if (r?.poll) {
        prevPoll = r.poll;
        s.ready.push({ at, r, poll: r.poll });
      }
      onReady?.(r, at);
      if (!stopped) await sleep(Math.max(0, everyMs - (Date.now() - t0)));
    }
  })();
  return {
    sampled: s,
    /** Stops after the scrape under way. */
    async stop(): Promise<Sampled> {
      stopped = true;
      await run$;
      return s;
    },
  };
}
