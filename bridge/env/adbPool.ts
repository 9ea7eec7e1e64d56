/**
 * The phones of a run over ADB as the runner's `EnvSource`: one env per `--device SERIAL`, one
 * episode each at a time. A serial of the form HOST:PORT the server does not list yet is
 * connected first (an emulator or a phone over TCP, a virtual device). A phone that is
 * unauthorized or offline is refused before the run, with what to do; one that goes away
 * mid-episode (an adb call fails as `device_lost`) is broken: its episode is a run error, it is
 * not replaced, and the others go on.
 */
import { UsageError } from '../protocol/errors.ts';
import { AdbCallError, adbClient, listDevices, stateAdvice, type AdbClient } from './adbDevices.ts';
import { AdbEnv, type StateSource } from './adbEnv.ts';
import { ensureAdbServer, type AdbServer } from './adbServer.ts';
import { isVirtualDevice, RemoteState } from './adbState.ts';
import type { CoordConfig } from './coords.ts';
import type { EnvSource } from './types.ts';

export interface AdbPoolOptions {
  serials: string[];
  adbPort?: number;
  coords?: CoordConfig;
  jpegQuality?: number;
  settleMs?: number;
  /** The state side of a virtual device by serial (in-process tests; see AdbEnvOptions.stateOf). */
  stateOf?: (serial: string) => StateSource | undefined;
}

/** Marks an env broken when one of its adb calls finds the phone gone. */
class TrackedAdbEnv extends AdbEnv {
  lostWith: string | null = null;
}

export class AdbPool implements EnvSource<AdbEnv> {
  private readonly free: TrackedAdbEnv[];
  private readonly waiting: ((env: TrackedAdbEnv) => void)[] = [];

  private constructor(
    readonly server: AdbServer,
    readonly client: AdbClient,
    readonly envs: TrackedAdbEnv[],
  ) {
    this.free = [...envs];
  }

  get size(): number {
    return this.envs.length;
  }

  /** Every phone has a state tree (virtual devices); false when one is a real phone. */
  get withState(): boolean {
    return this.envs.every((e) => e.capabilities.state);
  }

  static async open(o: AdbPoolOptions): Promise<AdbPool> {
    if (!o.serials.length) throw new UsageError('--env adb needs the phones to run on: give --device SERIAL (phonegym devices lists them)');
    const dup = o.serials.find((s, i) => o.serials.indexOf(s) !== i);
    if (dup) throw new UsageError(`--device ${dup} is given twice: one episode runs on a phone at a time, so name each phone once`);
    const server = await ensureAdbServer(o.adbPort === undefined ? {} : { port: o.adbPort });
    let serverError: Error | null = null;
    const client = adbClient(server, (e) => (serverError = e));
    try {
      let listed = await listDevices(client);
      for (const serial of o.serials) {
        const tcp = /^(.+):(\d{1,5})$/.exec(serial);
        if (tcp && !listed.some((d) => d.serial === serial)) {
          // adbkit resolves with the device's serial, and rejects with the server's words ("failed to connect to …").
          await client.connect(tcp[1]!, Number(tcp[2])).catch((e: Error) => {
            throw new UsageError(`--device ${serial}: adb could not connect to it (${e.message.slice(0, 200)}); is it listening? (phonegym devices --connect ${serial})`);
          });
          listed = await listDevices(client);
        }
      }
      if (serverError) throw new UsageError(`the adb server on port ${server.port} failed: ${(serverError as Error).message}`);
      const found = o.serials.map((serial) => {
        const d = listed.find((x) => x.serial === serial);
        if (!d) throw new UsageError(`--device ${serial}: the adb server does not list it (it lists ${listed.map((x) => x.serial).join(', ') || 'no device'}); phonegym devices shows what is connected`);
        const advice = stateAdvice(d.state);
        if (advice) throw new UsageError(`--device ${serial} is ${d.state}: ${advice}`);
        if (!d.screen) throw new UsageError(`--device ${serial}: its screen size could not be read (wm size); is the phone unlocked and booted?`);
        return { serial, screen: d.screen };
      });
      const envs: TrackedAdbEnv[] = [];
      for (const { serial, screen } of found) {
        const device = client.getDevice(serial);
        // A virtual device's page state comes along (in-process: given; else over adb itself).
        const stateOf = o.stateOf?.(serial) ?? ((await isVirtualDevice(device)) ? new RemoteState(device) : undefined);
        envs.push(new TrackedAdbEnv(device, {
          serial,
          screen,
          ...(o.coords ? { coords: o.coords } : {}),
          ...(o.jpegQuality !== undefined ? { jpegQuality: o.jpegQuality } : {}),
          ...(o.settleMs !== undefined ? { settleMs: o.settleMs } : {}),
          ...(stateOf ? { stateOf } : {}),
        }));
      }
      return new AdbPool(server, client, envs);
    } catch (e) {
      await server.stop();
      throw e;
    }
  }

  acquire(): Promise<AdbEnv> {
    const env = this.free.shift();
    if (env) return Promise.resolve(env);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(env: AdbEnv): void {
    const e = env as TrackedAdbEnv;
    if (this.isBroken(e)) return;
    const next = this.waiting.shift();
    if (next) next(e);
    else this.free.push(e);
  }

  isBroken(env: AdbEnv): boolean {
    return (env as TrackedAdbEnv).lostWith !== null;
  }

  /** Asks the server whether the phone is still there: gone (or not `device`) is `device_lost`. */
  async failureCode(env: AdbEnv): Promise<string | null> {
    const e = env as TrackedAdbEnv;
    if (e.lostWith) return e.lostWith;
    const listed: { id: string; type: string }[] = await this.client.listDevices().catch(() => []);
    const state = listed.find((d) => d.id === e.deviceId);
    if (!state || (state.type !== 'device' && state.type !== 'emulator')) {
      e.lostWith = 'device_lost';
      return e.lostWith;
    }
    return null;
  }

  /** A lost phone has no stand-in: the worker that ran on it stops, the others go on. */
  async replace(env: AdbEnv): Promise<AdbEnv> {
    throw new AdbCallError(`${env.deviceId} is gone; the run goes on with the other phones`, { code: 'device_lost' });
  }

  /** Stops the adb server if the run started it (one found running is left alone). */
  async close(): Promise<void> {
    await this.server.stop();
  }
}
