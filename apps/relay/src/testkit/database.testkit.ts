/**
 * Throwaway PostgreSQL databases for the tests, on the machine's server. Invariant: a test drops
 * only a database it created.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type RelayDatabase } from '../db/database.js';

/** The PostgreSQL server the tests use (the machine's own, trust auth): its maintenance db. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A database of its own on the test server, for one test run or file: `drop` removes it, and
 * only it (never a database the tests did not create).
 */
export async function createTestDatabase(label = 'test') {
  const name = `rc_${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * The two databases the relay runs on, each opened fresh: the PostgreSQL server (CI, production;
 * a database of its own, named after `label`, dropped after) and embedded PGlite in memory (`npm
 * start` with nothing configured). For `describe.each`: one contract over both.
 */
export const bothDatabases = (label: string) => [
  {
    name: 'PostgreSQL',
    open: async (): Promise<{ database: RelayDatabase; drop: () => Promise<void> }> => {
      const created = await createTestDatabase(label);
      return {
        database: openDatabase({ kind: 'postgres', url: created.url }),
        drop: () => created.drop(),
      };
    },
  },
  {
    name: 'PGlite',
    open: () =>
      Promise.resolve({
        database: openDatabase({ kind: 'pglite', dir: 'memory://' }),
        drop: () => Promise.resolve(),
      }),
  },
];
