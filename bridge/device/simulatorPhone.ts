/**
 * The `VirtualPhone` over phonegym's own simulator: a bridge, a Chromium and one phone page
 * (a `SimulatorEnv`), owned here and closed together. Every action goes through `env.step`, so
 * the phone has settled before the command that asked for it exits, as `input` on a handset
 * returns once the event is injected. `env` stays reachable: whoever drives the device over adb
 * can still read the phone's state tree through it.
 */
import type { Browser } from 'playwright';
import { ensureWebBuild } from '../build/webBuild.ts';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import type { Action, KeyName } from '../protocol/actions.ts';
import type { Route, UiNode } from '../protocol/state.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import type { VirtualPhone } from './deviceShell.ts';

export interface SimulatorPhoneOptions {
  /** Device pixels per CSS pixel of the screenshots (default 3: 1080x2400). */
  scale?: number;
  /** Progress of the web build, when one is needed. */
  log?: (line: string) => void;
  /** Off: the device does not let adb clients read or set its state tree (it acts as a real phone). Default on. */
  withState?: boolean;
}

export class SimulatorPhone implements VirtualPhone {
  private constructor(
    readonly env: SimulatorEnv,
    readonly apps: readonly string[],
    readonly scale: number,
    private readonly withState: boolean,
    private readonly owned: { bridge: BridgeServer; browser: Browser; pool: EnvPool },
  ) {}

  /** A phone page at home, on a bridge and a Chromium of its own. */
  static async launch(opts: SimulatorPhoneOptions = {}): Promise<SimulatorPhone> {
    const scale = opts.scale ?? 3;
    const web = await ensureWebBuild({ log: opts.log });
    const bridge = await BridgeServer.start({ staticDir: web.dir });
    let browser: Browser | undefined;
    let pool: EnvPool | undefined;
    try {
      browser = await launchChromium();
      // The env's actions are in CSS pixels (pixels at scale 1); screenshots ask for `scale` themselves.
      pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'vdev' });
      const env = await pool.acquire();
      env.screenshots = false;
      const apps = Object.keys((await env.getState()).state.apps);
      return new SimulatorPhone(env, apps, scale, opts.withState ?? true, { bridge, browser, pool });
    } catch (e) {
      await pool?.close();
      await browser?.close().catch(() => {});
      await bridge.close();
      throw e;
    }
  }

  private async step(action: Action): Promise<void> {
    await this.env.step(action, { screenshot: false });
  }

  tap(x: number, y: number): Promise<void> {
    return this.step({ type: 'tap', x, y });
  }

  longPress(x: number, y: number, ms: number): Promise<void> {
    return this.step({ type: 'long_press', x, y, durationMs: ms });
  }

  swipe(x1: number, y1: number, x2: number, y2: number, ms: number): Promise<void> {
    return this.step({ type: 'swipe', x1, y1, x2, y2, durationMs: ms });
  }

  drag(x1: number, y1: number, x2: number, y2: number, ms: number): Promise<void> {
    return this.step({ type: 'drag', x1, y1, x2, y2, durationMs: ms });
  }

  key(key: KeyName): Promise<void> {
    return this.step({ type: 'key', key });
  }

  typeText(text: string): Promise<void> {
    return this.step({ type: 'type', text });
  }

  /** The page's state tree, for the `phonegym` command (a run in another process sets tasks up over adb); none with `withState` off. */
  get state(): SimulatorEnv | undefined {
    return this.withState ? this.env : undefined;
  }

  clearText(): Promise<void> {
    return this.step({ type: 'type', text: '', clear: true });
  }

  openApp(app: string): Promise<void> {
    return this.step({ type: 'open_app', app });
  }

  goHome(): Promise<void> {
    return this.step({ type: 'key', key: 'home' });
  }

  screenshotPng(): Promise<Buffer> {
    return this.env.screenshotPng(this.scale);
  }

  async uiTree(): Promise<UiNode[]> {
    return (await this.env.observe({ screenshot: false })).tree;
  }

  async route(): Promise<Route> {
    return (await this.env.getState()).route;
  }

  async close(): Promise<void> {
    await this.owned.pool.close();
    await this.owned.browser.close().catch(() => {});
    await this.owned.bridge.close();
  }
}
