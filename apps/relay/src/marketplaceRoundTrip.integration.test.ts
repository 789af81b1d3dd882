import {
  toFormValues,
  toMarketplacePayload,
  type Marketplace,
  type MarketplaceFormValues,
} from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, startSim, testPrefix, type Sim } from './testkit/stack.testkit.js';

/** A marketplace as the relay serves it: the stored one plus the version a write must name. */
type Versioned = Marketplace & { version: string };

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let stop: () => Promise<void>;
let url: string;
let headers: Record<string, string>;
let sources: string[];
let naicsCodes: string[];
let generated: Versioned[];

const getJson = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${url}${path}`, { headers });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

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
  sources = (await getJson<{ sourceName: string }[]>('/api/sources')).map((s) => s.sourceName);
  naicsCodes = (await getJson<{ code: string }[]>('/api/naics-codes')).map((c) => c.code);
  generated = (await getJson<{ items: Versioned[] }>('/api/marketplaces')).items;
});
afterAll(async () => {
  await stop();
  await sim.close();
  await redis.cleanup();
});

/** The stored marketplace without the relay's version stamp. */
const stored = ({ version: _version, ...m }: Versioned): Marketplace => m;

/** Paths (a.b.c) whose values differ between two JSON-like values, with both values. */
function diffPaths(a: unknown, b: unknown, at = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) =>
      diffPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`),
    );
  }
  return [`${at}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`];
}

/** Opens the marketplace in the form exactly as the page does, applies `edit`, and saves it. */
async function saveThroughForm(
  original: Versioned,
  edit: (v: MarketplaceFormValues) => MarketplaceFormValues = (v) => v,
): Promise<{ status: number; body: unknown; payload: unknown }> {
  const values = edit(toFormValues(stored(original), { sources }));
  const payload = toMarketplacePayload(values, { sources, naicsCodes });
  const res = await fetch(`${url}/api/marketplaces/${original.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ version: original.version, marketplace: payload }),
  });
  return { status: res.status, body: await res.json(), payload };
}

/** The marketplace as it is stored now, read back through the relay. */
const readBack = async (id: number): Promise<Versioned> =>
  getJson<Versioned>(`/api/marketplaces/${id}`);

/** Generic API delivery, where the form requires an API key. */
const isGenericApi = (m: Marketplace): boolean =>
  m.deliverToApi && m.referralDeliveryMethod === 'GENERIC';

describe('a marketplace round-trips through the form and the relay', () => {
  it('has generated marketplaces of the kinds the form rules single out', () => {
    expect(generated.length).toBeGreaterThan(5);
    expect(generated.some((m) => m.agencyId !== null)).toBe(true);
    expect(generated.some(isGenericApi)).toBe(true);
  });

  it('stores every generated marketplace unchanged when it is saved without an edit', async () => {
    const changed: { id: number; status: number; fields: string[] }[] = [];
    for (const original of generated) {
      const saved = await saveThroughForm(original, (v) => v);
      if (saved.status !== 200) {
        changed.push({
          id: original.id,
          status: saved.status,
          fields: [JSON.stringify(saved.body)],
        });
        continue;
      }
      const back = await readBack(original.id);
      const expected = stored(original);
      // What the form sends, too: the same record except creationDate, which the payload leaves
      // to the service (null) and the stand-in, like the service, keeps as stored.
      const fields = [
        ...diffPaths({ ...expected, creationDate: null }, saved.payload).map((d) => `sent ${d}`),
        ...diffPaths(expected, stored(back)).map((d) => `stored ${d}`),
      ];
      if (fields.length > 0) changed.push({ id: original.id, status: saved.status, fields });
    }
    expect(changed).toEqual([]);
  });

  it('refuses a Generic API marketplace saved without its key, and stores nothing', async () => {
    const fresh = (await getJson<{ items: Versioned[] }>('/api/marketplaces')).items;
    const now = fresh.find(isGenericApi);
    if (now === undefined) throw new Error('no generated marketplace delivers to a Generic API');
    const refused = await saveThroughForm({ ...now, deliveryApiKey: null });
    expect(refused.status).toBe(400);
    expect((refused.body as { details: string[] }).details).toContain('API key is required.');
    expect(stored(await readBack(now.id))).toEqual(stored(now));
  });

  it('changes only the renamed field when the name is edited', async () => {
    const original = await readBack(generated[0]!.id);
    const saved = await saveThroughForm(original, (v) => ({
      ...v,
      marketplaceName: `${v.marketplaceName} Renamed`,
    }));
    expect(saved.status).toBe(200);
    expect(stored(await readBack(original.id))).toEqual({
      ...stored(original),
      marketplaceName: `${original.marketplaceName} Renamed`,
    });
  });

  it('changes only the state codes when one state is toggled', async () => {
    const original = await readBack(generated[3]!.id);
    const codes = original.riskAppetite.stateCodes;
    const toggled = codes.includes('WY') ? codes.filter((c) => c !== 'WY') : [...codes, 'WY'];
    const saved = await saveThroughForm(original, (v) => ({ ...v, checkedStates: toggled }));
    expect(saved.status).toBe(200);
    expect(stored(await readBack(original.id))).toEqual({
      ...stored(original),
      riskAppetite: { ...original.riskAppetite, stateCodes: toggled },
    });
  });
});
