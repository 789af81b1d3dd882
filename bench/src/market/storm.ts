import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { agentsUpTo } from '../clients/agentMix.js';
import { createAgentFleet, type Arrival } from '../clients/agentFleet.js';
import type { Inspector } from '../inspector.js';
import { pollTotals, type Scrape } from '../metrics.js';
import { sleep } from '../procs.js';
import type { CpuSpan } from '../result.js';
import { summarize } from '../stats.js';
import {
  busyRuns,
  profileNames,
  taskTimes,
  topTimes,
  type Profile,
} from '../tools/profileTasks.js';
import { cpuMeter, cpuMs, describeSpan, unitCost, type UnitCost } from './cpu.js';
import type { EventLoopWindows } from './eventLoop.js';
import type { ListTarget } from './lists.js';

/** How long the pagers run before the storm, so it hits a relay under the agents' usual load. */
const PAGING_MS = 8000;
/** The storm profile's sampling interval, µs (as `--cpu-prof`'s default). */
const SAMPLING_US = 1000;
const STORM_WINDOW = 'reconnect storm';

/** The relay's CPU of the agents' phases (null where the phase did not run). */
export interface StormCost {
  /** Agent arrival (connect, subscribe, first page): CPU an agent that arrived. */
  readonly arrival: UnitCost | null;
  /** The storm: CPU an agent that reconnected; `span` holds the storm's whole CPU. */
  readonly storm: UnitCost | null;
  /** Agents the storm was ordered for. */
  readonly agents: number;
}

/** Profiles the storm through the relay's inspector (`--cpu-prof`), writing it to `dir`. */
export interface StormProfiling {
  readonly inspector: Inspector;
  readonly dir: string;
}

const describe = (a: Arrival) => {
  const s = summarize(a.rowsMs);
  return `${a.rowsMs.length} with rows after ${a.retries} retries${a.failed > 0 ? `, ${a.failed} failed (${a.errors.join('; ')})` : ''}; p50 ${s?.p50 ?? '?'} · p99 ${s?.p99 ?? '?'} · max ${s?.max ?? '?'} ms`;
};

/** The relay's poll cycles between two scrapes (they run in the relay's CPU of the phase too). */
const pollBetween = (a: Scrape | null, b: Scrape | null): string => {
  if (!a || !b) return '';
  const x = pollTotals(a);
  const y = pollTotals(b);
  return `; the relay's poll ran ${Math.round(y.count - x.count)} cycles, ${(y.seconds - x.seconds).toFixed(2)} s of wall time, in the phase`;
};

/**
 * The reconnect storm: agents connect (each loads its first page), pagers page and sort for a few
 * seconds, then every agent drops its socket, connects again and reloads its page at once. The
 * figure is the time from the order until the last agent holds its rows. Not run where the page
 * loads alone would hold the relay far past the limit (today's scan at a large market): 5,000
 * pages at `pageMs` each, one at a time on the relay's event loop. The relay's CPU is read over
 * the arrival and over the storm (per agent); with `profiling`, the storm alone is profiled and
 * its longest busy run recorded.
 */
