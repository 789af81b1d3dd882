import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';
import { waitFor } from './process.testkit.js';

const RUNS = 120;

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
let admin = '';
let producer = '';
let marketplace: Record<string, unknown> = {};

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  relay = await startRelay(sim, redis.prefix, { POLL_INTERVAL_MS: '1000' });
  await waitFor('first poll', () => relay.relay.readModel.marketplaces.size > 0);
  [admin, producer] = await Promise.all([sim.token('admin'), sim.token('producer')]);
  const list = (await (
    await fetch(`${relay.url}/api/marketplaces`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { items: Record<string, unknown>[] };
  marketplace = list.items[0] ?? {};
}, 30_000);
afterAll(async () => {
  await relay.relay.stop();
  await sim.close();
  await redis.cleanup();
});

/** Writes the stand-in received (POSTs; the acquired list is a read sent as a POST). */
/** Whether the relay holds a referral under this path id (any id that reads as a number). */
async function held(id: string): Promise<boolean> {
  const n = Number(decodeURIComponent(id));
  return (await relay.relay.readModel.referralsById([n]))[0] !== undefined;
}

async function upstreamWrites(): Promise<number> {
  let n = 0;
  for (const [call, count] of Object.entries(await sim.stats()))
    if (call.startsWith('POST ') && !call.includes('acquired')) n += count;
  return n;
}

/** Words of a JavaScript exception or a parser's own message: never part of an answer. */
const EXCEPTION_TEXT =
  /TypeError|RangeError|SyntaxError|call stack|is not a function|Cannot read|Unexpected token|in JSON at|undefined|\bat \w+ \(/;

/**
 * Sends one request and checks the promise for it: no 5xx, a refusal carries a reason in words of
 * the relay's own with the request's id, and a refused write reached nobody upstream. The write
 * limit is reset first so that every body is judged on its content, not refused for volume.
 * `contentType` null sends none (the body as raw bytes).
 */
async function probe(
  method: string,
  path: string,
  token: string,
  body?: string,
  contentType: string | null = 'application/json',
) {
  const keys = await redis.redis.keys(`${redis.prefix}rl:*`);
  if (keys.length > 0) await redis.redis.del(...keys);
  const before = await upstreamWrites();
  const res = await fetch(`${relay.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(contentType === null ? {} : { 'content-type': contentType }),
    },
    body: contentType === null && body !== undefined ? new TextEncoder().encode(body) : body,
  });
  const answer = (await res.json()) as { error?: unknown; requestId?: unknown };
  const what = `${method} ${path} (${contentType}) ${body?.slice(0, 200) ?? ''}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof answer.error, what).toBe('string');
    expect(String(answer.error).length).toBeGreaterThan(0);
    expect(JSON.stringify(answer), what).not.toMatch(EXCEPTION_TEXT);
    expect(answer.requestId).toBe(res.headers.get('x-request-id'));
    expect(await upstreamWrites(), `refused ${what} wrote upstream`).toBe(before);
  }
  return res.status;
}

/** Any JSON value, and objects with the right keys holding the wrong things. */
const anyJson = fc.jsonValue();
const shaped = (keys: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...keys), fc.jsonValue(), { maxKeys: keys.length });
/** A real marketplace with one field replaced by anything: close to valid, where bugs hide. */
const nearlyMarketplace = fc
  .tuple(fc.constantFrom(...Object.keys(marketplace).concat('id')), fc.jsonValue())
  .map(([key, value]) => ({ ...marketplace, [key]: value }));
const pathId = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

