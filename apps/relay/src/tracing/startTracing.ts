/**
 * Tracing on: OpenTelemetry's SDK, the instrumentations of what a request touches, and the ESM
 * hook they need. Only main.ts imports this, dynamically and only when an OTLP endpoint is
 * configured, before it imports the relay itself: the hook must be in place before express,
 * ioredis, pg and node:http are first loaded. Invariant: with tracing off none of this is loaded.
 */

import { register } from 'node:module';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { setTraceIdsSource } from './requestContext.js';
import type { TracingConfig } from './tracingConfig.js';

/** A started tracer: flush and stop it on the way out. */
export interface Tracing {
  /** Exports the spans still buffered and stops; resolves when done (or the export failed). */
  readonly shutdown: () => Promise<void>;
}

/** Paths whose requests make no trace: probes every second, and Socket.IO's long-lived ones. */
const UNTRACED = /^\/(healthz|readyz|metrics|socket\.io\/|otel\/)/;

/**
 * Starts tracing: spans of incoming HTTP (express routes), outgoing fetch (the upstream, with
 * `traceparent`), Redis (ioredis) and PostgreSQL (pg) commands, exported to `config.tracesUrl`
 * by OTLP/HTTP in batches. Redis, pg and fetch spans are made only inside a trace (a request's),
 * not for the poll's background traffic. PGlite is not covered.
 */
export async function startTracing(config: TracingConfig): Promise<Tracing> {
  // Only the modules an instrumentation names get wrapped (the hook is told of each, below).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }))],
  });
  // The AsyncLocalStorage context manager and W3C trace context (and baggage) propagation.
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        // The relay's own outgoing node:http calls (the OTLP export, JWKS) start no trace.
        requireParentforOutgoingSpans: true,
      }),
      // Only the handler that answered: every request walks through each middleware and router.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  setTraceIdsSource(() => {
    const ids = trace.getActiveSpan()?.spanContext();
    return ids && isSpanContextValid(ids)
      ? { traceId: ids.traceId, spanId: ids.spanId }
      : undefined;
  });
  return { shutdown: () => provider.shutdown() };
}
