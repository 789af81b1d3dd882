import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';

const SHELL = '<html><head><title>Feed</title></head><body><div id="root"></div></body></html>';

/*
 * A stand-in for the web app's server build (apps/web/dist-ssr), which the tests cannot count on
 * being built: the same two exports, rows as plain HTML, and what it rendered with in its data.
 */
const FAKE_ENTRY = `
let renders = 0;
export const publicFeedFirstQuery = (loc) => {
  const state = new URLSearchParams(loc.search).get('state');
  return state === 'ZZ' ? null : { state: state ?? 'all', page: 0, size: 25 };
};
export const renderPublicFeed = async (template, r) => {
  if (r.url.includes('state=WY')) throw new Error('a render that fails');
  const rows = r.page.content.map((o) => '<tr role="row" data-id="' + o.opportunityId + '"></tr>');
  const data = {
    seq: r.page.seq, render: ++renders, mode: r.basis.mode, mobile: r.basis.mobile, host: r.host,
  };
  return template.replace('<div id="root"></div>', () =>
    '<div id="root"><table>' + rows.join('') + '</table></div>' +
    '<script type="application/json" id="ssr-data">' + JSON.stringify(data) + '</script>');
};
`;

let sim: Sim;
let prefix: Awaited<ReturnType<typeof testPrefix>>;
let dir: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startSim();
  prefix = await testPrefix();
  dir = mkdtempSync(path.join(tmpdir(), 'relay-ssr-'));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist', 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'entry-server.mjs'), FAKE_ENTRY);
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await sim.close();
  await prefix.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A relay serving the shell in `dir`, with `ssr` as WEB_SSR; it polls rarely, so seqs hold. */
async function relayWith(ssr: string) {
  const r = await startRelay(sim, `${prefix.prefix}${stops.length}:`, {
    WEB_DIST: path.join(dir, 'dist'),
    WEB_SSR: ssr,
    POLL_INTERVAL_MS: '60000',
  });
  stops.push(() => r.relay.stop());
  return r;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/**
 * The document once rendered: a request that finds no document waits at most a second, then
 * gets the shell while the render goes on (a cold worker on a busy machine takes longer).
 */
const rendered = async (url: string, headers: Record<string, string> = {}) => {
  for (let i = 0; ; i += 1) {
    const page = await get(url, headers);
    if (page.html.includes('id="ssr-data"') || i === 50) return page;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
/** Waits until the relay's first load holds referrals (it answers before, with none). */
const loaded = async (url: string) => {
  for (let i = 0; i < 100; i += 1) {
    const res = await fetch(`${url}/api/public/referrals?state=all&page=0&size=1`);
    const body = (await res.json()) as { content: unknown[] };
    if (body.content.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the relay loaded no referrals in 10 s');
};
const idsIn = (html: string) => [...html.matchAll(/data-id="(\d+)"/g)].map((m) => Number(m[1]));
const dataIn = (html: string) =>
  JSON.parse(/id="ssr-data">([^<]*)</.exec(html)?.[1] ?? 'null') as {
    seq: number;
    render: number;
    mode: string;
    mobile: boolean;
  } | null;

describe('the public feed, server-rendered by the relay', () => {
  it("answers GET /public-referrals with the first page's rows, as the REST list cuts them", async () => {
    const { url } = await relayWith(path.join(dir, 'entry-server.mjs'));
    await loaded(url);
    const page = await rendered(`${url}/public-referrals`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const rest = (await (
      await fetch(`${url}/api/public/referrals?state=all&page=0&size=25`)
    ).json()) as {
      seq: number;
      content: { opportunityId: number }[];
    };
    expect(rest.content.length).toBeGreaterThan(0);
    expect(dataIn(page.html)?.seq).toBe(rest.seq);
    expect(idsIn(page.html)).toEqual(rest.content.map((o) => o.opportunityId));
  });

  it('renders a key once while the read model holds its seq, each colour scheme apart', async () => {
    const { url } = await relayWith(path.join(dir, 'entry-server.mjs'));
    const first = await rendered(`${url}/public-referrals?state=tx`);
    const again = await get(`${url}/public-referrals?state=TX`);
    expect(dataIn(again.html)?.render).toBe(dataIn(first.html)?.render);
    expect(first.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    const dark = await rendered(`${url}/public-referrals?state=TX`, {
      'sec-ch-prefers-color-scheme': '"dark"',
    });
    expect(dataIn(dark.html)?.mode).toBe('dark');
    expect(dataIn(dark.html)?.render).not.toBe(dataIn(first.html)?.render);
  });

  it('renders a phone its own document, told by the client hint or else the user agent', async () => {
    const { url } = await relayWith(path.join(dir, 'entry-server.mjs'));
    const wide = await rendered(`${url}/public-referrals`, { 'sec-ch-ua-mobile': '?0' });
    expect(dataIn(wide.html)?.mobile).toBe(false);
    // Later visits tell their colour scheme; a first visit is not fetched twice for it.
    expect(wide.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(wide.headers.get('critical-ch')).toBeNull();
    const phone = await rendered(`${url}/public-referrals`, { 'sec-ch-ua-mobile': '?1' });
    expect(dataIn(phone.html)?.mobile).toBe(true);
    expect(dataIn(phone.html)?.render).not.toBe(dataIn(wide.html)?.render);
    const safari = await rendered(`${url}/public-referrals`, {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    expect(dataIn(safari.html)?.mobile).toBe(true);
    expect(dataIn(safari.html)?.render).toBe(dataIn(phone.html)?.render);
  });

  it('answers the app shell, never an error, for a state no list matches and a failed render', async () => {
    const { url } = await relayWith(path.join(dir, 'entry-server.mjs'));
    for (const q of ['?state=ZZ', '?state=WY']) {
      const page = await get(`${url}/public-referrals${q}`);
      expect(page.status).toBe(200);
      expect(page.html).toBe(SHELL);
    }
  });

  it('answers the app shell when there is no server build, or it is turned off', async () => {
    for (const ssr of [path.join(dir, 'missing', 'entry-server.js'), 'off']) {
      const { url } = await relayWith(ssr);
      const page = await get(`${url}/public-referrals`);
      expect(page.status).toBe(200);
      expect(page.html).toBe(SHELL);
    }
  });
});
