/**
 * EnvPool: N warm phones for N episodes at once (spec section 6). Each env is one page that
 * loads the phone once and connects to the bridge as a device; episodes reuse it with an in-page
 * reset (never a reload, never a new page per episode).
 *
 * Isolation levels:
 * - `pages` (default): B browsers, one context each, the N pages spread over them.
 * - `contexts`: B browsers, one context per page (separate storage and cookies).
 * - `browsers`: one browser process per page (a crash takes down one env only).
 *
 * A broken env (crashed page, dead browser, hung episode) is replaced in its slot: the page is
 * closed, a dead browser is relaunched once for all its envs, and a fresh page connects.
 *
 *   const pool = await EnvPool.open({ bridge, size: 4 });
 *   for await (const env of pool) await env.reset(state);      // every env once
 *   const env = await pool.acquire(); … pool.release(env);      // or one at a time
 *   await pool.close();
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import type { CoordSpace } from '../protocol/actions.ts';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { VIEWPORT } from '../protocol/state.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';
import { DEVICE_ID_PATTERN } from '../server/deviceRegistry.ts';
import { launchChromium, playwrightChromium } from './browser.ts';
import { EnvError, SimulatorEnv } from './simulatorEnv.ts';
import type { EnvSource } from './types.ts';

export const ISOLATIONS = ['pages', 'contexts', 'browsers'] as const;
export type Isolation = (typeof ISOLATIONS)[number];

export interface EnvPoolOptions {
  bridge: BridgeServer;
  /** How many envs (pages). */
  size: number;
  isolation?: Isolation;
  /** Under pages/contexts: how many browsers the pages are spread over (default 1). */
  browsers?: number;
  /** Use this browser for every env (pages/contexts with one browser); the caller closes it. */
  browser?: Browser;
  /** Connect to a Playwright browser server (`playwright run-server`, `launchServer`) instead of launching. */
  browserEndpoint?: string;
  screenshotScale?: 1 | 3;
  coords?: CoordSpace;
  jpegQuality?: number;
  /** Folder for per-page console logs (`<prefix>_<device>.log`). */
  logDir?: string;
  /** Device ids and log names start with this (a shard's `pNN`). */
  shardPrefix?: string;
  /** How long a fresh page may take to load and connect (ms, default 60 s: a loaded machine is slow, not broken). */
  connectTimeoutMs?: number;
}

interface BrowserSlot {
  browser: Browser;
  owned: boolean;
  /** The shared context under `pages` isolation: one promise, so slots opening at once share it. */
  context: Promise<BrowserContext> | null;
  relaunching: Promise<void> | null;
  generation: number;
}

interface EnvSlot {
  index: number;
  browserSlot: BrowserSlot;
  /** The env's own context (contexts/browsers isolation); null when it shares the browser's. */
  context: BrowserContext | null;
  env: SimulatorEnv;
  replacements: number;
  crashed: boolean;
}

export class EnvPool implements AsyncIterable<SimulatorEnv>, EnvSource<SimulatorEnv> {
  private free: SimulatorEnv[] = [];
  private waiters: ((env: SimulatorEnv) => void)[] = [];
  private slots: EnvSlot[] = [];
  private browserSlots: BrowserSlot[] = [];
  private closed = false;
  readonly isolation: Isolation;
  readonly prefix: string;

  private constructor(private opts: EnvPoolOptions) {
    this.isolation = opts.isolation ?? 'pages';
    this.prefix = opts.shardPrefix ?? 'p00';
  }

