import type { SortKey } from '@referrals/shared';
import type { Recorder } from '../report.js';
import { mean, summarize, type Summary } from '../stats.js';
import { cpuMeter, cpuMs, describeSpan, unitCost, type UnitCost } from './cpu.js';
import { closedLoop, getBody } from './httpLoad.js';
import type { MarketPlan } from './plan.js';
import { listRequests, SORT_KEYS, type Totals } from './queries.js';

/** What the list phase needs of the market under test. */
export interface ListTarget {
  readonly rec: Recorder;
  readonly plan: MarketPlan;
  readonly relayUrl: string;
  readonly market: number;
  readonly totals: Totals;
  readonly tokens: ReadonlyMap<string, string>;
  /** The relay's process id, to read the CPU time it spends on a load (Linux: /proc). */
  readonly relayPid?: number | undefined;
}

export { cpuSeconds } from './cpu.js';

/** The relay's CPU a list page at one concurrency of the pages-per-second load, and its p99. */
export interface PageCost extends UnitCost {
  readonly p99: number | null;
}

/** The measure of the relay's CPU a list page (one row per concurrency). */
export const PAGE_CPU_MEASURE = 'relay CPU per list page (pages-per-second load)';

/** The relay's CPU a list page by concurrency (a concurrency skipped at this size is absent). */
export type ListCost = ReadonlyMap<number, PageCost>;

/** One real list page of the relay, its bytes kept for the floor route (bare/server.ts). */
export interface PageSample {
  readonly path: string;
  readonly body: string;
  readonly bytes: number;
}

/** One answer of the grid: percentiles and mean, or why the cell was not run. */
type Cell = {
  readonly s: Summary | null;
  readonly meanMs: number;
  readonly errors: number;
  readonly skipped?: string;
};

/** A request that takes longer than this counts as failed. */
const REQUEST_TIMEOUT_MS = 60_000;
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;

/**
 * Runs one cell when its estimated relay time fits the budget: the relay answers one page at a
 * time on one event loop, so n requests cost about n × the key's mean page time at 1 concurrent. Fewer
 * requests than the planned count are sent when the budget is short, never fewer than `c`
 * (below that the cell would not hold `c` requests in flight).
 */
