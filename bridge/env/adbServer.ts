/**
 * The adb server phonegym talks to. adbkit is only a client: the server is the `adb` binary's
 * (Debian's `adb` package, or an SDK's platform-tools). One already running (on the port
 * `ANDROID_ADB_SERVER_PORT` names, else 5037) is used as it is and left running; when none
 * answers, one is started on a free port with `adb -P PORT start-server` and stopped when the
 * run ends: a run never stops a server it did not start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { UsageError } from '../protocol/errors.ts';

export const ADB_INSTALL_HINT = 'install Android\'s adb (Debian/Ubuntu: sudo apt-get install adb; macOS: brew install android-platform-tools), or set PHONEGYM_ADB to its path';

/** The adb binary: PHONEGYM_ADB, else `adb` on the PATH; null when there is none. */
export function findAdb(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PHONEGYM_ADB) return existsSync(env.PHONEGYM_ADB) ? env.PHONEGYM_ADB : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, process.platform === 'win32' ? 'adb.exe' : 'adb');
    if (existsSync(p)) return p;
  }
  return null;
}

/** The server's protocol version when one answers on `port` (`host:version`), else null. */
export function adbServerVersion(port: number, timeoutMs = 1500): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let got = Buffer.alloc(0);
    const done = (v: number | null) => {
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write('000chost:version'));
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
      // OKAY, then four hex digits of length, then the version in hex.
      if (got.length >= 12 && got.subarray(0, 4).toString() === 'OKAY') done(parseInt(got.subarray(8, 12).toString(), 16));
      else if (got.length >= 4 && got.subarray(0, 4).toString() !== 'OKAY') done(null);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function run(bin: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr })));
  });
}

export interface AdbServer {
  /** The adb binary this server belongs to (null: one found running, binary unknown). */
  readonly bin: string | null;
  readonly port: number;
  /** True when phonegym started it (and `stop()` will stop it). */
  readonly started: boolean;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

/**
 * An adb server to use: the one running on `port` (default: ANDROID_ADB_SERVER_PORT or 5037), or
 * a new one on a free port. No binary and no server: a UsageError with how to install adb.
 */
export async function ensureAdbServer(opts: { port?: number; env?: NodeJS.ProcessEnv; fresh?: boolean } = {}): Promise<AdbServer> {
  const env = opts.env ?? process.env;
  const wanted = opts.port ?? (Number(env.ANDROID_ADB_SERVER_PORT) || 5037);
  const bin = findAdb(env);
  // `fresh`: a server of its own on a free port (a benchmark must not share one).
  if (!opts.fresh && (await adbServerVersion(wanted)) !== null) return { bin, port: wanted, started: false, stop: async () => {} };
  if (!bin) throw new UsageError(`${opts.fresh ? 'no adb binary was found' : `no adb server runs on port ${wanted} and no adb binary was found`}: ${ADB_INSTALL_HINT}`);
  // An explicit port is the user's to choose; otherwise a free one, so a default server started later is not ours.
  const port = opts.port ?? (await freePort());
  try {
    await run(bin, ['-P', String(port), 'start-server'], 30_000);
  } catch (e) {
    const err = e as Error & { stderr?: string };
    throw new UsageError(`${bin} -P ${port} start-server failed: ${(err.stderr || err.message).trim().slice(0, 400)}`);
  }
  if ((await adbServerVersion(port, 5000)) === null) throw new UsageError(`${bin} -P ${port} start-server said it started, but nothing answers on port ${port}`);
  let stopped = false;
  return {
    bin,
    port,
    started: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(bin, ['-P', String(port), 'kill-server'], 10_000).catch(() => {});
    },
  };
}
