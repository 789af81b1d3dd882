import { newMarketplaceDefaults, toMarketplacePayload, type Marketplace } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type Sim,
} from './testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let stop: () => Promise<void>;
let url: string;
let headers: Record<string, string>;
let sources: string[];

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  const r = await startRelay(sim, redis.prefix);
  stop = () => r.relay.stop();
  url = r.url;
  headers = {
    authorization: `Bearer ${await sim.token('admin')}`,
    'content-type': 'application/json',
  };
  const answer = (await (await fetch(`${url}/api/sources`, { headers })).json()) as {
    sourceName: string;
  }[];
  sources = answer.map((s) => s.sourceName);
});
afterAll(async () => {
  await stop();
  await sim.close();
  await redis.cleanup();
});

/** A marketplace as the form would send it. */
function payload(over: Partial<ReturnType<typeof newMarketplaceDefaults>> = {}) {
  return toMarketplacePayload(
    {
      ...newMarketplaceDefaults(),
      marketplaceName: 'Relay Test Buyer',
      checkedSources: sources.slice(0, 2),
      checkedStates: ['TX', 'OH'],
      deliveryApiUrl: 'https://api.example.com/leads',
      deliveryApiKey: 'secret-key',
      ...over,
    },
    { sources, naicsCodes: [] },
  );
}

const post = (path: string, body: unknown, method = 'POST') =>
  fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });

describe('marketplace writes through the relay', () => {
  it("refuses what the form would refuse, with the spec's messages, and stores nothing", async () => {
    const before = (await (await fetch(`${url}/api/marketplaces`, { headers })).json()) as {
      items: unknown[];
    };
    const noName = await post('/api/marketplaces', payload({ marketplaceName: ' ' }));
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { details: string[] }).details).toEqual([
      'Please provide marketplace name',
    ]);
    const noStates = await post(
      '/api/marketplaces',
      payload({ checkedStates: [], checkedSources: [] }),
    );
    expect(noStates.status).toBe(400);
    expect(((await noStates.json()) as { details: string[] }).details).toEqual(
      expect.arrayContaining([
        'At least one state must be selected.',
        'At least one referral source must be selected.',
      ]),
    );
    const after = (await (await fetch(`${url}/api/marketplaces`, { headers })).json()) as {
      items: unknown[];
    };
    expect(after.items).toHaveLength(before.items.length);
  });

  it('creates a marketplace that reaches an admin socket at once, then refuses a stale update with 409', async () => {
    const socket = await openSocket(url, headers.authorization?.slice(7));
    const snap = await subscribe(socket, { kind: 'marketplaces' });
    expect(snap.ok).toBe(true);
    const arrived = new Promise<Marketplace>((resolve) => {
      socket.on('changes', (m) => {
        const made = (m.upserts as unknown as Marketplace[]).find(
          (x) => x.marketplaceName === 'Relay Test Buyer',
        );
        if (made) resolve(made);
      });
    });
    const res = await post('/api/marketplaces', payload());
    expect(res.status).toBe(201);
    const created = (await res.json()) as Marketplace & { version: string };
    expect((await arrived).id).toBe(created.id);

    const rename = (name: string, version: string) =>
      post(
        `/api/marketplaces/${created.id}`,
        { version, marketplace: { ...created, marketplaceName: name } },
        'PUT',
      );
    const first = await rename('Relay Test Buyer Two', created.version);
    expect(first.status).toBe(200);
    const stale = await rename('Relay Test Buyer Three', created.version);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { details: { marketplaceName: string } };
    expect(body.details.marketplaceName).toBe('Relay Test Buyer Two');
    socket.disconnect();
  });
});
