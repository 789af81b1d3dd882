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

/**
 * A process's CPU time over one phase of a run (Linux: user + system from /proc/<pid>/stat, its
 * threads included), beside the wall time of the phase and the machine's load.
 */
export interface CpuSpan {
  /** Whose CPU: 'relay', 'bare Socket.IO', 'floor HTTP'. */
  readonly process: string;
  /** The phase it was read over. */
  readonly phase: string;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  /** cpuSeconds / wallSeconds as % of one core (over 100 when its threads ran on both cores). */
  readonly sharePct: number;
  /** os.loadavg()[0] at the end of the phase. */
  readonly load1: number;
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
  /**
   * CPU figures (cost per unit of work and their ratios): the CPU time and share of one core of each
   * process the figure is read from, with the load at the end of its phase.
   */
  readonly cpu?: readonly CpuSpan[];
  /** os.loadavg() when the figure was taken: other work on the machine makes figures noisy. */
  readonly loadavg: readonly number[];
}

/** The input of Recorder.add: a result without the run information. */
export type Figure = Omit<Result, keyof RunInfo | 'loadavg'>;
