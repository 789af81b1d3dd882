import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (no build needed).
// Without Vite's 'module' condition, which picks a bundler's ESM build (one Node cannot load:
// @opentelemetry/api's imports lack extensions) for a package Node then imports itself.
export const conditions = [
  '@referrals/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

export default defineProject({
  test: {
    name: 'relay',
    include: ['src/**/*.test.ts'],
    // The reliability suite loads the machine on purpose (thousands of sockets, killed
    // processes): it runs on its own, after everything else (vitest.reliability.config.ts).
    exclude: ['src/reliability/**'],
    env: { LOG_LEVEL: 'error' },
    // A PostgreSQL database of the run's own (the machine's server): inject('databaseUrl').
    globalSetup: ['src/testkit/database.globalSetup.testkit.ts'],
    testTimeout: 20_000,
  },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
