/**
 * The virtual device against the real `adb` (Debian's 1.0.41) and a real phone page: adb
 * connects and lists it, `adb shell` runs over shell protocol v2 (exit status passed through)
 * and the legacy shell, `adb exec-out screencap -p` gives the phone's own PNG byte for byte
 * (also through a device whose max payload forces thousands of WRTEs), a tap changes the phone,
 * and hosts that vanish mid-stream or break the framing harm no one else.
 *
 * Our own adb server on a free port (test/helpers/adbServer.ts): never the machine's default.
 */
import { createConnection, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, encodePacket, PacketReader, type AdbPacket } from '../../bridge/device/adbWire.ts';
import { SimulatorPhone } from '../../bridge/device/simulatorPhone.ts';
import { VirtualDevice } from '../../bridge/device/virtualDevice.ts';
import { parseUiautomatorXml } from '../../bridge/protocol/uiautomator.ts';
import { startAdbServer, type TestAdbServer } from '../helpers/adbServer.ts';

let server: TestAdbServer;
const adb = (...args: string[]) => server.adb(...args);

/** A bare adb host over TCP, for what the real one never does (vanish mid-stream, send garbage). */
class RawHost {
  readonly socket: Socket;
  private readonly reader = new PacketReader();
  private readonly packets: AdbPacket[] = [];
  private waiter: (() => void) | null = null;
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = createConnection({ host: '127.0.0.1', port });
    this.socket.on('data', (c: Buffer) => {
      this.packets.push(...this.reader.push(c));
      this.waiter?.();
    });
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  send(command: number, arg0: number, arg1: number, payload?: Buffer | string): void {
    this.socket.write(encodePacket(command, arg0, arg1, payload));
  }

  /** Packets received and not yet taken. */
  get pending(): number {
    return this.packets.length;
  }

  async next(): Promise<AdbPacket> {
    while (!this.packets.length) {
      if (this.socket.destroyed) throw new Error('the device closed the connection');
      await Promise.race([new Promise<void>((r) => (this.waiter = r)), this.closed]);
    }
    return this.packets.shift()!;
  }

  async handshake(maxPayload = 1 << 20): Promise<AdbPacket> {
    this.send(A_CNXN, 0x01000001, maxPayload, 'host::features=shell_v2');
    return this.next();
  }
}

