import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';
import { publicMetrics, startMetricsServer } from './metricsEndpoint.js';

const TOKEN = 'scrape-0123456789abcdef';
const { registry } = createMetrics();
const publicApp = (token: string | null) =>
  express().get('/metrics', publicMetrics(registry, token));

describe('/metrics', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('serves the page on a port of its own, without a token', async () => {
    const server = await startMetricsServer(registry, 0);
    servers.push(server);
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('relay_http_answers_total');
  });

  it('hides it on the public port when no token is configured', async () => {
    await request(publicApp(null)).get('/metrics').expect(404);
    await request(publicApp(null))
      .get('/metrics')
      .set('authorization', `Bearer ${TOKEN}`)
      .expect(404);
  });

  it('serves it on the public port only to the configured bearer token', async () => {
    const app = publicApp(TOKEN);
    const none = await request(app).get('/metrics').set('x-request-id', 'scrape-1').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).toEqual({ error: 'metrics token required', requestId: 'scrape-1' });
    await request(app).get('/metrics').set('authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(app).get('/metrics').set('authorization', `Basic ${TOKEN}`).expect(401);
    const ok = await request(app)
      .get('/metrics')
      .set('authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(ok.text).toContain('relay_poll_staleness_seconds');
  });

  it('logs a port already taken and lets the relay go on without it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const port = (taken.address() as AddressInfo).port;
    const server = await startMetricsServer(registry, port);
    expect(server.port).toBeNull();
    await server.close();
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  });
});
