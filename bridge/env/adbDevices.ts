/**
 * The phones an adb server knows, through adbkit: the client (its `error` event always handled:
 * unhandled, an EventEmitter error kills Node), the listing `phonegym devices` prints (serial,
 * state, model, screen size) and the shell calls the ADB env is made of, each with a timeout.
 */
import adbkit from '@devicefarmer/adbkit';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import type { AdbServer } from './adbServer.ts';

// Node's ESM loader gives the CommonJS module's exports as the default import (`Adb` is one of
// them: FACTS.md, the default import alone breaks); Vite's interop (the tests) gives the exports'
// own `default`, which is the Adb class itself, as the types say.
const Adb = (adbkit as unknown as { Adb?: typeof adbkit }).Adb ?? adbkit;
export type AdbClient = ReturnType<typeof Adb.createClient>;
export type AdbDevice = ReturnType<AdbClient['getDevice']>;

/** A client of `server`; its errors go to `onError` (a server that went away, a refused connection). */
export function adbClient(server: AdbServer, onError: (e: Error) => void = () => {}): AdbClient {
  const client = Adb.createClient({ host: '127.0.0.1', port: server.port, ...(server.bin ? { bin: server.bin } : {}) });
  client.on('error', onError);
  return client;
}

/** adb's states a phone can be in; only `device` (and an emulator's) can run an episode. */
export type DeviceState = 'device' | 'emulator' | 'offline' | 'unauthorized' | 'unknown';

export interface DeviceListing {
  serial: string;
  state: DeviceState;
  /** `ro.product.model`; null when the phone cannot be asked (offline, unauthorized). */
  model: string | null;
  /** The physical screen in pixels (`wm size`), or null. */
  screen: { width: number; height: number } | null;
}

/** What to do about a phone adb lists but phonegym cannot use. */
export function stateAdvice(state: DeviceState): string | null {
  if (state === 'unauthorized') return 'unlock the phone and accept the "Allow USB debugging?" prompt (tick "Always allow"), then try again';
  if (state === 'offline') return 'adb lost it: unplug and replug the cable (or adb reconnect / adb connect HOST:PORT again), and check Developer options > USB debugging';
  if (state === 'unknown') return 'adb does not know its state: replug it or restart the adb server';
  return null;
}

export class AdbCallError extends PhonegymError {
  override name = 'AdbCallError';
}

/** A shell command's output (stdout and stderr as one: adbkit speaks the legacy shell). */
export async function shellOutput(device: AdbDevice, command: string, timeoutMs = 20_000): Promise<Buffer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AdbCallError(`adb shell ${command.slice(0, 80)} took over ${timeoutMs} ms`, { code: 'device_timeout' })), timeoutMs);
  });
  try {
    const stream = await Promise.race([device.shell(command), timeout]);
    return await Promise.race([Adb.util.readAll(stream), timeout]);
  } catch (e) {
    if (e instanceof AdbCallError) throw e;
    throw new AdbCallError(`adb shell ${command.slice(0, 80)}: ${(e as Error).message}`, { code: 'device_lost' });
  } finally {
    clearTimeout(timer);
  }
}

export const shellText = async (device: AdbDevice, command: string, timeoutMs?: number): Promise<string> => (await shellOutput(device, command, timeoutMs)).toString('utf8');

/** `Physical size: 1080x2400` (an `Override size:` line, when set, is what the screen shows). */
export function parseWmSize(text: string): { width: number; height: number } | null {
  const pick = (label: string) => new RegExp(`${label} size:\\s*(\\d+)x(\\d+)`).exec(text);
  const m = pick('Override') ?? pick('Physical');
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/** Every phone the server lists, asked for its model and screen where it can answer. */
export async function listDevices(client: AdbClient): Promise<DeviceListing[]> {
  let devices: { id: string; type: DeviceState }[];
  try {
    devices = await client.listDevices();
  } catch (e) {
    throw new UsageError(`the adb server on port ${client.port} did not list its devices: ${(e as Error).message}`);
  }
  return Promise.all(
    devices.map(async ({ id, type }): Promise<DeviceListing> => {
      if (type !== 'device' && type !== 'emulator') return { serial: id, state: type, model: null, screen: null };
      const device = client.getDevice(id);
      const [model, size] = await Promise.all([shellText(device, 'getprop ro.product.model', 10_000).catch(() => ''), shellText(device, 'wm size', 10_000).catch(() => '')]);
      return { serial: id, state: type, model: model.trim() || null, screen: parseWmSize(size) };
    }),
  );
}
