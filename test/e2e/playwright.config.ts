import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from '../../bridge/env/browser.ts';

// The system Chromium (or PHONEGYM_CHROMIUM, or Playwright's own): never a download.
const chromium = requireChromium();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  // On CI a failed test runs once more, and the report says it was flaky (a real failure fails twice).
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // An assertion's wait: Playwright's default of 5 s is short for a page on a loaded 2-core machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: '../../test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
    viewport: { width: 1400, height: 900 },
    // An action that cannot happen (a disabled button, a gone element) fails within a bound and
    // says which, instead of waiting out the test's whole timeout.
    actionTimeout: 30_000,
  },
});
