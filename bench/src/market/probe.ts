import { scrape, total, type Scrape } from '../metrics.js';

/** What the relay's `GET /readyz` says of its referral poll (issue 17). */
export interface PollFigures {
  /** Referrals this instance's sync knows (committed to the store). */
  readonly referrals: number;
  readonly watermark: number | null;
  readonly loading: { readonly loaded: number; readonly expected: number } | null;
  /** Reconciliation passes completed (the first load is the first). */
  readonly passes: number;
  /** Duration of the last completed pass, ms. */
  readonly lastPassMs: number | null;
  /** Where the running pass is: its next page and its page size. */
  readonly pass: { readonly page: number; readonly size: number } | null;
  /** Upstream referral requests made so far (running count). */
  readonly requests: number;
}

export interface Readyz {
  readonly ready: boolean;
  /** The first load's progress as the status record says it (any instance). */
  readonly loading: { readonly loaded: number; readonly expected: number } | null;
  readonly poll?: PollFigures;
}

/** The stand-in's `GET /__sim/stats`. */
export interface SimStats {
  readonly total: number;
  readonly totalBytes: number;
  readonly requests: Readonly<Record<string, number>>;
  readonly bytes: Readonly<Record<string, number>>;
}

/** The route the relay's referral sync reads pages from. */
export const LIST_ROUTE = 'GET /api/v1/marketplace-opportunities';
/** The route it reads single referrals from (a reconciliation chunk's gap). */
export const ONE_ROUTE = 'GET /api/v1/opportunity/:id';
/** Basic auth of the stand-in's API (SIM_BASIC_USER default, empty password). */
export const SIM_AUTH = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;

/**
 * GETs JSON whatever the status (a relay that is not ready answers /readyz with 503 and a body);
 * null when there is no answer (not listening yet, a timeout while the event loop is held).
 */
export async function getJson<T>(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<{ status: number; body: T } | null> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    return null;
  }
}

export const readyz = async (relayUrl: string): Promise<Readyz | null> =>
  (await getJson<Readyz>(`${relayUrl}/readyz`))?.body ?? null;

export async function simStats(simOrigin: string): Promise<SimStats> {
  const a = await getJson<SimStats>(`${simOrigin}/__sim/stats`);
  if (!a || a.status !== 200) throw new Error('the stand-in did not answer /__sim/stats');
  return a.body;
}

/** Upstream referral reads and their bytes between two stats snapshots, by route. */
export function statsDelta(a: SimStats, b: SimStats) {
  const d = (m: 'requests' | 'bytes', k: string) => (b[m][k] ?? 0) - (a[m][k] ?? 0);
  const routes = [...new Set([...Object.keys(a.requests), ...Object.keys(b.requests)])]
    .map((k) => ({ route: k, requests: d('requests', k), bytes: d('bytes', k) }))
    .filter((r) => r.requests > 0)
    .sort((x, y) => y.bytes - x.bytes);
  return {
    requests: b.total - a.total,
    bytes: b.totalBytes - a.totalBytes,
    listRequests: d('requests', LIST_ROUTE),
    listBytes: d('bytes', LIST_ROUTE),
    oneRequests: d('requests', ONE_ROUTE),
    routes,
  };
}
export type StatsDelta = ReturnType<typeof statsDelta>;

/** MM/DD/YYYY in UTC, 30 days back: the start of the window the relay reads. */
export function windowStartDate(now = new Date()): string {
  const d = new Date(now.getTime() - 30 * 86_400_000);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** How many referrals the stand-in holds in the relay's window (one upstream request). */
export async function windowTotal(simOrigin: string): Promise<number> {
  const q = `page=0&size=1&startDate=${encodeURIComponent(windowStartDate())}`;
  const a = await getJson<{ totalElements: number }>(
    `${simOrigin}/api/v1/marketplace-opportunities?${q}`,
    { authorization: SIM_AUTH },
    60_000,
  );
  if (!a || a.status !== 200) throw new Error('the stand-in did not answer its window total');
  return a.body.totalElements;
}

/** One read of the relay's /metrics: poll histogram totals, event-loop max, memory. */
export interface MetricsSample {
  readonly at: number;
  readonly pollCount: number;
  readonly pollSeconds: number;
  /** Longest event-loop delay since the previous scrape (prom-client resets it on a scrape), ms. */
  readonly loopMaxMs: number;
  readonly rss: number;
  readonly heapUsed: number;
}

export function metricsSample(s: Scrape, at = Date.now()): MetricsSample {
  return {
    at,
    pollCount: total(s, 'relay_poll_duration_seconds_count'),
    pollSeconds: total(s, 'relay_poll_duration_seconds_sum'),
    loopMaxMs: total(s, 'nodejs_eventloop_lag_max_seconds') * 1000,
    rss: total(s, 'process_resident_memory_bytes'),
    heapUsed: total(s, 'nodejs_heap_size_used_bytes'),
  };
}

/** Scrapes /metrics; null when the relay does not answer in time. */
export async function sampleMetrics(relayUrl: string): Promise<MetricsSample | null> {
  try {
    return metricsSample(await scrape(relayUrl));
  } catch {
    return null;
  }
}
