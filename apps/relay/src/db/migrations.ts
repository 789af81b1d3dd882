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
  '0003_marketplace_self_serve': {
    async up(db: Kysely<unknown>) {
      // What the upstream has no field for: an admin's bounds on an agency's own caps, and the
      // pause window the poll owner applies (self-serve, db/selfServe.ts).
      await db.schema
        .createTable('marketplace_self_serve')
        .addColumn('marketplace_id', 'integer', (c) => c.primaryKey())
        .addColumn('max_per_day_bound', 'integer')
        .addColumn('max_per_week_bound', 'integer')
        .addColumn('pause_from', 'timestamptz')
        .addColumn('pause_until', 'timestamptz')
        .addColumn('pause_active', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('restore_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'timestamptz')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('marketplace_self_serve').execute();
    },
  },
  '0004_pipeline_events_and_return_evidence': {
    // Additive: a new table and a nullable column; nothing stored before is changed or dropped.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pipeline_event')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('referral_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('status', 'contact')`))
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('contact', 'text')
        .execute();
      await db.schema
        .createIndex('pipeline_event_referral')
        .on('pipeline_event')
        .columns(['referral_id', 'id'])
        .execute();
      // The status changes saved before this table, from the audit log of every successful save
      // (which holds the status each save left): the history starts real, not empty.
      await sql`
        insert into pipeline_event (referral_id, at, by, kind, from_status, to_status)
        select referral_id, at, actor, 'status', from_status, to_status
        from (
          select
            substring(target from 10)::bigint as referral_id,
            at,
            actor,
            after ->> 'status' as to_status,
            coalesce(
              lag(after ->> 'status') over (partition by target order by at, id),
              'Open'
            ) as from_status
          from audit_log
          where action = 'pipeline.update'
            and outcome = 'ok'
            and target ~ '^referral [0-9]{1,18}$'
            and after ->> 'status' is not null
        ) saves
        where to_status <> from_status
        order by at, referral_id
      `.execute(db);
      await db.schema.alterTable('referral_return').addColumn('evidence', 'jsonb').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('referral_return').dropColumn('evidence').execute();
      await db.schema.dropTable('pipeline_event').execute();
    },
  },
  '0005_agency_contact_target': {
    // Additive: a new table; an agency without a row has the default target (10 minutes).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('agency_contact_target')
        .addColumn('agency', 'text', (c) => c.primaryKey())
        .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes between 1 and 240`))
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('agency_contact_target').execute();
    },
  },
};
