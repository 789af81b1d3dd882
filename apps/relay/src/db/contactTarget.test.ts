import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothDatabases } from '../testkit/bothDatabases.testkit.js';
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
});
