/**
 * `phonegym env check | info` and the manifest in use: exit codes and output of the real CLI, a
 * run whose rows and meta.json carry the env id `env info` prints, and a task root with its own
 * phonegym.toml whose command service is started, probed and stopped around run and verify.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envIdOfRunFolder } from '../../bridge/runner/runFolder.ts';
import { expectRefusal, phonegym, readJsonlLines } from '../helpers/cli.ts';
import { taskRoot, tinyTask } from '../helpers/taskRoot.ts';

const ENV_ID = /^phonegym@0\.1\.0\+[0-9a-f]{16}$/;
const SERVICE = join(import.meta.dirname, '../helpers/tinyService.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect({ host: '127.0.0.1', port });
    c.once('connect', () => (c.destroy(), resolve(false)));
    c.once('error', () => resolve(true));
  });

/** A task root of one task (demo.Open) with a phonegym.toml declaring a command service. */
async function benchRoot(mode: 'ok' | 'crash'): Promise<{ root: string; port: number }> {
  const port = await freePort();
  const root = taskRoot({
    'package.json': '{ "type": "module" }',
    'demo/Open.ts': tinyTask({ name: 'who', values: ['a'] }, { oracle: true }),
    'phonegym.toml': `[task_root]
name = "notes-bench"
version = "0.2.0"

[forward_env]
names = ["NOTES_TOKEN"]

[services.notes]
kind = "command"
command = ["${process.execPath}", "notes.mjs", "${port}", "${mode}"]
ready = { probe = "http", port = ${port}, path = "/health", timeout_s = 20 }
`,
  });
  copyFileSync(SERVICE, join(root, 'notes.mjs'));
  return { root, port };
}

describe('phonegym env check', () => {
  it('the checkout\'s manifest: exit 0 and a one-line summary', async () => {
    const r = await phonegym(['env', 'check']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('phonegym.toml: OK — phonegym@0.1.0; 2 service(s) (bridge: bridge, phone: phone_page); isolation persistent; state json; task root tasks; forwards no variables');
  });

  it('a broken manifest: exit 2, every problem with its line, key and fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-manifest-'));
    const file = join(dir, 'phonegym.toml');
    writeFileSync(file, readFileSync('phonegym.toml', 'utf8').replace('version = "0.1.0"', 'version = "0.1.0"\ncolour = "blue"').replace('timeout_s = 5', 'timeout_s = "ten"'));
    const r = await phonegym(['env', 'check', '--manifest', file]);
    expectRefusal(r, '2 problems in the environment manifest', `${file}:7: env.colour: unknown key "colour" in [env]`, /:\d+: services\.bridge\.ready\.timeout_s: expected a number of seconds, got "ten" — write timeout_s = 5/);
    expect(r.stdout).toBe('');
  });

  it('no such manifest, no or an unknown subcommand, --json on check: refused with what to do', async () => {
    expectRefusal(await phonegym(['env', 'check', '--manifest', 'nowhere.toml']), '--manifest nowhere.toml: no such file');
    expectRefusal(await phonegym(['env', 'chek']), 'unknown env command "chek" (did you mean check?)');
    expectRefusal(await phonegym(['env']), 'env needs a command: phonegym env check');
    expectRefusal(await phonegym(['env', 'check', '--json']), '--json is for phonegym env info');
  });
});

describe('isolation and session templates', () => {
  it('under per_task a run rejects a session template before it starts, saying what to write; list says the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-pertask-'));
    const manifest = join(dir, 'phonegym.toml');
    const own = readFileSync(join(import.meta.dirname, '../../phonegym.toml'), 'utf8');
    writeFileSync(manifest, own.replace('isolation = "persistent"', 'isolation = "per_task"').replace('root = "tasks"', `root = ${JSON.stringify(join(import.meta.dirname, '../../tasks'))}`));
    const r = await phonegym(['run', '--agent', 'oracle', '--task-id', 'chat.PickupCodeSession', '--sample-seed', '1', '--run-dir', join(dir, 'run'), '--manifest', manifest], { timeout: 120_000 });
    expect(`${r.stdout}\n${r.stderr}`).toContain('rejected before running: a session template (2 episodes on one phone');
    const rows = readJsonlLines(join(dir, 'run', 'results.jsonl'));
    expect(rows.map((row) => [row.task_id, row.status, row.error_code])).toEqual([['chat.PickupCodeSession', 'rejected', 'session_isolation']]);
    expect(rows[0]!.error).toContain('write isolation = "persistent" under [env] in phonegym.toml');
    // The checkout's own manifest is persistent: list runs it, as a session of 2 episodes.
    const listed = await phonegym(['list', '--task-id', 'chat.PickupCodeSession']);
    expect(listed.stdout).toMatch(/chat\.PickupCodeSession .* session of 2 episodes\n/);
    expect(listed.stdout).not.toContain('rejected');
  }, 150_000);
});

