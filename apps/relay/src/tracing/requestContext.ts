/**
 * The request a log line is written for, and the trace ids of its active span. Invariant: with
 * tracing off the logger never touches OpenTelemetry.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The ids of the span current where a log line is written (W3C trace context, hex). */
export interface TraceIds {
  readonly traceId: string;
  readonly spanId: string;
}

/** What every log line written while serving one request carries. */
export interface RequestScope extends Partial<TraceIds> {
  readonly requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Answers the ids of the active span, or undefined. Tracing (startTracing.ts) installs the real
 * one; while tracing is off it stays this, so the logger never touches OpenTelemetry.
 */
let currentTraceIds: () => TraceIds | undefined = () => undefined;

/** Installs the source of the active span's ids (called once, by startTracing). */
export function setTraceIdsSource(source: () => TraceIds | undefined): void {
  currentTraceIds = source;
}

/** The active span's ids, where tracing is on and a span is active. */
export const traceIdsNow = (): TraceIds | undefined => currentTraceIds();

/** Runs `fn` as part of the request `requestScope` describes: its log lines carry those ids. */
export function runInRequest<T>(requestScope: RequestScope, fn: () => T): T {
  return scope.run(requestScope, fn);
}

/**
 * The fields the logger adds to each line (pino's mixin): the request's id and the trace ids of
 * the span active at that line (else those of the request's first span), or nothing outside a
 * request.
 */
export function requestLogFields(): Partial<RequestScope> {
  const request = scope.getStore();
  if (request === undefined) return {};
  const ids = currentTraceIds();
  return ids === undefined ? request : { ...request, ...ids };
}