export async function runStorm(
  t: ListTarget,
  loop: EventLoopWindows,
  pageMs: number | null,
  profiling: StormProfiling | null,
): Promise<StormCost> {
  const n = t.plan.stormClients;
  const none: StormCost = { arrival: null, storm: null, agents: n };
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
    return none;
  }
  const fleet = createAgentFleet(t.relayUrl);
  let arrival: UnitCost | null = null;
  try {
    await loop.begin('agents arriving');
    const before = loop.scraped();
    const arriving = cpuMeter(t.relayPid, 'relay', 'agent arrival');
    const opened = await fleet.open(agentsUpTo(n, t.tokens, t.plan.pagerShare));
    const arrivalSpan = arriving.stop();
    t.rec.add({
      section: 'market',
      measure: 'agent arrival: connect, subscribe, first page (100 at a time per process)',
      clients: n,
      market: t.market,
      value: summarize(opened.rowsMs)?.p99 ?? null,
      unit: 'ms p99',
      detail: describe(opened),
    });
    arrival = unitCost(arrivalSpan, opened.rowsMs.length);
    await loop.begin('agents paging');
    t.rec.add({
      section: 'market',
      measure: 'relay CPU per arriving agent (connect, subscribe, first page)',
      clients: n,
      market: t.market,
      value: cpuMs(arrival.msPerUnit),
      unit: 'ms CPU',
      detail: `${opened.rowsMs.length} agents arrived (${opened.failed} failed, ${opened.retries} retries), 100 at a time per client process; ${describeSpan(arrivalSpan)}${pollBetween(before, loop.scraped())}`,
      cpu: arrivalSpan ? [arrivalSpan] : [],
    });
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
    // The paging window ends first: starting the profiler (which logs the code already compiled)
    // holds the relay's event loop, and is neither the pagers' nor the storm's.
    await loop.end();
    if (profiling) await startProfile(profiling.inspector);
    await loop.begin(STORM_WINDOW);
    const stormBefore = loop.scraped();
    const storming = cpuMeter(t.relayPid, 'relay', 'the storm');
    const storm = await fleet.storm(timeoutMs);
    const stormSpan = storming.stop();
    await loop.end();
    const profile = profiling ? await stopProfile(profiling.inspector) : null;
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
    const stormCost = unitCost(stormSpan, storm.rowsMs.length);
    t.rec.add({
      section: 'market',
      measure: 'relay CPU per reconnecting agent (storm)',
      clients: n,
      market: t.market,
      value: cpuMs(stormCost.msPerUnit),
      unit: 'ms CPU',
      detail: `${storm.rowsMs.length} of ${n} agents reconnected and hold their rows again (${storm.failed} failed, ${storm.retries} retries); storm total ${stormSpan ? `${stormSpan.cpuSeconds.toFixed(2)} s` : '?'} relay CPU; ${describeSpan(stormSpan)}${pollBetween(stormBefore, loop.scraped())}${profiling ? '; profiled (the sampling is in the CPU)' : ''}`,
      cpu: stormSpan ? [stormSpan] : [],
    });
    stormLongestTask(t, loop, profile, profiling, stormSpan ? [stormSpan] : []);
    return { arrival, storm: stormCost, agents: n };
  } catch (err) {
    if (arrival) {
      const msg = err instanceof Error ? err.message : String(err);
      t.rec.note(`${t.market} referrals: reconnect storm failed: ${msg}`);
      return { ...none, arrival };
    }
    throw err;
  } finally {
    await fleet.close();
  }
}

/** Starts the relay's CPU profiler through its inspector (a second one beside `--cpu-prof`'s). */
async function startProfile(inspector: Inspector): Promise<void> {
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await inspector.send('Profiler.start');
}

async function stopProfile(inspector: Inspector): Promise<Profile> {
  const { profile } = (await inspector.send('Profiler.stop')) as { profile: Profile };
  await inspector.send('Profiler.disable');
  return profile;
}

/**
 * The storm's longest busy run of the relay's main thread, from the storm's own profile (written
 * beside the run's profiles), beside the storm window's monitorEventLoopDelay max. Without a
 * profile, the row says it was not measured.
 */
function stormLongestTask(
  t: ListTarget,
  loop: EventLoopWindows,
  profile: Profile | null,
  profiling: StormProfiling | null,
  cpu: readonly CpuSpan[],
): void {
  const delay = loop.windows.find((w) => w.name === STORM_WINDOW)?.maxMs;
  const delayNote = `monitorEventLoopDelay max over the storm ${delay ?? '?'} ms (10 ms resolution)`;
  const row = {
    section: 'market',
    measure: 'longest event-loop task in the storm (profile)',
    clients: t.plan.stormClients,
    market: t.market,
    unit: 'ms',
    cpu,
  } as const;
  if (!profile || !profiling) {
    t.rec.add({
      ...row,
      value: null,
      detail: `not measured: the run was not given --cpu-prof (only then is the storm profiled); ${delayNote}`,
    });
    return;
  }
  const file = path.join(profiling.dir, `storm-${t.market}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const runs = busyRuns(profile, 0);
  const longest = runs.reduce<(typeof runs)[number] | null>(
    (m, r) => (m === null || r.ms > m.ms ? r : m),
    null,
  );
  const names = profileNames(profile);
  const times = longest ? taskTimes(names, longest.samples) : null;
  const over50 = runs.filter((r) => r.ms >= 50).length;
  t.rec.add({
    ...row,
    value: longest ? Math.round(longest.ms * 10) / 10 : null,
    detail: longest
      ? `the longest run of busy samples of the relay's main thread (${SAMPLING_US / 1000} ms samples; an (idle) or (program) sample ends a run; a run can hold several tasks, so it bounds the longest from above) at ${(longest.at / 1000).toFixed(1)} s into the storm's profile; self: ${topTimes(times?.self ?? new Map(), 3).join(', ')}; under: ${topTimes(times?.under ?? new Map(), 2).join(', ')}; ${over50} runs ≥ 50 ms; ${delayNote}; profile ${path.relative(path.join(profiling.dir, '../..'), file)} (tsx src/tools/longTasks.ts <it> 50 lists them)`
      : `no busy sample in the storm's profile; ${delayNote}`,
  });
}