const pngSize = (png: Buffer) => ({ signature: png.subarray(0, 8).toString('hex'), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

let phone: SimulatorPhone;
let device: VirtualDevice<SimulatorPhone>;
let small: VirtualDevice<SimulatorPhone>;
const opened: string[] = [];

beforeAll(async () => {
  phone = await SimulatorPhone.launch();
  device = await VirtualDevice.start({ phone, model: 'Pixel_T', log: (l) => void (/: open /.test(l) && opened.push(l.slice(l.indexOf(': open ') + 7))) });
  small = await VirtualDevice.start({ phone, maxPayload: 4096 });
  server = await startAdbServer();
}, 180_000);

afterAll(async () => {
  // The server first: a server whose device vanished keeps dialling it.
  await server?.stop();
  await device?.close();
  await small?.close();
  await phone?.close();
}, 60_000);

const onDevice = (...args: string[]) => adb('-s', device.address, ...args);

describe('adb connect and devices', () => {
  it('connects and lists the device with its model', async () => {
    const c = await adb('connect', device.address);
    expect(c.stdout.toString()).toContain(`connected to ${device.address}`);
    const list = (await adb('devices', '-l')).stdout.toString();
    expect(list).toMatch(new RegExp(`^${device.address.replace(/\./g, '\\.')}\\s+device .*product:phonegym model:Pixel_T device:phonegym`, 'm'));
  });
});

describe('adb shell', () => {
  it('runs over shell protocol v2 (the device lists shell_v2) and prints the output', async () => {
    const r = await onDevice('shell', 'echo', 'hi');
    expect([r.code, r.stdout.toString(), r.stderr]).toEqual([0, 'hi\n', '']);
    expect(opened.at(-1)).toMatch(/^shell,v2,.*:echo hi$/);
  });

  it('runs over the legacy shell with -x: output merged, no exit status', async () => {
    const r = await onDevice('shell', '-x', 'echo', 'hi');
    expect([r.code, r.stdout.toString()]).toEqual([0, 'hi\n']);
    expect(opened.at(-1)).toBe('shell:echo hi');
    const unknown = await onDevice('shell', '-x', 'nope');
    expect([unknown.code, unknown.stdout.toString()]).toEqual([0, '/system/bin/sh: nope: inaccessible or not found\n']);
  });

  it('passes the exit status through in v2, and stderr apart from stdout', async () => {
    expect((await onDevice('shell', 'exit', '3')).code).toBe(3);
    const r = await onDevice('shell', 'echo out; nope');
    expect([r.code, r.stdout.toString(), r.stderr]).toEqual([127, 'out\n', '/system/bin/sh: nope: inaccessible or not found\n']);
    expect((await onDevice('shell', 'getprop', 'ro.product.model')).stdout.toString()).toBe('Pixel_T\n');
  });
});

describe('screenshots', () => {
  it('adb exec-out screencap -p is the PNG the phone gives, byte for byte', async () => {
    const r = await onDevice('exec-out', 'screencap', '-p');
    const own = await phone.screenshotPng();
    expect(r.code, r.stderr).toBe(0);
    expect(pngSize(r.stdout)).toEqual({ signature: '89504e470d0a1a0a', width: 1080, height: 2400 });
    expect(r.stdout.length).toBeGreaterThan(1 << 20); // more than one WRTE even at the 1 MiB maximum
    expect(r.stdout.equals(own)).toBe(true);
  });

  it('arrives intact from a device whose max payload is 4096, raw and as shell v2 stdout', async () => {
    expect((await adb('connect', small.address)).stdout.toString()).toContain(`connected to ${small.address}`);
    const own = await phone.screenshotPng();
    const raw = await adb('-s', small.address, 'exec-out', 'screencap', '-p');
    expect(raw.stdout.equals(own)).toBe(true);
    const v2 = await adb('-s', small.address, 'shell', 'screencap', '-p');
    expect(v2.code).toBe(0);
    expect(v2.stdout.equals(own)).toBe(true);
  });

  it('goes out in WRTEs of at most the negotiated maximum, one in flight at a time', async () => {
    const host = new RawHost(device.port);
    const cnxn = await host.handshake(2048);
    expect(cnxn.command).toBe(A_CNXN);
    expect(cnxn.payload.toString()).toMatch(/^device::ro\.product\.name=phonegym;ro\.product\.model=Pixel_T;ro\.product\.device=phonegym;features=shell_v2,cmd$/);
    host.send(A_OPEN, 7, 0, 'exec:screencap -p\0');
    const okay = await host.next();
    expect([okay.command, okay.arg1]).toEqual([A_OKAY, 7]);
    const chunks: Buffer[] = [];
    for (;;) {
      const p = await host.next();
      if (p.command === A_CLSE) break;
      expect(p.command).toBe(A_WRTE);
      expect(p.payload.length).toBeLessThanOrEqual(2048);
      // Nothing else may have come before our OKAY for this one: acknowledge later, then look.
      expect(await new Promise<number>((r) => setImmediate(() => r(host.pending)))).toBe(0);
      chunks.push(p.payload);
      host.send(A_OKAY, 7, okay.arg0);
    }
    expect(chunks.length).toBeGreaterThan(100);
    expect(Buffer.concat(chunks).equals(await phone.screenshotPng())).toBe(true);
    host.socket.destroy();
  });
});

describe('the phone behind it', () => {
  it('a tap at an app icon (its centre in device pixels) opens the app', async () => {
    await onDevice('shell', 'input', 'keyevent', 'KEYCODE_HOME');
    expect((await phone.route()).app).toBe('home');
    const icon = (await phone.uiTree()).find((n) => n.key === 'app.chat');
    expect(icon).toBeDefined();
    const { x, y, w, h } = icon!.bounds;
    const r = await onDevice('shell', 'input', 'tap', String(Math.round((x + w / 2) * 3)), String(Math.round((y + h / 2) * 3)));
    expect(r.code, r.stderr).toBe(0);
    expect((await phone.route()).app).toBe('chat');
    expect((await onDevice('shell', 'dumpsys', 'window')).stdout.toString()).toContain('mCurrentFocus=Window{1a2b3c u0 com.phonegym.chat/com.phonegym.chat.MainActivity}');
    await onDevice('shell', 'input', 'keyevent', '3');
    expect((await phone.route()).app).toBe('home');
  });

  it('uiautomator dump /dev/tty gives the screen as uiautomator XML in device pixels', async () => {
    const r = await onDevice('exec-out', 'uiautomator', 'dump', '/dev/tty');
    const text = r.stdout.toString('utf8');
    expect(text).toMatch(/UI hierchary dumped to: \/dev\/tty\n$/);
    const nodes = parseUiautomatorXml(text, { scale: 3 });
    const icon = (await phone.uiTree()).find((n) => n.key === 'app.chat')!;
    expect(nodes.find((n) => n.key === 'app.chat')?.bounds).toEqual(icon.bounds);
  });
});

describe('hosts that misbehave harm no one else', () => {
  it('a host that vanishes in the middle of a stream leaves the device working', async () => {
    const host = new RawHost(device.port);
    await host.handshake();
    host.send(A_OPEN, 1, 0, 'exec:screencap -p\0');
    expect((await host.next()).command).toBe(A_OKAY);
    expect((await host.next()).command).toBe(A_WRTE);
    host.socket.destroy(); // without acknowledging: the rest of the PNG has nowhere to go
    await host.closed;
    const r = await onDevice('shell', 'echo', 'still here');
    expect([r.code, r.stdout.toString()]).toEqual([0, 'still here\n']);
    expect((await onDevice('exec-out', 'screencap', '-p')).stdout.equals(await phone.screenshotPng())).toBe(true);
  });

  it('a malformed header closes that connection; new ones are served', async () => {
    const bad = new RawHost(device.port);
    const garbage = encodePacket(A_CNXN, 0x01000001, 1 << 20, 'host::');
    garbage.writeUInt32LE(0, 20); // a magic that is not command ^ 0xffffffff
    bad.socket.write(garbage);
    await bad.closed;

    const oversize = new RawHost(device.port);
    await oversize.handshake(4096);
    oversize.socket.write(encodePacket(A_WRTE, 1, 1, Buffer.alloc(5000)).subarray(0, 24)); // 5000 > the 4096 agreed
    await oversize.closed;

    const good = new RawHost(device.port);
    expect((await good.handshake()).payload.toString()).toContain('ro.product.model=Pixel_T');
    good.send(A_OPEN, 3, 0, 'shell,v2,raw:echo ok\0');
    expect((await good.next()).command).toBe(A_OKAY);
    good.socket.destroy();
    expect((await onDevice('shell', 'echo', 'ok')).stdout.toString()).toBe('ok\n');
  });

  it('an unknown service is refused with CLSE(0, L)', async () => {
    const host = new RawHost(device.port);
    await host.handshake();
    host.send(A_OPEN, 9, 0, 'sync:\0');
    const p = await host.next();
    expect([p.command, p.arg0, p.arg1]).toEqual([A_CLSE, 0, 9]);
    host.socket.destroy();
  });
});
