import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'relay',
    include: ['src/**/*.test.ts'],
    env: { LOG_LEVEL: 'error' },
    testTimeout: 20_000,
  },
  resolve: { conditions: ['@referrals/source'] },
});
