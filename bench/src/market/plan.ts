import { QUICK, type Plan } from '../plan.js';

/** What `--market` measures at each market size, and the time each part may take. */
export interface MarketPlan {
  /** Referral counts, one fresh stand-in and relay each. */
  readonly sizes: readonly number[];
  /** Concurrent requests of the list-page latency grid. */
  readonly concurrencies: readonly number[];
  /** Requests per cell of the grid, by concurrency (fewer when the cell's budget is short). */
  readonly requestsAt: (concurrency: number) => number;
  /** Relay time one cell of the grid may take (estimated from the page cost at 1 concurrent). */
  readonly cellBudgetMs: number;
  /** Closed-loop load for pages per second: concurrencies, and how long each runs. */
  readonly throughputAt: readonly number[];
  readonly throughputMs: number;
  /** Sockets of the after-poll measurement at every market size. */
  readonly sockets: number;
  /** Socket counts where the relay is compared with the bare Socket.IO server. */
  readonly bareLevels: readonly number[];
  /** Window of each after-poll measurement, ms. */
  readonly windowMs: number;
  /** Agents of the reconnect storm, the share that pages and sorts, and how long it may take. */
  readonly stormClients: number;
  readonly pagerShare: number;
  readonly stormTimeoutMs: number;
  /** The longest a storm may be expected to take (its pages one after another) and still run. */
  readonly stormLimitMs: number;
  /** How long the stand-in may take to generate, and the relay to load, one market. */
  readonly simStartMs: number;
  readonly loadTimeoutMs: number;
  /** The diff-cost phase's steady window, ms (`--diff-window <s>`, default 60 s). */
  readonly diffWindowMs: number;
  /** `--diff-only`: the first load and the diff-cost phase, none of the other parts. */
  readonly diffOnly: boolean;
  /** `--cpu-prof`: each size's relay writes a CPU profile to bench/results/profiles. */
  readonly cpuProfile: boolean;
}

/** `--diff-window 60`: the diff-cost phase's steady window in seconds (at least 10). */
function diffWindowMs(argv: readonly string[]): number {
  const at = argv.indexOf('--diff-window');
  if (at === -1) return 60_000;
  const s = Number(argv[at + 1]);
  if (!Number.isFinite(s) || s < 10)
    throw new Error(`--diff-window wants seconds, at least 10 (got "${argv[at + 1] ?? ''}")`);
  return Math.round(s * 1000);
}

/** The `--market` plan (sizes from the command line; `--diff-window`, `--diff-only`). */
export function marketPlan(sizes: readonly number[], argv: readonly string[] = []): MarketPlan {
  return {
    sizes,
    concurrencies: [1, 20, 200],
    requestsAt: (c) => (c <= 1 ? 20 : c <= 20 ? 100 : 400),
    cellBudgetMs: 6000,
    throughputAt: [20, 200],
    throughputMs: 5000,
    sockets: 5000,
    bareLevels: [1000, 5000, 10_000],
    windowMs: 15_000,
    stormClients: 5000,
    pagerShare: 0.3,
    stormTimeoutMs: 60_000,
    stormLimitMs: 5 * 60_000,
    simStartMs: 15 * 60_000,
    // A 1,000,000 first load took ~25 min on this machine (2026-11-23): every cycle of the load
    // also re-reads the changes within the slack of the watermark.
    loadTimeoutMs: 45 * 60_000,
    diffWindowMs: diffWindowMs(argv),
    diffOnly: argv.includes('--diff-only'),
    cpuProfile: argv.includes('--cpu-prof'),
  };
}

/**
 * `--market 2000,100000,1000000`: the market sizes, or null when the option is absent. Sizes are
 * whole and at least 1 (order kept: the first size is the one the bare server is compared at).
 */
export function marketSizes(argv: readonly string[]): number[] | null {
  const at = argv.indexOf('--market');
  if (at === -1) return null;
  const raw = argv[at + 1] ?? '';
  const sizes = raw.split(',').map((s) => Number(s.replaceAll('_', '')));
  if (raw === '' || !sizes.every((n) => Number.isInteger(n) && n >= 1))
    throw new Error(`--market wants whole referral counts, like 2000,100000 (got "${raw}")`);
  return sizes;
}

/**
 * The run plan of a `--market` run: the levels machinery with the market's window and a deadline
 * that allows a slow first load per size (a 1,000,000 market can take minutes to load).
 */
export function marketRunPlan(m: MarketPlan): Plan {
  // The diff-cost phase adds its steady window, the timed changes (~1 min), up to 2 min waiting
  // for the silent changes and, where a reconciliation pass is long (1,000,000: ~5 min), up to
  // 10 min after them (most of it while the other parts run).
  const diff = (size: number) => m.diffWindowMs + 150_000 + (size > 300_000 ? 10 * 60_000 : 0);
  const perSize = (size: number) =>
    (m.diffOnly ? 2 * 60_000 : 8 * 60_000) + Math.ceil(size / 100_000) * 180_000 + diff(size);
  return {
    ...QUICK,
    mode: 'market',
    levels: [],
    windowMs: m.windowMs,
    diffSizes: [],
    deadlineMs: 5 * 60_000 + m.sizes.reduce((t, s) => t + perSize(s), 0),
  };
}
