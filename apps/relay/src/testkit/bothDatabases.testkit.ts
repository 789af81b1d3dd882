/**
 * The two databases the relay runs on, for tests of one contract over both. Kept apart from
 * database.testkit.ts, which the run's global setup loads before any package is built.
 */
import { openDatabase, type RelayDatabase } from '../db/database.js';
import { createTestDatabase } from './database.testkit.js';

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
