import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './test/support/chromium-args';

/**
 * End-to-end tests: the real renderer in Debian's Chromium, served by the web host, against the
 * sandbox on loopback. Playwright's own browser download is not used (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).
 */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Tests are independent (each has its own data directory, sandbox and web host): any two may
  // run side by side, so a long file (screens-fit) is spread over the workers.
  fullyParallel: true,
  workers: Number(process.env.WD_E2E_WORKERS ?? 2),
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.WD_CHROMIUM ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    viewport: { width: 1280, height: 860 },
    screenshot: 'only-on-failure',
    // A trace records a screencast of every test, kept or not: a third of Chromium's work on these
    // two cores (108 → 74 CPU-seconds for counts-work-kept). WD_E2E_TRACE=1 records them again.
    trace: process.env.WD_E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    { name: 'web', testIgnore: /electron\// },
    { name: 'electron', testMatch: /electron\/.*\.spec\.ts/ },
  ],
});