  static async open(opts: EnvPoolOptions): Promise<EnvPool> {
    if (!Number.isInteger(opts.size) || opts.size < 1) throw new UsageError(`an env pool needs at least one env (got size ${opts.size})`);
    const isolation = opts.isolation ?? 'pages';
    if (!ISOLATIONS.includes(isolation)) throw new UsageError(`isolation must be one of ${ISOLATIONS.join(', ')} (got "${isolation}")`);
    const prefix = opts.shardPrefix ?? 'p00';
    // Device ids are `<prefix>-phone<i>` (and `-rN` after a replace): the bridge refuses any other shape.
    if (!DEVICE_ID_PATTERN.test(`${prefix}-phone${opts.size - 1}-r99`)) {
      throw new UsageError(`shardPrefix "${prefix}" cannot start a device id: use letters, digits, '.', '_', ':' or '-', starting with a letter or digit, at most 48 characters`);
    }
    if (opts.browser && (isolation === 'browsers' || (opts.browsers ?? 1) > 1)) throw new UsageError('a given browser can only be shared: use isolation pages or contexts with browsers = 1');
    const pool = new EnvPool(opts);
    try {
      const nBrowsers = isolation === 'browsers' ? opts.size : Math.max(1, Math.min(opts.browsers ?? 1, opts.size));
      pool.browserSlots = await Promise.all(Array.from({ length: nBrowsers }, () => pool.startBrowser()));
      await Promise.all(
        Array.from({ length: opts.size }, async (_, i) => {
          const slot = await pool.openSlot(i, pool.browserSlots[i % nBrowsers]!);
          pool.slots[i] = slot;
        }),
      );
      for (const s of pool.slots) pool.free.push(s.env);
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  }

  /** Every env, in order. */
  get envs(): SimulatorEnv[] {
    return this.slots.map((s) => s.env);
  }

  get size(): number {
    return this.slots.length;
  }

  /** Yields every env once (the spec's `for env in pool`); acquire/release hand them out one at a time. */
  async *[Symbol.asyncIterator](): AsyncIterator<SimulatorEnv> {
    for (const s of this.slots) yield s.env;
  }

  /** The next free env; waits while all are busy. */
  acquire(): Promise<SimulatorEnv> {
    if (this.closed) return Promise.reject(new EnvError('the env pool is closed', { code: 'pool_closed' }));
    const env = this.free.shift();
    if (env) return Promise.resolve(env);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(env: SimulatorEnv): void {
    if (this.closed || !this.slots.some((s) => s.env === env)) return; // a replaced env is gone
    const w = this.waiters.shift();
    if (w) w(env);
    else this.free.push(env);
  }

  /** Runs `fn` with an env of its own, then gives the env back. */
  async use<T>(fn: (env: SimulatorEnv) => Promise<T>): Promise<T> {
    const env = await this.acquire();
    try {
      return await fn(env);
    } finally {
      this.release(env);
    }
  }

  /** True when the env's page or browser is gone (crashed, closed, disconnected). */
  isBroken(env: SimulatorEnv): boolean {
    const slot = this.slots.find((s) => s.env === env);
    if (!slot) return true;
    return slot.crashed || env.page.isClosed() || !slot.browserSlot.browser.isConnected() || env.device.closed;
  }

  /**
   * Why an env broke, as an error code for the result row: browser_crashed, page_crashed,
   * page_closed or device_disconnected (null: it did not). The first sign of a fault is seldom
   * its cause: a killed browser closes its pages before Playwright reports it disconnected, and a
   * crashed renderer drops the phone's socket before Playwright reports the crash. So when only
   * the page's close or the socket's drop is known yet, this waits until the browser tells which
   * it was (at most `FAULT_SETTLE_MS`). A call cut off by its socket (`cause`) is such a sign even
   * before the socket's close is known: its send can fail first.
   */
  async failureCode(env: SimulatorEnv, cause?: unknown): Promise<string | null> {
    const slot = this.slots.find((s) => s.env === env);
    if (!slot) return null;
    const { browser } = slot.browserSlot;
    const cutOff = cause instanceof PhonegymError && cause.code === 'connection_closed';
    if (browser.isConnected() && !slot.crashed && (env.page.isClosed() || env.device.closed || cutOff)) await faultSettled(browser, env.page);
    if (!browser.isConnected()) return 'browser_crashed';
    if (slot.crashed) return 'page_crashed';
    if (env.page.isClosed()) return 'page_closed';
    if (env.device.closed) return 'device_disconnected';
    return null;
  }

  /**
   * Replaces a broken or suspect env with a fresh page in the same slot (relaunching its browser
   * when that died) and returns the new env, which the caller holds as if acquired.
   */
  async replace(env: SimulatorEnv): Promise<SimulatorEnv> {
    const slot = this.slots.find((s) => s.env === env);
    if (!slot) throw new EnvError('replace: this env does not belong to the pool (or was already replaced)', { code: 'env_unknown' });
    await env.page.close().catch(() => {});
    await slot.context?.close().catch(() => {});
    const bs = slot.browserSlot;
    if (!bs.browser.isConnected()) await this.relaunch(bs);
    const fresh = await this.openSlot(slot.index, bs, slot.replacements + 1);
    this.slots[slot.index] = fresh;
    return fresh.env;
  }

  pageOf(deviceId: string): Page | undefined {
    return this.slots.find((s) => s.env.deviceId === deviceId)?.env.page;
  }

  /** How many browser contexts the pool's pages live in (1 per browser under `pages`). */
  async contextCount(): Promise<number> {
    return new Set(this.slots.map((s) => s.env.page.context())).size;
  }

  /** The distinct browsers behind the pool (for versions and memory figures). */
  browsers(): Browser[] {
    return this.browserSlots.map((b) => b.browser);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiters.length = 0; // an acquire still waiting stays pending: its runner is stopping
    await Promise.all(this.slots.map((s) => s.context?.close().catch(() => {})));
    await Promise.all(
      this.browserSlots.map(async (b) => {
        await b.context?.then((c) => c.close()).catch(() => {});
        if (b.owned) await b.browser.close().catch(() => {});
      }),
    );
  }

  // --- internals ------------------------------------------------------------------------

  private async startBrowser(): Promise<BrowserSlot> {
    if (this.opts.browser) return { browser: this.opts.browser, owned: false, context: null, relaunching: null, generation: 0 };
    return { browser: await this.launch(), owned: true, context: null, relaunching: null, generation: 0 };
  }

  private async launch(): Promise<Browser> {
    if (this.opts.browserEndpoint) {
      try {
        return await (await playwrightChromium()).connect(this.opts.browserEndpoint, { timeout: 30_000 });
      } catch (e) {
        throw new EnvError(`cannot connect to the browser server at ${this.opts.browserEndpoint}: ${(e as Error).message.split('\n')[0]}. Start one with \`npx playwright run-server --port 3000\` (same Playwright version) and pass ws://host:3000/`, { code: 'browser_connect' });
      }
    }
    return launchChromium();
  }

  /** One relaunch per dead browser, however many of its envs ask for it. */
  private relaunch(bs: BrowserSlot): Promise<void> {
    if (!this.opts.browser || bs.owned) {
      bs.relaunching ??= (async () => {
        await bs.browser.close().catch(() => {});
        bs.browser = await this.launch();
        bs.context = null;
        bs.generation++;
      })().finally(() => (bs.relaunching = null));
      return bs.relaunching;
    }
    return Promise.reject(new EnvError('the shared browser given to the pool has died', { code: 'browser_crashed' }));
  }

  private newContext(browser: Browser): Promise<BrowserContext> {
    return browser.newContext({
      viewport: { width: VIEWPORT.width, height: VIEWPORT.height },
      deviceScaleFactor: this.opts.screenshotScale ?? 1,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
  }

  private async openSlot(index: number, bs: BrowserSlot, replacements = 0): Promise<EnvSlot> {
    if (bs.relaunching) await bs.relaunching;
    let context: BrowserContext | null = null;
    let page: Page;
    if (this.isolation === 'pages') {
      bs.context ??= this.newContext(bs.browser);
      page = await (await bs.context).newPage();
    } else {
      context = await this.newContext(bs.browser);
      page = await context.newPage();
    }
    // A replacement gets its own device id so a hung predecessor can never answer for it.
    const deviceId = `${this.prefix}-phone${index}${replacements ? `-r${replacements}` : ''}`;
    const slot: EnvSlot = { index, browserSlot: bs, context, env: null as unknown as SimulatorEnv, replacements, crashed: false };
    page.on('crash', () => (slot.crashed = true));
    if (this.opts.logDir) attachLog(page, join(this.opts.logDir, `${this.prefix}_${deviceId.slice(this.prefix.length + 1)}.log`), `[open] ${deviceId} (${this.isolation} isolation)`);
    // `fresh`: an older page with this id (another pool on a long-lived bridge) must not answer.
    const connected = this.opts.bridge.waitForDevice(deviceId, { timeoutMs: this.opts.connectTimeoutMs ?? 60_000, fresh: true });
    try {
      // The page is ready when it connects as a device, not at its load event: fonts finish
      // loading on their own and `settle` waits for them before the first observation.
      await page.goto(this.opts.bridge.phoneUrl(deviceId, { kind: 'agent' }), { waitUntil: 'domcontentloaded', timeout: this.opts.connectTimeoutMs ?? 60_000 });
    } catch (e) {
      connected.catch(() => {});
      throw new EnvError(`the phone page ${deviceId} did not load: ${(e as Error).message.split('\n')[0]}`, { code: 'env_start' });
    }
    const device = await connected.catch((e: Error) => {
      throw new EnvError(`the phone page ${deviceId} did not connect to the bridge: ${e.message}`, { code: 'env_start' });
    });
    const scale = this.opts.screenshotScale ?? 1;
    slot.env = new SimulatorEnv(page, device, { coords: { space: this.opts.coords ?? 'pixels', screenshotScale: scale }, jpegQuality: this.opts.jpegQuality });
    return slot;
  }
}

/** How long `failureCode` waits for a broken env's browser to say what happened. */
const FAULT_SETTLE_MS = 5_000;

/**
 * Resolves once the fault behind a closed page or a dropped socket is known (the browser
 * disconnected, the page crashed), or the page or its browser has shown it is alive by
 * answering a round trip, or after FAULT_SETTLE_MS. A page that answers had only its socket
 * dropped; a browser that answers after its page closed had the page closed. A page that fails
 * to answer is going: its crash, its close or its browser's disconnect comes next.
 */
async function faultSettled(browser: Browser, page: Page): Promise<void> {
  let done!: () => void;
  const settled = new Promise<void>((resolve) => (done = resolve));
  const answers = (p: Promise<unknown>) => p.then(() => true, () => false);
  const probeBrowser = () => void answers(browser.newBrowserCDPSession().then((s) => s.detach())).then((alive) => alive && done());
  browser.on('disconnected', done);
  page.on('crash', done);
  page.on('close', probeBrowser);
  const timer = setTimeout(done, FAULT_SETTLE_MS);
  if (page.isClosed()) probeBrowser();
  else void answers(page.evaluate('1')).then((alive) => alive && done());
  try {
    await settled;
  } finally {
    clearTimeout(timer);
    browser.off('disconnected', done);
    page.off('crash', done);
    page.off('close', probeBrowser);
  }
}

function attachLog(page: Page, file: string, first: string): void {
  const write = (line: string) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    } catch {
      /* the run folder may be gone at shutdown */
    }
  };
  write(first);
  page.on('console', (m) => write(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => write(`[pageerror] ${e.message}`));
  page.on('crash', () => write('[crash] the page crashed'));
}
