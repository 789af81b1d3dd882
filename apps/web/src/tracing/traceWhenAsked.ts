import { logger } from '../log';

/** The relay's answer at /otel/browser: where spans go, or null when it does not trace. */
interface BrowserTracingSettings {
  readonly tracesPath: string | null;
}

/**
 * Asks the relay whether to trace, and only if so loads OpenTelemetry (a chunk of its own, which a
 * page the relay does not trace never downloads). Never fails the page: without an
 * answer it does not trace.
 */
export async function traceWhenAsked(): Promise<void> {
  try {
    const res = await fetch('/otel/browser', { headers: { accept: 'application/json' } });
    if (!res.ok || !res.headers.get('content-type')?.includes('json')) return;
    const { tracesPath } = (await res.json()) as BrowserTracingSettings;
    if (typeof tracesPath !== 'string') return;
    const { startBrowserTracing } = await import('./browserTracing');
    startBrowserTracing(new URL(tracesPath, location.origin).href);
  } catch (err) {
    logger('tracing').warn('tracing could not start', err);
  }
}
