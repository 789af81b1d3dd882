/**
 * CPU time a process spends on a phase of the run (issue 48: measure cost, not contention). On
 * two shared cores a latency mixes the relay's work with the load generator's and the clients';
 * the relay's own CPU seconds per page, per agent or per reconnect do not, and floors read the
 * same way in the same run turn targets into ratios.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { CpuSpan } from '../result.js';

/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system) a process has used, every thread of it included, from /proc; null
 * where it cannot be read. 10 ms resolution.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(after[11]) + Number(after[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/**
 * Starts reading `pid`'s CPU over a phase; `stop()` answers the span (null where /proc could not
 * be read, at the start or the end).
 */
export function cpuMeter(pid: number | undefined, process: string, phase: string) {
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  return {
    stop(): CpuSpan | null {
      const cpu1 = cpuSeconds(pid);
      const wallSeconds = (performance.now() - t0) / 1000;
      if (cpu0 === null || cpu1 === null || wallSeconds <= 0) return null;
      const cpu = Math.round((cpu1 - cpu0) * 100) / 100;
      return {
        process,
        phase,
        cpuSeconds: cpu,
        wallSeconds: Math.round(wallSeconds * 100) / 100,
        sharePct: Math.round((cpu / wallSeconds) * 100),
        load1: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
      };
    },
  };
}

/** A cost: a process's CPU over a phase shared by the units of work done in it. */
export interface UnitCost {
  /** CPU milliseconds a unit (null when no unit was done or CPU not read). */
  readonly msPerUnit: number | null;
  readonly units: number;
  readonly span: CpuSpan | null;
}

/** The span's CPU shared by `units`. */
export function unitCost(span: CpuSpan | null, units: number): UnitCost {
  return {
    msPerUnit: span && units > 0 ? (span.cpuSeconds * 1000) / units : null,
    units,
    span,
  };
}

/** A CPU figure rounded to what 10 ms ticks over thousands of units can tell. */
export const cpuMs = (ms: number | null): number | null =>
  ms === null ? null : ms >= 10 ? Math.round(ms * 10) / 10 : Math.round(ms * 1000) / 1000;

/** "1.23 s CPU over 4.5 s (27% of one core, load 1.8)". */
export const describeSpan = (s: CpuSpan | null): string =>
  s === null
    ? 'CPU not read (/proc)'
    : `${s.process} ${s.cpuSeconds.toFixed(2)} s CPU over ${s.wallSeconds.toFixed(1)} s of ${s.phase} (${s.sharePct}% of one core, load ${s.load1.toFixed(2)})`;
