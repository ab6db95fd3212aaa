import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/setup/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

/**
 * Browser tests drive Debian's Chromium (nothing is downloaded). The global setup generates a
 * small sample catalog and builds the three shops into .cache/e2e/; the web server serves them at
 * http://<shop>.localhost:<port> (Chromium resolves *.localhost to loopback).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/setup/global-setup.ts',
  // A hang guard, not a speed check (the benches measure speed): the 2-core CI machine runs two
  // workers and a test there takes up to twice as long as on a developer's machine.
  timeout: process.env.CI ? 60_000 : 30_000,
  // CI (2 cores, two workers): a test that fails once is run once more and reported as flaky in
  // the summary of scripts/test.ts; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: E2E.report }]] : [['list'], ['json', { outputFile: E2E.report }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  webServer: {
    command: `node scripts/serve.ts`,
    // No API_URL: /api goes where each shop's generated _redirects sends it (SHOP_API_URL of the build, see the global setup).
    env: { PORT: String(E2E.port), DIST_DIR: E2E.dist },
    url: `http://127.0.0.1:${E2E.port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
