import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@referrals/shared/testing';

/**
 * End-to-end suites against the whole stack in Debian's Chromium, launched as the bench launches
 * it (shared's `chromiumLaunchOptions`). Nothing downloads a browser: the executable is the
 * system's. The stack is started once by the global setup.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './src/globalSetup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: chromiumLaunchOptions(process.env),
  },
});
