/**
 * The relay's database (PostgreSQL, or PGlite embedded): opened, migrated at start with retries,
 * and every call's failure sorted into unreachable (a 503) or a bug. Invariant: nothing uses the
 * database before its migrations ran; until then every use answers DatabaseUnavailableError.
 */
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { logger } from '../log.js';
import { embeddedPglite } from './embeddedPglite.js';
import { BACKOFF, backoffMs } from '../resilience.js';
import { MIGRATIONS } from './migrations.js';
import type { Database } from './schema.js';
import type { DatabaseTarget } from './target.js';

const log = logger('db');

/**
 * The database cannot be reached (down, restarting, out of connections): writes answer 503 and
 * nothing is half-written. Any other database error is the relay's own bug.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE classes that mean "not reachable now": connection, resources, operator, system. */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * True when an error means the database could not be reached. A PostgreSQL error carries a
 * five-character SQLSTATE; a driver or network error (refused, reset, pool timeout) does not.
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return UNAVAILABLE_CLASSES.has(code.slice(0, 2));
  }
  return err instanceof Error;
}

/** Runs a database call; an unreachable database becomes DatabaseUnavailableError (a 503). */
export async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
  }
}

/** The relay's database: migrated at start, retried while it does not answer. */
export interface RelayDatabase {
  readonly kind: DatabaseTarget['kind'];
  readonly db: Kysely<Database>;
  /** Runs the migrations, retrying with backoff while the database does not answer. */
  start(): Promise<void>;
  /** True once migrated; until then every use answers DatabaseUnavailableError. */
  isReady(): boolean;
  /** Throws DatabaseUnavailableError (a 503) until migrated. */
  assertReady(): void;
  /** Whether the database answers now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Applies every migration not yet applied; throws on a failed migration. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function dialectFor(target: DatabaseTarget) {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
      // A write never waits long on a sick server: the caller gets a 503 instead.
      query_timeout: 10_000,
    });
    pool.on('error', (err) => log.warn({ err }, 'idle database connection failed'));
    return new PostgresDialect({ pool });
  }
  // On a thread of its own: opening it (a fresh folder: seconds) never holds the event loop.
  return new PGliteDialect(
    embeddedPglite(target.dir) as ConstructorParameters<typeof PGliteDialect>[0],
  );
}

/** Opens the database (no I/O until start). */
export function openDatabase(target: DatabaseTarget): RelayDatabase {
  const db = new Kysely<Database>({ dialect: dialectFor(target) });
  let ready = false;
  let closed = false;
  const ping = () =>
    db
      .selectFrom('preferences')
      .select('username')
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      );
  return {
    kind: target.kind,
    db,
    isReady: () => ready,
    assertReady() {
      if (!ready) throw new DatabaseUnavailableError('not migrated yet');
    },
    ping: () => (ready ? ping() : Promise.resolve(false)),
    async start() {
      for (let attempt = 0; !closed; attempt += 1) {
        try {
          const applied = await migrate(db);
          ready = true;
          log.info(
            { database: target.kind, applied },
            applied.length > 0 ? 'database migrated' : 'database schema is current',
          );
          return;
        } catch (err) {
          // Closed meanwhile (the relay stops before the database opened): nothing to retry.
          if (closed) return;
          // A migration that fails on a reachable database is a bug: stop rather than run
          // without a schema.
          if (!isUnavailable(err)) throw err;
          const wait = backoffMs(attempt, BACKOFF.database);
          log.warn({ err, retryInMs: wait }, 'database not reachable; retrying');
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    },
    async close() {
      closed = true;
      await db.destroy();
    },
  };
}
