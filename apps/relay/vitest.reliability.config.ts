import { defineConfig } from 'vitest/config';
import { conditions } from './vitest.config.js';

/**
 * The reliability suite: faults, restarts, kills, storms and fuzzing. One file at a time and
 * alone on the machine, so a storm's event-loop bound measures the relay, not its neighbours.
 */
export default defineConfig({
  test: {
    name: 'relay-reliability',
    root: import.meta.dirname,
    include: ['src/reliability/**/*.test.ts'],
    env: { LOG_LEVEL: 'error' },
    // A PostgreSQL database of the run's own (the machine's server): inject('databaseUrl').
    globalSetup: ['src/testkit/database.globalSetup.testkit.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
