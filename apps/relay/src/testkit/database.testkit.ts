/**
 * Throwaway PostgreSQL databases for the tests, on the machine's server. Invariant: a test drops
 * only a database it created.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

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
