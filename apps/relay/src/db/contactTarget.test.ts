import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothDatabases } from '../testkit/bothDatabases.testkit.js';
import { databaseAuditLog } from './auditLog.js';
import { databaseContactTargets } from './contactTarget.js';
import type { RelayDatabase } from './database.js';

describe.each(bothDatabases('contacttarget'))('contact targets on $name', ({ open }) => {
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

  it('answers the default to an agency that set none, and keeps each agency’s own', async () => {
    const store = databaseContactTargets(database);
    expect(await store.get('Lone Star')).toEqual({
      agency: 'Lone Star',
      minutes: 10,
      updatedBy: null,
      updatedAt: null,
    });
    await store.set('Lone Star', 20, 'ann');
    const again = await store.set('Lone Star', 5, 'bob');
    expect(again).toMatchObject({ minutes: 5, updatedBy: 'bob' });
    expect(await store.get('Lone Star')).toEqual(again);
    expect((await store.get('Peachtree')).minutes).toBe(10);
  });

  it('refuses a target outside 1 to 240 minutes in the table itself', async () => {
    const store = databaseContactTargets(database);
    await expect(store.set('Lone Star', 241, 'ann')).rejects.toThrow();
    await expect(store.set('Lone Star', 0, 'ann')).rejects.toThrow();
    expect((await store.get('Lone Star')).minutes).toBe(5);
  });

  it('finds the latest successful claim of each referral, by whom', async () => {
    const audit = databaseAuditLog(database);
    const claim = async (id: number, actor: string, outcome: 'ok' | 'refused') => {
      const e = await audit.begin({
        requestId: `r-${id}-${actor}`,
        actor,
        agency: 'Lone Star',
        action: 'referral.claim',
        target: `referral ${id}`,
        before: null,
      });
      await audit.finish(e, { outcome, status: outcome === 'ok' ? 200 : 409, after: null });
    };
    await claim(7, 'ann', 'ok');
    await claim(8, 'bob', 'refused');
    await claim(9, 'cy', 'ok');
    const claims = await databaseContactTargets(database).claimsOf([7, 8, 9, 10]);
    expect([...claims.keys()].sort()).toEqual([7, 9]);
    expect(claims.get(7)?.by).toBe('ann');
    expect(claims.get(9)?.at).toBeInstanceOf(Date);
    expect((await databaseContactTargets(database).claimsOf([])).size).toBe(0);
  });
});
