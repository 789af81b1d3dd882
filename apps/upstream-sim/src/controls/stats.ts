import type { RequestHandler, Response } from 'express';
import type { Clock } from '../generator/market.js';
import type { RouteTable } from '../routes/table.js';
import { isExempt } from './faults.js';

/** The answer of GET /__sim/stats. */
export interface StatsSnapshot {
  readonly since: string;
  readonly total: number;
  /** Response body bytes sent, all calls together. */
  readonly totalBytes: number;
  /** Requests per 'METHOD /template'; paths no route serves are counted by their raw path. */
  readonly requests: Readonly<Record<string, number>>;
  /** Response body bytes sent per 'METHOD /template' (same keys as `requests`). */
  readonly bytes: Readonly<Record<string, number>>;
}

/**
 * Counts upstream API requests and the response bytes sent, by route template, for benchmarks
 * (e.g. "one poll per interval", "upstream bytes per minute").
 */
export class RequestStats {
  private counts = new Map<string, number>();
  private sent = new Map<string, number>();
  private since: number;

  constructor(private readonly clock: Clock) {
    this.since = clock.now();
  }

  /** Counts one request. */
  record(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Adds response body bytes sent for a request counted under `key`. */
  recordBytes(key: string, bytes: number): void {
    this.sent.set(key, (this.sent.get(key) ?? 0) + bytes);
  }

  /** The counts since start or the last reset, keys sorted. */
  snapshot(): StatsSnapshot {
    const entries = [...this.counts].sort(([a], [b]) => a.localeCompare(b));
    const bytes = entries.map(([k]): [string, number] => [k, this.sent.get(k) ?? 0]);
    return {
      since: new Date(this.since).toISOString(),
      total: entries.reduce((sum, [, n]) => sum + n, 0),
      totalBytes: bytes.reduce((sum, [, n]) => sum + n, 0),
      requests: Object.fromEntries(entries),
      bytes: Object.fromEntries(bytes),
    };
  }

  /** Starts counting afresh. */
  reset(): void {
    this.counts = new Map();
    this.sent = new Map();
    this.since = this.clock.now();
  }
}

/** The byte length of a chunk handed to `res.write` or `res.end`. */
function chunkBytes(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string')
    return Buffer.byteLength(
      chunk,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
    );
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

/**
 * Counts the body bytes a response writes, whatever writes them (express's send, a piped stream),
 * and calls `done` once with the total when the response finishes or its socket closes.
 */
function countBodyBytes(res: Response, done: (bytes: number) => void): void {
  let bytes = 0;
  type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
  type End = (chunk?: unknown, ...rest: unknown[]) => Response;
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  (res as { write: Write }).write = (chunk, ...rest) => {
    bytes += chunkBytes(chunk, rest[0]);
    return write(chunk, ...rest);
  };
  (res as { end: End }).end = (chunk, ...rest) => {
    bytes += chunkBytes(chunk, rest[0]);
    return end(chunk, ...rest);
  };
  let reported = false;
  const report = (): void => {
    if (reported) return;
    reported = true;
    done(bytes);
  };
  res.once('finish', report);
  res.once('close', report);
}

/**
 * Counts each upstream request on arrival, before faults or auth can answer it, so a refused
 * or rejected call still shows up, and the body bytes its answer sent. Controls, realm and health
 * check are not counted.
 */
export function statsMiddleware(stats: RequestStats, table: RouteTable): RequestHandler {
  return (req, res, next) => {
    if (!isExempt(req.path)) {
      const key = table.match(req.method, req.path) ?? `${req.method} ${req.path}`;
      stats.record(key);
      countBodyBytes(res, (bytes) => stats.recordBytes(key, bytes));
    }
    next();
  };
}
