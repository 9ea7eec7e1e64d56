/**
 * Finding and launching a Chromium. Order: PHONEGYM_CHROMIUM (explicit override), a system
 * Chromium or Chrome, Playwright's own downloaded browser, else a clear message on how to get one.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Browser, LaunchOptions } from 'playwright';
import { UsageError } from '../protocol/errors.ts';

export const CHROMIUM_ENV = 'PHONEGYM_CHROMIUM';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** Flags that keep a headless Chromium quiet and deterministic on a machine without network or GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
  // A changed tile is rastered whole, never only its damaged part: Skia anti-aliases a rounded
  // corner cut by that part's clip 1-4 levels differently, so with partial raster a pixel
  // depended on which frames happened to be drawn before (issue 12: same seed, 2 of 333 step
  // JPEGs differed). test/cli/pixels.test.ts holds two runs to the byte.
  '--disable-partial-raster',
  // Every page gets its frame when it asks: without this, all but one of N pages in a browser
  // wait up to a second for requestAnimationFrame (measured: 170-960 ms), and so for `settle`.
  '--disable-frame-rate-limit',
  // Pages share renderer processes, at most one per core: measured on 2 cores, an extra phone
  // page costs 23 MB instead of 37 MB, and 8 pages step faster (fewer processes contending).
  `--renderer-process-limit=${Math.max(2, availableParallelism())}`,
  // The young generation may grow to 8 MB semi-spaces (V8's default is up to 16), and the old
  // generation grows by 25 % at a time instead of doubling. A reset parses the whole phone (~0.5 MB
  // of JSON, a few MB of objects): with 1 MB semi-spaces that promoted most of it and a chat reset
  // spent 7-11 ms of its ~40 in the collector; with 8 MB, 2.6-3.7 ms, and the reset took ~28 ms.
  // The young generation is the renderer process's (its pages share one isolate), so this costs
  // about 3 MB a page (PSS per extra env, 9 envs: 31.0 MB with 1 MB semi-spaces, 34.4 with 8).
  // (V8's --optimize-for-size saves memory too but costs a fifth of the steps/s.)
  '--js-flags=--max-semi-space-size=8 --heap-growing-percent=25',
];

export interface ChromiumLocation {
  path: string;
  source: 'env' | 'system' | 'playwright';
}

export const INSTALL_HINT =
  'phonegym needs Chromium. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`; macOS: install Google Chrome); ' +
  'or, on a machine that can download, let Playwright fetch its own: `npx playwright install chromium` downloads about 170 MB into ' +
  'its cache (~/.cache/ms-playwright on Linux, ~/Library/Caches/ms-playwright on macOS, %USERPROFILE%\\AppData\\Local\\ms-playwright on Windows), ' +
  `where phonegym finds it; or point ${CHROMIUM_ENV} at a Chromium/Chrome executable.`;

export function findChromium(env: NodeJS.ProcessEnv = process.env, candidates: readonly string[] = SYSTEM_CANDIDATES, bundled: () => string = bundledChromium): ChromiumLocation | null {
  const override = env[CHROMIUM_ENV];
  if (override) {
    if (!existsSync(override)) {
      throw new UsageError(`${CHROMIUM_ENV} is set to ${override}, but no file exists there. Fix the path or unset it.`);
    }
    return { path: override, source: 'env' };
  }
  for (const p of candidates) if (existsSync(p)) return { path: p, source: 'system' };
  try {
    const p = bundled();
    if (p && existsSync(p)) return { path: p, source: 'playwright' };
  } catch {
    /* no bundled browser */
  }
  return null;
}

/**
 * Playwright's own browser, where it fetched one. Playwright is loaded only here and at a launch:
 * loading it is ~0.4 s, which a command that starts no browser (help, a refusal, list) need not pay.
 */
function bundledChromium(): string {
  return (createRequire(import.meta.url)('playwright') as typeof import('playwright')).chromium.executablePath();
}

/** Playwright's chromium, loaded when a browser is first launched or connected to. */
export async function playwrightChromium(): Promise<typeof import('playwright').chromium> {
  return (await import('playwright')).chromium;
}

export function requireChromium(): ChromiumLocation {
  const found = findChromium();
  if (!found) throw new UsageError(`no Chromium found. ${INSTALL_HINT}`);
  return found;
}

export async function launchChromium(opts: LaunchOptions = {}): Promise<Browser> {
  const { path } = requireChromium();
  // phonegym decides when the browser closes: on Ctrl+C the run first finishes its files.
  return (await playwrightChromium()).launch({ headless: true, executablePath: path, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, ...opts, args: [...CHROMIUM_ARGS, ...(opts.args ?? [])] });
}
