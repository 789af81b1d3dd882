/**
 * Why an upstream call failed, as one error type. Invariant: every failure of an upstream call
 * reaches its caller as an UpstreamError of one of these kinds.
 */

/**
 * Why an upstream call failed. `circuitOpen`: the relay did not call, since the service failed
 * the calls before it (see resilience.ts).
 */
export type UpstreamFailure =
  'timeout' | 'network' | 'status' | 'malformed' | 'invalid' | 'tooLarge' | 'circuitOpen';

/** A failed upstream call; `status` is set when the service answered. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    /** When the service may be called again, in ms from now: a 429's Retry-After, an open circuit's wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/**
 * A Retry-After header in ms from `now`: delay-seconds or an HTTP date; undefined when absent or
 * unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
