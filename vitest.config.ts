import { defineConfig } from 'vitest/config';

/** One test command over every workspace; each workspace names its own project. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'bench/vitest.config.ts'],
    coverage: {
      provider: 'v8',
      include: ['packages/shared/src/**/*.ts', 'apps/*/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.testkit.ts', '**/main.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: {
        // The domain package holds every rule of the spec: it must be tested almost line for line.
        'packages/shared/src/**/*.ts': { lines: 95 },
      },
    },
  },
});
