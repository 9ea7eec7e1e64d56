/**
 * The virtual device's shell on a fake phone that records what it was asked: sh's quoting and
 * lists, adbkit's screenshot probe byte for byte, `input` in device pixels landing in CSS pixels,
 * the canned system commands in the wording clients parse, and sh's 127 for the rest.
 */
import { describe, expect, it } from 'vitest';
import { DeviceShell, type VirtualPhone } from '../../bridge/device/deviceShell.ts';
import { parseCommandLine } from '../../bridge/device/shellSyntax.ts';
import type { KeyName } from '../../bridge/protocol/actions.ts';
import type { Route, UiNode } from '../../bridge/protocol/state.ts';
import { parseUiautomatorXml } from '../../bridge/protocol/uiautomator.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0a, 0x0d, 0x0a, 0x00, 0xff]);

class FakePhone implements VirtualPhone {
  readonly apps = ['chat', 'wallet'];
  calls: string[] = [];
  current: Route = { app: 'home', path: '/' };
  tree: UiNode[] = [
    { index: 0, role: 'list', text: '应用', bounds: { x: 0, y: 244, w: 360, h: 317 }, depth: 0 },
    { index: 1, role: 'button', text: '轻聊', key: 'app.chat', bounds: { x: 14, y: 244, w: 83, h: 91 }, depth: 1 },
  ];
  tap = async (x: number, y: number) => void this.calls.push(`tap ${x} ${y}`);
  longPress = async (x: number, y: number, ms: number) => void this.calls.push(`long_press ${x} ${y} ${ms}`);
  swipe = async (x1: number, y1: number, x2: number, y2: number, ms: number) => void this.calls.push(`swipe ${x1} ${y1} ${x2} ${y2} ${ms}`);
  drag = async (x1: number, y1: number, x2: number, y2: number, ms: number) => void this.calls.push(`drag ${x1} ${y1} ${x2} ${y2} ${ms}`);
  key = async (k: KeyName) => void this.calls.push(`key ${k}`);
  typeText = async (s: string) => void this.calls.push(`type ${s}`);
  clearText = async () => void this.calls.push('clear');
  openApp = async (app: string) => {
    this.calls.push(`open ${app}`);
    this.current = { app, path: '/' };
  };
  goHome = async () => {
    this.calls.push('home');
    this.current = { app: 'home', path: '/' };
  };
  screenshotPng = async () => PNG;
  uiTree = async () => this.tree;
  route = async () => this.current;
}

async function sh(line: string, phone = new FakePhone(), shell = new DeviceShell(phone, { model: 'Pixel_T', serial: 'phonegym-5555', scale: 3 })) {
  const merged: Buffer[] = [];
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const code = await shell.run(line, (fd, data) => {
    const b = Buffer.from(data);
    merged.push(b);
    (fd === 1 ? out : err).push(b);
  });
  return { code, stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString(), bytes: Buffer.concat(out), merged: Buffer.concat(merged).toString(), phone, shell };
}

