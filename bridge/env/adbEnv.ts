/**
 * A phone over ADB behind the `Env` interface: what the agent sees is `screencap -p` (decoded and
 * scaled to the agent's screenshot size, as JPEG), the UI tree from `uiautomator dump` read into
 * the simulator's element shape, and the foreground app and activity from `dumpsys window` as the
 * route; actions are `input` commands in the phone's real pixels.
 *
 * The env's CSS frame is the simulator's: 360 wide, the height the phone's aspect gives (800 on a
 * 1080x2400 screen), so coordinates in any declared space map to the phone's real resolution.
 *
 * A real phone has no state tree (`capabilities.state` false: the VLM judge judges it). A virtual
 * device (`phonegym virtual-device`) is a simulator page: given that page's env as `stateOf`, the
 * ADB env reads and sets the state through it, while every observation and action still goes
 * through adb, so the state judge and the VLM judge can judge the same episode.
 */
import type { Action } from '../protocol/actions.ts';
import { assertNever } from '../protocol/actions.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import { HOME_ROUTE, type PhoneStart, type PhoneState, type Route, type UiNode } from '../protocol/state.ts';
import { packageOf, parseUiautomatorXml } from '../protocol/uiautomator.ts';
import { AdbCallError, shellOutput, shellText, type AdbDevice } from './adbDevices.ts';
import { fromCss, mapActionPoints, toCss, type CoordConfig } from './coords.ts';
import { pngToJpeg } from './pngScale.ts';
import type { Env, EnvCapabilities, Observation, ObserveOptions, StepResult } from './types.ts';

/** The IME that types any text (Chinese first) through adb broadcasts: github.com/senzhk/ADBKeyBoard. */
export const ADB_KEYBOARD = 'com.android.adbkeyboard/.AdbIME';
const KEYCODES = { back: 4, home: 3, recent: 187, enter: 66 } as const;
const DUMP = '/sdcard/window_dump.xml';

export interface AdbEnvOptions {
  serial: string;
  /** The phone's screen in pixels (`wm size`). */
  screen: { width: number; height: number };
  coords?: CoordConfig;
  jpegQuality?: number;
  /** A wait after each action for the phone to settle (real phones animate; a virtual device settles itself). */
  settleMs?: number;
  /** A virtual device's own page: its state tree, read and set beside the adb path. */
  stateOf?: StateSource;
}

/** The state side of a virtual device (its simulator page's env). */
export interface StateSource extends Pick<Env, 'reset' | 'deliver' | 'snapshot' | 'restore'> {
  getState(): Promise<{ state: PhoneState; json: string; route: Route; revision: number }>;
}

/** Quotes a word for the phone's `sh`: single quotes, a single quote as '\''. */
export const shQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/**
 * `input text`'s argument: spaces as %s (its own convention: it has no escape, so a text with a
 * literal `%s` cannot go this way), then quoted for the shell.
 */
export function inputTextArg(text: string): string {
  return shQuote(text.replace(/ /g, '%s'));
}

/** The package and activity in focus, from `dumpsys window` (`mCurrentFocus=Window{… u0 pkg/act}`). */
export function focusedRoute(dumpsys: string): Route | null {
  const m = /mCurrentFocus=Window\{[^}]*?\s([\w.]+)\/([\w.$]+)\}/.exec(dumpsys) ?? /mFocusedApp=.*?\s([\w.]+)\/([\w.$]+)/.exec(dumpsys);
  if (!m) return null;
  const [pkg, activity] = [m[1]!, m[2]!];
  // The virtual device names simulator apps com.phonegym.<app>: the route is then the app's own.
  const app = pkg.startsWith('com.phonegym.') ? pkg.slice('com.phonegym.'.length) : pkg;
  return { app, path: activity.startsWith('.') ? activity : activity.replace(`${pkg}.`, '.') };
}

/** Waits for the phone to settle (nothing for 0). */
const settle = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

export class AdbEnv implements Env {
  readonly deviceId: string;
  readonly coords: CoordConfig;
  readonly capabilities: EnvCapabilities;
  screenshots = true;
  /** Screenshots taken so far (`screenshot()` calls). */
  captures = 0;
  /** The env's CSS frame: 360 wide, the phone's aspect. */
  readonly frame: { width: number; height: number };
  private readonly px: number;
  private readonly quality: number;
  private readonly settleMs: number;
  private revision = 0;

