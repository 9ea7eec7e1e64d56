/**
 * The simulator environment: a Playwright page showing the phone, plus the phone's device
 * connection to the bridge. Actions arrive as real mouse and keyboard input; after each one the
 * env waits until the phone has settled (a frame rendered, no animation running; never a fixed
 * sleep) and observes it in one round trip: state JSON + route + UI tree, then a JPEG screenshot.
 */
import type { CDPSession, Page } from 'playwright';
import type { Action } from '../protocol/actions.ts';
import { assertNever } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { EnvironmentEvent, Observation as PageObservation } from '../protocol/messages.ts';
import { lazyTree, sliceNames } from '../protocol/slices.ts';
import { VIEWPORT, type PhoneState, type Route, type UiNode } from '../protocol/state.ts';
import type { DeviceConnection } from '../server/bridgeServer.ts';
import { actionToCss, fromCss, type CoordConfig } from './coords.ts';
import type { Env, EnvCapabilities, ObserveOptions, StatefulObservation, StepResult } from './types.ts';


export interface SimulatorEnvOptions {
  coords?: CoordConfig;
  jpegQuality?: number;
  /** Virtual time that passes with every action (a person takes a moment per tap). */
  stepTimeMs?: number;
  longPressMs?: number;
}

type TypedKey = { kind: 'key'; text: string; code: string; keyCode: number } | { kind: 'text'; text: string };

/**
 * How Playwright's `keyboard.type` sends one character: letters, digits and space as keys of the
 * US layout (their code and key code as its layout has them), any character outside the layout
 * as inserted text; null for the other keys of the layout, which this does not describe.
 */
function typedKey(ch: string): TypedKey | null {
  if (/^[a-z]$/i.test(ch)) return { kind: 'key', text: ch, code: `Key${ch.toUpperCase()}`, keyCode: ch.toUpperCase().charCodeAt(0) };
  if (/^[0-9]$/.test(ch)) return { kind: 'key', text: ch, code: `Digit${ch}`, keyCode: ch.charCodeAt(0) };
  if (ch === ' ') return { kind: 'key', text: ch, code: 'Space', keyCode: 32 };
  // Printable ASCII, tab and newline are keys of the layout; everything else is inserted.
  if (/^[\x20-\x7e\t\n\r]$/.test(ch)) return null;
  return { kind: 'text', text: ch };
}

/** Actions whose pointer moves the browser delivers with the next frame: their read waits for it. */
const MOVES_POINTER: ReadonlySet<Action['type']> = new Set(['swipe', 'drag', 'long_press']);

export class EnvError extends PhonegymError {
  override name = 'EnvError';
}

const DEFAULTS = { jpegQuality: 80, stepTimeMs: 2_000, longPressMs: 650 };

export class SimulatorEnv implements Env {
  readonly coords: CoordConfig;
  /** The simulated phone is all JSON: it has a state tree, snapshots and scripted events. */
  readonly capabilities: EnvCapabilities = { state: true, snapshot: true, events: true };
  private readonly quality: number;
  private readonly stepTimeMs: number;
  private readonly longPressMs: number;
  /** A CDP session for fast screenshots; null when the browser has none (not Chromium). */
  private cdp: CDPSession | null | undefined;
  /**
   * Rejects when the page crashes or closes. A raw CDP command sent to a crashed renderer never
   * gets an answer (Playwright's own calls fail at once), so every one is raced against this.
   */
  private readonly gone: Promise<never>;

  constructor(
    readonly page: Page,
    readonly device: DeviceConnection,
    opts: SimulatorEnvOptions = {},
  ) {
    this.coords = opts.coords ?? { space: 'pixels', screenshotScale: 1 };
    this.quality = opts.jpegQuality ?? DEFAULTS.jpegQuality;
    this.stepTimeMs = opts.stepTimeMs ?? DEFAULTS.stepTimeMs;
    this.longPressMs = opts.longPressMs ?? DEFAULTS.longPressMs;
    this.gone = new Promise<never>((_, reject) => {
      page.once('crash', () => reject(new EnvError('the phone page crashed', { code: 'page_crashed' })));
      page.once('close', () => reject(new EnvError('the phone page was closed', { code: 'page_closed' })));
    });
    this.gone.catch(() => {});
  }

