/** What a bench run records: its sections, where it ran, and each figure. */

/** The sections of the benchmark. */
export const SECTIONS = [
  'upstream',
  'latency',
  'connections',
  'diff',
  'web',
  'market',
  'diff-cost',
  'fanout',
] as const;
export type Section = (typeof SECTIONS)[number];

/** Where and when a result was measured. */
export interface RunInfo {
  readonly mode: 'quick' | 'full' | 'market';
  readonly date: string;
  readonly commit: string;
  readonly cores: number;
  readonly totalMemBytes: number;
  readonly node: string;
}

/** One measured figure. */
export interface Result extends RunInfo {
  readonly section: Section;
  readonly measure: string;
  /** Connected clients (or concurrent requests) during the measurement, where that matters. */
  readonly clients?: number;
  /** Referrals in the market (`--market` runs). */
  readonly market?: number;
  readonly value: number | string | null;
  readonly unit: string;
  readonly detail?: string;
  readonly target?: string;
  /** Whether the target is met; null when not measured. */
  readonly met?: boolean | null;
  /** os.loadavg() when the figure was taken: other work on the machine makes figures noisy. */
  readonly loadavg: readonly number[];
}

/** The input of Recorder.add: a result without the run information. */
export type Figure = Omit<Result, keyof RunInfo | 'loadavg'>;
