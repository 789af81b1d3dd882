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
};