  constructor(
    readonly device: AdbDevice,
    private readonly opts: AdbEnvOptions,
  ) {
    this.deviceId = opts.serial;
    this.coords = opts.coords ?? { space: 'pixels', screenshotScale: 1 };
    this.quality = opts.jpegQuality ?? 80;
    this.settleMs = opts.settleMs ?? (opts.stateOf ? 0 : 500);
    this.px = opts.screen.width / 360;
    this.frame = { width: 360, height: Math.round(opts.screen.height / this.px) };
    const state = !!opts.stateOf;
    this.capabilities = { state, snapshot: state, events: state };
  }

  /** A field, not a method: callers pass it around unbound (`{ coordsFromCss: env.coordsFromCss }`). */
  readonly coordsFromCss = (p: { x: number; y: number }): { x: number; y: number } => fromCss(p, this.coords, this.frame);

  /** A point in the declared space as the phone's pixels, clamped to the screen. */
  private toDevice(x: number, y: number): { x: number; y: number } {
    const css = toCss(x, y, this.coords, this.frame);
    const clamp = (v: number, hi: number) => Math.min(hi - 1, Math.max(0, Math.round(v)));
    return { x: clamp(css.x * this.px, this.opts.screen.width), y: clamp(css.y * this.px, this.opts.screen.height) };
  }

  private needState(what: string): NonNullable<AdbEnvOptions['stateOf']> {
    if (!this.opts.stateOf) throw new AdbCallError(`${what} needs the phone's state tree, and ${this.deviceId} is a real phone without one: a task that sets up state runs on the simulator or a virtual device`, { code: 'no_state' });
    return this.opts.stateOf;
  }

  async reset(state: PhoneState | string, route?: Route): Promise<void> {
    await this.needState('setting a task up').reset(state, route);
  }

  async getState() {
    return this.needState('reading the state').getState();
  }

  async deliver(events: EnvironmentEvent[]): Promise<void> {
    await this.needState('an interactive task').deliver(events);
  }

  async snapshot(): Promise<string> {
    return this.needState('a snapshot').snapshot();
  }

  async restore(snapshot: string): Promise<void> {
    await this.needState('a restore').restore(snapshot);
  }

  /** Opens an app (a package, or a simulator app id as the virtual device names it); the caller observes when it needs to. */
  async openApp(app: string): Promise<void> {
    await this.launchPackage(app);
    await settle(this.settleMs);
  }

  /** A task's start on a phone without a state tree: from home, the app opened fresh (force-stopped first), or the deep link. */
  async start(at: PhoneStart): Promise<void> {
    await this.shell(`input keyevent ${KEYCODES.home}`);
    if ('app' in at) {
      await this.shell(`am force-stop ${shQuote(at.app)}`);
      await this.launchPackage(at.app);
    } else {
      const said = await this.shell(`am start -W -a android.intent.action.VIEW -d ${shQuote(at.deepLink)}`);
      if (/Error|unable to resolve/i.test(said)) throw new AdbCallError(`${this.deviceId} has nothing that opens ${at.deepLink}: ${said.trim().slice(0, 200)}`, { code: 'device_no_app' });
    }
    await settle(this.settleMs);
  }

  /**
   * Opens a package's launcher activity (`monkey`: no activity name needed): a package name
   * (com.example.app) as it is, a simulator app id as the virtual device names it.
   */
  private async launchPackage(app: string): Promise<void> {
    const pkg = app.includes('.') ? app : packageOf(app);
    const said = await this.shell(`monkey -p ${shQuote(pkg)} -c android.intent.category.LAUNCHER 1`);
    if (/No activities found|Error|not found/i.test(said)) throw new AdbCallError(`${this.deviceId} has no app ${pkg} to open: ${said.trim().slice(0, 200)}`, { code: 'device_no_app' });
  }

  private shell(command: string): Promise<string> {
    return shellText(this.device, command);
  }

  async screenshot(): Promise<Buffer> {
    this.captures++;
    const png = await shellOutput(this.device, 'screencap -p', 30_000);
    const s = this.coords.screenshotScale;
    return pngToJpeg(png, Math.round(this.frame.width * s), Math.round(this.frame.height * s), this.quality);
  }

  async tree(): Promise<UiNode[]> {
    const xml = await this.shell(`uiautomator dump ${DUMP} >/dev/null && cat ${DUMP}`);
    return parseUiautomatorXml(xml, { scale: this.px });
  }

  async route(): Promise<Route> {
    return focusedRoute(await this.shell('dumpsys window')) ?? HOME_ROUTE;
  }

