import { afterEach, describe, expect, it, vi } from 'vitest';
import { traceWhenAsked } from './traceWhenAsked';

// OpenTelemetry's web SDK cannot load under Node's module resolution (its ESM build imports files
// without extensions; only the bundler resolves them): here it is a stand-in, and the real one is
// what the production build bundles into its own chunk.
const started = vi.hoisted(() => [] as string[]);
vi.mock('./browserTracing', () => ({
  startBrowserTracing: (url: string) => started.push(url),
}));

/** A stand-in relay answering /otel/browser with `answer`. */
function relayAnswering(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  started.length = 0;
});

describe('traceWhenAsked', () => {
  it('loads no tracing when the relay does not trace', async () => {
    relayAnswering(Response.json({ tracesPath: null }));
    await traceWhenAsked();
    expect(started).toEqual([]);
  });

  it('loads no tracing when the relay answers something else (an older relay: the app shell)', async () => {
    relayAnswering(new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }));
    await traceWhenAsked();
    expect(started).toEqual([]);
  });

  it('starts tracing to the relay’s own address for spans when it traces', async () => {
    relayAnswering(Response.json({ tracesPath: '/otel/v1/traces' }));
    await traceWhenAsked();
    expect(started).toEqual([`${location.origin}/otel/v1/traces`]);
  });
});