describe('the shell language', () => {
  it('splits words as sh does: quotes, escapes, empty quoted words', () => {
    const argv = (l: string) => parseCommandLine(l).map((c) => c.argv);
    expect(argv(`echo 'a b'  "c \\"d\\" \\n" e\\ f '' x"y"'z'`)).toEqual([['echo', 'a b', 'c "d" \\n', 'e f', '', 'xyz']]);
    expect(argv(`echo '&&' ';' a;b && c || d # comment`)).toEqual([['echo', '&&', ';', 'a'], ['b'], ['c'], ['d']]);
    expect(argv('echo hi;')).toEqual([['echo', 'hi']]);
  });

  it('refuses what it cannot run, in a sentence, with status 1', async () => {
    for (const [line, msg] of [
      [`echo 'open`, 'unterminated quoted string'],
      ['echo hi | grep h', 'pipes are not supported'],
      ['&& echo', "'&&' unexpected"],
      ['echo >/sdcard/x', 'redirection to /sdcard/x is not supported'],
      ['echo hi &&', "the line ends after '&&'"],
    ]) {
      const r = await sh(line!);
      expect(r.code, line).toBe(1);
      expect(r.stderr, line).toContain(`/system/bin/sh: `);
      expect(r.stderr, line).toContain(msg);
    }
  });

  it('&& runs on success only, || on failure only, ; always; exit ends the line', async () => {
    expect((await sh('false && echo no; echo yes')).stdout).toBe('yes\n');
    expect((await sh('true && echo a || echo b')).stdout).toBe('a\n');
    expect((await sh('false || echo b')).stdout).toBe('b\n');
    expect((await sh('false && echo x')).code).toBe(1);
    const r = await sh('echo one; exit 3; echo two');
    expect([r.code, r.stdout]).toEqual([3, 'one\n']);
    expect((await sh('exit')).code).toBe(0);
  });

  it('redirections to /dev/null drop that output; 2>&1 joins stderr to stdout', async () => {
    expect(await sh('nope 2>/dev/null')).toMatchObject({ code: 127, stderr: '' });
    expect(await sh('echo hi >/dev/null')).toMatchObject({ code: 0, stdout: '' });
    expect(await sh('echo hi > /dev/null 2>&1')).toMatchObject({ stdout: '', stderr: '' });
    expect(await sh('nope 2>&1')).toMatchObject({ stdout: '/system/bin/sh: nope: inaccessible or not found\n', stderr: '' });
  });

  it("answers adbkit's screenshot probe with a newline and the PNG's bytes, untouched", async () => {
    const r = await sh('echo && screencap -p 2>/dev/null');
    expect(r.code).toBe(0);
    expect(r.bytes.equals(Buffer.concat([Buffer.from('\n'), PNG]))).toBe(true);
    expect((await sh('screencap')).stderr).toContain('only screencap -p is supported');
    expect((await sh('screencap')).code).toBe(1);
  });

  it('an unknown command is sh\'s: a message on stderr and 127', async () => {
    const r = await sh('frobnicate --now');
    expect(r).toMatchObject({ code: 127, stdout: '', stderr: '/system/bin/sh: frobnicate: inaccessible or not found\n' });
  });
});

describe('input', () => {
  it('maps device pixels to CSS pixels (÷ scale), with or without a source word', async () => {
    const phone = new FakePhone();
    await sh('input tap 540 1200 && input touchscreen tap 30 60', phone);
    await sh('input swipe 540 1800 540 600 && input swipe 0 0 300 300 450 && input draganddrop 90 90 900 900 1000', phone);
    expect(phone.calls).toEqual(['tap 180 400', 'tap 10 20', 'swipe 180 600 180 200 300', 'swipe 0 0 100 100 450', 'drag 30 30 300 300 1000']);
  });

  it('a swipe that does not move is a tap, or a long press from 400 ms (how adb clients long-press)', async () => {
    const phone = new FakePhone();
    await sh('input swipe 300 600 300 600 800; input swipe 300 600 303 604 100; input swipe 300 600 300 600', phone);
    expect(phone.calls).toEqual(['long_press 100 200 800', 'tap 100 200', 'tap 100 200']);
  });

  it('keyevent takes the names and numbers of back, home, recents and enter; any other key fails', async () => {
    const phone = new FakePhone();
    await sh('input keyevent KEYCODE_BACK; input keyevent 3; input keyevent KEYCODE_APP_SWITCH 66; input keyevent 4 KEYCODE_HOME', phone);
    expect(phone.calls).toEqual(['key back', 'key home', 'key recent', 'key enter', 'key back', 'key home']);
    const r = await sh('input keyevent KEYCODE_VOLUME_UP');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('KEYCODE_VOLUME_UP is not a key the phonegym virtual device has');
    expect(r.phone.calls).toEqual([]);
  });

  it('text types its argument with %s as a space', async () => {
    const phone = new FakePhone();
    await sh("input text hello%sworld && input text '你好 世界'", phone);
    expect(phone.calls).toEqual(['type hello world', 'type 你好 世界']);
  });

  it('motionevent: a finger that stays within 8 px taps where it went down; one that travels drags', async () => {
    const phone = new FakePhone();
    const shell = new DeviceShell(phone, { model: 'm', serial: 's', scale: 3 });
    for (const l of ['input motionevent DOWN 300 600', 'input motionevent MOVE 305 604', 'input motionevent UP 303 603']) await sh(l, phone, shell);
    expect(phone.calls).toEqual(['tap 100 200']);
    for (const l of ['input motionevent DOWN 300 1500', 'input motionevent MOVE 300 1200', 'input motionevent MOVE 300 900', 'input motionevent UP 300 600']) await sh(l, phone, shell);
    expect(phone.calls).toEqual(['tap 100 200', 'drag 100 500 100 200 300']);
    await sh('input motionevent UP 1 1', phone, shell); // no finger down: nothing happens
    expect(phone.calls).toHaveLength(2);
  });

  it('bad arguments fail with status 1 and a usage message', async () => {
    for (const line of ['input tap 10', 'input tap x 20', 'input swipe 1 2 3', 'input roll 1 1', 'input']) {
      const r = await sh(line);
      expect(r.code, line).toBe(1);
      expect(r.stderr, line).toMatch(/Usage: input|not a number/);
      expect(r.phone.calls, line).toEqual([]);
    }
  });
});

