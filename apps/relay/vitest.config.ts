import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (no build needed).
const conditions = ['@referrals/source', ...defaultServerConditions];

export default defineProject({
  test: {
    name: 'relay',
    include: ['src/**/*.test.ts'],
    env: { LOG_LEVEL: 'error' },
    testTimeout: 20_000,
  },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
