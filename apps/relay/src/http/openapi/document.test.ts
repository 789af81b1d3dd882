import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type Relay } from '../../app.js';
import { parseConfig } from '../../config.js';
import { ok, type Route } from '../api.js';
import { openApiDocument, openApiPath, type OpenApiDocument } from './document.js';

/** 'GET /api/x/{id}' for each operation a document holds. */
function documented(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** A layer of Express's router, as far as this test reads it. */
interface Layer {
  readonly route?: { readonly path: unknown; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly Layer[] };
}

/** 'GET /api/x/{id}' for each /api route an Express app (or router) answers. */
function mounted(stack: readonly Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      if (typeof path !== 'string' || !path.startsWith('/api/')) return [];
      return Object.keys(methods).map((m) => `${m.toUpperCase()} ${openApiPath(path)}`);
    }
    return layer.handle?.stack ? mounted(layer.handle.stack) : [];
  });
}

/** What differs between the operations mounted and those documented (empty when they agree). */
function gaps(mountedOps: readonly string[], documentedOps: readonly string[]) {
  const m = new Set(mountedOps);
  const d = new Set(documentedOps);
  return {
    undocumented: [...m].filter((op) => !d.has(op)).sort(),
    notMounted: [...d].filter((op) => !m.has(op)).sort(),
  };
}

/** Every `$ref` in a document, and whether it names something the document holds. */
function danglingRefs(doc: unknown): string[] {
  const out: string[] = [];
  const resolves = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, key) =>
          at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
        doc,
      ) !== undefined;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k === '$ref' && typeof inner === 'string' && !resolves(inner)) out.push(inner);
        else walk(inner);
      }
    }
  };
  walk(doc);
  return out;
}

const appStack = (relay: Relay) =>
  (relay.app as unknown as { router: Router & { stack: Layer[] } }).router.stack;

describe('the published REST contract (GET /api/openapi.json)', () => {
  let relay: Relay;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // The whole relay, wired but never started: memory store, a database it never reaches.
    relay = createRelay(
      parseConfig({
        UPSTREAM_URL: 'http://127.0.0.1:9',
        OIDC_URL: 'http://127.0.0.1:9',
        REDIS_URL: '',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
        WEB_DIST: '/nonexistent',
        WEB_SSR: 'off',
        METRICS_PORT: '0',
        LOG_LEVEL: 'silent',
      }),
    );
    // A worker loaded by the other test files can run late enough for the relay to call itself
    // saturated and refuse reads for a moment (503, pressure.ts): the document is asked again.
    let res = await request(relay.app).get('/api/openapi.json');
    for (let tries = 0; res.status === 503 && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      res = await request(relay.app).get('/api/openapi.json');
    }
    expect(res.status).toBe(200);
    doc = res.body as OpenApiDocument;
  }, 30_000);
  afterAll(async () => {
    await relay.stop();
  });

  it('documents every route the relay mounts, and mounts every operation it documents', () => {
    const ops = mounted(appStack(relay));
    expect(ops.length).toBeGreaterThan(30);
    expect(gaps(ops, documented(doc))).toEqual({ undocumented: [], notMounted: [] });
    expect(relay.routes.filter((r) => !r.contract).map((r) => r.path)).toEqual([]);
  });

  it('fails a mounted route without a contract, and a documented operation not mounted', () => {
    const bare: Route = {
      method: 'get',
      path: '/api/undocumented/:id',
      guard: 'anyone',
      handler: () => Promise.resolve(ok(null)),
    };
    const withBare = openApiDocument([...relay.routes, bare]);
    const ops = mounted(appStack(relay));
    expect(gaps([...ops, 'GET /api/undocumented/{id}'], documented(withBare)).undocumented).toEqual(
      ['GET /api/undocumented/{id}'],
    );
    const fewer = openApiDocument(relay.routes.filter((r) => r.path !== '/api/me'));
    expect(gaps(documented(fewer), documented(doc)).notMounted).toEqual(['GET /api/me']);
  });

  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('is open to anyone, and gives each operation the security of its guard', async () => {
    const ops = doc.paths as Record<
      string,
      Record<string, { security: unknown; 'x-guard': string }>
    >;
    expect(ops['/api/openapi.json']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(ops['/api/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(ops['/api/marketplaces']?.post?.security).toEqual([{ bearer: ['admin'] }]);
    for (const route of relay.routes) {
      expect(ops[openApiPath(route.path)]?.[route.method]?.['x-guard']).toBe(route.guard);
    }
    // Anyone means no token needed: the same answer signed out.
    const res = await request(relay.app).get('/api/openapi.json').set('authorization', 'Bearer x');
    expect(res.status).toBe(200);
  });

  it('answers as its published schemas say', async () => {
    type Op = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
    const paths = doc.paths as Record<string, Record<string, Op>>;
    const ajv = new Ajv2020({ strict: false });
    const check = async (path: string, url = path) => {
      const schema = paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
      const res = await request(relay.app).get(url);
      expect(res.status).toBe(200);
      const valid = ajv.compile({ ...schema, components: doc.components });
      expect(valid(res.body), JSON.stringify(valid.errors)).toBe(true);
      expect(valid(null)).toBe(false);
    };
    await check('/api/config');
    await check('/api/feature-flags');
    await check('/api/feature-flags/{name}', '/api/feature-flags/beta');
  });

  it('names the error answers each kind of route gives', () => {
    type Op = { responses: Record<string, unknown>; parameters?: { name: string; in: string }[] };
    const paths = doc.paths as Record<string, Record<string, Op>>;
    const statuses = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {});
    // An admin write with a body and a path parameter, and a version conflict.
    expect(statuses('/api/marketplaces/{id}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '502',
      '503',
      '504',
    ]);
    // A public read: no 401, no 403.
    expect(statuses('/api/feature-flags', 'get')).toEqual(['200']);
    expect(statuses('/api/marketplaces', 'post')).toContain('201');
    expect(paths['/api/referrals/{id}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    expect(paths['/api/audit-log']?.get?.parameters?.map((p) => p.name)).toEqual([
      'user',
      'action',
      'from',
      'to',
      'page',
      'size',
    ]);
  });
});
