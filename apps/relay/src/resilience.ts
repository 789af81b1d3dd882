/**
 * The relay's retries, backoffs and the upstream's circuits and time-outs. Invariant: only a
 * poll's reads are retried, each service has its one circuit, and every retry backs off with
 * jitter.
 */
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  halfJitterGenerator,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type CircuitBreakerPolicy,
  type IRetryBackoffContext,
} from 'cockatiel';
import type { Logger } from 'pino';
import { logger } from './log.js';
import { UpstreamError } from './upstream/errors.js';

/** The bounds of a backoff: the pause before the first retry, and the longest pause. */
export interface BackoffBounds {
  readonly firstMs: number;
  readonly capMs: number;
}

/** Every place of the relay that retries, with its backoff's bounds. */
export const BACKOFF = {
  /** A poll's upstream read, between its attempts. */
  upstream: { firstMs: 150, capMs: 2_000 },
  /** The migration at start, while the database does not answer (db/database.ts). */
  database: { firstMs: 200, capMs: 5_000 },
  /** A stream's snapshot reload while the store does not answer (readModel/mirror.ts). */
  storeReload: { firstMs: 200, capMs: 2_000 },
  /** ioredis's reconnects while Redis is away (backend.ts). */
  redisReconnect: { firstMs: 200, capMs: 2_000 },
} as const satisfies Record<string, BackoffBounds>;

/**
 * The pause before retry `attempt` (0: the first): doubling from `firstMs` up to `capMs`, each
 * drawn between half and all of that (cockatiel's half jitter), so relays that lost the same
 * service together do not come back to it together.
 */
export const backoffMs = (attempt: number, b: BackoffBounds): number =>
  halfJitterGenerator(attempt, {
    generator: halfJitterGenerator,
    initialDelay: b.firstMs,
    maxDelay: b.capMs,
    exponent: 2,
  })[0];

/** Who waits for an upstream call's answer. */
export type UpstreamCaller =
  /** A user's request, and every write: one attempt, the whole wait within the time-out. */
  | 'user'
  /** The poll, in the background: a read tried up to `pollAttempts` times, with backoff. */
  | 'poll';

/** The upstream's policies. The time-out is UPSTREAM_TIMEOUT_MS. */
export const UPSTREAM_POLICY = {
  pollAttempts: 3,
  /**
   * Failed calls in a row (time-out, no connection, 5xx; a poll's read counted once, after its
   * attempts) that open a service's circuit.
   */
  breakAfter: 5,
  /** The longest Retry-After a poll's read waits for; a 429 asking more fails it at once. */
  retryAfterWaitCapMs: 5_000,
  /** The longest a 429's Retry-After keeps the relay from calling that service again. */
  quietCapMs: 60_000,
} as const;

/** A failure that says the service is down or sick: retried, and counted by its circuit. */
const isOutage = (err: Error): boolean =>
  err instanceof TaskCancelledError ||
  (err instanceof UpstreamError &&
    (err.kind === 'timeout' || err.kind === 'network' || (err.status ?? 0) >= 500));

const isThrottled = (err: unknown): err is UpstreamError =>
  err instanceof UpstreamError && err.kind === 'status' && err.status === 429;

const isRetriable = (err: Error): boolean =>
  isOutage(err) ||
  (isThrottled(err) && (err.retryAfterMs ?? 0) <= UPSTREAM_POLICY.retryAfterWaitCapMs);

/** The pause before a poll's next attempt: a 429's Retry-After, else the backoff. */
const pauseBefore = (bounds: BackoffBounds) =>
  new DelegateBackoff<IRetryBackoffContext<unknown>>((ctx) => {
    const err = 'error' in ctx.result ? ctx.result.error : undefined;
    return isThrottled(err) && err.retryAfterMs !== undefined
      ? err.retryAfterMs
      : backoffMs(ctx.attempt - 1, bounds);
  });

type CircuitLog = Pick<Logger, 'warn' | 'info' | 'debug'>;

/** This thread's circuits, read by the metrics (created once per HTTP layer and service). */
const circuits = new Set<{ readonly service: string; readonly policy: CircuitBreakerPolicy }>();

/** Whether calls to each upstream service fail at once now: its circuit open or on trial. */
export function circuitStates(): ReadonlyMap<string, boolean> {
  const states = new Map<string, boolean>();
  for (const { service, policy } of circuits)
    states.set(service, states.get(service) === true || policy.state !== CircuitState.Closed);
  return states;
}

