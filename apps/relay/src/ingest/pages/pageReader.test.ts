/**
 * Tests of the page reader, in the event loop and on its worker thread: rows hashed as the sync
 * compares them, only the records wanted handed over (validated, each once), failures passed on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { opportunitySchema } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../../changeLog/diff.js';
import { setSlicing } from '../../lib/slices.js';
import { eachTurn } from '../../testkit/turns.testkit.js';
import { UpstreamError } from '../../upstream/http.js';
import { createPageReader, NOT_HELD, type PageReader } from './pageReader.js';
import type { HashedRows } from './hashedPage.js';

/** A record as the schema keeps it (unknown fields dropped, missing ones null). */
const validJson = (r: unknown) =>
  JSON.stringify(opportunitySchema.validateSync(r, { stripUnknown: true }));

const record = (id: number, addDate: string) => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate,
  lastModDate: '2026-11-20T12:00:05.000Z',
  city: 'Austin',
});

/** An upstream answering the referral list with two records, or what a test sets. */
let answer: { status: number; body: string } = { status: 200, body: '' };
let lastUrl = '';
let server: Server;
let reader: PageReader;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastUrl = req.url ?? '';
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      date: 'Fri, 20 Nov 2026 12:00:09 GMT',
    });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  // Every page through the worker, however small.
  reader = createPageReader(
    base,
    { http: { basicUser: 'test', timeoutMs: 5000, backoffMs: 1 } },
    0,
  );
});

afterAll(async () => {
  await reader.close();
  await new Promise((resolve) => server.close(resolve));
});

const query = {
  page: 2,
  size: 2,
  sort: ['addDate,desc', 'opportunityId,desc'],
  startDate: '10/21/2026',
};

