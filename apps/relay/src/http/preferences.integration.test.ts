import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@referrals/shared';
import { redisKeys } from '../keys.js';
import { startRelay, startSim, testPrefix, type Sim } from '../testkit/stack.testkit.js';

/** The preferences row the relay stored for a user, read straight from PostgreSQL. */
async function storedRow(username: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ prefs: unknown }>(
      'select prefs from preferences where username = $1',
      [username],
    );
    return rows[0]?.prefs ?? null;
  } finally {
    await client.end();
  }
}

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let url: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  sim = await startSim();
  redis = await testPrefix();
  // What an older build left in Redis for one user.
  await redis.redis.set(redisKeys(redis.prefix).preferences('bridge'), JSON.stringify(legacy));
  const r = await startRelay(sim, redis.prefix);
  url = r.url;
  stop = () => r.relay.stop();
}, 30_000);
afterAll(async () => {
  await stop();
  await sim.close();
  await redis.cleanup();
});

const call = async (method: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${url}/api/me/preferences`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const mine = { alerts: { enabled: true, sound: true }, theme: 'dark' } as const;
const legacy = { alerts: { enabled: true, sound: false }, theme: 'light' } as const;

describe('GET and PUT /api/me/preferences', () => {
  it('answers the defaults to a user who never saved, and refuses anonymous callers', async () => {
    const token = await sim.token('carrier');
    expect(await call('GET', token)).toEqual({ status: 200, body: DEFAULT_PREFERENCES });
    expect((await call('GET', null)).status).toBe(401);
    expect((await call('PUT', null, mine)).status).toBe(401);
    expect((await call('GET', 'not-a-token')).status).toBe(401);
  });

  it('stores a user’s preferences in PostgreSQL under their username and gives them back', async () => {
    const token = await sim.token('producer');
    expect(await call('PUT', token, mine)).toEqual({ status: 200, body: mine });
    expect(await call('GET', token)).toEqual({ status: 200, body: mine });
    expect(await storedRow('producer')).toEqual(mine);
    // Nothing in Redis, which keeps nothing on disk: a Redis restart cannot lose them.
    expect(await redis.redis.exists(redisKeys(redis.prefix).preferences('producer'))).toBe(0);
    // Another user is untouched.
    expect((await call('GET', await sim.token('agencyadmin'))).body).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses a bad body with a 400 and a reason, and stores nothing', async () => {
    const token = await sim.token('fulcrum');
    const bad = await call('PUT', token, { alerts: { enabled: 'yes', sound: false }, theme: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: expect.arrayContaining([
        'Alerts.enabled must be true or false',
        'Theme must be one of system, light, dark',
      ]) as unknown,
    });
    // Not JSON, or JSON that is not an object: a reason, not a 500.
    const notAnObject = {
      error: 'The body must be a JSON object, sent with Content-Type: application/json.',
      details: ['The body must be a JSON object, sent with Content-Type: application/json.'],
    };
    const notJson = { error: 'The body is not valid JSON.' };
    for (const [type, raw, status, answer] of [
      [
        'text/plain',
        'dark please',
        415,
        { error: 'The body must be sent as JSON (Content-Type: application/json).' },
      ],
      ['application/json', '[1,2]', 400, notAnObject],
      ['application/json', '"dark"', 400, notJson],
      ['application/json', '{"theme": ', 400, notJson],
    ] as const) {
      const res = await fetch(`${url}/api/me/preferences`, {
        method: 'PUT',
        headers: { 'content-type': type, authorization: `Bearer ${token}` },
        body: raw,
      });
      expect(res.status, `${type} ${raw}`).toBe(status);
      expect(await res.json()).toEqual({ ...answer, requestId: res.headers.get('x-request-id') });
    }
    const extra = await call('PUT', token, { ...mine, username: 'producer' });
    expect(extra).toMatchObject({ status: 400, body: { details: ['Unknown keys: username'] } });
    expect(await storedRow('fulcrum')).toBeNull();
    expect((await call('GET', token)).body).toEqual(DEFAULT_PREFERENCES);
  });

  it('moves preferences an older build kept in Redis into the database, once', async () => {
    await expect.poll(() => storedRow('bridge'), { timeout: 10_000 }).toEqual(legacy);
    expect(await redis.redis.exists(redisKeys(redis.prefix).preferences('bridge'))).toBe(0);
    expect(await call('GET', await sim.token('bridge'))).toEqual({ status: 200, body: legacy });
  });
});