  async observe(opts: ObserveOptions = {}): Promise<Observation> {
    // A virtual device's route is its page's own (app and path: what oracles go by); a real
    // phone's is the package and activity in front.
    const [screenshot, tree, state] = await Promise.all([
      opts.screenshot === false || !this.screenshots ? Buffer.alloc(0) : this.screenshot(),
      opts.tree === false ? [] : this.tree(),
      this.opts.stateOf ? this.opts.stateOf.getState() : null,
    ]);
    const route = state ? state.route : await this.route();
    this.revision = state ? state.revision : this.revision + 1;
    return { screenshot, state: state?.state ?? null, stateJson: state?.json ?? null, route, tree, revision: this.revision };
  }

  private async hasAdbKeyboard(): Promise<boolean> {
    return (await this.shell('ime list -s')).includes(ADB_KEYBOARD);
  }

  /** Empties the focused field: the ADB keyboard's clear where it is installed, else the cursor to the end and deletes. */
  private async clearText(): Promise<void> {
    if (await this.hasAdbKeyboard()) await this.shell(`ime set ${ADB_KEYBOARD} >/dev/null; am broadcast -a ADB_CLEAR_TEXT`);
    else await this.shell(`input keyevent KEYCODE_MOVE_END && input keyevent ${Array(64).fill('67').join(' ')}`);
  }

  /** Types `text`: ASCII through `input text`, anything else through the ADB keyboard IME, which must be installed. */
  private async typeText(text: string): Promise<void> {
    if (/^[\x20-\x7e]*$/.test(text) && !text.includes('%s')) {
      if (text) await this.shell(`input text ${inputTextArg(text)}`);
      return;
    }
    if (!(await this.hasAdbKeyboard())) {
      throw new AdbCallError(`typing "${text.slice(0, 20)}" on ${this.deviceId} needs the ADB keyboard (${ADB_KEYBOARD}; \`input text\` takes ASCII only): install ADBKeyBoard.apk, then adb shell ime enable ${ADB_KEYBOARD} && adb shell ime set ${ADB_KEYBOARD} (docs/devices.md)`, { code: 'device_no_ime' });
    }
    await this.shell(`ime set ${ADB_KEYBOARD} >/dev/null; am broadcast -a ADB_INPUT_B64 --es msg ${Buffer.from(text, 'utf8').toString('base64')}`);
  }

  async step(action: Action, opts: Omit<ObserveOptions, 'advanceMs'> = {}): Promise<StepResult> {
    const cssAction = mapActionPoints(action, (p) => {
      const d = this.toDevice(p.x, p.y);
      return { x: d.x / this.px, y: d.y / this.px };
    });
    const at = (x: number, y: number) => {
      const d = this.toDevice(x, y);
      return `${d.x} ${d.y}`;
    };
    let wait = this.settleMs;
    switch (action.type) {
      case 'tap':
        await this.shell(`input tap ${at(action.x, action.y)}`);
        break;
      case 'double_tap':
        await this.shell(`input tap ${at(action.x, action.y)} && input tap ${at(action.x, action.y)}`);
        break;
      case 'long_press':
        await this.shell(`input swipe ${at(action.x, action.y)} ${at(action.x, action.y)} ${Math.round(action.durationMs ?? 800)}`);
        break;
      case 'swipe':
        await this.shell(`input swipe ${at(action.x1, action.y1)} ${at(action.x2, action.y2)} ${Math.round(action.durationMs ?? 300)}`);
        break;
      case 'drag':
        // Slow enough that the phone does not fling: the finger comes to rest at the end.
        await this.shell(`input swipe ${at(action.x1, action.y1)} ${at(action.x2, action.y2)} ${Math.round(action.durationMs ?? 1000)}`);
        break;
      case 'type':
        if (action.x !== undefined && action.y !== undefined) await this.shell(`input tap ${at(action.x, action.y)}`);
        if (action.clear) await this.clearText();
        await this.typeText(action.text);
        break;
      case 'key':
        await this.shell(`input keyevent ${KEYCODES[action.key]}`);
        break;
      case 'open_app':
        await this.launchPackage(action.app);
        break;
      case 'wait':
        wait = Math.max(0, action.ms);
        break;
      case 'info':
      case 'answer':
      case 'complete':
      case 'abort':
        wait = 0;
        break;
      default:
        assertNever(action);
    }
    await settle(wait);
    return { observation: await this.observe(opts), cssAction };
  }
}
