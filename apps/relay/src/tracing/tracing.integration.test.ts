import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayProcess, waitFor } from '../reliability/process.testkit.js';
import { startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';

/** One span as the collector received it (OTLP/JSON: ids in hex). */
interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** 2 server, 3 client (OTLP's SpanKind). */
  readonly kind: number;
  /** The instrumentation that made it. */
  readonly scope: string;
  readonly service: string;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: Omit<ReceivedSpan, 'scope' | 'service'>[] }[];
  }[];
}

/** A tiny OTLP/HTTP receiver: keeps every span POSTed to it as JSON. */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const doc = JSON.parse(body) as OtlpJson;
      for (const rs of doc.resourceSpans ?? []) {
        const service =
          rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({ ...s, scope: ss.scope?.name ?? '', service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A W3C trace context of the test's own, as a browser's fetch would send it. */
function browserTraceparent() {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, header: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/**
 * Makes the child relay print the OpenTelemetry modules it has loaded (every one is CommonJS, so
 * all land in the module cache, imported or required) on SIGUSR2.
 */
const MODULE_PROBE = `data:text/javascript,${encodeURIComponent(
  "import Module from 'node:module';" +
    "process.on('SIGUSR2', () => process.stderr.write('OTEL_MODULES ' + JSON.stringify([...new Set(" +
    "Object.keys(Module._cache).filter((k) => k.includes('/@opentelemetry/'))" +
    ".map((k) => k.split('/@opentelemetry/').at(-1).split('/')[0]))]) + '\\n'));",
)}`;

async function loadedOtelModules(relay: Awaited<ReturnType<typeof startRelayProcess>>) {
  relay.proc.kill('SIGUSR2');
  let line: string | undefined;
  await waitFor('the module probe', () => {
    line = /^OTEL_MODULES (.*)$/m.exec(relay.stderr())?.[1];
    return line !== undefined;
  });
  return [...new Set(JSON.parse(line ?? '[]') as string[])].sort();
}

interface LogLine {
  readonly msg?: string;
  readonly category?: string;
  readonly requestId?: string;
  readonly traceId?: string;
  readonly spanId?: string;
}
const logLines = (stdout: string): LogLine[] =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
/** The traceparent of every request the stand-in received, by path. */
const upstreamTraceparents: { path: string; traceparent: string | undefined }[] = [];
const recordTraceparent: RequestHandler = (req, _res, next) => {
  upstreamTraceparents.push({ path: req.path, traceparent: req.get('traceparent') });
  next();
};

beforeAll(async () => {
  sim = await startSim({}, recordTraceparent);
  redis = await testPrefix();
});
afterAll(async () => {
  await sim.close();
  await redis.cleanup();
});

/** The relay's environment for these tests: this stand-in, Redis, the run's PostgreSQL. */
const relayEnv = () => ({
  LOG_LEVEL: 'info',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: redis.prefix,
  UPSTREAM_URL: sim.origin,
  OIDC_URL: sim.origin,
  SHUTDOWN_GRACE_MS: '0',
});

const GEO_PATH = '/api/v1/geo-location';

describe('traces', () => {
  it('carries a browser request’s trace through the relay to the upstream, Redis and PostgreSQL, and into the log', async () => {
    const collector = await startCollector();
    const relay = await startRelayProcess(
      { ...relayEnv(), OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: collector.url },
      ['--import', MODULE_PROBE],
    );
    try {
      const token = await sim.token('producer');
      const { traceId, header } = browserTraceparent();
      // A save: the write rate limit (Redis), the user's agency (upstream), the row and the
      // audit entry (PostgreSQL).
      const saved = await fetch(`${relay.url}/api/me/preferences`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          traceparent: header,
        },
        body: JSON.stringify({ alerts: { enabled: true, sound: false }, theme: 'dark' }),
      });
      expect(saved.status).toBe(200);
      // An upstream failure, whose warning is written inside the request (not the access line).
      await sim.control('PUT', '/__sim/faults', { status: 503, pathPrefix: GEO_PATH });
      const geo = await fetch(`${relay.url}/api/geo-location`, {
        headers: { traceparent: header },
      });
      await sim.control('PUT', '/__sim/faults', {});
      expect(geo.status).toBeGreaterThanOrEqual(500);

      const ofTrace = () => collector.spans.filter((s) => s.traceId === traceId);
      const by = (scope: string) => ofTrace().filter((s) => s.scope.endsWith(scope));
      await waitFor(
        'the spans of the trace',
        () =>
          ['http', 'undici', 'ioredis', 'pg'].every((s) => by(`instrumentation-${s}`).length > 0),
        20_000,
        100,
      );
      const server = by('instrumentation-http').filter((s) => s.kind === 2);
      expect(server.map((s) => s.name.split(' ')[0]).sort()).toEqual(['GET', 'PUT']);
      // Children of the browser's span, as its traceparent named it.
      for (const s of server) expect(s.parentSpanId).toBe(header.split('-')[2]);
      expect(by('instrumentation-undici').every((s) => s.kind === 3)).toBe(true);
      expect(ofTrace().every((s) => s.service === 'relay')).toBe(true);
      // The upstream received the same trace, as the parent of its call the client span.
      const sent = upstreamTraceparents.filter((r) => r.traceparent?.includes(traceId));
      expect(sent.map((r) => r.path)).toContain(GEO_PATH);
      const clientSpanIds = by('instrumentation-undici').map((s) => s.spanId);
      for (const r of sent) expect(clientSpanIds).toContain(r.traceparent?.split('-')[2]);

      const lines = logLines(relay.stdout()).filter((l) => l.traceId === traceId);
      const access = lines.filter((l) => l.category === 'access');
      expect(access).toHaveLength(2);
      const failure = lines.find((l) => l.msg === 'upstream call failed');
      expect(failure?.requestId).toBe(access[1]?.requestId);
      expect(failure?.spanId).toMatch(/^[\da-f]{16}$/);
      expect(await loadedOtelModules(relay)).toEqual(
        expect.arrayContaining([
          'sdk-trace-node',
          'instrumentation-http',
          'exporter-trace-otlp-http',
        ]),
      );
    } finally {
      await relay.kill();
      await collector.close();
    }
  }, 90_000);

  it('loads no OpenTelemetry SDK and sends no traceparent upstream when no endpoint is set', async () => {
    const relay = await startRelayProcess(
      {
        ...relayEnv(),
        OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      },
      ['--import', MODULE_PROBE],
    );
    try {
      const { traceId, header } = browserTraceparent();
      const before = upstreamTraceparents.length;
      // A failing upstream call: its warning is written inside the request.
      await sim.control('PUT', '/__sim/faults', { status: 503, pathPrefix: GEO_PATH });
      const geo = await fetch(`${relay.url}/api/geo-location`, {
        headers: { traceparent: header },
      });
      await sim.control('PUT', '/__sim/faults', {});
      expect(geo.status).toBeGreaterThanOrEqual(500);
      const calls = upstreamTraceparents.slice(before).filter((r) => r.path === GEO_PATH);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.traceparent).toBeUndefined();
      // The page is told not to trace.
      expect(await (await fetch(`${relay.url}/otel/browser`)).json()).toEqual({ tracesPath: null });
      // Lines still carry the request id, and no trace id.
      const failure = logLines(relay.stdout()).find((l) => l.msg === 'upstream call failed');
      expect(failure?.requestId).toBe(geo.headers.get('x-request-id'));
      expect(
        logLines(relay.stdout()).some((l) => l.traceId !== undefined || l.msg?.includes(traceId)),
      ).toBe(false);
      // prom-client requires @opentelemetry/api for its exemplars: the API alone, no SDK.
      expect((await loadedOtelModules(relay)).filter((m) => m !== 'api')).toEqual([]);
    } finally {
      await relay.kill();
    }
  }, 60_000);
});
