/**
 * The virtual device's shell: the handful of Android commands GUI agents and adb clients send
 * (input, screencap, uiautomator dump, getprop, wm, dumpsys window, am, monkey, ime, echo…), run
 * against a `VirtualPhone`. Coordinates arrive in device pixels (a 360x800 screen at `scale`)
 * and go to the phone in CSS pixels. Output and messages follow Android's own wording where
 * clients parse them (`UI hierchary dumped to:` is Android's spelling).
 */
import { stateCommand } from './stateCommand.ts';
import type { StateSource } from '../env/adbEnv.ts';
import type { Route, UiNode } from '../protocol/state.ts';
import { VIEWPORT } from '../protocol/state.ts';
import { ANDROID_PACKAGES, packageOf, uiTreeToXml } from '../protocol/uiautomator.ts';
import { inputCommand, type InputPhone, type PointerTrack } from './inputCommand.ts';
import { CommandError, parseCommandLine, ShellSyntaxError, type CommandIo, type FdTarget } from './shellSyntax.ts';

/**
 * One phone as the shell drives it. Every coordinate is in CSS pixels of the 360x800 screen.
 * The fingers and keys (tap, swipe, drag, key, typeText) are `InputPhone`'s.
 */
export interface VirtualPhone extends InputPhone {
  /** The app ids that can be opened (their packages are `packageOf(app)`). */
  readonly apps: readonly string[];
  openApp(app: string): Promise<void>;
  goHome(): Promise<void>;
  /** The screen as PNG at the device's scale. */
  screenshotPng(): Promise<Buffer>;
  uiTree(): Promise<UiNode[]>;
  route(): Promise<Route>;
  /**
   * The phone's state tree, where it has one (a phonegym page): the `phonegym` command's
   * (stateCommand.ts). Absent, the device is like a real phone: `ro.phonegym.state` says 0.
   */
  readonly state?: StateSource;
}

export interface DeviceInfo {
  model: string;
  serial: string;
  /** Device pixels per CSS pixel: 3 makes the 360x800 phone a 1080x2400 screen. */
  scale: number;
}

/** Where a command line's output goes: fd 1 stdout, fd 2 stderr (merged by the legacy shell). */
export type ShellSink = (fd: 1 | 2, data: Buffer | string) => void;

/** `exit N`: the rest of the line does not run. */
class ExitRequest {
  constructor(readonly status: number) {}
}

const HOME_PACKAGE = packageOf('home');
/**
 * The ADB keyboard (github.com/senzhk/ADBKeyBoard), as if installed and chosen: `input text`
 * types ASCII only on Android, so adb clients type Chinese through its broadcasts.
 */
const ADB_KEYBOARD = 'com.android.adbkeyboard/.AdbIME';
const SH = '/system/bin/sh';

type Command = (args: string[], io: CommandIo) => Promise<number | void> | number | void;

export class DeviceShell {
  /** Files that commands write and read (`uiautomator dump`, `cat`, `rm`): the device's /sdcard. */
  readonly files = new Map<string, Buffer>();
  /** The finger `input motionevent` is moving, across command lines as on a real phone. */
  private readonly pointer: { track: PointerTrack | null } = { track: null };
  private readonly commands: Record<string, Command>;

  constructor(
    readonly phone: VirtualPhone,
    readonly info: DeviceInfo,
  ) {
    this.commands = {
      echo: (a, io) => echo(a, io),
      true: () => 0,
      false: () => 1,
      exit: (a) => {
        const n = Number.parseInt(a[0] ?? '0', 10);
        throw new ExitRequest(Number.isNaN(n) ? 0 : n & 0xff);
      },
      input: (a, io) => inputCommand(a, io, phone, info.scale, this.pointer),
      screencap: (a, io) => this.screencap(a, io),
      uiautomator: (a, io) => this.uiautomator(a, io),
      cat: (a, io) => this.cat(a, io),
      rm: (a, io) => this.rm(a, io),
      getprop: (a, io) => this.getprop(a, io),
      wm: (a, io) => this.wm(a, io),
      dumpsys: (a, io) => this.dumpsys(a, io),
      am: (a, io) => this.am(a, io),
      monkey: (a, io) => this.monkey(a, io),
      pm: (a, io) => this.pm(a, io),
      ime: (a, io) => ime(a, io),
      phonegym: (a, io) => stateCommand(a, io, this.files, phone.state),
    };
  }

