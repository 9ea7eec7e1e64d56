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
  timeout: 120_000,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: '../../test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
    viewport: { width: 1400, height: 900 },
  },
});
