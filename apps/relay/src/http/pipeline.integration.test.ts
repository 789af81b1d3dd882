import type { ChangesMessage, Opportunity, Pipeline, ReturnRequest } from '@referrals/shared';
import { parse } from 'csv-parse/sync';
import { ACQUIRED_COLUMNS, TRANSACTION_COLUMNS } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callRelay,
  claimedReferral,
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from '../testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let url: string;
let stopRelay: () => Promise<void>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // A still market: no simulated agent claims a referral a test is about to claim.
  sim = await startSim({ SIM_TICK_MS: '3600000' });
  redis = await testPrefix();
  const r = await startRelay(sim, redis.prefix);
  url = r.url;
  stopRelay = () => r.relay.stop();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopRelay();
  await sim.close();
  await redis.cleanup();
});

const call = (method: string, path: string, user: string | null, body?: unknown) =>
  callRelay(url, sim, method, path, user, body === undefined ? {} : { body: JSON.stringify(body) });

/** The rows of a CSV text (its byte-order mark skipped). */
function csvRows(text: string): string[][] {
  const rows: unknown = parse(text, { bom: true });
  return rows as string[][];
}

/** A new referral, claimed through the relay by `user` (Lone Star for producer). */
const bought = (user = 'producer', fields: Partial<Opportunity> = {}) =>
  claimedReferral(url, sim, user, fields);

