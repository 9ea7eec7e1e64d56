/**
 * The bridge as a real browser sees it: the page's own origin passes the Origin check, the CSP
 * lets the page reach its bridge but nothing else, and a foreign origin is refused.
 * Skipped where no Chromium is installed (set PHONEGYM_CHROMIUM to point at one).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { startBridge } from './helpers.ts';

const executablePath = process.env.PHONEGYM_CHROMIUM ?? '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(!existsSync(executablePath))('bridge in a real browser', () => {
  let browser: Browser;
  let server: BridgeServer;
  let logs: string[];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath, args });
    ({ server, logs } = await startBridge());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('accepts the phone page from its own origin and serves calls', async () => {
    const page = await browser.newPage();
    const waiting = server.waitForDevice('b1', { timeoutMs: 10_000 });
    await page.goto(server.phoneUrl('b1', { kind: 'interactive' }));
    const device = await waiting;
    expect(device.kind).toBe('interactive');
    await expect(device.call('getState', {})).resolves.toMatchObject({ revision: 7 });
    await page.close();
  });

  it('blocks every request to another origin through the CSP', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/studio.html`);
    const violated = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective));
          fetch('http://127.0.0.1:9/steal').catch(() => {});
        }),
    );
    expect(violated).toBe('connect-src');
    await page.close();
  });

  it('refuses a socket opened by a page of another origin', async () => {
    const foreign: Server = createServer((_req, res) => res.end('<!doctype html><title>foreign</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const { port } = foreign.address() as { port: number };
    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const wsUrl = `${server.url.replace('http', 'ws')}/ws/studio?token=${server.token}`;
      const outcome = await page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onopen = () => resolve('open');
            ws.onclose = () => resolve('closed');
          }),
        wsUrl,
      );
      expect(outcome).toBe('closed');
      expect(logs.some((l) => l.includes(`origin http://127.0.0.1:${port} is not allowed (403)`))).toBe(true);
    } finally {
      await page.close();
      await new Promise<void>((resolve) => foreign.close(() => resolve()));
    }
  });
});
