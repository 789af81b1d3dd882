import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb } from './staticWeb.js';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'relay-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'index.html'), '<html></html>');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  const app = express();
  app.use(staticWeb(dir));
  // As the relay does: every other path gets the app's HTML.
  app.use((_req, res) => res.status(200).type('html').send('the shell'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app as the relay serves it', () => {
  it('caches content-hashed assets for a year, as immutable', async () => {
    const res = await fetch(`${base}/assets/index-AbC123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("answers a hashed file it does not have with 404, not the app's HTML", async () => {
    const res = await fetch(`${base}/assets/index-Gone99.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toContain('the shell');
  });

  it('has every other file revalidated, so a deploy shows on the next visit', async () => {
    for (const file of ['/index.html', '/favicon.svg']) {
      const res = await fetch(`${base}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers /robots.txt with rules for crawlers, not the app', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/public-referrals$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it('lists the public feed in /sitemap.xml', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await res.text()).toContain(`<loc>${base}/public-referrals</loc>`);
  });

  it('sends / to the public feed in one server redirect, keeping the query', async () => {
    const res = await fetch(`${base}/?state=TX`, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/public-referrals?state=TX');
  });
});