/** The next pipeline or returns change a socket hears, or a rejection after `ms`. */
function next<T>(
  socket: ClientSocket,
  kind: 'pipeline' | 'returns',
  match: (x: T) => boolean,
  ms = 5000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${kind} change in ${ms} ms`)), ms);
    const onChange = (m: ChangesMessage) => {
      if (m.topic.kind !== kind) return;
      const hit = (m.upserts as unknown as T[]).find(match);
      if (!hit) return;
      clearTimeout(timer);
      socket.off('changes', onChange);
      resolve(hit);
    };
    socket.on('changes', onChange);
  });
}

describe('the pipeline of a bought referral', () => {
  it('starts Open, saves with a version, shows live to the agency only, and refuses a stale save', async () => {
    // The first change of the stream arrives as a snapshot: make it before anyone listens.
    const warm = await bought();
    await call('PUT', `/api/acquired/${warm.opportunityId}/pipeline`, 'producer', {
      version: 0,
      status: 'In Progress',
      followUpOn: null,
    });

    const colleague = await openSocket(url, await sim.token('agencyadmin'));
    const otherAgency = await openSocket(url, await sim.token('fulcrum'));
    const admin = await openSocket(url, await sim.token('admin'));
    sockets.push(colleague, otherAgency, admin);
    for (const s of [colleague, otherAgency, admin]) {
      expect(await subscribe(s, { kind: 'pipeline' })).toMatchObject({ ok: true });
    }
    const carrier = await openSocket(url, await sim.token('carrier'));
    sockets.push(carrier);

    const referral = await bought();
    const path = `/api/acquired/${referral.opportunityId}/pipeline`;
    expect(await call('GET', path, 'producer')).toMatchObject({
      status: 200,
      body: {
        referralId: referral.opportunityId,
        status: 'Open',
        version: 0,
        notes: [],
        return: null,
      },
    });

    const mine = (p: Pipeline) => p.referralId === referral.opportunityId;
    const seenByColleague = next<Pipeline>(colleague, 'pipeline', mine);
    const seenByAdmin = next<Pipeline>(admin, 'pipeline', mine);
    const seenByOther = next<Pipeline>(otherAgency, 'pipeline', mine, 1500);
    const saved = await call('PUT', path, 'producer', {
      version: 0,
      status: 'Quote Sent',
      followUpOn: '2026-12-01',
      note: 'Called; quote sent for the auto policy.',
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        status: 'Quote Sent',
        followUpOn: '2026-12-01',
        version: 1,
        updatedBy: 'producer',
        notes: [{ author: 'producer', text: 'Called; quote sent for the auto policy.' }],
      },
    });
    expect(await seenByColleague).toMatchObject({ status: 'Quote Sent', version: 1 });
    expect(await seenByAdmin).toMatchObject({ status: 'Quote Sent', version: 1 });
    await expect(seenByOther).rejects.toThrow(/no pipeline change/);

    // A colleague who read version 0 is told, and nothing of theirs is written.
    const stale = await call('PUT', path, 'agencyadmin', {
      version: 0,
      status: 'Unable to Service',
      followUpOn: null,
    });
    expect(stale).toMatchObject({
      status: 409,
      body: { details: { status: 'Quote Sent', version: 1 } },
    });
    const again = await call('PUT', path, 'agencyadmin', {
      version: 1,
      status: 'Bound Prospect',
      followUpOn: null,
      note: 'Bound.',
    });
    expect(again).toMatchObject({ status: 200, body: { status: 'Bound Prospect', version: 2 } });
    expect((again.body as Pipeline).notes.map((n) => n.author)).toEqual([
      'producer',
      'agencyadmin',
    ]);

    // Outside the agency: 403, nothing changes. An admin reads every agency's.
    expect((await call('GET', path, 'fulcrum')).status).toBe(403);
    expect(
      (await call('PUT', path, 'fulcrum', { version: 2, status: 'Open', followUpOn: null })).status,
    ).toBe(403);
    expect((await call('GET', path, 'carrier')).status).toBe(403);
    expect(await call('GET', path, 'admin')).toMatchObject({ status: 200, body: { version: 2 } });

    // The list page's bulk read: the caller's own only.
    const ids = `${referral.opportunityId},${warm.opportunityId}`;
    const bulk = await call('GET', `/api/acquired/pipelines?ids=${ids}`, 'producer');
    expect((bulk.body as { items: Pipeline[] }).items.map((p) => p.version).sort()).toEqual([1, 2]);
    expect(await call('GET', `/api/acquired/pipelines?ids=${ids}`, 'fulcrum')).toEqual({
      status: 200,
      body: { items: [] },
    });

    // Every save is in the audit log.
    const audit = await call(
      'GET',
      `/api/audit-log?action=pipeline.update&user=agencyadmin`,
      'admin',
    );
    expect(
      (audit.body as { content: { outcome: string }[] }).content.map((e) => e.outcome),
    ).toEqual(['ok', 'refused']);
  });

  it('refuses bad input with the reasons and writes nothing', async () => {
    const referral = await bought();
    const path = `/api/acquired/${referral.opportunityId}/pipeline`;
    for (const body of [
      { version: 0, status: 'Done', followUpOn: null },
      { version: '0', status: 'Open', followUpOn: null },
      { version: 0, status: 'Open', followUpOn: '2026-02-30' },
      { version: 0, status: 'Open' },
      { version: 0, status: 'Open', followUpOn: null, note: 'x'.repeat(2001) },
      { version: 0, status: 'Open', followUpOn: null, agency: 'Other' },
    ]) {
      const res = await call('PUT', path, 'producer', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      // The reason is the problems in words, each a sentence, never a code like 'invalid body'.
      const { error, details } = res.body as { error: string; details: string[] };
      expect(details.length).toBeGreaterThan(0);
      expect(error).toBe(details.join(' '));
      for (const d of details) expect(d).toMatch(/^[A-Z].*\.$/);
      expect(error).not.toMatch(/invalid body/i);
    }
    const long = await call('PUT', path, 'producer', {
      version: 0,
      status: 'Open',
      followUpOn: '2020-01-01',
      note: 'x'.repeat(5000),
    });
    expect(long).toMatchObject({
      status: 400,
      body: {
        error: 'Note must be at most 2,000 characters.',
        details: ['Note must be at most 2,000 characters.'],
      },
    });
    const badDay = await call('PUT', path, 'producer', {
      version: 0,
      status: 'Open',
      followUpOn: '2026-02-30',
    });
    expect(badDay.body).toMatchObject({ error: 'Follow-up must be a date (YYYY-MM-DD) or empty.' });
    expect(await call('GET', path, 'producer')).toMatchObject({ body: { version: 0 } });
    expect((await call('GET', '/api/acquired/999999999/pipeline', 'producer')).status).toBe(404);
  });
});

describe('returns', () => {
  it('are asked by the agency within 7 days, decided once by an admin, and seen by both', async () => {
    const warm = await bought();
    await call('POST', `/api/acquired/${warm.opportunityId}/return`, 'producer', {
      reason: 'duplicate',
    });

    const admin = await openSocket(url, await sim.token('admin'));
    const colleague = await openSocket(url, await sim.token('agencyadmin'));
    sockets.push(admin, colleague);
    for (const s of [admin, colleague])
      expect(await subscribe(s, { kind: 'returns' })).toMatchObject({ ok: true });

    const referral = await bought();
    const path = `/api/acquired/${referral.opportunityId}/return`;
    expect((await call('POST', path, 'producer', { reason: 'other' })).status).toBe(400);
    expect((await call('POST', path, 'fulcrum', { reason: 'duplicate' })).status).toBe(403);
    expect((await call('POST', path, 'admin', { reason: 'duplicate' })).status).toBe(403);

    const queued = next<ReturnRequest>(
      admin,
      'returns',
      (r) => r.referralId === referral.opportunityId,
    );
    const asked = await call('POST', path, 'producer', {
      reason: 'wrongNumber',
      note: 'Number disconnected.',
    });
    expect(asked).toMatchObject({
      status: 201,
      body: {
        state: 'requested',
        reason: 'wrongNumber',
        requestedBy: 'producer',
        soldPrice: referral.soldPrice,
      },
    });
    const request = await queued;
    const second = await call('POST', path, 'agencyadmin', { reason: 'duplicate' });
    expect(second).toMatchObject({
      status: 409,
      body: { error: 'A return was already requested for this referral.' },
    });

    const queue = await call('GET', '/api/returns?state=requested&size=100', 'admin');
    expect((queue.body as { content: ReturnRequest[] }).content.map((r) => r.id)).toContain(
      request.id,
    );
    const theirs = await call('GET', '/api/returns', 'fulcrum');
    expect((theirs.body as { content: ReturnRequest[] }).content.map((r) => r.id)).not.toContain(
      request.id,
    );

    const decidedLive = next<ReturnRequest>(
      colleague,
      'returns',
      (r) => r.id === request.id && r.state !== 'requested',
    );
    expect(
      (
        await call('POST', `/api/returns/${request.id}/decision`, 'producer', {
          approve: true,
          comment: 'ok',
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('POST', `/api/returns/${request.id}/decision`, 'admin', { approve: true }))
        .status,
    ).toBe(400);
    const approved = await call('POST', `/api/returns/${request.id}/decision`, 'admin', {
      approve: true,
      comment: 'Verified: the number is disconnected.',
    });
    expect(approved).toMatchObject({
      status: 200,
      body: { state: 'approved', decidedBy: 'admin', credit: referral.soldPrice },
    });
    expect(await decidedLive).toMatchObject({ state: 'approved' });
    const twice = await call('POST', `/api/returns/${request.id}/decision`, 'admin', {
      approve: false,
      comment: 'no',
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { error: 'This return was already decided.' },
    });
    expect(
      await call('GET', `/api/acquired/${referral.opportunityId}/pipeline`, 'agencyadmin'),
    ).toMatchObject({
      body: { return: { state: 'approved', credit: referral.soldPrice } },
    });
  });

  it('refuses a referral acquired more than 7 days ago', async () => {
    // The seeded market holds Lone Star purchases from the last 30 days.
    const page = await call(
      'GET',
      '/api/acquired?dateFilter=30days&sort=lastModDate&dir=asc&size=100',
      'producer',
    );
    const weekAgo = Date.now() - 8 * 86_400_000;
    const old = (page.body as { content: Opportunity[] }).content.find(
      (o) => Date.parse(o.lastModDate ?? o.addDate) < weekAgo,
    );
    if (!old) throw new Error('the seeded market has no Lone Star purchase older than 8 days');
    const res = await call('POST', `/api/acquired/${old.opportunityId}/return`, 'producer', {
      reason: 'duplicate',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/more than 7 days ago/) as unknown },
    });
    expect(
      (await call('GET', `/api/acquired/${old.opportunityId}/pipeline`, 'producer')).body,
    ).toMatchObject({
      return: null,
    });
  });
});

describe('the acquired list by progress, and its export', () => {
  it('filters by progress and follow-up due, and exports the whole filtered list as CSV', async () => {
    const quoted = await bought('producer', {
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: 'Ünal, Jr.',
    });
    const open = await bought();
    const save = await call('PUT', `/api/acquired/${quoted.opportunityId}/pipeline`, 'producer', {
      version: 0,
      status: 'Quote Sent',
      followUpOn: '2026-11-20',
    });
    expect(save.status).toBe(200);
    const list = async (query: string) => {
      const res = await call(
        'GET',
        `/api/acquired?dateFilter=30days&size=100&${query}`,
        'producer',
      );
      expect(res.status).toBe(200);
      return res.body as { content: Opportunity[]; totalElements: number };
    };
    const ids = (page: { content: Opportunity[] }) => page.content.map((o) => o.opportunityId);
    expect(ids(await list('progress=Quote%20Sent'))).toContain(quoted.opportunityId);
    expect(ids(await list('progress=Quote%20Sent'))).not.toContain(open.opportunityId);
    // A referral nobody worked is Open.
    expect(ids(await list('progress=Open'))).toContain(open.opportunityId);
    expect(ids(await list('progress=Open'))).not.toContain(quoted.opportunityId);
    expect(ids(await list('followUpDue=2026-11-23'))).toEqual([quoted.opportunityId]);
    expect(ids(await list('followUpDue=2026-11-19'))).toEqual([]);
    expect(
      await call('GET', '/api/acquired?progress=Done&followUpDue=soon', 'producer'),
    ).toMatchObject({
      status: 400,
      body: {
        details: [
          'progress must list statuses of Open, In Progress, Quote Sent, Bound Prospect, Unable to Service',
          'followUpDue must be a day (YYYY-MM-DD)',
        ],
      },
    });

    // The export: every row of the filtered list, not one page, as RFC 4180 UTF-8.
    const whole = await list('');
    const res = await fetch(`${url}/api/acquired/export.csv?dateFilter=30days&size=5`, {
      headers: { authorization: `Bearer ${await sim.token('producer')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="acquired-referrals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = csvRows(text);
    expect(rows[0]).toEqual([...ACQUIRED_COLUMNS.map((c) => c.header), 'Progress', 'Follow-up']);
    expect(rows.length - 1).toBe(whole.totalElements);
    const row = rows.find((r) => r.includes(quoted.phone ?? ''));
    expect(row).toBeDefined();
    // A formula is neutralised; a comma and an accent survive quoting and UTF-8.
    expect(row?.[2]).toBe(`'=HYPERLINK("http://evil.test") Ünal, Jr.`);
    expect(row?.slice(-2)).toEqual(['Quote Sent', '2026-11-20']);
    expect(row?.[0]).toBe(quoted.lastModDate ?? '');
    const filteredExport = await fetch(
      `${url}/api/acquired/export.csv?dateFilter=30days&progress=Quote%20Sent`,
      {
        headers: { authorization: `Bearer ${await sim.token('producer')}` },
      },
    );
    const onlyQuoted = csvRows(await filteredExport.text());
    expect(onlyQuoted.slice(1).map((r) => r.at(-2))).toEqual(
      Array<string>(onlyQuoted.length - 1).fill('Quote Sent'),
    );

    // An admin's export is the Claim-It Transactions: every agency, with agency and sold price.
    const adminRes = await fetch(`${url}/api/acquired/export.csv?dateFilter=30days`, {
      headers: { authorization: `Bearer ${await sim.token('admin')}` },
    });
    const adminRows = csvRows(await adminRes.text());
    expect(adminRows[0]).toEqual([
      ...TRANSACTION_COLUMNS.map((c) => c.header),
      'Progress',
      'Follow-up',
    ]);
    expect(new Set(adminRows.slice(1).map((r) => r[1])).size).toBeGreaterThan(1);
    expect((await fetch(`${url}/api/acquired/export.csv`)).status).toBe(401);
  });
});

