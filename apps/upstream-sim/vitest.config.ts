import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'upstream-sim', include: ['src/**/*.test.ts'] },
  resolve: { conditions: ['@referrals/source'] },
  ssr: { resolve: { conditions: ['@referrals/source'] } },
});
