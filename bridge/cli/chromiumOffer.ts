/**
 * No Chromium on this machine: at a terminal, phonegym offers to fetch Playwright's own build
 * (saying what it will run, how much it downloads and where it goes) and goes on with it once it
 * is there; anywhere else (CI, a pipe, a script) it stops with the message that says how to get
 * one, as it would without the offer. A download that cannot happen (no network) says so, with
 * the same ways out.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { homedir, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { findChromium, INSTALL_HINT, type ChromiumLocation } from '../env/browser.ts';
import { UsageError } from '../protocol/errors.ts';

/** Where Playwright keeps its browsers here (PLAYWRIGHT_BROWSERS_PATH, else its cache folder for this system). */
export function playwrightCache(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0') return env.PLAYWRIGHT_BROWSERS_PATH;
  if (platform() === 'darwin') return join(homedir(), 'Library', 'Caches', 'ms-playwright');
  if (platform() === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'ms-playwright');
  return join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'ms-playwright');
}

/** `npx playwright install chromium`, run as the installed playwright package's own CLI (no npx, no other version). */
export function installCommand(): { command: string; args: string[] } {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js');
  return { command: process.execPath, args: [cli, 'install', 'chromium'] };
}

export interface OfferIo {
  /** Whether a person is there to answer (stdin and stderr are terminals, and this is not CI). */
  interactive: boolean;
  ask(question: string): Promise<string>;
  say(line: string): void;
  /** Runs the install; resolves to its exit code. */
  install(): Promise<number>;
  find(): ChromiumLocation | null;
  cache: string;
}

export function terminalIo(): OfferIo {
  const { command, args } = installCommand();
  return {
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY && !process.env.CI),
    ask: async (q) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(q);
      } finally {
        rl.close();
      }
    },
    say: (l) => console.error(l),
    install: () =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: 'inherit' });
        child.on('error', () => resolve(127));
        child.on('exit', (code) => resolve(code ?? 1));
      }),
    find: () => findChromium(),
    cache: playwrightCache(),
  };
}

/** A Chromium: the one found, or, when a person says yes, Playwright's, downloaded now. Throws UsageError otherwise. */
export async function chromiumOrOffer(io: OfferIo = terminalIo()): Promise<ChromiumLocation> {
  const found = io.find();
  if (found) return found;
  if (!io.interactive) throw new UsageError(`no Chromium found. ${INSTALL_HINT}`);
  io.say('phonegym needs Chromium and found none (no PHONEGYM_CHROMIUM, no system Chromium or Chrome, no Playwright browser).');
  io.say(`It can fetch Playwright's own Chromium now: it runs \`npx playwright install chromium\`, which downloads about 170 MB into ${io.cache}.`);
  const answer = (await io.ask('Download it now? [y/N] ')).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new UsageError(`no Chromium, and none downloaded. ${INSTALL_HINT}`);
  const code = await io.install();
  const after = code === 0 ? io.find() : null;
  if (after) {
    io.say(`Chromium: ${after.path}`);
    return after;
  }
  throw new UsageError(
    code === 0
      ? `the download finished but no Chromium is where Playwright keeps it (${io.cache}). ${INSTALL_HINT}`
      : `the download failed (exit ${code}): this machine may not reach Playwright's download host. ${INSTALL_HINT}`,
  );
}