async function runCell(
  t: ListTarget,
  c: number,
  key: SortKey | null,
  estMs: number | null,
  seed: number,
): Promise<Cell> {
  const planned = t.plan.requestsAt(c);
  if (c > 1 && key !== null && estMs === null)
    return { s: null, meanMs: 0, errors: 0, skipped: 'skipped: no page answered at 1 concurrent' };
  const fit = estMs === null ? planned : Math.floor(t.plan.cellBudgetMs / Math.max(estMs, 0.01));
  const n = Math.min(planned, fit);
  if (n < c && c > 1)
    return {
      s: null,
      meanMs: 0,
      errors: 0,
      skipped: `skipped: ${c} requests at ~${ms(estMs ?? 0)} a page pass the ${t.plan.cellBudgetMs / 1000} s budget`,
    };
  const next =
    key === null ? () => ({ path: '/healthz' }) : listRequests(key, seed, t.totals, t.tokens);
  const out = await closedLoop(t.relayUrl, next, {
    concurrency: c,
    maxRequests: Math.max(n, 1),
    untilMs: Date.now() + t.plan.cellBudgetMs,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return { s: summarize(out.latencies), meanMs: mean(out.latencies), errors: out.errors };
}

/**
 * List-page latency at each concurrency, per sort key, beside `/healthz` at the same concurrency
 * (the floor of this machine: the same HTTP stack with no list work). Answers the page time at 1
 * concurrent (the median over keys of each key's mean), from which later phases size themselves.
 */
export async function listLatency(t: ListTarget): Promise<number | null> {
  const est = new Map<SortKey, number>();
  for (const c of t.plan.concurrencies) {
    const floor = await runCell(t, c, null, null, 0);
    const rows: string[] = [];
    let worst: { key: SortKey; s: Summary } | null = null;
    let errors = 0;
    const skipped: string[] = [];
    for (const [k, key] of SORT_KEYS.entries()) {
      const cell = await runCell(t, c, key, c === 1 ? null : (est.get(key) ?? null), c * 100 + k);
      errors += cell.errors;
      if (cell.skipped) {
        skipped.push(key);
        continue;
      }
      if (!cell.s) continue;
      // The mean, not the median: a few slow lists (in-appetite, deep pages) dominate the cost.
      if (c === 1) est.set(key, cell.meanMs);
      rows.push(`${key} ${ms(cell.s.p50)}/${ms(cell.s.p99)}`);
      if (!worst || cell.s.p99 > worst.s.p99) worst = { key, s: cell.s };
    }
    const fp99 = floor.s?.p99 ?? null;
    const ratio = worst && fp99 ? worst.s.p99 / fp99 : null;
    const at20 = c === 20;
    t.rec.add({
      section: 'market',
      measure: `list page p99, worst sort key, ${c} concurrent`,
      clients: c,
      market: t.market,
      value: worst ? worst.s.p99 : null,
      unit: 'ms p99',
      detail: `${worst ? `worst ${worst.key}` : 'no key ran'}; ${ratio === null ? '' : `${ratio.toFixed(1)}× healthz p99 `}(healthz p50/p99 ${floor.s ? `${ms(floor.s.p50)}/${ms(floor.s.p99)}` : 'n/a'}); per key p50/p99: ${rows.join(', ')}${skipped.length > 0 ? `; ${skipped.length} keys skipped (budget): ${skipped.join(', ')}` : ''}${errors > 0 ? `; ${errors} failed requests` : ''}`,
      ...(at20
        ? {
            target: 'every key p99 ≤ 2× healthz p99 and ≤ 20 ms (at 1,000,000)',
            met:
              worst && ratio !== null && skipped.length === 0
                ? worst.s.p99 <= 20 && ratio <= 2
                : skipped.length > 0
                  ? false
                  : null,
          }
        : {}),
    });
    t.rec.add({
      section: 'market',
      measure: `healthz p99, ${c} concurrent (the floor)`,
      clients: c,
      market: t.market,
      value: fp99,
      unit: 'ms p99',
      detail: floor.s ? `p50 ${ms(floor.s.p50)}, n=${floor.s.n}` : 'no answers',
    });
  }
  const p50s = [...est.values()].sort((a, b) => a - b);
  return p50s.length > 0 ? (p50s[Math.floor(p50s.length / 2)] ?? null) : null;
}

/**
 * List pages per second of one relay: closed-loop load of mixed lists, sort keys and pages at
 * each concurrency for a few seconds. Skipped where the requests in flight alone would hold the
 * relay past the budget (today's scan at a large market).
 */
export async function listThroughput(t: ListTarget, pageMs: number | null): Promise<ListCost> {
  let best = 0;
  const parts: string[] = [];
  const costs = new Map<number, PageCost>();
  const costRow = (c: number, value: number | null, detail: string, span: PageCost['span']) =>
    t.rec.add({
      section: 'market',
      measure: PAGE_CPU_MEASURE,
      clients: c,
      market: t.market,
      value,
      unit: 'ms CPU',
      detail,
      cpu: span ? [span] : [],
    });
  for (const c of t.plan.throughputAt) {
    if (pageMs === null) {
      parts.push(`${c} concurrent skipped (no page time measured at 1 concurrent)`);
      costRow(c, null, 'not measured: no page time at 1 concurrent', null);
      continue;
    }
    if (c * pageMs > 4 * t.plan.throughputMs) {
      parts.push(`${c} concurrent skipped (${c} pages in flight at ~${ms(pageMs)} each)`);
      costRow(c, null, `not measured: ${c} pages in flight at ~${ms(pageMs)} each`, null);
      continue;
    }
    const meter = cpuMeter(t.relayPid, 'relay', `${c}-concurrent pages`);
    const out = await closedLoop(t.relayUrl, listRequests(null, 7 + c, t.totals, t.tokens), {
      concurrency: c,
      maxRequests: Number.MAX_SAFE_INTEGER,
      untilMs: Date.now() + t.plan.throughputMs,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    const span = meter.stop();
    const rate = out.latencies.length / (out.elapsedMs / 1000);
    best = Math.max(best, rate);
    const s = summarize(out.latencies);
    // The relay's own CPU time a page (its worker threads included): what one relay core could
    // serve were the load not run on the same two cores.
    const cost = { ...unitCost(span, out.latencies.length), p99: s?.p99 ?? null };
    costs.set(c, cost);
    const cpu =
      cost.msPerUnit !== null && span && span.cpuSeconds > 0
        ? `; relay CPU ${cost.msPerUnit.toFixed(2)} ms a page (${Math.round(out.latencies.length / span.cpuSeconds)} pages per relay CPU-second), relay busy ${span.sharePct}% of one core`
        : '';
    parts.push(
      `${c} concurrent: ${Math.round(rate)} pages/s (p50 ${s ? ms(s.p50) : '?'}, p99 ${s ? ms(s.p99) : '?'}, ${out.errors} failed${cpu})`,
    );
    costRow(
      c,
      cpuMs(cost.msPerUnit),
      `${out.latencies.length} pages (the mix, random key) in ${(out.elapsedMs / 1000).toFixed(1)} s, p99 ${s ? ms(s.p99) : '?'}, ${out.errors} failed; ${describeSpan(span)}`,
      span,
    );
  }
  // A page rate from the page time alone, where no load run fitted.
  const estimated = best === 0 && pageMs ? Math.round(1000 / pageMs) : null;
  t.rec.add({
    section: 'market',
    measure: 'list pages per second, one relay',
    market: t.market,
    value: best > 0 ? Math.round(best) : estimated,
    unit: best > 0 ? 'pages/s' : 'pages/s (estimated: 1 / page time)',
    detail: parts.join('; '),
    target: '≥ 2,000 pages/s',
    met: best > 0 ? best >= 2000 : estimated !== null ? estimated >= 2000 : null,
  });
  return costs;
}

/**
 * One real list page for the floor route: the first `n` requests of the 20-concurrent load's mix,
 * read once each, and the one of median size kept (path and body as the relay sent them).
 */
export async function capturePage(t: ListTarget, n = 15): Promise<PageSample | null> {
  const next = listRequests(null, 7 + 20, t.totals, t.tokens);
  const pages: PageSample[] = [];
  for (let i = 0; i < n; i += 1) {
    const g = next(i);
    const body = await getBody(t.relayUrl, g, REQUEST_TIMEOUT_MS).catch(() => null);
    if (body !== null) pages.push({ path: g.path, body, bytes: Buffer.byteLength(body) });
  }
  pages.sort((a, b) => a.bytes - b.bytes);
  return pages[Math.floor(pages.length / 2)] ?? null;
}
