import { sleep } from '../procs.js';
import {
  getJson,
  simStats,
  statsDelta,
  windowTotal,
  type PollFigures,
  type StatsDelta,
} from './probe.js';
import { startSampler, type Sampled } from './sampler.js';

/** How the relay's first load of a market went, seen from outside (issue 17). */
export interface FirstLoad {
  /** Referrals the stand-in holds in the relay's 30-day window. */
  readonly windowTotal: number;
  /** Relay start → the first list page with rows, or the status saying rows loaded. */
  readonly firstRowsMs: number | null;
  readonly firstRowsBy: string;
  /** Relay start → `loading` gone and the sync holding the whole window. */
  readonly completeMs: number;
  /** The poll figures at that moment. */
  readonly poll: PollFigures;
  /** The first load ended with fewer referrals than the window holds (noted, not waited on). */
  readonly short: boolean;
  /** The largest `loading` progress the status showed, if it showed any. */
  readonly lastLoading: { readonly loaded: number; readonly expected: number } | null;
  /** Upstream requests and bytes from the relay's start to the end of the load. */
  readonly upstream: StatsDelta;
  /** Event loop, poll cycles and memory over the load (scrapes every 0.5 s). */
  readonly sampled: Sampled;
}

const WHOLE_WINDOW = '/api/public/referrals?size=1&dateFilter=30days&showClaimed=true';
/** Loading done but fewer referrals than the window: how long before that is taken as the end. */
const SHORT_GRACE_MS = 30_000;

/**
 * Watches a relay's first load from its start (call it before the relay is spawned; until it
 * listens every probe simply fails): the public list every 0.2 s until it shows rows, /readyz and
 * /metrics every 0.5 s until `loading` is gone and `poll.referrals` reaches the stand-in's window
 * total. The /metrics scrapes reset the relay's event-loop histogram, so the first load's maximum
 * is the maximum of the scrapes. `stop()` gives up (the relay did not start).
 */
export function observeFirstLoad(o: {
  readonly relayUrl: string;
  readonly simOrigin: string;
  readonly startedAt: number;
  readonly timeoutMs: number;
  readonly exited: () => boolean;
}) {
  let stopped = false;
  const result = (async (): Promise<FirstLoad> => {
    const before = await simStats(o.simOrigin);
    // The sampler starts at once (its first scrape is the relay's start-up); the window total is
    // one upstream request of the bench's own, taken off the load's count below.
    let total: number | null = null;
    const totalRead = windowTotal(o.simOrigin).then((t) => {
      total = t;
      return t;
    });
    const totalFailed: { err: Error | null } = { err: null };
    totalRead.catch((err: unknown) => {
      totalFailed.err = err instanceof Error ? err : new Error(String(err));
    });
    let firstRows: { at: number; by: string } | null = null;
    let complete: { at: number; poll: PollFigures; short: boolean } | null = null;
    let lastLoading: FirstLoad['lastLoading'] = null;
    let shortSince: number | null = null;
    const sampler = startSampler(o.relayUrl, 500, (r, at) => {
      if (!r?.poll || complete) return;
      const loading = r.loading ?? r.poll.loading;
      if (loading) {
        lastLoading = loading;
        if (firstRows === null && loading.loaded > 0)
          firstRows = {
            at,
            by: `status: loading ${loading.loaded.toLocaleString('en-US')} of ${loading.expected.toLocaleString('en-US')}`,
          };
        return;
      }
      if (r.poll.passes < 1 || total === null) return;
      if (r.poll.referrals >= total) complete = { at, poll: r.poll, short: false };
      else {
        shortSince ??= at;
        if (at - shortSince >= SHORT_GRACE_MS) complete = { at, poll: r.poll, short: true };
      }
    });
    let sampled: Sampled;
    try {
      const deadline = Date.now() + o.timeoutMs;
      while (complete === null) {
        if (stopped) throw new Error('first-load watch stopped');
        if (totalFailed.err) throw totalFailed.err;
        if (o.exited()) throw new Error('the relay exited during its first load');
        if (Date.now() > deadline)
          throw new Error(
            `first load not complete after ${o.timeoutMs / 1000} s (last loading: ${JSON.stringify(lastLoading)})`,
          );
        if (firstRows === null) {
          const a = await getJson<{ content?: unknown[]; totalElements?: number }>(
            `${o.relayUrl}${WHOLE_WINDOW}`,
            {},
            5000,
          );
          if (a?.status === 200 && (a.body.content?.length ?? 0) > 0)
            firstRows = {
              at: Date.now(),
              by: `list page: ${(a.body.totalElements ?? 0).toLocaleString('en-US')} rows listed`,
            };
        }
        await sleep(200);
      }
    } finally {
      sampled = await sampler.stop();
    }
    const after = await simStats(o.simOrigin);
    const upstream = statsDelta(before, after);
    const done = complete as { at: number; poll: PollFigures; short: boolean };
    const rows = firstRows;
    return {
      windowTotal: await totalRead,
      firstRowsMs: rows ? rows.at - o.startedAt : null,
      firstRowsBy: rows ? rows.by : 'never seen before completion',
      completeMs: done.at - o.startedAt,
      poll: done.poll,
      short: done.short,
      lastLoading,
      upstream: { ...upstream, listRequests: upstream.listRequests - 1 },
      sampled,
    };
  })();
  // Awaited later; a failure before then must not be an unhandled rejection.
  result.catch(() => undefined);
  return {
    result,
    stop(): void {
      stopped = true;
    },
  };
}
