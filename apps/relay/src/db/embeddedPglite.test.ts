import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPglite } from './embeddedPglite.js';

const db = embeddedPglite('memory://');
// A fresh database is created in WebAssembly first: seconds, more on a busy machine.
beforeAll(() => db.query('select 1'), 120_000);
afterAll(() => db.close());

describe('the embedded database on its own thread', () => {
  it('answers rows with their types, and counts what a write changed', async () => {
    await db.query('create table t (id int primary key, at timestamptz, doc jsonb)');
    const at = new Date('2026-12-07T01:02:03.000Z');
    const insert = await db.query('insert into t values ($1, $2, $3), ($4, $2, $3)', [
      1,
      at,
      JSON.stringify({ a: [1, 2] }),
      2,
    ]);
    expect(insert.affectedRows).toBe(2);
    const { rows } = await db.query<{ id: number; at: Date; doc: unknown }>(
      'select * from t order by id',
    );
    expect(rows).toEqual([
      { id: 1, at, doc: { a: [1, 2] } },
      { id: 2, at, doc: { a: [1, 2] } },
    ]);
  });

  it("keeps a failed query's SQLSTATE and constraint, so a unique violation reads as one", async () => {
    await db.query('create table u (name text primary key)');
    await db.query("insert into u values ('a')");
    const failure = await db.query("insert into u values ('a')").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'u_pkey' });
    expect((failure as Error).message).toMatch(/duplicate key/);
  });

  // Last: it closes the database the others use.
  it('refuses every query once closed', async () => {
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('the embedded database is closed');
  });
});