describe('conversion', () => {
  type Figures = {
    bought: number;
    bound: number;
    quoted: number;
    spend: number;
    costPerBound: number | null;
  };
  type Conversion = {
    scope: string;
    agency: string | null;
    totals: Figures;
    byAgency: Record<string, Figures> | null;
    byState: Record<string, Figures>;
  };
  const conversion = async (user: string) => {
    const res = await call('GET', '/api/conversion?dateFilter=30days', user);
    expect(res.status).toBe(200);
    return res.body as Conversion;
  };

  it("counts an agency's purchases and what they became, and the market's per agency for admins", async () => {
    const referral = await bought();
    const before = await conversion('producer');
    const list = await call('GET', '/api/acquired?dateFilter=30days&size=1', 'producer');
    expect(before).toMatchObject({
      scope: 'agency',
      agency: 'Lone Star Insurance Group',
      byAgency: null,
    });
    expect(before.totals.bought).toBe((list.body as { totalElements: number }).totalElements);

    await call('PUT', `/api/acquired/${referral.opportunityId}/pipeline`, 'producer', {
      version: 0,
      status: 'Bound Prospect',
      followUpOn: null,
    });
    const after = await conversion('agencyadmin');
    expect(after.totals.bought).toBe(before.totals.bought);
    expect(after.totals.bound).toBe(before.totals.bound + 1);
    expect(after.totals.quoted).toBe(before.totals.quoted + 1);
    expect(after.totals.costPerBound).toBeCloseTo(after.totals.spend / after.totals.bound, 2);
    expect(after.byState.TX?.bound).toBeGreaterThanOrEqual(1);

    const market = await conversion('admin');
    expect(market.scope).toBe('market');
    expect(market.byAgency?.['Lone Star Insurance Group']).toEqual(after.totals);
    expect(Object.keys(market.byAgency ?? {}).length).toBeGreaterThan(1);
    expect((await call('GET', '/api/conversion?dateFilter=year', 'admin')).status).toBe(400);
  });
});
