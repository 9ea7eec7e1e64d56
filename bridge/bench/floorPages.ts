/**
 * The floor's own pages: N phone pages in ONE new context of a given browser, opened one after
 * the other, each connected to the bridge and wrapped as a SimulatorEnv only so it can be put on
 * the chat list (the floor itself drives the page raw). Built here rather than taken from an
 * EnvPool so the floor is "N pages in one context" whatever the pool does with contexts.
 */
import type { Browser, BrowserContext } from 'playwright';
import { SimulatorEnv } from '../env/simulatorEnv.ts';
import { VIEWPORT } from '../protocol/state.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';

export interface FloorPages {
  envs: SimulatorEnv[];
  context: BrowserContext;
  close(): Promise<void>;
}

/** N phones in one context with the same context options as EnvPool's (viewport, scale 1, locale, motion). */
export async function openFloorPages(browser: Browser, bridge: BridgeServer, n: number, prefix: string): Promise<FloorPages> {
  const context = await browser.newContext({
    viewport: { width: VIEWPORT.width, height: VIEWPORT.height },
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const envs: SimulatorEnv[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const id = `${prefix}-floor${i}`;
      const connected = bridge.waitForDevice(id, { timeoutMs: 30_000 });
      const page = await context.newPage();
      await page.goto(bridge.phoneUrl(id, { kind: 'agent' }));
      envs.push(new SimulatorEnv(page, await connected));
    }
  } catch (e) {
    await context.close().catch(() => {});
    throw e;
  }
  return { envs, context, close: () => context.close().catch(() => {}) };
}
