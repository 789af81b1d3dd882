import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (no build needed).
const conditions = ['@referrals/source', ...defaultServerConditions];

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test.setup.ts'],
    testTimeout: 60_000,
  },
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
