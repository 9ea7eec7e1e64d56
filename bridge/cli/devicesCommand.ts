/**
 * `phonegym devices [--connect HOST:PORT …] [--adb-port P] [--json]`: the phones an adb server
 * lists, with serial, state, model and screen size, and what to do about one phonegym cannot use
 * (unauthorized, offline). `--connect` first asks the server to connect to a phone over TCP
 * (an emulator, a phone in wireless debugging, `phonegym virtual-device`). A server phonegym had
 * to start for the listing is stopped again after it.
 */
import { adbClient, listDevices, stateAdvice, type DeviceListing } from '../env/adbDevices.ts';
import { ensureAdbServer } from '../env/adbServer.ts';
import { UsageError } from '../protocol/errors.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';

const DEVICES_FLAGS = {
  connect: { type: 'string', multiple: true },
  'adb-port': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const DEVICES_HELP = `phonegym devices [--connect HOST:PORT …] [--adb-port P] [--json]

Lists the phones the adb server knows: serial, state, model and screen size.
  --connect HOST:PORT   connect the server to a phone over TCP first (repeatable)
  --adb-port P          the adb server's port (default ANDROID_ADB_SERVER_PORT or 5037; when none
                        runs there, one is started on a free port and stopped after the listing)
  --json                one JSON object per phone

A phone shown "unauthorized" or "offline" cannot run episodes: the line under it says what to do.
docs/devices.md has the setup for a phone on USB, an emulator and a farm.`;

/** `HOST:PORT` as `--connect` and `--device` take it. */
export function hostPort(flag: string, v: string): { host: string; port: number } {
  const m = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(v);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port < 1 || port > 65535) throw new UsageError(`${flag} ${v}: give HOST:PORT, e.g. 127.0.0.1:5555`);
  return { host: m[1]!, port };
}

function table(devices: DeviceListing[]): string {
  if (!devices.length) return 'No devices. Plug a phone in with USB debugging on, start an emulator, or use --connect HOST:PORT (docs/devices.md).';
  const rows = devices.map((d) => [d.serial, d.state, d.model ?? '–', d.screen ? `${d.screen.width}x${d.screen.height}` : '–']);
  const head = ['SERIAL', 'STATE', 'MODEL', 'SCREEN'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const out = [line(head)];
  devices.forEach((d, i) => {
    out.push(line(rows[i]!));
    const advice = stateAdvice(d.state);
    if (advice) out.push(`  ↳ ${advice}`);
  });
  return out.join('\n');
}

export async function cmdDevices(argv: string[]): Promise<number> {
  const { values: v } = parseFlags('devices', argv, DEVICES_FLAGS);
  if (v.help) {
    console.log(DEVICES_HELP);
    return 0;
  }
  const port = v['adb-port'] === undefined ? undefined : intFlag('adb-port', v['adb-port'], { min: 1, max: 65535 })!;
  const targets = (v.connect ?? []).map((c) => hostPort('--connect', c));
  const server = await ensureAdbServer(port === undefined ? {} : { port });
  let failure: Error | null = null;
  const client = adbClient(server, (e) => (failure = e));
  try {
    for (const t of targets) {
      // adbkit resolves with the device's serial, and rejects with the server's words.
      await client.connect(t.host, t.port).catch((e: Error) => {
        throw new UsageError(`adb could not connect to ${t.host}:${t.port}: ${e.message}`);
      });
    }
    const devices = await listDevices(client);
    if (failure) throw new UsageError(`the adb server on port ${server.port} failed: ${(failure as Error).message}`);
    if (v.json) for (const d of devices) console.log(JSON.stringify(d));
    else console.log(table(devices));
    return 0;
  } finally {
    await server.stop();
  }
}
