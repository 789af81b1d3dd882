import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases } from '../testkit/bothDatabases.testkit.js';
import type { RelayDatabase } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { databasePipeline } from './pipeline.js';
import { databaseReturns } from './returns.js';

/** The migration that added the pipeline's history and the returns' evidence. */
const HISTORY = '0004_pipeline_events_and_return_evidence';
const before = Object.keys(MIGRATIONS)
  .sort()
  .filter((name) => name < HISTORY)
  .at(-1);

const targets = bothDatabases('history');

describe.each(targets)('the pipeline history on $name', ({ open }) => {
  let opened: { database: RelayDatabase; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.database.close();
    await opened?.drop();
    opened = undefined;
  });

  it('is migrated additively: status changes saved before come from the audit log, and older returns keep everything', async () => {
    opened = await open();
    const { database } = opened;
    const { db } = database;
    if (!before) throw new Error(`no migration runs before ${HISTORY}`);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    // A referral worked before the history existed: four saves (one refused) and a return.
    await db
      .insertInto('pipeline')
      .values({
        referral_id: 41,
        agency: 'Acme',
        status: 'Quote Sent',
        version: 3,
        updated_by: 'bob',
      })
      .execute();
    const save = (at: string, actor: string, status: string, outcome = 'ok') =>
      sql`insert into audit_log (at, request_id, actor, agency, action, target, outcome, status, after)
          values (${at}, 'r', ${actor}, 'Acme', 'pipeline.update', 'referral 41', ${outcome}, 200,
                  ${JSON.stringify({ status, followUpOn: null, version: 1, note: null })}::jsonb)`.execute(
        db,
      );
    await save('2026-11-01T10:00:00Z', 'ann', 'In Progress');
    await save('2026-11-01T11:00:00Z', 'bob', 'In Progress');
    await save('2026-11-01T11:30:00Z', 'eve', 'Unable to Service', 'refused');
    await save('2026-11-02T09:00:00Z', 'bob', 'Quote Sent');
    await sql`insert into referral_return (referral_id, agency, requested_by, reason, note, state, sold_price)
              values (41, 'Acme', 'ann', 'duplicate', 'Bought twice.', 'requested', 40)`.execute(
      db,
    );

    await database.start();
    const [pipeline] = await databasePipeline(database).get([{ id: 41, agency: 'Acme' }]);
    expect(pipeline?.events).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: 'Open',
        to: 'In Progress',
        by: 'ann',
        at: '2026-11-01T10:00:00.000Z',
      }),
      expect.objectContaining({
        kind: 'status',
        from: 'In Progress',
        to: 'Quote Sent',
        by: 'bob',
        at: '2026-11-02T09:00:00.000Z',
      }),
    ]);
    expect(pipeline).toMatchObject({ status: 'Quote Sent', version: 3 });
    const old = (await databaseReturns(database).ofReferrals([41])).get(41);
    expect(old).toMatchObject({
      reason: 'duplicate',
      note: 'Bought twice.',
      state: 'requested',
      soldPrice: 40,
      evidence: null,
    });
  });

  it('records a status change only when the status changes, and nothing for a stale save', async () => {
    opened = await open();
    const { database } = opened;
    await database.start();
    const store = databasePipeline(database);
    const referral = { id: 7, agency: 'Acme' };
    await store.save(referral, { version: 0, status: 'Open', followUpOn: null, note: 'Hi' }, 'ann');
    expect((await store.get([referral]))[0]?.events).toEqual([]);
    await store.save(referral, { version: 1, status: 'Quote Sent', followUpOn: null }, 'ann');
    await expect(
      store.save(
        referral,
        { version: 1, status: 'Open', followUpOn: null, contact: 'textSent' },
        'bob',
      ),
    ).rejects.toThrow(/stale/);
    const [p] = await store.get([referral]);
    expect(p?.events.map((e) => (e.kind === 'status' ? `${e.from}>${e.to}` : e.contact))).toEqual([
      'Open>Quote Sent',
    ]);
  });
});
