import express from 'express';
import type { Logger } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import {
  CoordinationUnavailableError,
  memoryCoordination,
  type Coordination,
} from '../coordination.js';
import { createMetrics } from '../metrics.js';
import { expressRoutes } from './adapter.js';
import { ok, type Route } from './api.js';
import { observeRequests } from './observe.js';
import { validateBody } from './validateBody.js';

const principal = (username: string, isAdmin = false) =>
  ({
    username,
    access: { isAdmin, isCarrier: false, privileged: isAdmin },
  }) as Principal;

/** Tokens are the usernames; 'admin' is an administrator; anything else unknown is refused. */
const verify: TokenVerifier = (token) =>
  ['admin', 'agent', 'spammer'].includes(token)
    ? Promise.resolve(principal(token, token === 'admin'))
    : Promise.reject(new TokenError('invalid token'));

const thing = yup.object({ name: yup.string().required() });
const routes: Route[] = [
  {
    method: 'post',
    path: '/api/things',
    guard: 'signedIn',
    write: true,
    handler: (req) => {
      const v = validateBody(thing, req.body);
      return Promise.resolve(v.ok ? { status: 201, body: v.value } : v.answer);
    },
  },
  {
    method: 'put',
    path: '/api/things/:id',
    guard: 'signedIn',
    write: true,
    handler: (req) => Promise.resolve(ok({ id: req.params.id })),
  },
  {
    method: 'post',
    path: '/api/things/:id/claim',
    guard: 'signedIn',
    write: true,
    handler: (req) => Promise.resolve(ok({ claimed: req.params.id, body: req.body ?? null })),
  },
  { method: 'get', path: '/api/admin-only', guard: 'admin', handler: () => Promise.resolve(ok(1)) },
  {
    method: 'get',
    path: '/api/boom',
    guard: 'anyone',
    handler: () =>
      Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")),
  },
  {
    method: 'get',
    path: '/api/busy',
    guard: 'anyone',
    handler: () => Promise.reject(new CoordinationUnavailableError(new Error('ECONNREFUSED'))),
  },
];

/** The relay's HTTP stack in small: observation first, then the REST adapter. */
function stack() {
  const metrics = createMetrics();
  const lines: Record<string, unknown>[] = [];
  const log = { info: (line: Record<string, unknown>) => lines.push(line) };
  // 'spammer' is always over the write limit.
  const base = memoryCoordination();
  const coordination: Coordination = {
    withLock: (key, fn) => base.withLock(key, fn),
    allow: (action, subject, limit, windowMs) =>
      subject === 'spammer' ? Promise.resolve(false) : base.allow(action, subject, limit, windowMs),
  };
  const app = express();
  app.use(observeRequests((a) => metrics.answered(a), log as unknown as Pick<Logger, 'info'>));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(expressRoutes(routes, verify, coordination));
  return { app, metrics, lines };
}

/** 'METHOD route status' → count, from the answers counter. */
async function answerCounts(metrics: ReturnType<typeof createMetrics>) {
  const m = await metrics.registry.getSingleMetric('relay_http_answers_total')?.get();
  const out: Record<string, number> = {};
  for (const v of m?.values ?? [])
    out[`${String(v.labels.method)} ${String(v.labels.route)} ${String(v.labels.status)}`] =
      v.value;
  return out;
}