  /** `p`, or the page's crash or close, whichever comes first. */
  private alive<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.gone]);
  }

  get deviceId(): string {
    return this.device.id;
  }

  /** CSS pixels → the agent's coordinate space (the oracle computes taps in CSS pixels). */
  readonly coordsFromCss = (p: { x: number; y: number }): { x: number; y: number } => fromCss(p, this.coords);

  /** Replaces the phone's whole state in-page (no reload) and goes to `route` (default: home). */
  async reset(state: PhoneState | string, route?: Route): Promise<void> {
    const stateJson = typeof state === 'string' ? state : JSON.stringify(state);
    await this.device.call('reset', route ? { stateJson, route } : { stateJson });
  }

  /**
   * `reset` and the observation after it, without a picture, in one round trip: the page observes
   * without waiting for a frame when nothing moves, which gives what `observe` after `reset` gives.
   */
  async resetObserved(stateJson: string, route: Route | undefined, opts: { tree?: boolean } = {}): Promise<StatefulObservation> {
    const r = await this.device.call('reset', { stateJson, ...(route ? { route } : {}), observe: { tree: opts.tree !== false } });
    if (!r.observation) throw new EnvError('the phone answered a reset with an observation asked of it without one', { code: 'env_error' });
    return this.observed(r.observation, Buffer.alloc(0));
  }

  /** `restore` and the observation after it, without a picture, in one round trip (as `resetObserved`). */
  async restoreObserved(snapshot: string, opts: { tree?: boolean } = {}): Promise<StatefulObservation> {
    const r = await this.device.call('restore', { snapshot, observe: { tree: opts.tree !== false } });
    if (!r.observation) throw new EnvError('the phone answered a restore with an observation asked of it without one', { code: 'env_error' });
    return this.observed(r.observation, Buffer.alloc(0));
  }

  async openApp(app: string): Promise<void> {
    await this.device.call('openApp', { app });
  }

  /** The world acts on the phone (a scripted contact's message arriving): see `EnvironmentEvent`. */
  async deliver(events: EnvironmentEvent[]): Promise<void> {
    await this.device.call('deliver', { events });
  }

  async snapshot(): Promise<string> {
    return (await this.device.call('snapshot', {})).snapshot;
  }

  async restore(snapshot: string): Promise<void> {
    await this.device.call('restore', { snapshot });
  }

  async getState(): Promise<{ state: PhoneState; json: string; route: Route; revision: number }> {
    const s = await this.device.call('getState', {});
    return { state: JSON.parse(s.json), json: s.json, route: s.route, revision: s.revision };
  }

  /** Off: observations carry an empty screenshot (verify's `--no-screenshots`; agents that read only the tree). */
  screenshots = true;
  /** Screenshots taken so far (`screenshot()` calls): what tests and the bench count to see frames skipped. */
  captures = 0;

  async observe(opts: ObserveOptions = {}): Promise<StatefulObservation> {
    return this.read(opts, true);
  }

  /**
   * Settles and reads the phone. Without a picture, `frameless` lets the page read it without
   * waiting for a frame when nothing moves (simulator-apps/os/settle.ts): not after a gesture
   * whose pointer moves the browser may still hold for the next frame (a swipe, a drag).
   */
  private async read(opts: ObserveOptions, frameless: boolean): Promise<StatefulObservation> {
    const advanceMs = opts.advanceMs ?? 0;
    const tree = opts.tree !== false;
    let o: PageObservation;
    let screenshot: Buffer = Buffer.alloc(0);
    if (opts.screenshot === false || !this.screenshots) {
      // No picture: waiting and reading are one round trip to the page.
      const settled = await this.device.call('settle', { advanceMs, observe: true, tree, ...(frameless ? { frameless } : {}) });
      o = settled.observation!;
    } else {
      await this.device.call('settle', { advanceMs });
      // The phone is still: read it and take the picture at the same time (the screenshot is mostly
      // the browser encoding a frame, the read is the page's own work, so they overlap).
      [o, screenshot] = await Promise.all([this.device.call('observe', { tree }), this.screenshot()]);
    }
    return this.observed(o, screenshot);
  }

  private observed(o: PageObservation, screenshot: Buffer): StatefulObservation {
    const slices = this.device.slices?.();
    const layout = slices?.layout;
    const stateJson = o.state.json;
    const observation = { screenshot, stateJson, route: o.state.route, tree: o.tree, revision: o.state.revision, ...(layout ? { sliceVersions: layout.versions } : {}) } as StatefulObservation;
    // Parsed when first read, and then only the slices read (a step's change record reads the
    // slices the step changed; the oracle the apps it looks at): a step whose state nobody reads
    // (a trainer's step without sub-goals, the env loop) parses none of it (~5 ms for 500 KB).
    const parts = slices ? Object.fromEntries(sliceNames(slices.layout).map((n) => [n, slices.json(n)])) : null;
    let state: PhoneState | undefined;
    Object.defineProperty(observation, 'state', {
      enumerable: true,
      configurable: true,
      get: () => (state ??= (parts ? lazyTree(layout!, parts) : JSON.parse(stateJson)) as PhoneState),
      set: (v: PhoneState) => void (state = v),
    });
    return observation;
  }

  /**
   * A JPEG of the screen at the context's device scale (1 = 360x800, 3 = 1080x2400). Straight
   * from the compositor over CDP where the browser speaks it: Playwright's own screenshot adds a
   * font wait and a caret style per call (~15 ms); the phone needs neither (its fonts are loaded
   * by settle, and agent pages hide the caret themselves). The same screen gives the same bytes
   * only in a browser launched with CHROMIUM_ARGS (--disable-partial-raster: without it a pixel
   * depends on which frames were drawn before; test/cli/pixels.test.ts).
   */
  async screenshot(): Promise<Buffer> {
    this.captures++;
    const cdp = await this.session();
    if (cdp) {
      const scale = this.coords.screenshotScale;
      // Headless Chromium captures at CSS size unless a clip asks for the device scale.
      const clip = scale > 1 ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height, scale } } : {};
      const { data } = await this.alive(cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: this.quality, optimizeForSpeed: true, ...clip }));
      return Buffer.from(data, 'base64');
    }
    return this.page.screenshot({ type: 'jpeg', quality: this.quality, scale: this.coords.screenshotScale > 1 ? 'device' : 'css', caret: 'hide' });
  }

  /**
   * A PNG of the screen at `scale` device pixels per CSS pixel, whatever the context's own
   * scale (the virtual device's `screencap -p`): over CDP the clip's scale renders the page at
   * that size. Without CDP only the context's scale can be had.
   */
  async screenshotPng(scale: number): Promise<Buffer> {
    const cdp = await this.session();
    if (cdp) {
      const { data } = await this.alive(cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, clip: { x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height, scale } }));
      return Buffer.from(data, 'base64');
    }
    return this.page.screenshot({ type: 'png', scale: scale > 1 ? 'device' : 'css', caret: 'hide' });
  }

  private async session(): Promise<CDPSession | null> {
    if (this.cdp === undefined) this.cdp = await this.page.context().newCDPSession(this.page).catch(() => null);
    return this.cdp;
  }

  /**
   * A finger stroke: down at `from`, `moves` even steps to `to`, optionally a rest (a zero-delta
   * move: the phone then does not fling), up. Over CDP the events are sent all at once and the
   * browser delivers them in order: the renderer may merge the moves into one pointermove, and
   * the phone reads the raw moves inside it, so the outcome is the same as one frame per move
   * (Playwright's mouse.move waits for each), in a third of the time.
   */
  private async stroke(from: { x: number; y: number }, to: { x: number; y: number }, moves: number, rest: boolean): Promise<void> {
    const points = [from];
    for (let i = 1; i <= moves; i++) points.push({ x: from.x + ((to.x - from.x) * i) / moves, y: from.y + ((to.y - from.y) * i) / moves });
    if (rest) points.push(to);
    const cdp = await this.session();
    if (!cdp) {
      const mouse = this.page.mouse;
      await mouse.move(from.x, from.y);
      await mouse.down();
      for (const p of points.slice(1)) await mouse.move(p.x, p.y);
      await mouse.up();
      return;
    }
    const send = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', p: { x: number; y: number }, pressed: boolean) =>
      cdp.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, button: type === 'mouseMoved' && !pressed ? 'none' : 'left', buttons: pressed ? 1 : 0, clickCount: type === 'mouseMoved' ? 0 : 1, pointerType: 'mouse' });
    await this.alive(Promise.all([
      send('mouseMoved', from, false),
      send('mousePressed', from, true),
      ...points.slice(1).map((p) => send('mouseMoved', p, true)),
      send('mouseReleased', to, false),
    ]));
  }

  /**
   * A click at `p`: the three events Playwright's `mouse.click` sends (move, press, release, the
   * same fields), sent at once over CDP instead of each awaiting the renderer's answer, as
   * `stroke` does. The browser delivers them in order, so the phone sees the same click.
   */
  private async click(p: { x: number; y: number }): Promise<void> {
    const cdp = await this.session();
    if (!cdp) return this.page.mouse.click(p.x, p.y);
    const send = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased') =>
      cdp.send('Input.dispatchMouseEvent', {
        type, x: p.x, y: p.y, modifiers: 0,
        button: type === 'mouseMoved' ? 'none' : 'left',
        buttons: type === 'mousePressed' ? 1 : 0,
        ...(type === 'mouseMoved' ? { force: 0 } : { clickCount: 1 }),
        ...(type === 'mousePressed' ? { force: 0.5 } : {}),
      });
    await this.alive(Promise.all([send('mouseMoved'), send('mousePressed'), send('mouseReleased')]));
  }

  /**
   * Types `text` with the events Playwright's `keyboard.type` sends (a key down and up with the
   * character for a key of the US layout, an inserted text for any other character, one
   * character at a time), sent at once over CDP: a round trip per text, not one per key. Keys
   * whose description is not written here (punctuation, newline) go through Playwright.
   */
  private async typeText(text: string): Promise<void> {
    const cdp = await this.session();
    const keys = [...text].map(typedKey);
    if (!cdp || keys.some((k) => k === null)) return this.page.keyboard.type(text);
    const events: Promise<unknown>[] = [];
    for (const k of keys as TypedKey[]) {
      if (k.kind === 'text') {
        events.push(cdp.send('Input.insertText', { text: k.text }));
        continue;
      }
      const key = { modifiers: 0, windowsVirtualKeyCode: k.keyCode, code: k.code, key: k.text, location: 0, isKeypad: false };
      events.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, commands: [], text: k.text, unmodifiedText: k.text, autoRepeat: false }));
      events.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
    }
    await this.alive(Promise.all(events));
  }

  /**
   * Performs one action through real input and returns the next observation. Terminal actions
   * (answer, complete, abort) and info touch nothing; the caller decides what they mean.
   */
  async step(action: Action, opts: Omit<ObserveOptions, 'advanceMs'> = {}): Promise<StepResult & { observation: StatefulObservation }> {
    const a = actionToCss(action, this.coords);
    let advance = this.stepTimeMs;
    const mouse = this.page.mouse;
    switch (a.type) {
      case 'tap':
        await this.click(a);
        break;
      case 'double_tap':
        await mouse.dblclick(a.x, a.y);
        break;
      case 'long_press':
        await mouse.move(a.x, a.y);
        await mouse.down();
        // A long press is a held finger, in the phone's virtual time: never a wall-clock wait
        // that a loaded machine could stretch into something else.
        await this.device.call('holdElapsed', { ms: a.durationMs ?? this.longPressMs });
        await mouse.up();
        break;
      case 'swipe':
        await this.stroke({ x: a.x1, y: a.y1 }, { x: a.x2, y: a.y2 }, 6, false);
        break;
      case 'drag':
        // The finger rests before lifting: a zero-delta move tells the phone not to fling.
        await this.stroke({ x: a.x1, y: a.y1 }, { x: a.x2, y: a.y2 }, 5, true);
        break;
      case 'type':
        if (a.x !== undefined && a.y !== undefined) await this.click({ x: a.x, y: a.y });
        if (a.clear) {
          await this.page.keyboard.press('ControlOrMeta+A');
          await this.page.keyboard.press('Backspace');
        }
        await this.typeText(a.text);
        break;
      case 'key':
        if (a.key === 'enter') await this.page.keyboard.press('Enter');
        // System keys go to the OS shell the way adb's keyevent does on a real phone.
        else await this.device.call('navigate', { key: a.key });
        break;
      case 'open_app':
        await this.device.call('openApp', { app: a.app });
        break;
      case 'wait':
        // Waiting is virtual: the phone's clock moves, the wall clock does not.
        advance = Math.max(0, a.ms);
        break;
      case 'info':
      case 'answer':
      case 'complete':
      case 'abort':
        advance = 0;
        break;
      default:
        assertNever(a);
    }
    const observation = await this.read({ ...opts, advanceMs: advance }, !MOVES_POINTER.has(a.type));
    return { observation, cssAction: a };
  }
}