/** Logs a circuit's opening once and its closing once, not each call it refuses meanwhile. */
function logTransitions(service: string, policy: CircuitBreakerPolicy, log: CircuitLog): void {
  let open = false;
  policy.onBreak((reason) => {
    // Reopened after a failed trial call: still the same outage.
    if (open) return log.debug({ service }, 'upstream circuit still open after a trial call');
    open = true;
    const err = 'error' in reason ? reason.error : undefined;
    log.warn({ service, err }, 'upstream circuit open: calls fail at once until a trial succeeds');
  });
  policy.onReset(() => {
    open = false;
    log.info({ service }, 'upstream circuit closed: calls go through again');
  });
}

/** What the upstream's policies are made with. */
export interface UpstreamPolicyOptions {
  /** The time-out of one attempt; an open circuit lets a trial call through after as long. */
  readonly timeoutMs: number;
  readonly backoff?: BackoffBounds;
  readonly log?: CircuitLog;
}

function servicePolicy(service: string, options: UpstreamPolicyOptions) {
  const { timeoutMs } = options;
  // A trial per time-out: the last trial has ended by the time the next one is let through.
  const breaker = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: timeoutMs,
    breaker: new ConsecutiveBreaker(UPSTREAM_POLICY.breakAfter),
  });
  const log = options.log ?? logger('upstream');
  logTransitions(service, breaker, log);
  circuits.add({ service, policy: breaker });
  const deadline = () => timeout(timeoutMs, TimeoutStrategy.Aggressive);
  // A user's deadline outside the circuit bounds a wait on a trial call too; the one inside, as
  // for a poll's attempt, ends the attempt for the circuit even if the call ignores its signal.
  const once = wrap(deadline(), breaker, deadline());
  const retries = retry(handleWhen(isRetriable), {
    maxAttempts: UPSTREAM_POLICY.pollAttempts - 1,
    backoff: pauseBefore(options.backoff ?? BACKOFF.upstream),
  });
  retries.onRetry(({ attempt, delay, ...reason }) => {
    const err = 'error' in reason ? reason.error : undefined;
    log.debug({ service, err, attempt, delay }, 'upstream read failed, retrying');
  });
  // The circuit outside the retries: one endpoint failing every attempt of the poll's read of it
  // does not open the circuit of a service that answers the rest.
  const retried = wrap(breaker, retries, deadline());
  // After a 429 with Retry-After the service is left alone that long (capped): answered here.
  let quietUntil = 0;
  const heeding =
    <T>(attempt: (signal: AbortSignal) => Promise<T>) =>
    async ({ signal }: { signal: AbortSignal }): Promise<T> => {
      const left = quietUntil - Date.now();
      if (left > 0)
        throw new UpstreamError('status', 'the service asked to wait (429)', 429, undefined, left);
      try {
        return await attempt(signal);
      } catch (err) {
        if (isThrottled(err) && err.retryAfterMs !== undefined) {
          const until = Date.now() + Math.min(err.retryAfterMs, UPSTREAM_POLICY.quietCapMs);
          quietUntil = Math.max(quietUntil, until);
        }
        throw err;
      }
    };
  const asUpstreamError = (err: unknown): never => {
    if (err instanceof BrokenCircuitError)
      throw new UpstreamError(
        'circuitOpen',
        'the service failed the calls before this one; not called',
        undefined,
        undefined,
        timeoutMs,
      );
    if (err instanceof TaskCancelledError)
      throw new UpstreamError('timeout', `no answer within ${timeoutMs} ms`);
    throw err;
  };
  return <T>(caller: UpstreamCaller, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> =>
    (caller === 'poll' ? retried.execute(heeding(attempt)) : once.execute(heeding(attempt))).catch(
      asUpstreamError,
    );
}

/**
 * The upstream's resilience: each call runs under its service's circuit (one per base URL) and
 * the time-out; a poll's reads are retried with backoff, honouring a 429's Retry-After up to
 * `retryAfterWaitCapMs`. Throws UpstreamError: `circuitOpen` when the circuit refused the call.
 */
export function upstreamPolicies(options: UpstreamPolicyOptions) {
  const services = new Map<string, ReturnType<typeof servicePolicy>>();
  return <T>(
    service: string,
    caller: UpstreamCaller,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    let run = services.get(service);
    if (!run) {
      // Named by origin in logs and metrics: no path, no credentials.
      run = servicePolicy(URL.canParse(service) ? new URL(service).origin : service, options);
      services.set(service, run);
    }
    return run(caller, attempt);
  };
}
