import { performance } from 'node:perf_hooks';
import type { Agency, AgencyUser } from '@referrals/shared';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '../testkit/stack.testkit.js';
import { createUpstreamClient, type UpstreamClient } from './client.js';

const BASIC_USER = 'opportunity-console';
const AUTH = `Basic ${Buffer.from(`${BASIC_USER}:`).toString('base64')}`;

/** A request as the stand-in received it, and when its answer was sent (performance.now). */
interface Received {
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  readonly authorization: string | undefined;
  readonly arrived: number;
  answered?: number;
}

/**
 * The stand-in on an ephemeral port behind a recorder of what it received: the relay's headers
 * and the overlap of its requests are only seen from that side.
 */
async function startRecordedSim() {
  const received: Received[] = [];
  const recorder: RequestHandler = (req, res, next) => {
    const r: Received = {
      path: req.path,
      query: req.query,
      authorization: req.get('authorization'),
      arrived: performance.now(),
    };
    received.push(r);
    res.once('finish', () => {
      r.answered = performance.now();
    });
    next();
  };
  const sim = await startSim({}, recorder);
  const faults = async (body?: unknown) => {
    const res = await fetch(`${sim.origin}/__sim/faults`, {
      method: body === undefined ? 'DELETE' : 'PUT',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`/__sim/faults answered ${res.status}`);
  };
  /** A read of the stand-in with the right credentials, not through the client under test. */
  const get = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${sim.origin}${path}`, { headers: { authorization: AUTH } })).json()) as T;
  return {
    origin: sim.origin,
    received,
    get,
    /** Answers every request whose path starts with `pathPrefix` with `status`. */
    failWith: (status: number, pathPrefix: string) => faults({ status, pathPrefix }),
    delay: (latencyMs: number, pathPrefix: string) => faults({ latencyMs, pathPrefix }),
    clearFaults: () => faults(),
    close: sim.close,
  };
}

let sim: Awaited<ReturnType<typeof startRecordedSim>>;
/** The JSON lines the clients under test logged, through pino as the relay's logger writes. */
let lines: Record<string, unknown>[] = [];
const log = pino(
  { level: 'info' },
  {
    write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>),
  },
);

const clientOf = (basicUser = BASIC_USER) =>
  createUpstreamClient(
    { opportunityUrl: sim.origin, agencyUserUrl: sim.origin, geoUrl: sim.origin },
    { basicUser, timeoutMs: 5_000 },
    { log },
  );
const linesOf = (call: string) =>
  lines.filter((l) => l.call === call).map(({ msg, status }) => ({ msg, status }));

beforeAll(async () => {
  sim = await startRecordedSim();
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  // A failed case must not leave its fault on for the next one.
  await sim.clearFaults();
  lines = [];
  sim.received.length = 0;
});

describe('upstream client against the stand-in: lookups', () => {
  it('answers the agency with this fulcrumId, and null when the service answers 404', async () => {
    const client = clientOf();
    expect(await client.agency(1001)).toMatchObject({
      fulcrumId: 1001,
      name: 'Lone Star Insurance Group',
    });
    // The stand-in knows no agency 42 and answers 404.
    expect(await client.agency(42)).toBeNull();
    expect(linesOf('agency')).toEqual([{ msg: 'Not Found', status: 404 }]);
  });

  it('uses the first agency of an answer that holds several', async () => {
    // The stand-in answers one agency to a fulcrumId; an answer of several is served here, made
    // of agencies the stand-in holds.
    const [first, second] = (await sim.get<{ content: Agency[] }>('/api/v3/agencies')).content;
    expect(second).toBeDefined();
    const client = createUpstreamClient(
      {
        opportunityUrl: 'http://up.invalid',
        agencyUserUrl: 'http://up.invalid',
        geoUrl: 'http://up.invalid',
      },
      {
        basicUser: BASIC_USER,
        timeoutMs: 1_000,
        fetchImpl: () =>
          Promise.resolve(new Response(JSON.stringify({ content: [first, second] }))),
      },
    );
    expect(await client.agency(second?.fulcrumId ?? 0)).toEqual(first);
  });

  it('asks the prepaid balance without basic auth, and the other calls with it', async () => {
    const client = clientOf();
    // The stand-in takes the balance call with or without the header: what it received tells.
    expect(await client.prepaidBalance(1003)).toBe(320.5);
    await client.agency(1003);
    const balance = sim.received.find((r) => r.path.endsWith('/prepaid/balance'));
    const agency = sim.received.find((r) => r.path === '/api/v3/agencies');
    expect(balance?.path).toBe('/iw/api/v1/agency/1003/settings/claim-it/prepaid/balance');
    expect(balance?.authorization).toBeUndefined();
    expect(agency?.authorization).toBe(AUTH);
  });

  it('reads every page of agency users, the pages after the first in parallel, merged in order', async () => {
    const path = '/iw/api/v1/agency/1001/users';
    type Page = { content: AgencyUser[]; totalPages: number };
    const first = await sim.get<Page>(`${path}?page=0`);
    // Two later pages at least, or parallel and one by one would look the same.
    expect(first.totalPages).toBeGreaterThanOrEqual(3);
    const pages = [first];
    for (let p = 1; p < first.totalPages; p += 1)
      pages.push(await sim.get<Page>(`${path}?page=${p}`));
    sim.received.length = 0;

    // Each answer waits, so requests sent one by one cannot overlap while parallel ones must.
    await sim.delay(400, path);
    const users = await clientOf().agencyUsers(1001);

    expect(users.map((u) => u.username)).toEqual(
      pages.flatMap((p) => p.content).map((u) => u.username),
    );
    const asked = sim.received.filter((r) => r.path === path);
    expect(asked.map((r) => Number(r.query.page)).sort((a, b) => a - b)).toEqual(
      pages.map((_, i) => i),
    );
    const [zero, ...later] = asked;
    const lastArrival = Math.max(...later.map((r) => r.arrived));
    const firstAnswer = Math.min(...later.map((r) => r.answered ?? Infinity));
    // Page 0 first (it tells how many pages there are), then every later page asked before any
    // of them was answered.
    expect(zero?.query.page).toBe('0');
    expect(zero?.answered).toBeLessThanOrEqual(Math.min(...later.map((r) => r.arrived)));
    expect(lastArrival).toBeLessThan(firstAnswer);
  });

  it('answers no agency users when the service answers 404', async () => {
    expect(await clientOf().agencyUsers(42)).toEqual([]);
    expect(linesOf('agencyUsers')).toEqual([{ msg: 'Not Found', status: 404 }]);
  });

  it('answers the console user, and null on 404 and on 401, each logged', async () => {
    expect(await clientOf().consoleUser('carrier')).toMatchObject({ username: 'carrier' });
    // The stand-in knows no user 'nobody' (404), and refuses a wrong basic-auth user (401).
    expect(await clientOf().consoleUser('nobody')).toBeNull();
    expect(await clientOf('someone-else').consoleUser('carrier')).toBeNull();
    expect(linesOf('consoleUser')).toEqual([
      { msg: 'Not Found', status: 404 },
      { msg: 'Not Authorized', status: 401 },
    ]);
  });
});

describe('upstream client against the stand-in: lists read as empty on 404', () => {
  it.each([
    ['marketplaces', '/api/v3/marketplaces', (c: UpstreamClient) => c.marketplaces()],
    [
      'deliveryStats',
      '/api/v3/marketplaces/delivery-stats',
      (c: UpstreamClient) => c.deliveryStats(),
    ],
    ['naicsCodes', '/api/v1/industry/codes/6D', (c: UpstreamClient) => c.naicsCodes()],
    ['bankHolidays', '/api/v3/bank-holidays/', (c: UpstreamClient) => c.bankHolidays(2026)],
  ] as const)(
    '%s: empty while the service answers 404, logged once for two reads',
    async (call, pathPrefix, read) => {
      const client = clientOf();
      // Not empty otherwise, so the empty answer is the 404's.
      expect((await read(client)).length).toBeGreaterThan(0);
      await sim.failWith(404, pathPrefix);
      expect(await read(client)).toEqual([]);
      expect(await read(client)).toEqual([]);
      expect(linesOf(call)).toEqual([{ msg: 'Not Found', status: 404 }]);
    },
  );
});
