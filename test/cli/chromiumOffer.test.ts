/**
 * No Chromium: the offer to fetch Playwright's. At a terminal it says what it will run, how much
 * and where, and goes on with the browser once it is there; no answer but yes downloads nothing;
 * off a terminal it stops with the install hint; a download that cannot reach its host (here, the
 * real Playwright CLI pointed at a closed port) says so with the same ways out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { chromiumOrOffer, installCommand, playwrightCache, type OfferIo } from '../../bridge/cli/chromiumOffer.ts';
import { INSTALL_HINT, type ChromiumLocation } from '../../bridge/env/browser.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';

function io(over: Partial<OfferIo> & { answer?: string; after?: ChromiumLocation | null; code?: number }) {
  const said: string[] = [];
  let installs = 0;
  let installed = false;
  const base: OfferIo = {
    interactive: true,
    ask: async (q) => (said.push(q), over.answer ?? 'y'),
    say: (l) => said.push(l),
    install: async () => (installs++, (installed = (over.code ?? 0) === 0), over.code ?? 0),
    find: () => (installed ? (over.after === undefined ? { path: '/cache/chrome', source: 'playwright' } : over.after) : null),
    cache: '/home/me/.cache/ms-playwright',
  };
  return { io: { ...base, ...over }, said, installs: () => installs };
}

describe('the offer to fetch Playwright’s Chromium', () => {
  it('says what it will run, how much and where, and goes on with the browser it fetched', async () => {
    const t = io({});
    await expect(chromiumOrOffer(t.io)).resolves.toEqual({ path: '/cache/chrome', source: 'playwright' });
    expect(t.installs()).toBe(1);
    expect(t.said.join('\n')).toContain('npx playwright install chromium');
    expect(t.said.join('\n')).toContain('about 170 MB into /home/me/.cache/ms-playwright');
    expect(t.said).toContain('Download it now? [y/N] ');
  });

  it('downloads nothing without a yes, and stops with the ways to get one', async () => {
    for (const answer of ['', 'n', 'no', 'later']) {
      const t = io({ answer });
      const e = await chromiumOrOffer(t.io).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UsageError);
      expect((e as Error).message).toBe(`no Chromium, and none downloaded. ${INSTALL_HINT}`);
      expect(t.installs()).toBe(0);
    }
  });

  it('asks nothing off a terminal (CI, a pipe): the install hint, as before', async () => {
    const t = io({ interactive: false });
    await expect(chromiumOrOffer(t.io)).rejects.toThrow(`no Chromium found. ${INSTALL_HINT}`);
    expect(t.said).toEqual([]);
  });

  it('uses the browser already there without a word', async () => {
    const t = io({ find: () => ({ path: '/usr/bin/chromium', source: 'system' }) });
    await expect(chromiumOrOffer(t.io)).resolves.toEqual({ path: '/usr/bin/chromium', source: 'system' });
    expect(t.said).toEqual([]);
  });

  it('says the download failed when Playwright cannot reach its host', async () => {
    const browsers = mkdtempSync(join(tmpdir(), 'phonegym-pwcache-'));
    const env = { ...process.env, PLAYWRIGHT_DOWNLOAD_HOST: 'http://127.0.0.1:9', PLAYWRIGHT_BROWSERS_PATH: browsers };
    const { command, args } = installCommand();
    const t = io({
      install: () =>
        new Promise<number>((resolve) => {
          const child = spawn(command, args, { env, stdio: 'ignore' });
          child.on('exit', (code) => resolve(code ?? 1));
        }),
      find: () => null,
      cache: playwrightCache(env),
    });
    expect(t.io.cache).toBe(browsers);
    await expect(chromiumOrOffer(t.io)).rejects.toThrow(/^the download failed \(exit 1\): this machine may not reach Playwright's download host\. phonegym needs Chromium/);
    expect(t.said.join('\n')).toContain(`about 170 MB into ${browsers}`);
  }, 60_000);
});