  /** Runs one command line as `sh -c` would; returns its exit status. Never throws. */
  async run(line: string, sink: ShellSink): Promise<number> {
    let list;
    try {
      list = parseCommandLine(line);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      sink(2, `${SH}: ${e.message}\n`);
      return 1;
    }
    let status = 0;
    for (const cmd of list) {
      if ((cmd.connector === '&&' && status !== 0) || (cmd.connector === '||' && status === 0)) continue;
      const to = (fd: FdTarget) => (data: Buffer | string) => fd !== null && sink(fd, data);
      const io: CommandIo = { out: to(cmd.fds[1]), err: to(cmd.fds[2]) };
      const [name, ...args] = cmd.argv as [string, ...string[]];
      const command = Object.hasOwn(this.commands, name) ? this.commands[name] : undefined;
      if (!command) {
        io.err(`${SH}: ${name}: inaccessible or not found\n`);
        status = 127;
        continue;
      }
      try {
        status = (await command(args, io)) ?? 0;
      } catch (e) {
        if (e instanceof ExitRequest) return e.status;
        io.err(e instanceof CommandError ? `${e.message}\n` : `${name}: ${(e as Error).message ?? e}\n`);
        status = e instanceof CommandError ? e.status : 1;
      }
    }
    return status;
  }

  private get size() {
    return { width: VIEWPORT.width * this.info.scale, height: VIEWPORT.height * this.info.scale, density: 160 * this.info.scale };
  }

