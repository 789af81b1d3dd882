/** What one run measures and for how long. */
export interface Plan {
  readonly mode: 'quick' | 'full' | 'market';
  /** Client counts of the load and latency levels. */
  readonly levels: readonly number[];
  /** Window of each level, ms (upstream counts and latency samples). */
  readonly windowMs: number;
  /** Claims timed at each level from this many clients up. */
  readonly claims: number;
  readonly claimsFrom: number;
  /** Socket counts of the capacity ramp after the levels (empty: no ramp). */
  readonly ramp: readonly number[];
  readonly rampWindowMs: number;
  /** Referral counts of the diff-cost runs. */
  readonly diffSizes: readonly number[];
  /** Poll cycles timed per diff-cost size. */
  readonly diffCycles: number;
  /** The whole run is stopped after this long. */
  readonly deadlineMs: number;
}

/** `npm run bench`: under two minutes. */
export const QUICK: Plan = {
  mode: 'quick',
  levels: [0, 100, 1000],
  windowMs: 12_000,
  claims: 10,
  claimsFrom: 1000,
  ramp: [],
  rampWindowMs: 0,
  diffSizes: [2000],
  diffCycles: 3,
  deadlineMs: 150_000,
};

/** `npm run bench -- --full`. */
export const FULL: Plan = {
  mode: 'full',
  levels: [0, 100, 1000, 5000],
  windowMs: 60_000,
  claims: 25,
  claimsFrom: 1000,
  // Beyond 10,000 while p99 holds, up to what the file-descriptor limit allows (capacity.ts).
  ramp: [7500, 10_000, 12_500, 15_000, 17_500, 20_000, 25_000],
  rampWindowMs: 15_000,
  diffSizes: [2000, 20_000, 100_000],
  diffCycles: 5,
  deadlineMs: 40 * 60_000,
};

/**
 * `--levels 0,1000,5000` replaces the mode's client levels (a memory or latency question asked
 * at other counts without the whole full mode). Counts must be whole, ascending and start at 0:
 * the idle reading is what memory per socket is measured against.
 */
export function withLevels(plan: Plan, argv: readonly string[]): Plan {
  const at = argv.indexOf('--levels');
  if (at === -1) return plan;
  const raw = argv[at + 1] ?? '';
  const levels = raw.split(',').map(Number);
  const ok =
    levels[0] === 0 &&
    levels.every((n, i) => Number.isInteger(n) && n >= 0 && (i === 0 || n > (levels[i - 1] ?? 0)));
  if (!ok)
    throw new Error(
      `--levels wants ascending whole counts from 0, like 0,1000,5000 (got "${raw}")`,
    );
  return { ...plan, levels };
}

/** The poll interval of the relay (POLL_INTERVAL_MS default). */
export const POLL_INTERVAL_MS = 3000;
/** The old console: each browser polled its list every 3 s. */
export const OLD_POLLS_PER_MINUTE_PER_BROWSER = 20;