describe('the system commands', () => {
  it('uiautomator dump writes the XML to a file cat reads; /dev/tty prints it; rm removes it', async () => {
    const phone = new FakePhone();
    const shell = new DeviceShell(phone, { model: 'm', serial: 's', scale: 3 });
    expect((await sh('uiautomator dump', phone, shell)).stdout).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const cat = await sh('cat /sdcard/window_dump.xml', phone, shell);
    const nodes = parseUiautomatorXml(cat.bytes.toString('utf8'), { scale: 3 });
    expect(nodes.map((n) => [n.key, n.text, n.bounds])).toEqual([
      [undefined, '应用', { x: 0, y: 244, w: 360, h: 317 }],
      ['app.chat', '轻聊', { x: 14, y: 244, w: 83, h: 91 }],
    ]);
    expect(cat.bytes.toString('utf8')).toContain('bounds="[42,732][291,1005]"');
    const tty = await sh('uiautomator dump /dev/tty', phone, shell);
    expect(tty.bytes.toString('utf8')).toMatch(/^<\?xml .*<\/hierarchy>UI hierchary dumped to: \/dev\/tty\n$/s);
    // The ADB env's own line: the dump's message dropped, the file read back.
    const env = await sh('uiautomator dump /sdcard/window_dump.xml >/dev/null && cat /sdcard/window_dump.xml', phone, shell);
    expect(env.bytes.equals(cat.bytes)).toBe(true);
    await sh('uiautomator dump /sdcard/ui.xml && rm /sdcard/ui.xml', phone, shell);
    const gone = await sh('cat /sdcard/ui.xml', phone, shell);
    expect(gone).toMatchObject({ code: 1, stderr: 'cat: /sdcard/ui.xml: No such file or directory\n' });
    expect((await sh('rm /sdcard/ui.xml', phone, shell)).code).toBe(1);
    expect((await sh('rm -f /sdcard/ui.xml', phone, shell)).code).toBe(0);
  });

  it('getprop, wm size and wm density describe a 1080x2400 480 dpi phonegym', async () => {
    expect((await sh('getprop ro.product.model')).stdout).toBe('Pixel_T\n');
    expect((await sh('getprop ro.no.such')).stdout).toBe('\n');
    const all = (await sh('getprop')).stdout;
    for (const line of ['[ro.product.model]: [Pixel_T]', '[ro.product.manufacturer]: [phonegym]', '[ro.build.version.sdk]: [34]', '[ro.build.version.release]: [14]', '[ro.serialno]: [phonegym-5555]', '[ro.sf.lcd_density]: [480]']) {
      expect(all).toContain(`${line}\n`);
    }
    expect((await sh('wm size')).stdout).toBe('Physical size: 1080x2400\n');
    expect((await sh('wm density')).stdout).toBe('Physical density: 480\n');
  });

  it('dumpsys window names the app in front as the focused window', async () => {
    const phone = new FakePhone();
    expect((await sh('dumpsys window', phone)).stdout).toContain('  mCurrentFocus=Window{1a2b3c u0 com.phonegym.home/com.phonegym.home.MainActivity}\n');
    phone.current = { app: 'chat', path: '/chat/1' };
    const text = (await sh('dumpsys window windows', phone)).stdout;
    expect(text).toContain('  mCurrentFocus=Window{1a2b3c u0 com.phonegym.chat/com.phonegym.chat.MainActivity}\n');
    expect(text).toMatch(/^ {2}mFocusedApp=.*com\.phonegym\.chat\//m);
  });

  it('phonegym (the state over adb) needs a phone with a state tree, and says what is wrong', async () => {
    const none = await sh('phonegym state');
    expect([none.code, none.stderr]).toEqual([127, 'phonegym: this phone has no state tree\n']);
    const phone = Object.assign(new FakePhone(), {
      state: { getState: async () => ({ state: {} as never, json: '{"os":{}}', route: { app: 'chat', path: '/chats' }, revision: 7 }), reset: async () => {}, deliver: async () => {}, snapshot: async () => 's1', restore: async () => {} },
    });
    expect((await sh('phonegym state', phone)).stdout).toBe('{"route":{"app":"chat","path":"/chats"},"revision":7}\n{"os":{}}');
    expect(await sh('phonegym reset /data/local/tmp/x', phone)).toMatchObject({ code: 1, stderr: 'phonegym: /data/local/tmp/x: No such file (append it first)\n' });
    expect(await sh('phonegym append /x AAAA && phonegym reset /x', phone)).toMatchObject({ code: 1, stderr: expect.stringMatching(/^phonegym: \/x is not gzip data/) });
    expect((await sh('phonegym teleport', phone)).stderr).toMatch(/^usage: phonegym state \| append FILE BASE64/);
  });

  it('the ADB keyboard is there: ime list/set, and its broadcasts type any text', async () => {
    const phone = new FakePhone();
    expect((await sh('ime list -s', phone)).stdout).toBe('com.android.adbkeyboard/.AdbIME\n');
    const b64 = Buffer.from('你好, world', 'utf8').toString('base64');
    const r = await sh(`ime set com.android.adbkeyboard/.AdbIME >/dev/null; am broadcast -a ADB_INPUT_B64 --es msg ${b64}`, phone);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Broadcast completed: result=0');
    await sh("am broadcast -a ADB_INPUT_TEXT --es msg 'plain text'", phone);
    await sh('am broadcast -a ADB_CLEAR_TEXT', phone);
    expect(phone.calls).toEqual(['type 你好, world', 'type plain text', 'clear']);
    expect((await sh('ime set com.example/.Ime', phone)).code).toBe(1);
  });

  it('am start, monkey and pm list packages find apps by package; force-stop of the app in front goes home', async () => {
    const phone = new FakePhone();
    const shell = new DeviceShell(phone, { model: 'm', serial: 's', scale: 3 });
    expect((await sh('am start -n com.phonegym.chat/.MainActivity', phone, shell)).stdout).toBe('Starting: Intent { cmp=com.phonegym.chat/.MainActivity }\n');
    await sh('am start -W -a android.intent.action.MAIN com.phonegym.wallet', phone, shell);
    await sh('am force-stop com.phonegym.chat', phone, shell); // in the background: nothing to see
    await sh('am force-stop com.phonegym.wallet', phone, shell);
    expect((await sh('monkey -p com.phonegym.chat -c android.intent.category.LAUNCHER 1', phone, shell)).stdout).toContain('Events injected: 1');
    expect(phone.calls).toEqual(['open chat', 'open wallet', 'home', 'open chat']);
    const bad = await sh('am start -n com.example.nope/.Main', phone, shell);
    expect(bad).toMatchObject({ code: 1, stderr: 'Error: Activity not started, unable to resolve Intent { cmp=com.example.nope/.Main }\n' });
    expect((await sh('monkey -p com.example.nope 1', phone, shell)).code).toBe(1);
    expect((await sh('pm list packages', phone, shell)).stdout).toBe('package:com.phonegym.home\npackage:com.phonegym.chat\npackage:com.phonegym.wallet\n');
  });

  it('a system app opens by Android\'s package too, and a phonegym:// deep link opens its app (a task\'s realPhone start)', async () => {
    const phone = Object.assign(new FakePhone(), { apps: ['chat', 'settings'] });
    const shell = new DeviceShell(phone, { model: 'm', serial: 's', scale: 3 });
    expect((await sh('monkey -p com.android.settings -c android.intent.category.LAUNCHER 1', phone, shell)).code).toBe(0);
    const link = await sh("am start -W -a android.intent.action.VIEW -d 'phonegym://chat/chats'", phone, shell);
    expect(link).toMatchObject({ code: 0, stdout: 'Starting: Intent { act=android.intent.action.VIEW dat=phonegym://chat/chats }\n' });
    const nowhere = await sh('am start -a android.intent.action.VIEW -d https://example.com', phone, shell);
    expect(nowhere).toMatchObject({ code: 1, stderr: expect.stringContaining('unable to resolve Intent { act=android.intent.action.VIEW dat=https://example.com }') });
    expect(phone.calls).toEqual(['open settings', 'open chat']);
  });

  it('ro.phonegym.state says whether adb clients may read the state tree', async () => {
    expect((await sh('getprop ro.phonegym.state')).stdout).toBe('0\n');
    const phone = Object.assign(new FakePhone(), { state: {} as never });
    expect((await sh('getprop ro.phonegym.state', phone)).stdout).toBe('1\n');
  });
});
