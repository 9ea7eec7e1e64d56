/**
 * An adb server of the test's own, for tests that drive the real `adb` binary: on a free port
 * (`-P` on every call, so the machine's default server is never touched), with HOME in a
 * temporary folder (its keys go there), killed by `stop()`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AdbResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface TestAdbServer {
  port: number;
  /** `adb -P <port> …args` to its end; never throws (a failing exit is a result like any other). */
  adb(...args: string[]): Promise<AdbResult>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startAdbServer(): Promise<TestAdbServer> {
  const port = await freePort();
  const env = { ...process.env, HOME: mkdtempSync(join(tmpdir(), 'phonegym-adb-')) };
  const adb = (...args: string[]) =>
    new Promise<AdbResult>((resolve) => {
      execFile('adb', ['-P', String(port), ...args], { timeout: 30_000, encoding: 'buffer', maxBuffer: 64 << 20, env }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
        resolve({ code, stdout, stderr: stderr.toString() });
      });
    });
  const started = await adb('start-server');
  if (started.code !== 0) throw new Error(`adb -P ${port} start-server failed (${started.code}): ${started.stderr}`);
  return { port, adb, stop: async () => void (await adb('kill-server')) };
}