describe('phonegym env info and a run', () => {
  it('prints name@version, the hashes and the services; a run\'s rows and meta.json carry the same env id', async () => {
    const text = await phonegym(['env', 'info']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^phonegym@0\.1\.0\n {2}env id {6}phonegym@0\.1\.0\+[0-9a-f]{16}\n/);
    expect(text.stdout).toMatch(/\n {4}bridge {2}bridge {6}WebSocket hello within 5 s\n {4}phone {3}phone_page {2}page connects as a device within 60 s\n$/);
    const info = JSON.parse((await phonegym(['env', 'info', '--json'])).stdout);
    expect(info).toMatchObject({ name: 'phonegym', version: '0.1.0', task_root: { path: 'tasks', manifest: null }, isolation: 'persistent', state_backend: 'json', forward_env: [] });
    expect(info.env_id).toMatch(ENV_ID);
    expect(info.services.map((s: { name: string; probe: string; timeout_s: number }) => [s.name, s.probe, s.timeout_s])).toEqual([['bridge', 'ws_hello', 5], ['phone', 'device_ready', 60]]);

    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-envrun-')), 'run');
    const r = await phonegym(['run', '--agent', 'oracle', '--task-id', 'chat.PinChat', '--sample-seed', '4', '--run-dir', dir], { timeout: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.env).toBe(info.env_id);
    expect(meta.hashes.app_build).toBe(info.app_build);
    expect(meta.environment).toEqual({ id: info.env_id, manifest: 'phonegym@0.1.0', task_root: null, isolation: 'persistent', state_backend: 'json', forward_env: [], services: [{ name: 'bridge', kind: 'bridge', ready: 'WebSocket hello within 5 s' }, { name: 'phone', kind: 'phone_page', ready: 'page connects as a device within 60 s' }] });
    const rows = readJsonlLines(join(dir, 'results.jsonl'));
    expect(rows.map((row) => [row.task_id, row.passed, row.env])).toEqual([['chat.PinChat', true, info.env_id]]);
    expect(envIdOfRunFolder(dir)).toBe(info.env_id);
    const report = await phonegym(['report', dir, '--format', 'md']);
    expect(report.stdout).toContain(info.env_id);

    // Another manifest is another environment: a resume would mix two in one folder.
    const other = join(dir, '..', 'other.toml');
    writeFileSync(other, readFileSync('phonegym.toml', 'utf8').replace('version = "0.1.0"', 'version = "0.2.0"').replace('root = "tasks"', `root = ${JSON.stringify(join(process.cwd(), 'tasks'))}`));
    const resumed = await phonegym(['run', '--resume', dir, '--manifest', other], { timeout: 120_000 });
    expectRefusal(resumed, `it ran in environment ${info.env_id}, and this is phonegym@0.2.0+`, 'its rows would mix two environments');
  }, 180_000);
});

describe('a task root with its own phonegym.toml', () => {
  it('run and verify start its command service, probe it, record name@version and forwarded names (no values), and stop it', async () => {
    const { root, port } = await benchRoot('ok');
    const secret = 'notes-token-value-7f3a';
    const info = JSON.parse((await phonegym(['env', 'info', '--tasks-root', root, '--json'])).stdout);
    expect(info).toMatchObject({ name: 'notes-bench', version: '0.2.0', base: 'phonegym@0.1.0', task_root: { manifest: 'notes-bench@0.2.0' }, forward_env: ['NOTES_TOKEN'], tasks: 1 });
    expect(info.env_id).toMatch(/^notes-bench@0\.2\.0\+[0-9a-f]{16}$/);
    expect(info.services.at(-1)).toMatchObject({ name: 'notes', kind: 'command', probe: 'http', timeout_s: 20 });
    // Its manifest given with --manifest picks its root too.
    expect(JSON.parse((await phonegym(['env', 'info', '--manifest', join(root, 'phonegym.toml'), '--json'])).stdout).env_id).toBe(info.env_id);

    const dir = join(root, 'run');
    const r = await phonegym(['run', '--agent', 'oracle', '--tasks-root', root, '--task-id', 'demo.Open', '--sample-seed', '1', '--run-dir', dir], { timeout: 120_000, env: { NOTES_TOKEN: secret } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`service notes: ready (GET http://127.0.0.1:${port}/health answers 200 within 20 s)`);
    expect(readFileSync(join(root, 'requests.log'), 'utf8')).toContain('GET /health\n');
    expect(await refused(port)).toBe(true);
    const metaText = readFileSync(join(dir, 'meta.json'), 'utf8');
    expect(metaText).not.toContain(secret);
    const meta = JSON.parse(metaText);
    expect([meta.env, meta.environment.task_root, meta.environment.forward_env]).toEqual([info.env_id, 'notes-bench@0.2.0', ['NOTES_TOKEN']]);
    expect(readJsonlLines(join(dir, 'results.jsonl')).map((row) => [row.passed, row.env])).toEqual([[true, info.env_id]]);

    const v = await phonegym(['verify', '--tasks-root', root, '--task-id', 'demo.Open', '--sample-seed', '1', '--no-screenshots', '--json'], { timeout: 120_000 });
    expect(v.code, v.stderr).toBe(0);
    expect(JSON.parse(v.stdout).env).toBe(info.env_id);
    expect(readFileSync(join(root, 'requests.log'), 'utf8').match(/GET \/health/g)!.length).toBeGreaterThanOrEqual(2);
    expect(await refused(port)).toBe(true);
  }, 240_000);

  it('a service that crashes stops the run before its folder exists: exit 1 naming the service, its probe and its output', async () => {
    const { root } = await benchRoot('crash');
    const dir = join(root, 'run');
    const r = await phonegym(['run', '--agent', 'oracle', '--tasks-root', root, '--task-id', 'demo.Open', '--run-dir', dir], { timeout: 120_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/phonegym: service "notes" \(.* notes\.mjs \d+ crash, from .*phonegym\.toml\) exited with code 3 before it was ready \(probe: GET http:\/\/127\.0\.0\.1:\d+\/health answers 200 within 20 s\); its last output:\n {4}tinyService: cannot open its database/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(dir)).toBe(false);
  }, 120_000);
});
