/**
 * The state tree of a phonegym virtual device, over adb: the device's `phonegym` command
 * (bridge/device/stateCommand.ts) reads and sets its page's state, so a run in another process
 * sets tasks up on it and the state judge judges it, while the agent sees and acts only through
 * adb. Data going to the device travels gzipped in base64 pieces: adb's host requests (and so a
 * command line) stop at 64 KB.
 */
import { gzipSync } from 'node:zlib';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import { AdbCallError, shellOutput, shellText, type AdbDevice } from './adbDevices.ts';
import { shQuote, type StateSource } from './adbEnv.ts';

/** Base64 characters per `phonegym append`: well under the host protocol's 64 KB request. */
const PIECE = 48 * 1024;
const FILE = '/data/local/tmp/phonegym-in';
const OK = 'phonegym-ok';

/**
 * True when the phone is a phonegym virtual device whose state tree the bridge may read (its
 * manufacturer says phonegym, `ro.phonegym.state` says 1); one started with `--no-state` is
 * judged as a real phone is.
 */
export async function isVirtualDevice(device: AdbDevice): Promise<boolean> {
  const said = await shellText(device, 'getprop ro.product.manufacturer && getprop ro.phonegym.state', 10_000).catch(() => '');
  return said.split(/\s+/).join(' ').startsWith('phonegym 1');
}

export class RemoteState implements StateSource {
  constructor(private readonly device: AdbDevice) {}

  /**
   * Runs a `phonegym` command and gives its output. adbkit speaks the legacy shell, which has no
   * exit status: a marker echoed after success tells; without it the output says why it failed.
   */
  private async run(args: string, timeoutMs = 30_000): Promise<Buffer> {
    const out = await shellOutput(this.device, `phonegym ${args} && echo ${OK}`, timeoutMs);
    const mark = Buffer.from(`${OK}\n`);
    if (out.length < mark.length || !out.subarray(out.length - mark.length).equals(mark)) {
      throw new AdbCallError(`the virtual device refused phonegym ${args.split(' ')[0]}: ${out.toString('utf8').trim().slice(0, 300)}`, { code: 'env_error' });
    }
    return out.subarray(0, out.length - mark.length);
  }

  private async send(data: string): Promise<void> {
    const b64 = gzipSync(data).toString('base64');
    await this.run(`append ${FILE} ''`);
    for (let at = 0; at < b64.length; at += PIECE) await this.run(`append ${FILE} ${b64.slice(at, at + PIECE)}`);
  }

  async getState(): Promise<{ state: PhoneState; json: string; route: Route; revision: number }> {
    const out = await this.run('state');
    const nl = out.indexOf(0x0a);
    if (nl < 0) throw new AdbCallError('the virtual device answered phonegym state without its header line', { code: 'env_error' });
    const head = JSON.parse(out.subarray(0, nl).toString('utf8')) as { route: Route; revision: number };
    const json = out.subarray(nl + 1).toString('utf8');
    return { state: JSON.parse(json) as PhoneState, json, route: head.route, revision: head.revision };
  }

  async reset(state: PhoneState | string, route?: Route): Promise<void> {
    await this.send(typeof state === 'string' ? state : JSON.stringify(state));
    await this.run(`reset ${FILE}${route ? ` ${shQuote(JSON.stringify(route))}` : ''}`);
  }

  async deliver(events: EnvironmentEvent[]): Promise<void> {
    await this.send(JSON.stringify(events));
    await this.run(`deliver ${FILE}`);
  }

  async snapshot(): Promise<string> {
    return (await this.run('snapshot')).toString('utf8').trim();
  }

  async restore(snapshot: string): Promise<void> {
    await this.send(snapshot);
    await this.run(`restore ${FILE}`);
  }
}
