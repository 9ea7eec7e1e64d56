/**
 * The real Python packages against real `phonegym serve` processes: Gymnasium's own env checker
 * on the Gymnasium Env, the group-rollout example of docs/training.md, and two servers on one
 * machine with a client spreading sessions over both. The Python is the checkout's .venv (pinned
 * gymnasium, numpy, Pillow) that .ci/run makes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../bridge/paths.ts';

const VENV_PYTHON = join(REPO_ROOT, '.venv', 'bin', 'python');
const CLIENT_DIR = join(REPO_ROOT, 'bridge', 'clients', 'python');
const TOKEN = randomBytes(16).toString('hex');

interface Served {
  url: string;
  child: ChildProcess;
}

/** `phonegym serve` in a process of its own; resolves with the URL it prints. */
function serve(pages: number): Promise<Served> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bridge/cli/phonegym.mjs'), 'serve', '--port', '0', '--pages', String(pages)], { env: { ...process.env, PHONEGYM_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`phonegym serve exited (${code}) before printing its URL:\n${out}\n${err}`)));
  });
}

function stop(s: Served | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

/** Runs a Python script with the venv's Python; its last stdout line is JSON. */
function python(args: string[]): Promise<any> {
  if (!existsSync(VENV_PYTHON)) {
    throw new Error(`the Python virtual environment for the training client's tests is missing (${VENV_PYTHON}): run .ci/run, or make it by hand: python3 -m venv .venv && .venv/bin/pip install -r bridge/clients/python/requirements-train.txt`);
  }
  const child = spawn(VENV_PYTHON, args, { env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`python ${args.join(' ')} exited ${code}:\n${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

let first: Served | undefined;
let second: Served | undefined;

beforeAll(async () => {
  [first, second] = await Promise.all([serve(8), serve(2)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([stop(first), stop(second)]);
});

describe('the Python client against phonegym serve', () => {
  it("passes Gymnasium's env checker; the same seed gives the same observation", async () => {
    const r = await python([join(REPO_ROOT, 'test/serve/py/check_env.py'), first!.url, TOKEN, CLIENT_DIR]);
    expect(r).toMatchObject({ screen: [800, 360, 3], dtype: 'uint8', tree_is_ascii: true, in_space: true, route: { app: 'home' }, reward: 0, terminated: false, truncated: false });
    expect(r.goal).toContain('置顶');
  });

  it('runs the group rollout of docs/training.md: 8 forks of one start, rewards compared', async () => {
    const r = await python([join(REPO_ROOT, 'docs/examples/group_rollout.py'), '--url', first!.url, '--token', TOKEN, '--json']);
    const byPlan = Object.fromEntries(r.results.map((x: any) => [x.plan, x.reward]));
    expect(r.results).toHaveLength(8);
    expect(byPlan).toEqual({ 'pin it': 1, 'mute instead': 0, 'say done at once': 0, 'open settings, stop': 0, 'pin, unpin': 0, 'go home': 0, 'pin, back out': 1, 'give up': 0 });
    expect(r.results.find((x: any) => x.plan === 'pin it').advantage).toBe(0.75);
  });

  it('spreads sessions over two servers on one machine, and says when both are full', async () => {
    // The first server has 8 phones, the second 2: the pool asks each which has more free, so
    // ten sessions fill both, and an eleventh finds no phone anywhere.
    const r = await python([join(REPO_ROOT, 'test/serve/py/spread.py'), first!.url, second!.url, TOKEN, CLIENT_DIR, '10']);
    expect(r.where.filter((u: string) => u === first!.url)).toHaveLength(8);
    expect(r.where.filter((u: string) => u === second!.url)).toHaveLength(2);
    expect(r.steps).toEqual(Array(10).fill(1));
    expect(r.full).toEqual({ status: 429, code: 'at_capacity' });
  });
});
