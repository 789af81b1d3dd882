/**
 * The relay's database schema as an ordered list of migrations. Invariant: a migration that
 * has run anywhere is never edited; a change is the next migration.
 */
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The relay's schema, one migration per change, run in order by Kysely's migrator at start (on
 * the PostgreSQL server and on embedded PGlite alike). A migration that has run is never edited:
 * add the next one.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_preferences_and_audit_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preferences')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('prefs', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('agency', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('outcome', 'text', (c) =>
          c.notNull().check(sql`outcome in ('ok', 'refused', 'failed', 'pending')`),
        )
        .addColumn('status', 'integer')
        .addColumn('before', 'jsonb')
        .addColumn('after', 'jsonb')
        .execute();
      // The screen's filters, newest first: by time alone, by user, by action.
      await db.schema
        .createIndex('audit_log_at')
        .on('audit_log')
        .columns(['at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor_at')
        .on('audit_log')
        .columns(['actor', 'at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('audit_log_action_at')
        .on('audit_log')
        .columns(['action', 'at desc', 'id desc'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('preferences').execute();
    },
  },
  '0002_pipeline_and_returns': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pipeline')
        .addColumn('referral_id', 'bigint', (c) => c.primaryKey())
        .addColumn('agency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('follow_up_on', 'date')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      // An agency's board by progress, and its follow-ups by day.
      await db.schema
        .createIndex('pipeline_agency_status')
        .on('pipeline')
        .columns(['agency', 'status'])
        .execute();
      await db.schema
        .createIndex('pipeline_agency_follow_up')
        .on('pipeline')
        .columns(['agency', 'follow_up_on'])
        .execute();
      await db.schema
        .createTable('pipeline_note')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('referral_id', 'bigint', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pipeline_note_referral')
        .on('pipeline_note')
        .columns(['referral_id', 'id'])
        .execute();
      await db.schema
        .createTable('referral_return')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        // One request per referral, ever: a second one is refused.
        .addColumn('referral_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('agency', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('requested', 'approved', 'denied')`),
        )
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'timestamptz')
        .addColumn('comment', 'text')
        .addColumn('sold_price', 'numeric')
        .addColumn('credit', 'numeric')
        .execute();
      await db.schema
        .createIndex('referral_return_state')
        .on('referral_return')
        .columns(['state', 'requested_at'])
        .execute();
      await db.schema
        .createIndex('referral_return_agency')
        .on('referral_return')
        .columns(['agency', 'requested_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('referral_return').execute();
      await db.schema.dropTable('pipeline_note').execute();
      await db.schema.dropTable('pipeline').execute();
    },
  },
};
