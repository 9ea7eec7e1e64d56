/**
 * The studio's recorder on a real phone page (kind=interactive, simulator-apps/os/inputCapture.ts):
 * a press is a tap or a long press by how long the finger was down when the input happened, not
 * by when the page got round to the events. A page busy between the down and the up (a screen
 * mounting, a loaded CI host) once turned a quick click into a recorded `long press`
 * (test/e2e/record.spec.ts failed so once at 3b8fd78).
 */
import type { Browser, CDPSession, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { launchChromium } from '../../bridge/env/browser.ts';
import type { InputCapture } from '../../bridge/protocol/demo.ts';
import { VIEWPORT } from '../../bridge/protocol/state.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';

let bridge: BridgeServer;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
const got: InputCapture[] = [];

beforeAll(async () => {
  const web = await ensureWebBuild();
  bridge = await BridgeServer.start({ staticDir: web.dir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { ...VIEWPORT } });
  const connected = bridge.waitForDevice('rec1');
  await page.goto(bridge.phoneUrl('rec1', { kind: 'interactive' }));
  (await connected).on('userInput', (c) => got.push(c));
  cdp = await page.context().newCDPSession(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

const mouse = (type: 'mousePressed' | 'mouseReleased') => cdp.send('Input.dispatchMouseEvent', { type, x: 180, y: 420, button: 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1, pointerType: 'mouse' });
/** The next pointerdown holds the page's main thread for `ms` once the recorder has seen it (a screen mounting, a stalled host). */
const stallNextDown = (ms: number) =>
  page.evaluate(`window.addEventListener('pointerdown', () => { const t = performance.now(); while (performance.now() - t < ${ms}) {} }, { capture: true, once: true })`);
/** The capture the press made (the n-th: how many there were before it). */
const captureAfter = async (n: number): Promise<InputCapture> => {
  await expect.poll(() => got.length, { timeout: 10_000 }).toBeGreaterThan(n);
  return got[n]!;
};

describe('the recorder tells a tap from a long press', () => {
  it('a quick press stays a tap while the page is busy between its down and its up', async () => {
    const n = got.length;
    await stallNextDown(900);
    // Down and up sent together (a click): the up waits ~900 ms for the page to be free.
    await Promise.all([mouse('mousePressed'), mouse('mouseReleased')]);
    expect((await captureAfter(n)).kind).toBe('tap');
  });

  it('a finger held past the threshold is a long press', async () => {
    const n = got.length;
    await mouse('mousePressed');
    await new Promise((r) => setTimeout(r, 700));
    await mouse('mouseReleased');
    expect((await captureAfter(n)).kind).toBe('long_press');
  });
});