  /** `screencap -p [FILE]`: PNG only (the raw format needs a pixel layout nobody asks us for). */
  private async screencap(args: string[], io: CommandIo): Promise<void> {
    let png = false;
    let file: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-p') png = true;
      else if (a === '-d') i++; // the one display
      else if (a.startsWith('-')) throw new CommandError(`screencap: unknown option ${a} (only screencap -p is supported)`);
      else file = a;
    }
    if (!png && !file?.endsWith('.png')) throw new CommandError('screencap: only screencap -p is supported (PNG)');
    const bytes = await this.phone.screenshotPng();
    if (file) this.files.set(file, bytes);
    else io.out(bytes);
  }

  private async uiautomator(args: string[], io: CommandIo): Promise<void> {
    const [sub, ...rest] = args;
    if (sub !== 'dump') throw new CommandError(`uiautomator: ${sub ? `${sub} is not supported` : 'a subcommand is needed'} (the phonegym virtual device has only: uiautomator dump [FILE])`);
    const file = rest.filter((a) => !a.startsWith('--')).at(-1) ?? '/sdcard/window_dump.xml';
    const tree = await this.phone.uiTree();
    const route = await this.phone.route();
    const xml = uiTreeToXml(tree, { app: route.app, scale: this.info.scale });
    if (file === '/dev/tty' || file === '/dev/stdout') io.out(xml);
    else this.files.set(file, Buffer.from(xml));
    io.out(`UI hierchary dumped to: ${file}\n`);
  }

  private cat(args: string[], io: CommandIo): number {
    let status = 0;
    for (const f of args) {
      const data = this.files.get(f);
      if (data) io.out(data);
      else {
        io.err(`cat: ${f}: No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  }

  private rm(args: string[], io: CommandIo): number {
    const force = args.some((a) => /^-[rRf]*f[rRf]*$/.test(a));
    let status = 0;
    for (const f of args.filter((a) => !a.startsWith('-'))) {
      if (!this.files.delete(f) && !force) {
        io.err(`rm: ${f}: No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  }

  private props(): Record<string, string> {
    return {
      'ro.build.version.release': '14',
      'ro.build.version.sdk': '34',
      'ro.product.device': 'phonegym',
      'ro.product.manufacturer': 'phonegym',
      'ro.product.model': this.info.model,
      'ro.product.name': 'phonegym',
      // Whether the bridge may read and set this phone's state tree (`phonegym virtual-device --no-state`: no).
      'ro.phonegym.state': this.phone.state ? '1' : '0',
      'ro.serialno': this.info.serial,
      'ro.sf.lcd_density': String(this.size.density),
    };
  }

  private getprop(args: string[], io: CommandIo): void {
    const props = this.props();
    if (args[0] === undefined) io.out(Object.entries(props).map(([k, v]) => `[${k}]: [${v}]\n`).join(''));
    else io.out(`${props[args[0]] ?? args[1] ?? ''}\n`);
  }

  private wm(args: string[], io: CommandIo): void {
    const { width, height, density } = this.size;
    if (args[0] === 'size' && args.length === 1) io.out(`Physical size: ${width}x${height}\n`);
    else if (args[0] === 'density' && args.length === 1) io.out(`Physical density: ${density}\n`);
    else throw new CommandError(`wm: ${args.join(' ') || '(nothing)'} is not supported (the phonegym virtual device has: wm size, wm density)`);
  }

  private async dumpsys(args: string[], io: CommandIo): Promise<void> {
    if (args[0] !== 'window') throw new CommandError(`${args[0] ? `Can't find service: ${args[0]}` : 'dumpsys: a service is needed'} (the phonegym virtual device has only dumpsys window)`);
    const pkg = packageOf((await this.phone.route()).app);
    const win = `Window{1a2b3c u0 ${pkg}/${pkg}.MainActivity}`;
    const { width, height, density } = this.size;
    io.out(
      [
        'WINDOW MANAGER WINDOWS (dumpsys window windows)',
        `  Window #0 ${win}:`,
        '    mDisplayId=0 rootTaskId=1 mSession=Session{7f8e9d0 1234:u0a10100} mClient=android.os.BinderProxy@5a6b7c8',
        `    mOwnerUid=10100 showForAllUsers=false package=${pkg} appop=NONE`,
        `    mFrame=[0,0][${width},${height}]`,
        '',
        `  mCurrentFocus=${win}`,
        `  mFocusedApp=ActivityRecord{4d5e6f u0 ${pkg}/.MainActivity t1}`,
        `  init=${width}x${height} ${density}dpi cur=${width}x${height} app=${width}x${height}`,
        '',
      ].join('\n'),
    );
  }

  /** The app a package names (`home` for the launcher's), or null. */
  private appOf(pkg: string): string | null {
    if (pkg === HOME_PACKAGE) return 'home';
    return this.phone.apps.find((a) => packageOf(a) === pkg || ANDROID_PACKAGES[a] === pkg) ?? null;
  }

  private async open(app: string): Promise<void> {
    if (app === 'home') await this.phone.goHome();
    else await this.phone.openApp(app);
  }

  private async am(args: string[], io: CommandIo): Promise<void> {
    const [sub, ...rest] = args;
    if (sub === 'force-stop') {
      const pkg = rest.filter((a) => !a.startsWith('-')).at(-1);
      if (!pkg) throw new CommandError('am force-stop: a package is needed: am force-stop PACKAGE');
      // Stopping the app in front shows the launcher; stopping one in the background shows nothing.
      if (packageOf((await this.phone.route()).app) === pkg && pkg !== HOME_PACKAGE) await this.phone.goHome();
      return;
    }
    if (sub === 'broadcast') return this.broadcast(rest, io);
    if (sub !== 'start' && sub !== 'start-activity') throw new CommandError(`am: ${sub ?? '(nothing)'} is not supported (the phonegym virtual device has: am start, am force-stop, am broadcast)`);
    const { component, target, data } = intentOf(rest);
    // A deep link phonegym://APP opens APP (its package's activity, as a VIEW intent would).
    const linked = data?.startsWith('phonegym://') ? data.slice('phonegym://'.length).split(/[/?#]/)[0] : undefined;
    const pkg = component?.split('/')[0] ?? target ?? (linked ? packageOf(linked) : undefined);
    const shown = component ? `cmp=${component}` : data ? `act=android.intent.action.VIEW dat=${data}` : `pkg=${pkg ?? ''}`;
    const app = pkg ? this.appOf(pkg) : null;
    if (!app) throw new CommandError(`Error: Activity not started, unable to resolve Intent { ${shown} }`);
    io.out(`Starting: Intent { ${shown} }\n`);
    await this.open(app);
  }

  /** `am broadcast`: the ADB keyboard's ADB_INPUT_TEXT and ADB_INPUT_B64 type their `msg`, ADB_CLEAR_TEXT empties the field; others reach no one. */
  private async broadcast(args: string[], io: CommandIo): Promise<void> {
    const { action, extras } = intentOf(args);
    io.out(`Broadcasting: Intent { act=${action ?? ''} flg=0x400000${Object.keys(extras).length ? ' (has extras)' : ''} }\n`);
    const msg = extras.msg;
    if (action === 'ADB_INPUT_TEXT' && msg !== undefined) await this.phone.typeText(msg);
    else if (action === 'ADB_INPUT_B64' && msg !== undefined) await this.phone.typeText(Buffer.from(msg, 'base64').toString('utf8'));
    else if (action === 'ADB_CLEAR_TEXT') await this.phone.clearText();
    io.out('Broadcast completed: result=0\n');
  }

  private async monkey(args: string[], io: CommandIo): Promise<void> {
    const p = args.indexOf('-p');
    const pkg = p >= 0 ? args[p + 1] : undefined;
    const app = pkg ? this.appOf(pkg) : null;
    if (!app) throw new CommandError(`** No activities found to run, monkey aborted.${pkg ? '' : ' (the phonegym virtual device runs only: monkey -p PACKAGE -c android.intent.category.LAUNCHER 1)'}`);
    await this.open(app);
    io.out('Events injected: 1\n');
  }

  private pm(args: string[], io: CommandIo): void {
    if (args[0] !== 'list' || args[1] !== 'packages') throw new CommandError(`pm: ${args.join(' ') || '(nothing)'} is not supported (the phonegym virtual device has: pm list packages)`);
    io.out([HOME_PACKAGE, ...this.phone.apps.map(packageOf)].map((p) => `package:${p}\n`).join(''));
  }
}

/** An intent from `am`'s arguments: `-n` component, `-a` action, `--es`-style extras, a bare package. */
function intentOf(args: string[]): { component?: string; action?: string; target?: string; data?: string; extras: Record<string, string> } {
  const out: ReturnType<typeof intentOf> = { extras: {} };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n') out.component = args[++i];
    else if (a === '-a') out.action = args[++i];
    else if (a === '-d') out.data = args[++i];
    else if (/^--e[sizlfb]?$|^--e[sizlf]a$/.test(a)) {
      out.extras[args[i + 1] ?? ''] = args[i + 2] ?? '';
      i += 2;
    } else if (['-t', '-c', '-f', '-p', '--user', '--display', '-R', '-P', '--start-profiler', '--windowingMode', '--activityType'].includes(a)) i++;
    else if (!a.startsWith('-')) out.target = a;
  }
  return out;
}

function ime(args: string[], io: CommandIo): void {
  const [sub, id] = args;
  if (sub === 'list') io.out(`${ADB_KEYBOARD}\n`);
  else if ((sub === 'set' || sub === 'enable') && id === ADB_KEYBOARD) io.out(sub === 'set' ? `Input method ${id} selected for user #0\n` : `Input method ${id}: Already enabled for user #0\n`);
  else if ((sub === 'set' || sub === 'enable') && id) throw new CommandError(`Unknown input method ${id} cannot be ${sub === 'set' ? 'selected' : 'enabled'} for user #0 (the phonegym virtual device has ${ADB_KEYBOARD})`);
  else throw new CommandError(`ime: ${args.join(' ') || '(nothing)'} is not supported (the phonegym virtual device has: ime list, ime set, ime enable)`);
}

function echo(args: string[], io: CommandIo): void {
  const noNewline = args[0] === '-n';
  const words = noNewline ? args.slice(1) : args;
  io.out(words.join(' ') + (noNewline ? '' : '\n'));
}
