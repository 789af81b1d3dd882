/**
 * OpenTelemetry in the page: the web SDK and the fetch instrumentation, in a chunk of their own
 * that only traceWhenAsked imports, and only when the relay traces. Each fetch of the page then
 * makes a span and sends its `traceparent` to the relay (same origin only), which continues the
 * trace; spans go to the relay in batches (OTLP/HTTP JSON), which forwards them to the collector.
 */

import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, WebTracerProvider } from '@opentelemetry/sdk-trace-web';

/** Starts tracing the page's fetches; `tracesUrl` is where the relay takes the spans. */
export function startBrowserTracing(tracesUrl: string): void {
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'web' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl }))],
  });
  // W3C trace context propagation, and the page's context manager.
  provider.register();
  // Enabled as it is made, with the provider just registered. The export itself is not traced.
  new FetchInstrumentation({ ignoreUrls: [tracesUrl] });
}