describe('every HTTP answer observed', () => {
  it('counts every answer by method, route pattern and status, whoever gave it', async () => {
    const { app, metrics } = stack();
    const agent = request(app);
    await agent.get('/api/admin-only').expect(401);
    await agent.get('/api/admin-only').set('authorization', 'Bearer forged').expect(401);
    await agent.get('/api/admin-only').set('authorization', 'Bearer agent').expect(403);
    await agent.get('/api/no/such/1').expect(404);
    await agent.delete('/api/things').expect(404);
    const writeAs = (user: string) =>
      agent.post('/api/things').set('authorization', `Bearer ${user}`);
    await writeAs('agent').type('json').send('{"name": ').expect(400);
    await writeAs('agent')
      .send({ name: 'x'.repeat(300 * 1024) })
      .expect(413);
    await writeAs('agent').type('text/plain').send('name=x').expect(415);
    await writeAs('spammer').send({ name: 'x' }).expect(429);
    await writeAs('agent').send({ name: 'x' }).expect(201);
    await agent.put('/api/things/7').set('authorization', 'Bearer agent').send({}).expect(200);
    await agent.put('/api/things/8').set('authorization', 'Bearer agent').send({}).expect(200);
    await agent.get('/api/boom').expect(500);
    await agent.get('/api/busy').expect(503);
    await agent.get('/healthz').expect(200);
    await agent.get('/favicon.ico').expect(404);

    expect(await answerCounts(metrics)).toEqual({
      'GET /api/admin-only 401': 2,
      'GET /api/admin-only 403': 1,
      // Unknown paths share one label, so a scan of URLs cannot blow up the series.
      'GET unmatched /api 404': 1,
      'DELETE unmatched /api 404': 1,
      'POST /api/things 400': 1,
      'POST /api/things 413': 1,
      'POST /api/things 415': 1,
      'POST /api/things 429': 1,
      'POST /api/things 201': 1,
      // The pattern, not the URL.
      'PUT /api/things/:id 200': 2,
      'GET /api/boom 500': 1,
      'GET /api/busy 503': 1,
      'GET /healthz 200': 1,
      'GET other 404': 1,
    });
    const durations = await metrics.registry
      .getSingleMetric('relay_http_request_duration_seconds')
      ?.get();
    const count = durations?.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'relay_http_request_duration_seconds_count' &&
        v.labels.route === '/api/things/:id' &&
        v.labels.status_class === '2xx',
    );
    expect(count?.value).toBe(2);
  });

  it('echoes the request id in the header and in every error body, and logs one line', async () => {
    const { app, lines } = stack();
    const given = await request(app)
      .post('/api/things')
      .set('authorization', 'Bearer agent')
      .set('x-request-id', 'trace-42')
      .send({})
      .expect(400);
    expect(given.headers['x-request-id']).toBe('trace-42');
    expect(given.body).toMatchObject({ error: 'Name is a required field', requestId: 'trace-42' });

    // An id that is not a plain token is replaced by one of ours.
    const made = await request(app).get('/api/nowhere').set('x-request-id', 'a b<script>');
    const id = String(made.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.body).toEqual({ error: 'no such API route', requestId: id });
    const fine = await request(app).get('/healthz').expect(200);
    expect(fine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fine.body).toEqual({ ok: true });

    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      requestId: 'trace-42',
      method: 'POST',
      route: '/api/things',
      status: 400,
      user: 'agent',
    });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(lines[1]).toMatchObject({ requestId: id, route: 'unmatched /api', status: 404 });
    expect(lines[1]?.user).toBeUndefined();
  });

  it('refuses reads at once with 503 and a spread Retry-After while the relay is saturated, never writes', async () => {
    const pressure = { saturated: true, retryAfterS: () => 3 };
    let shed = 0;
    const app = express();
    app.use(
      expressRoutes(routes, verify, memoryCoordination(), {
        pressure,
        onShed: () => {
          shed += 1;
        },
      }),
    );
    const agent = request(app);
    const refused = await agent
      .get('/api/admin-only')
      .set('authorization', 'Bearer admin')
      .expect(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toMatchObject({ error: 'this relay is busy; try again in a few seconds' });
    await agent.put('/api/things/7').set('authorization', 'Bearer agent').send({}).expect(200);
    expect(shed).toBe(1);
    pressure.saturated = false;
    await agent.get('/api/admin-only').set('authorization', 'Bearer admin').expect(200);
    expect(shed).toBe(1);
  });

  it('refuses a path parameter not of its kind with 400 before the route reads it', async () => {
    const { app } = stack();
    const agent = request(app);
    const claim = (id: string) =>
      agent.post(`/api/things/${id}/claim`).set('authorization', 'Bearer agent').send({});
    // A NUL, a word, a negative and a 13-digit number are no id; the route never sees them.
    for (const id of ['%00', 'abc', '-1', '1234567890123', '12%0A']) {
      const res = await claim(id).expect(400);
      expect(res.body).toMatchObject({ error: 'id must be a whole number' });
    }
    const undecodable = await claim('%E0%A4%A').expect(400);
    expect(undecodable.body).toMatchObject({ error: 'the path is not valid percent-encoded text' });
    await claim('42').expect(200, { claimed: '42', body: {} });
  });

  it('answers a failure in words of its own, never the exception text', async () => {
    const { app } = stack();
    const boom = await request(app).get('/api/boom').expect(500);
    expect(Object.keys(boom.body as object).sort()).toEqual(['error', 'requestId']);
    expect((boom.body as { error: string }).error).toBe('internal error');
    const busy = await request(app).get('/api/busy').expect(503);
    expect(JSON.stringify(busy.body)).not.toContain('ECONNREFUSED');
  });

  it('refuses a write body that is not sent as UTF-8 JSON with 415, and takes an empty one', async () => {
    const { app } = stack();
    const post = (type?: string) => {
      const r = request(app).post('/api/things').set('authorization', 'Bearer agent');
      return type === undefined ? r : r.set('content-type', type);
    };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await post(type).send('{"name":"x"}').expect(415);
      expect((res.body as { error: string }).error).toBe(
        'The body must be sent as JSON (Content-Type: application/json).',
      );
    }
    const latin = await post('application/json; charset=latin1').send('{"name":"x"}').expect(415);
    expect((latin.body as { error: string }).error).toMatch(/^The body must be JSON in UTF-8/);
    await post('application/json; charset=utf-8').send('{"name":"x"}').expect(201);
    // A bodiless POST (a claim, as the console sends it) needs no content type.
    const claim = await request(app)
      .post('/api/things/5/claim')
      .set('authorization', 'Bearer agent')
      .expect(200);
    expect(claim.body).toEqual({ claimed: '5', body: null });
  });
});