describe('page reader (worker thread)', () => {
  it('reads a page of the referral list and hashes each record as the sync compares it', async () => {
    const content = [record(7, '2026-11-20T12:00:00.000Z'), record(6, '2026-11-19T12:00:00.000Z')];
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 9, numberOfElements: 2, extra: true }),
    };
    const page = await reader.read(query);
    expect(lastUrl).toBe(
      '/api/v1/marketplace-opportunities?page=2&size=2&sort=addDate%2Cdesc&sort=opportunityId%2Cdesc&startDate=10%2F21%2F2026',
    );
    expect(page.totalElements).toBe(9);
    // When the upstream served it, by its own clock.
    expect(page.servedAt).toBe(Date.parse('2026-11-20T12:00:09Z'));
    expect(page.rows.all()).toEqual(
      content.map((r) => ({
        id: r.opportunityId,
        added: Date.parse(r.addDate),
        lastMod: Date.parse(r.lastModDate),
        raw: contentHash(JSON.stringify(r)),
        // Validated by the reader: what the store keeps, and its hash.
        json: validJson(r),
        valid: contentHash(validJson(r)),
      })),
    );
  });

  it('with keep, hands over the JSON of the rows it wants only, on the worker or in the thread', async () => {
    const content = [1, 2, 3, 4].map((id) => record(id, `2026-11-1${id}T12:00:00.000Z`));
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 4, numberOfElements: 4 }),
    };
    const seen: number[] = [];
    const keep = (rows: HashedRows, i: number) => {
      const { id, raw } = rows.row(i);
      seen.push(id);
      return id % 2 === 0 && raw === contentHash(JSON.stringify(content[id - 1]));
    };
    const inThread = createPageReader(base, {
      http: { basicUser: 'test', timeoutMs: 5000, backoffMs: 1 },
    });
    for (const r of [reader, inThread]) {
      seen.length = 0;
      const page = await r.read({ ...query, size: 4 }, keep);
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(page.totalElements).toBe(4);
      expect(page.rows.all().map((row) => [row.id, row.json, row.valid])).toEqual([
        [1, '', ''],
        [2, validJson(content[1]), contentHash(validJson(content[1]))],
        [3, '', ''],
        [4, validJson(content[3]), contentHash(validJson(content[3]))],
      ]);
      expect(
        page.rows
          .all()
          .every((row) => row.raw === contentHash(JSON.stringify(content[row.id - 1]))),
      ).toBe(true);
      // Whole again without keep.
      const whole = await r.read({ ...query, size: 4 });
      expect(whole.rows.all().map((row) => row.json)).toEqual(content.map(validJson));
    }
    await inThread.close();
  });

  it("read 'later', holds each row's validated JSON on the worker until taken, once, or dropped", async () => {
    const content = [1, 2, 3, 4].map((id) => record(id, `2026-11-1${id}T12:00:00.000Z`));
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 4, numberOfElements: 4 }),
    };
    const page = await reader.read({ ...query, size: 4 }, 'later');
    // Validated (the hash is there to compare) but without the JSON, which the page holds.
    expect(page.rows.all().map((row) => [row.id, row.json, row.valid])).toEqual(
      content.map((r) => [r.opportunityId, '', contentHash(validJson(r))]),
    );
    const later = page.later;
    if (!later) throw new Error('expected the page to hold its records');
    expect(await later.take([3, 1])).toEqual([validJson(content[3]), validJson(content[1])]);
    // Each row once: the worker let go of what it handed over, and a take that asks for one of
    // them again fails whole, taking none of the others.
    await expect(later.take([0, 1])).rejects.toMatchObject({ kind: 'network', message: NOT_HELD });
    expect(await later.take([0])).toEqual([validJson(content[0])]);
    // Dropped: nothing more is taken from it.
    later.drop();
    await expect(later.take([2])).rejects.toMatchObject({ kind: 'network' });
    // Another page read 'later' after it is held as its own.
    const again = await reader.read({ ...query, size: 4 }, 'later');
    expect(await again.later?.take([2])).toEqual([validJson(content[2])]);
    again.later?.drop();
  });

  it("fails the takes of a page read 'later' once the worker that held it is gone", async () => {
    const own = createPageReader(
      base,
      { http: { basicUser: 'test', timeoutMs: 5000, backoffMs: 1 } },
      0,
    );
    const content = [record(1, '2026-11-11T12:00:00.000Z')];
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 1, numberOfElements: 1 }),
    };
    const page = await own.read({ ...query, size: 1 }, 'later');
    await own.close();
    await expect(page.later?.take([0])).rejects.toMatchObject({ kind: 'network' });
    // A reader reading in its own thread hands a small page over whole.
    const inThread = createPageReader(base, {
      http: { basicUser: 'test', timeoutMs: 5000, backoffMs: 1 },
    });
    const whole = await inThread.read({ ...query, size: 1 }, 'later');
    expect(whole.later).toBeUndefined();
    expect(whole.rows.all().map((row) => row.json)).toEqual([validJson(content[0])]);
    await inThread.close();
  });

  it('asks keep of a large page in slices: other work runs between them', async () => {
    const content = Array.from({ length: 1000 }, (_, i) =>
      record(i + 1, '2026-11-11T12:00:00.000Z'),
    );
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 1000, numberOfElements: 1000 }),
    };
    const restoreSlicing = setSlicing({ budgetMs: 0 });
    try {
      let asked = 0;
      const between: number[] = [];
      const stop = eachTurn(() => between.push(asked));
      const page = await reader.read({ ...query, size: 1000 }, () => {
        asked += 1;
        return asked === 1000;
      });
      stop();
      expect(asked).toBe(1000);
      expect(
        page.rows
          .all()
          .filter((r) => r.json !== '')
          .map((r) => r.id),
      ).toEqual([1000]);
      // Timers ran while the rows were being asked of, not only before or after.
      expect(between.some((n) => n > 0 && n < 1000)).toBe(true);
    } finally {
      restoreSlicing();
    }
  });

  it('validates the records it hands over, and only those: an invalid one fails the read', async () => {
    const bad = { ...record(2, '2026-11-12T12:00:00.000Z'), marketplaceStatus: 'Bogus' };
    const content = [record(1, '2026-11-11T12:00:00.000Z'), bad];
    answer = {
      status: 200,
      body: JSON.stringify({ content, totalElements: 2, numberOfElements: 2 }),
    };
    const inThread = createPageReader(base, {
      http: { basicUser: 'test', timeoutMs: 5000, backoffMs: 1 },
    });
    for (const r of [reader, inThread]) {
      for (const keep of [
        undefined,
        'later' as const,
        (rows: HashedRows, i: number) => rows.id[i] === 2,
      ]) {
        const failed = await r.read({ ...query, size: 2 }, keep).catch((e: unknown) => e);
        expect(failed).toBeInstanceOf(UpstreamError);
        expect(failed).toMatchObject({ kind: 'invalid' });
        expect(String((failed as Error).message)).toContain('marketplaceStatus');
      }
      // Not taken, not validated: the sync wants the records of changed rows only.
      const page = await r.read({ ...query, size: 2 }, (rows, i) => rows.id[i] === 1);
      expect(page.rows.all().map((row) => [row.id, row.json])).toEqual([
        [1, validJson(content[0])],
        [2, ''],
      ]);
    }
    await inThread.close();
  });

  it('fails a read with the upstream error of its answer, and reads on after it', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ content: [{ city: 'x' }], totalElements: 1, numberOfElements: 1 }),
    };
    const invalid = await reader.read(query).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(UpstreamError);
    expect(invalid).toMatchObject({ kind: 'invalid' });
    answer = { status: 404, body: '{}' };
    await expect(reader.read(query)).rejects.toMatchObject({ kind: 'status', status: 404 });
    answer = {
      status: 200,
      body: JSON.stringify({ content: [], totalElements: 0, numberOfElements: 0 }),
    };
    const empty = await reader.read(query);
    expect(empty.totalElements).toBe(0);
    expect(empty.rows.all()).toEqual([]);
  });
});
