import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import type { ReadModel } from '../readModel/api.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import { serverRendered } from './serverRendered.js';
import type { PublicFeedRender, SsrRenderer } from './ssrRenderer.js';

/*
 * The web app's server entry picks the brand from the host it is given (its own test); here, the
 * relay's side: the host of each request reaches the render, and one brand's document is never
 * served to a host of the other.
 */

/** A renderer that writes into its document the host it rendered for. */
const hostEcho = (): SsrRenderer & { hosts: string[] } => {
  const hosts: string[] = [];
  return {
    hosts,
    firstQuery: () =>
      Promise.resolve({
        state: 'all',
        dateFilter: '72hours',
        showClaimed: true,
        sort: 'addDate',
        dir: 'desc',
        page: 0,
        size: 25,
      }),
    render: (r: PublicFeedRender) => {
      hosts.push(r.host);
      return Promise.resolve(`<html>rendered for ${r.host}</html>`);
    },
    close: () => Promise.resolve(),
  };
};

let readModel: ReadModel;
let server: Server;
let port: number;
const renderer = hostEcho();

beforeAll(async () => {
  readModel = createHostedReadModel(createMemoryStore(), {
    placement: 'this thread',
    now: () => Date.now(),
  });
  await readModel.start();
  const app = express();
  app.get('/public-referrals', serverRendered(renderer, readModel));
  app.use((_req, res) => res.status(200).type('html').send('the shell'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  readModel.stop();
});

/** GET /public-referrals as a browser on `host` asks it (fetch may not set Host). */
const feedOn = (host: string) =>
  new Promise<string>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/public-referrals', headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });

describe('the server-rendered public feed, per host', () => {
  it("renders a trusted-choice host's feed for that host, and another host's for its own", async () => {
    expect(await feedOn('console.trustedchoice.com')).toBe(
      '<html>rendered for console.trustedchoice.com</html>',
    );
    // Asked at once after, with nothing changed in the market: still not the first one's document.
    expect(await feedOn('console.example.com')).toBe(
      '<html>rendered for console.example.com</html>',
    );
    expect(renderer.hosts).toEqual(['console.trustedchoice.com', 'console.example.com']);
  });
});
