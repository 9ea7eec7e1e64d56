/**
 * `phonegym virtual-device` as a user runs it: it prints its address, the real `adb` connects
 * and reads its model, `phonegym devices` lists it (and leaves the running server alone), Ctrl+C
 * stops it with status 0; bad flags are refused before any browser.
 * Our own adb server on a free port (test/helpers/adbServer.ts), killed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunFolder } from '../../bridge/runner/runFolder.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { startAdbServer, type TestAdbServer } from '../helpers/adbServer.ts';
import { CLI, expectRefusal, phonegym } from '../helpers/cli.ts';

let server: TestAdbServer | null = null;
let child: ChildProcess | null = null;

afterAll(async () => {
  await server?.stop();
  // A test that failed half-way leaves the device running: stop it as a user would.
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
});

describe('phonegym virtual-device', () => {
  it('serves a device adb connects to, and stops on Ctrl+C with status 0', async () => {
    child = spawn(process.execPath, [CLI, 'virtual-device', '--port', '0', '--model', 'Pixel_CLI'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const proc = child;
    let stdout = '';
    let stderr = '';
    proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const address = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (c: Buffer) => {
        stdout += c.toString();
        // Ready once the hint after the address is out too.
        const m = /^virtual device: (127\.0\.0\.1:\d+)\n.*Ctrl\+C to stop\.$/m.exec(stdout);
        if (m) resolve(m[1]!);
      });
      void exited.then((code) => reject(new Error(`virtual-device exited with ${code} before printing its address:\n${stdout}\n${stderr}`)));
    });
    expect(stdout).toContain(`adb connect ${address}, then adb -s ${address} shell input tap 540 1200`);

    server = await startAdbServer();
    expect((await server.adb('connect', address)).stdout.toString()).toContain(`connected to ${address}`);
    const model = await server.adb('-s', address, 'shell', 'getprop', 'ro.product.model');
    expect([model.code, model.stdout.toString()]).toEqual([0, 'Pixel_CLI\n']);

    // phonegym devices, on the same server: the table and the JSON lines, model and screen read over adbkit.
    const table = await phonegym(['devices', '--adb-port', String(server.port)]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^SERIAL +STATE +MODEL +SCREEN\n${address.replace(/\./g, '\\.')} +device +Pixel_CLI +1080x2400$`, 'm'));
    const json = await phonegym(['devices', '--adb-port', String(server.port), '--json']);
    expect(JSON.parse(json.stdout.trim())).toEqual({ serial: address, state: 'device', model: 'Pixel_CLI', screen: { width: 1080, height: 2400 } });
    // The server was running already: phonegym left it so.
    expect((await server.adb('devices')).stdout.toString()).toContain(address);

    proc.kill('SIGINT');
    expect(await exited, stderr).toBe(0);
  });

  it('phonegym run --env adb on it, from another process: the oracle passes, set up and judged by its state over adb', async () => {
    child = spawn(process.execPath, [CLI, 'virtual-device', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const proc = child;
    let stdout = '';
    const address = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /^virtual device: (127\.0\.0\.1:\d+)\n.*Ctrl\+C to stop\.$/m.exec(stdout);
        if (m) resolve(m[1]!);
      });
      proc.once('exit', (code) => reject(new Error(`virtual-device exited with ${code}`)));
    });
    server ??= await startAdbServer();
    const runDir = join(mkdtempSync(join(tmpdir(), 'phonegym-adb-cli-')), 'run');
    const r = await phonegym(['run', '--env', 'adb', '--device', address, '--adb-port', String(server.port), '--agent', 'oracle', '--task-ids', 'chat.PinChat,wallet.HideBalance', '--run-dir', runDir]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain(`phones: ${address} (adb server on port ${server.port})`);
    const rows = readRunFolder(runDir).rows;
    expect(rows.map((x) => [x.task_id, x.status, x.success]).sort()).toEqual([['chat.PinChat', 'completed', true], ['wallet.HideBalance', 'completed', true]]);
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGINT');
    await exited;
  });

  it('refuses --env adb without phones, phones without --env adb, and a studio on phones', async () => {
    expectRefusal(await phonegym(['run', '--env', 'adb', '--task-ids', 'chat.PinChat']), '--env adb runs on phones over ADB: give --device SERIAL');
    expectRefusal(await phonegym(['run', '--device', '127.0.0.1:5555', '--task-ids', 'chat.PinChat']), '--device 127.0.0.1:5555 names phones for --env adb; add --env adb to run on them');
    expectRefusal(await phonegym(['run', '--env', 'adb', '--device', 'X1', '--studio', '--task-ids', 'chat.PinChat']), '--studio watches simulator pages');
    expectRefusal(await phonegym(['run', '--env', 'phone', '--task-ids', 'chat.PinChat']), '--env');
  });

  it('refuses a bad --port, --scale or --model with a sentence and status 2', async () => {
    expectRefusal(await phonegym(['virtual-device', '--port', 'nope']), '--port must be a whole number (got "nope")');
    expectRefusal(await phonegym(['virtual-device', '--scale', '0']), '--scale must be at least 1');
    expectRefusal(await phonegym(['virtual-device', '--model', 'a:b']), '--model "a:b" cannot go in the adb banner');
    expectRefusal(await phonegym(['virtual-device', '--prot', '5555']), 'did you mean --port?');
    expectRefusal(await phonegym(['devices', '--connect', 'nope']), '--connect nope: give HOST:PORT, e.g. 127.0.0.1:5555');
  });
});