describe('bad REST input', () => {
  it('refuses every malformed feature-flag body with a reason and writes nothing', async () => {
    const body = fc.oneof(anyJson, shaped(['id', 'name', 'description', 'enabled']));
    await fc.assert(
      fc.asyncProperty(body, pathId, async (b, id) => {
        await probe('POST', '/api/feature-flags', admin, JSON.stringify(b));
        await probe('PUT', `/api/feature-flags/${id}`, admin, JSON.stringify(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses every malformed marketplace body with a reason and writes nothing', async () => {
    const body = fc.oneof(
      anyJson,
      nearlyMarketplace,
      fc.record({ version: anyJson, marketplace: fc.oneof(anyJson, nearlyMarketplace) }),
    );
    await fc.assert(
      fc.asyncProperty(body, pathId, async (b, id) => {
        await probe('POST', '/api/marketplaces', admin, JSON.stringify(b));
        await probe('PUT', `/api/marketplaces/${id}`, admin, JSON.stringify(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses every malformed priorities save with a reason and writes nothing', async () => {
    const entry = shaped(['id', 'priority', 'enabled']);
    const body = fc.oneof(
      anyJson,
      fc.record({
        version: fc.oneof(fc.string(), anyJson),
        priorities: fc.oneof(anyJson, fc.array(entry, { maxLength: 5 })),
        updates: fc.oneof(anyJson, fc.array(entry, { maxLength: 5 })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const status = await probe('POST', '/api/marketplaces/list-save', admin, JSON.stringify(b));
        expect([200, 400, 404, 409]).toContain(status);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers claims of unknown or malformed ids with a reason and claims nothing', async () => {
    await fc.assert(
      fc.asyncProperty(pathId, anyJson, async (id, b) => {
        fc.pre(!(await held(id)));
        await probe('POST', `/api/referrals/${id}/claim`, producer, JSON.stringify(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers every route with a path parameter of any text with a reason, never a 5xx', async () => {
    // Every route of the relay with a path parameter, as it serves them: a new one is fuzzed too.
    const withParams = relay.relay.routes.filter((r) => r.path.includes('/:'));
    expect(withParams.length).toBeGreaterThan(10);
    // Text of any ASCII character, control characters and NUL among them; no id the relay holds.
    const text = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 16 }),
      fc.constantFrom('%00', '..', '-1', '1e3', '9'.repeat(13), ' 1', '%E0%A4%A'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), text, async (route, value) => {
        // '%…' stands as the client sent it (undecodable ones included); the rest is encoded.
        const part = value.startsWith('%') ? value : encodeURIComponent(value);
        const path = route.path.replace(/:\w+/g, part);
        const token = route.guard === 'admin' ? admin : producer;
        const status = await probe(
          route.method.toUpperCase(),
          path,
          token,
          route.method === 'get' ? undefined : '{}',
        );
        const numbered = [...route.path.matchAll(/:(\w+)/g)].every(([, name]) =>
          ['id', 'fulcrumId', 'year'].includes(name ?? ''),
        );
        // An empty or dot segment ('/api/marketplaces/', '/.') is another path, not this route's.
        const segment = ['', '.', '..'].includes(value);
        if (!numbered || segment || /^\d{1,12}$/.test(value)) return;
        // No number where one names a record: refused, never read as some other record.
        expect([400, 404], `${route.method} ${path}`).toContain(status);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers every list query with a page or a 400 with reasons', async () => {
    const keys = ['state', 'dateFilter', 'showClaimed', 'sort', 'dir', 'page', 'size', 'view'];
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('TX', 'all', '24hours', 'true', '-1', '1e3', 'addDate', 'asc'),
    );
    const query = fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), value),
      {
        maxLength: 8,
      },
    );
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        for (const path of ['/api/public/referrals', '/api/referrals', '/api/delivery-errors']) {
          const res = await fetch(`${relay.url}${path}?${qs}`, {
            headers: { authorization: `Bearer ${admin}` },
          });
          const answer = (await res.json()) as { error?: unknown; content?: unknown };
          expect(res.status, `${path}?${qs}`).toBeLessThan(500);
          if (res.status === 200) expect(Array.isArray(answer.content)).toBe(true);
          else expect(res.status === 400 && typeof answer.error === 'string').toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses every write of a body that is not a JSON object, or not sent as JSON, with a 4xx', async () => {
    // Every write route of the route tables, as the relay serves them: a new one is fuzzed too.
    const writes = relay.relay.routes.filter((r) => r.method !== 'get');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'post /api/referrals/:id/claim',
        'post /api/marketplaces',
        'put /api/marketplaces/:id',
        'post /api/marketplaces/list-save',
        'post /api/feature-flags',
        'put /api/feature-flags/:id',
        'put /api/me/preferences',
      ]),
    );
    const deep = (n: number, open: string, close: string, leaf: string) =>
      open.repeat(n) + leaf + close.repeat(n);
    const notAnObject = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).filter((t) => {
        try {
          const v: unknown = JSON.parse(t);
          return typeof v !== 'object' || v === null || Array.isArray(v);
        } catch {
          return true;
        }
      }),
      fc
        .jsonValue()
        .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
        .map((v) => JSON.stringify(v)),
      fc.integer({ min: 1000, max: 50_000 }).map((n) => deep(n, '[', ']', '1')),
      fc.integer({ min: 1000, max: 20_000 }).map((n) => deep(n, '{"a":', '}', '1')),
      fc.constantFrom('x'.repeat(200 * 1024), `"${'x'.repeat(300 * 1024)}"`, 'name=x&theme=dark'),
    );
    const objectJson = fc
      .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue())
      .map((v) => JSON.stringify(v));
    const notJsonType = fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
    );
    const request = fc.oneof(
      fc.tuple(notAnObject, fc.constant<string | null>('application/json')),
      fc.tuple(fc.oneof(notAnObject, objectJson), notJsonType),
    );
    const tokenFor = (guard: string) => (guard === 'admin' ? admin : producer);
    const preferences = async () =>
      (
        await fetch(`${relay.url}/api/me/preferences`, {
          headers: { authorization: `Bearer ${producer}` },
        })
      ).text();
    const saved = await preferences();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes.map(({ method, path, guard }) => ({ method, path, guard }))),
        pathId,
        request,
        async (route, id, [body, type]) => {
          // An empty id names no route at all (a 404 before any body is read).
          fc.pre(id !== '' && !(await held(id)));
          const path = route.path.replace(/:\w+/g, id);
          const status = await probe(
            route.method.toUpperCase(),
            path,
            tokenFor(route.guard),
            body,
            type,
          );
          expect(status).toBeGreaterThanOrEqual(400);
          if (type !== 'application/json')
            expect([401, 403, 415], `${path} ${type} ${body.slice(0, 60)}`).toContain(status);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await preferences()).toBe(saved);
  });

  it('refuses malformed and oversized JSON bodies with 400 and 413', async () => {
    const broken = await probe('POST', '/api/feature-flags', admin, '{"name": "x",');
    expect(broken).toBe(400);
    const huge = JSON.stringify({ name: 'x', description: 'y'.repeat(300 * 1024) });
    expect(await probe('POST', '/api/feature-flags', admin, huge)).toBe(413);
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });
});
