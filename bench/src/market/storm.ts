import { agentsUpTo } from '../clients/agentMix.js';
import { createAgentFleet, type Arrival } from '../clients/agentFleet.js';
import { sleep } from '../procs.js';
import { summarize } from '../stats.js';
import type { EventLoopWindows } from './eventLoop.js';
import type { ListTarget } from './lists.js';

/** How long the pagers run before the storm, so it hits a relay under the agents' usual load. */
const PAGING_MS = 8000;

const describe = (a: Arrival) => {
  const s = summarize(a.rowsMs);
  return `${a.rowsMs.length} with rows after ${a.retries} retries${a.failed > 0 ? `, ${a.failed} failed (${a.errors.join('; ')})` : ''}; p50 ${s?.p50 ?? '?'} · p99 ${s?.p99 ?? '?'} · max ${s?.max ?? '?'} ms`;
};

/**
 * The reconnect storm: agents connect (each loads its first page), pagers page and sort for a few
 * seconds, then every agent drops its socket, connects again and reloads its page at once. The
 * figure is the time from the order until the last agent holds its rows. Not run where the page
 * loads alone would hold the relay far past the limit (today's scan at a large market): 5,000
 * pages at `pageMs` each, one at a time on the relay's event loop.
 */
export async function runStorm(
  t: ListTarget,
  loop: EventLoopWindows,
  pageMs: number | null,
): Promise<void> {
  const n = t.plan.stormClients;
  const target = { target: 'every client holds rows ≤ 5 s', clients: n, market: t.market } as const;
  // The storm waits for its agents longer at a market whose pages cost more (at 1,000,000 the mean
  // page at 1 concurrent carries the first counts of each order: ~23 ms, so ~117 s serial), up to
  // the storm's limit; past it, not run.
  const serialMs = pageMs === null ? null : n * pageMs;
  const timeoutMs =
    serialMs === null
      ? null
      : Math.max(t.plan.stormTimeoutMs, Math.min(2 * serialMs, t.plan.stormLimitMs));
  if (
    pageMs === null ||
    serialMs === null ||
    timeoutMs === null ||
    serialMs > t.plan.stormLimitMs
  ) {
    t.rec.add({
      section: 'market',
      measure: 'reconnect storm: every agent holds its rows',
      ...target,
      value: null,
      unit: 's',
      detail:
        pageMs === null
          ? 'not run: no page time measured at 1 concurrent'
          : `not run: ${n} page loads at ~${pageMs.toFixed(0)} ms each (one event loop) ≈ ${((n * pageMs) / 1000).toFixed(0)} s, past the ${t.plan.stormLimitMs / 1000} s limit`,
      met: false,
    });
    return;
  }
  const fleet = createAgentFleet(t.relayUrl);
  try {
    await loop.begin('agents arriving');
    const opened = await fleet.open(agentsUpTo(n, t.tokens, t.plan.pagerShare));
    t.rec.add({
      section: 'market',
      measure: 'agent arrival: connect, subscribe, first page (100 at a time per process)',
      clients: n,
      market: t.market,
      value: summarize(opened.rowsMs)?.p99 ?? null,
      unit: 'ms p99',
      detail: describe(opened),
    });
    await loop.begin('agents paging');
    await sleep(PAGING_MS);
    const pages = await fleet.pages();
    const ps = summarize(pages.latencies);
    t.rec.add({
      section: 'market',
      measure: `pagers' page and sort changes (${Math.round(t.plan.pagerShare * 100)}% of agents, every 3-6 s)`,
      clients: n,
      market: t.market,
      value: ps?.p99 ?? null,
      unit: 'ms p99',
      detail: `p50 ${ps?.p50 ?? '?'} ms, n=${ps?.n ?? 0}, ${pages.failed} failed`,
    });
    await loop.begin('reconnect storm');
    const storm = await fleet.storm(timeoutMs);
    await loop.end();
    const all = storm.failed === 0 && storm.rowsMs.length === n;
    const lastMs = all ? Math.max(...storm.rowsMs) : null;
    t.rec.add({
      section: 'market',
      measure: 'reconnect storm: every agent holds its rows',
      ...target,
      value: lastMs === null ? null : Math.round(lastMs / 10) / 100,
      unit: 's',
      detail: `${describe(storm)}${all ? '' : `; not every agent within ${timeoutMs / 1000} s`}`,
      met: lastMs !== null && lastMs <= 5000,
    });
  } finally {
    await fleet.close();
  }
}
