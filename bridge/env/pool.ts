/**
 * A pool of warm phone pages. Each page loads the phone once and connects to the bridge as a
 * device; episodes reuse it with an in-page reset (never a reload, never a new page per episode).
 * Isolation `pages` (one browser context, many pages) is what this pool does today.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import type { CoordSpace } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';
import { EnvError, SimulatorEnv } from './simulatorEnv.ts';

export interface PhonePoolOptions {
  browser: Browser;
  bridge: BridgeServer;
  size: number;
  screenshotScale?: 1 | 3;
  coords?: CoordSpace;
  jpegQuality?: number;
  /** Folder for per-page console logs (`pNN_<device>.log`). */
  logDir?: string;
  shardPrefix?: string;
}

export class PhonePool {
  private free: SimulatorEnv[] = [];
  private waiters: ((env: SimulatorEnv) => void)[] = [];
  readonly envs: SimulatorEnv[] = [];
  private constructor(private context: BrowserContext) {}

  static async open(opts: PhonePoolOptions): Promise<PhonePool> {
    const scale = opts.screenshotScale ?? 1;
    const context = await opts.browser.newContext({
      viewport: { width: VIEWPORT.width, height: VIEWPORT.height },
      deviceScaleFactor: scale,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    const pool = new PhonePool(context);
    const prefix = opts.shardPrefix ?? 'p00';
    await Promise.all(
      Array.from({ length: opts.size }, async (_, i) => {
        const deviceId = `${prefix}-phone${i}`;
        const page = await context.newPage();
        if (opts.logDir) attachLog(page, join(opts.logDir, `${prefix}_${deviceId}.log`));
        const connected = opts.bridge.waitForDevice(deviceId, { timeoutMs: 30_000 });
        await page.goto(opts.bridge.phoneUrl(deviceId, { kind: 'agent' }));
        const device = await connected.catch((e: Error) => {
          throw new EnvError(`the phone page ${deviceId} did not connect to the bridge: ${e.message}`, { code: 'env_start' });
        });
        const env = new SimulatorEnv(page, device, { coords: { space: opts.coords ?? 'pixels', screenshotScale: scale }, jpegQuality: opts.jpegQuality });
        pool.envs.push(env);
        pool.free.push(env);
      }),
    );
    return pool;
  }

  acquire(): Promise<SimulatorEnv> {
    const env = this.free.shift();
    if (env) return Promise.resolve(env);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(env: SimulatorEnv): void {
    const w = this.waiters.shift();
    if (w) w(env);
    else this.free.push(env);
  }

  pageOf(deviceId: string): Page | undefined {
    return this.envs.find((e) => e.deviceId === deviceId)?.page;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}

function attachLog(page: Page, file: string): void {
  const write = (line: string) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    } catch {
      /* the run folder may be gone at shutdown */
    }
  };
  page.on('console', (m) => write(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => write(`[pageerror] ${e.message}`));
  page.on('crash', () => write('[crash] the page crashed'));
}
