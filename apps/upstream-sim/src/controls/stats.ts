import type { RequestHandler } from 'express';
import type { Clock } from '../generator/market.js';
import type { RouteTable } from '../routes/table.js';
import { isExempt } from './faults.js';

/** The answer of GET /__sim/stats. */
export interface StatsSnapshot {
  readonly since: string;
  readonly total: number;
  /** Requests per 'METHOD /template'; paths no route serves are counted by their raw path. */
  readonly requests: Readonly<Record<string, number>>;
}

/** Counts upstream API requests by route template, for benchmarks (e.g. "one poll per interval"). */
export class RequestStats {
  private counts = new Map<string, number>();
  private since: number;

  constructor(private readonly clock: Clock) {
    this.since = clock.now();
  }

  /** Counts one request. */
  record(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The counts since start or the last reset, keys sorted. */
  snapshot(): StatsSnapshot {
    const entries = [...this.counts].sort(([a], [b]) => a.localeCompare(b));
    return {
      since: new Date(this.since).toISOString(),
      total: entries.reduce((sum, [, n]) => sum + n, 0),
      requests: Object.fromEntries(entries),
    };
  }

  /** Starts counting afresh. */
  reset(): void {
    this.counts = new Map();
    this.since = this.clock.now();
  }
}

/**
 * Counts each upstream request on arrival, before faults or auth can answer it, so a refused
 * or rejected call still shows up. Controls, realm and health check are not counted.
 */
export function statsMiddleware(stats: RequestStats, table: RouteTable): RequestHandler {
  return (req, _res, next) => {
    if (!isExempt(req.path))
      stats.record(table.match(req.method, req.path) ?? `${req.method} ${req.path}`);
    next();
  };
}
