import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  DEFAULT_PREFERENCES,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
} from '@referrals/shared';
import { bothDatabases } from '../testkit/bothDatabases.testkit.js';
import { databaseAuditLog } from './auditLog.js';
import { migrate, openDatabase, type RelayDatabase } from './database.js';
import { databasePreferences } from './preferences.js';

/**
 * One contract over both databases the relay runs on: the PostgreSQL server (CI, production) and
 * embedded PGlite (`npm start` with nothing configured). Same migrations, same answers.
 */
const targets = bothDatabases('db');

describe.each(targets)('the relay database on $name', ({ open }) => {
  let database: RelayDatabase;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await open());
    await database.start();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('is migrated once: a second run applies nothing', async () => {
    expect(database.isReady()).toBe(true);
    expect(await migrate(database.db)).toEqual([]);
    expect(await database.ping()).toBe(true);
  });

  it('keeps each user’s preferences apart, and answers the defaults to one who never saved', async () => {
    const prefs = databasePreferences(database);
    expect(await prefs.get('nobody')).toEqual(DEFAULT_PREFERENCES);
    const dark = { alerts: { enabled: true, sound: false }, theme: 'dark' } as const;
    await prefs.put('ann', dark);
    await prefs.put('bob', DEFAULT_PREFERENCES);
    expect(await prefs.get('ann')).toEqual(dark);
    await prefs.put('ann', { ...dark, theme: 'light' });
    expect(await prefs.get('ann')).toEqual({ ...dark, theme: 'light' });
    expect(await prefs.get('bob')).toEqual(DEFAULT_PREFERENCES);
  });

  it('records a write as pending, then with its outcome', async () => {
    const log = databaseAuditLog(database);
    const begun = await log.begin({
      requestId: 'req-1',
      actor: 'admin',
      agency: null,
      action: 'featureFlag.update',
      target: 'flag 3',
      before: { id: 3, enabled: false },
    });
    expect(begun).toMatchObject({ outcome: 'pending', status: null, after: null });
    const done = await log.finish(begun, {
      outcome: 'ok',
      status: 200,
      after: { id: 3, enabled: true },
    });
    const page = await log.list(query({ action: 'featureFlag.update' }));
    expect(page.content).toEqual([done]);
    expect(done).toMatchObject({
      requestId: 'req-1',
      actor: 'admin',
      target: 'flag 3',
      outcome: 'ok',
      before: { id: 3, enabled: false },
      after: { id: 3, enabled: true },
    });
  });

  it('reads the latest successful claim of each referral, the one claimedAt answers too', async () => {
    const log = databaseAuditLog(database);
    const claim = async (id: number, actor: string, outcome: 'ok' | 'refused') => {
      const e = await log.begin({
        requestId: `claim-${id}-${actor}`,
        actor,
        agency: 'Lone Star',
        action: 'referral.claim',
        target: `referral ${id}`,
        before: null,
      });
      await log.finish(e, { outcome, status: outcome === 'ok' ? 200 : 409, after: null });
    };
    await claim(7, 'c-ann', 'ok');
    await claim(8, 'c-bob', 'refused');
    await claim(9, 'c-cy', 'ok');
    await claim(9, 'c-dee', 'ok');
    await claim(9, 'c-eve', 'refused');
    const claims = await log.claimsOf([7, 8, 9, 10]);
    expect([...claims.keys()].sort()).toEqual([7, 9]);
    expect(claims.get(7)?.by).toBe('c-ann');
    expect(claims.get(9)?.by).toBe('c-dee');
    expect(await log.claimedAt(9)).toEqual(claims.get(9)?.at);
    expect(await log.claimedAt(8)).toBeNull();
    expect((await log.claimsOf([])).size).toBe(0);
  });

  it('filters and pages the log exactly as a plain filter, sort and slice would', async () => {
    const log = databaseAuditLog(database);
    // A log of its own: entries of one test run carry one request-id prefix, and each query
    // names one of its users, so entries of other tests never match.
    const users = ['u-ann', 'u-bob', 'u-cid'];
    const written: AuditEntry[] = [];
    for (let i = 0; i < 40; i += 1) {
      const e = await log.begin({
        requestId: `r${i}`,
        actor: users[i % 3] ?? 'u-ann',
        agency: i % 2 === 0 ? 'Acme' : null,
        action: AUDIT_ACTIONS[i % AUDIT_ACTIONS.length] as AuditAction,
        target: null,
        before: null,
      });
      written.push(await log.finish(e, { outcome: 'ok', status: 200, after: { i } }));
    }
    const first = Date.parse(written[0]?.at ?? '');
    const last = Date.parse(written[written.length - 1]?.at ?? '');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...users),
        fc.option(fc.constantFrom(...AUDIT_ACTIONS), { nil: null }),
        fc.option(fc.integer({ min: first - 5, max: last + 5 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 15 }),
        async (user, action, fromMs, spanMs, page, size) => {
          const from = fromMs === null ? null : new Date(fromMs).toISOString();
          const to =
            fromMs === null || spanMs === null ? null : new Date(fromMs + spanMs).toISOString();
          const q = query({ user, action, from, to, page, size });
          const expected = written
            .filter((e) => e.actor === user)
            .filter((e) => action === null || e.action === action)
            .filter((e) => from === null || e.at >= from)
            .filter((e) => to === null || e.at < to)
            .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
          const answer = await log.list(q);
          expect(answer.totalElements).toBe(expected.length);
          expect(answer.totalPages).toBe(Math.ceil(expected.length / size));
          expect(answer.content).toEqual(expected.slice((page - 1) * size, page * size));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a database that does not answer', () => {
  it('keeps the relay waiting (not ready) and answers every use as unavailable', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const database = openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/x' });
    const starting = database.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(database.isReady()).toBe(false);
    expect(await database.ping()).toBe(false);
    await expect(databasePreferences(database).get('ann')).rejects.toThrow('unavailable');
    await expect(
      databaseAuditLog(database).begin({
        requestId: 'r',
        actor: 'a',
        agency: null,
        action: 'preferences.update',
        target: null,
        before: null,
      }),
    ).rejects.toThrow('unavailable');
    await database.close();
    await starting;
  });
});

function query(q: Partial<AuditQuery>): AuditQuery {
  return { user: null, action: null, from: null, to: null, page: 1, size: 25, ...q };
}
