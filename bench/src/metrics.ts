import type { Inspector } from './inspector.js';
import { sleep } from './procs.js';

/** Samples of a Prometheus text page, by metric name with labels, e.g. `relay_polls_total{outcome="ok"}`. */
export type Scrape = ReadonlyMap<string, number>;

/** The token the bench's relays are started with (METRICS_TOKEN), to read /metrics on their port. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';

/** Reads the relay's /metrics page. */
export async function scrape(relayUrl: string): Promise<Scrape> {
  const res = await fetch(`${relayUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    out.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return out;
}

/** The sum of every sample of a metric whose name (with labels) starts with `name`. */
export function total(s: Scrape, name: string): number {
  let sum = 0;
  for (const [k, v] of s) if (k === name || k.startsWith(`${name}{`)) sum += v;
  return sum;
}

/** Resident set and used heap of the relay, bytes. */
export interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}

/**
 * The median of three readings a second apart, each right after a full garbage collection in the
 * relay: live data only, whenever V8 last collected on its own.
 */
export async function relayMemory(relay: {
  readonly url: string;
  readonly inspector: Inspector;
}): Promise<Memory> {
  const reads: Memory[] = [];
  for (let i = 0; i < 3; i += 1) {
    if (i > 0) await sleep(1000);
    await relay.inspector.collectGarbage();
    const s = await scrape(relay.url);
    reads.push({
      rss: total(s, 'process_resident_memory_bytes'),
      heapUsed: total(s, 'nodejs_heap_size_used_bytes'),
    });
  }
  const mid = <K extends keyof Memory>(k: K) =>
    reads.map((r) => r[k]).sort((a, b) => a - b)[1] ?? 0;
  return { rss: mid('rss'), heapUsed: mid('heapUsed') };
}

/** Poll cycles and their summed duration (seconds) so far. */
export function pollTotals(s: Scrape) {
  return {
    count: total(s, 'relay_poll_duration_seconds_count'),
    seconds: total(s, 'relay_poll_duration_seconds_sum'),
  };
}
