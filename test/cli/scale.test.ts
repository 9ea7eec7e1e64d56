/**
 * Runs at scale through the real CLI: --parallel and --processes give the same per-instance
 * results as one page; --shard 1/2 + 2/2 merged equals the unsharded run; a run killed with
 * SIGKILL and resumed equals an uninterrupted one; SIGINT leaves valid files.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, expectRefusal, phonegym as runPhonegym } from '../helpers/cli.ts';

const phonegym = (args: string[]) => runPhonegym(args, { timeout: 240_000 });

const root = mkdtempSync(join(tmpdir(), 'phonegym-scale-'));


/** Every line whole: parsing fails on an interleaved or cut line. */
const readJsonl = (file: string) => {
  const text = readFileSync(file, 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
};

// 4 tasks x 2 instances: reads, a send, a long one, a settings change.
const SELECTION = ['--task-ids', 'chat.PinChat,chat.SendMessage,chat.ReadContactRegion,chat.SetContactRemark', '--sample-n', '2', '--sample-seed', '11'];

type Row = Record<string, unknown> & { task_id: string; instance: number; trial_id: number };
/** What must not depend on how a run executes: identity, inputs, initial state and verdict. */
function perInstance(dir: string) {
  const rows = readJsonl(join(dir, 'results.jsonl')) as Row[];
  return Object.fromEntries(
    rows
      .map((r) => [`${r.task_id}#${r.instance}#${r.trial_id}`, { seed: r.seed, params: r.params, init: r.init_state_hash, status: r.status, success: r.success, passed: r.passed, clean: r.clean, progress: r.progress, answer: r.answer, steps: r.steps, env: r.env }] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The summary without wall-clock figures. */
function summaryOf(dir: string) {
  const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  delete s.avg_runtime_s;
  return s;
}

const baseline = join(root, 'p1');
beforeAll(async () => {
  const r = await phonegym(['run', ...SELECTION, '--run-dir', baseline]);
  expect(r.code, r.stderr).toBe(0);
}, 240_000);

describe('parallelism does not change results', () => {
  it('--parallel 4 and --processes 2 give the same per-instance results as --parallel 1', async () => {
    const p4 = join(root, 'p4');
    const k2 = join(root, 'k2');
    const [a, b] = [await phonegym(['run', ...SELECTION, '--parallel', '4', '--run-dir', p4]), await phonegym(['run', ...SELECTION, '--processes', '2', '--parallel', '4', '--run-dir', k2])];
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const want = perInstance(baseline);
    expect(Object.keys(want).length).toBe(8);
    expect(Object.values(want).every((r) => r.success)).toBe(true);
    // Shard processes stamp the env id their parent does (each reads the manifest itself).
    expect(Object.values(want).every((r) => typeof r.env === 'string' && r.env === JSON.parse(readFileSync(join(baseline, 'meta.json'), 'utf8')).env)).toBe(true);
    expect(perInstance(p4)).toEqual(want);
    expect(perInstance(k2)).toEqual(want);
    expect(summaryOf(p4)).toEqual(summaryOf(baseline));
    expect(summaryOf(k2)).toEqual(summaryOf(baseline));

    // Output coordination: each shard's own files, the merged top level, pNN_ logs, shared trajectories.
    expect(b.stdout).toContain('2 processes');
    for (const p of ['p00', 'p01']) {
      for (const f of ['results.jsonl', 'errors.jsonl', 'summary.json', 'console.log']) expect(existsSync(join(k2, 'shards', p, f)), `${p}/${f}`).toBe(true);
      expect(readdirSync(join(k2, 'browser_logs')).some((f) => f.startsWith(`${p}_`))).toBe(true);
    }
    const shardLines = ['p00', 'p01'].map((p) => readJsonl(join(k2, 'shards', p, 'results.jsonl')));
    // Each shard's file names its version and its shard on the first line, then its rows.
    expect(shardLines.map((lines) => lines[0])).toEqual([
      { schema_version: 1, shard: 'p00', run_id: expect.any(String) },
      { schema_version: 1, shard: 'p01', run_id: expect.any(String) },
    ]);
    expect(shardLines.flatMap((lines) => lines.slice(1)).length).toBe(8);
    expect(readdirSync(join(k2, 'trajectory')).length).toBe(8);
    const meta = JSON.parse(readFileSync(join(k2, 'meta.json'), 'utf8'));
    expect(meta.execution).toMatchObject({ processes: 2, parallel: [2, 2], isolation: 'pages' });
  }, 300_000);

  it('--isolation contexts with --processes is refused, as the spec says', async () => {
    const r = await phonegym(['run', ...SELECTION, '--processes', '2', '--isolation', 'contexts']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--isolation contexts is single-process only');
  });
});

describe('beyond one machine', () => {
  it('shard 1/2 + shard 2/2, merged, equal the unsharded run', async () => {
    const s1 = join(root, 's1');
    const s2 = join(root, 's2');
    const out = join(root, 'merged');
    expect((await phonegym(['run', ...SELECTION, '--shard', '1/2', '--run-dir', s1])).code).toBe(0);
    expect((await phonegym(['run', ...SELECTION, '--shard', '2/2', '--run-dir', s2])).code).toBe(0);
    const n1 = readJsonl(join(s1, 'results.jsonl')).length;
    const n2 = readJsonl(join(s2, 'results.jsonl')).length;
    expect(n1 + n2).toBe(8);
    expect(n1).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(s1, 'meta.json'), 'utf8')).shard).toEqual({ index: 1, count: 2 });

    const missing = await phonegym(['merge', s1, '--run-dir', join(root, 'half')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 2/2 missing');

    const m = await phonegym(['merge', s1, s2, '--run-dir', out]);
    expect(m.code, m.stderr).toBe(0);
    expect(perInstance(out)).toEqual(perInstance(baseline));
    expect(summaryOf(out)).toEqual(summaryOf(baseline));
    // Trajectories came along and the rows point at them.
    for (const r of readJsonl(join(out, 'results.jsonl'))) expect(existsSync(join(out, r.trajectory, 'trajectory.json'))).toBe(true);
  }, 300_000);
});

/** Starts a run in the background; resolves once results.jsonl has `rows` lines. */
function startRun(args: string[], dir: string, rows: number) {
  const child = spawn(process.execPath, [CLI, 'run', ...args, '--run-dir', dir], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? -1 : null))));
  const reached = new Promise<void>((resolve, reject) => {
    const t = setInterval(() => {
      const file = join(dir, 'results.jsonl');
      if (existsSync(file) && readFileSync(file, 'utf8').split('\n').filter(Boolean).length >= rows) {
        clearInterval(t);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(t);
      reject(new Error(`the run ended before ${rows} rows:\n${output}`));
    });
  });
  return { child, exited, reached, output: () => output };
}

describe('interruptions', () => {
  it('a run killed with SIGKILL, then resumed, equals an uninterrupted run', async () => {
    const dir = join(root, 'killed');
    const r = startRun([...SELECTION, '--parallel', '2'], dir, 3);
    await r.reached;
    r.child.kill('SIGKILL');
    await r.exited;
    const before = readJsonl(join(dir, 'results.jsonl')).length;
    expect(before).toBeGreaterThanOrEqual(3);
    expect(before).toBeLessThan(8);

    // A resume with other result flags is refused, saying which.
    const clash = await phonegym(['run', '--resume', dir, '--max-steps', '3']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('maxSteps');

    const res = await phonegym(['run', '--resume', dir, '--parallel', '2']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`${before} episode(s) kept, ${8 - before} to run`);
    expect(perInstance(dir)).toEqual(perInstance(baseline));
    expect(summaryOf(dir)).toEqual(summaryOf(baseline));
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.resumes.length).toBe(1);
    expect(meta.unfinished_episodes).toBe(0);
  }, 300_000);

  it('SIGINT stops cleanly: exit 130, every file valid, in-flight episodes cancelled, resume finishes it', async () => {
    const dir = join(root, 'sigint');
    const r = startRun([...SELECTION, '--processes', '2'], dir, 2);
    await r.reached;
    r.child.kill('SIGINT');
    expect(await r.exited).toBe(130);
    const rows = readJsonl(join(dir, 'results.jsonl'));
    for (const row of rows) expect(['completed', 'cancelled']).toContain(row.status);
    for (const row of rows.filter((x) => x.status === 'cancelled')) expect(row.stop_reason).toBe('cancelled');
    readJsonl(join(dir, 'errors.jsonl'));
    for (const p of ['p00', 'p01']) readJsonl(join(dir, 'shards', p, 'results.jsonl'));
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(summary.episodes).toBe(rows.filter((x) => x.status !== 'cancelled').length);
    expect(summary.status_counts.cancelled).toBe(rows.length - summary.episodes);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.interrupted).toBe(true);
    expect(meta.unfinished_episodes).toBeGreaterThan(0);
    expect(r.output()).toContain('phonegym run --resume');

    const cancelled = (readJsonl(join(dir, 'errors.jsonl')) as Row[]).filter((e) => e.status === 'cancelled');
    expect(cancelled.length).toBe(summary.status_counts.cancelled);

    const res = await phonegym(['run', '--resume', dir]);
    expect(res.code, res.stderr).toBe(0);
    expect(perInstance(dir)).toEqual(perInstance(baseline));
    // errors.jsonl holds every attempt that did not complete: the cancelled ones stay.
    const after = (readJsonl(join(dir, 'errors.jsonl')) as Row[]).filter((e) => e.status === 'cancelled');
    expect(after).toEqual(cancelled);
  }, 300_000);

  it('a resume sets aside rows of another run and second copies, saying so, and refuses a broken line with its number', async () => {
    const dir = join(root, 'tampered');
    cpSync(baseline, dir, { recursive: true });
    const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
    const foreign = { ...JSON.parse(lines[0]!), task_id: 'chat.FromAnotherRun', trajectory: 'trajectory/x' };
    writeFileSync(join(dir, 'results.jsonl'), [...lines, lines[1], JSON.stringify(foreign)].join('\n') + '\n');
    const res = await phonegym(['run', '--resume', dir]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('set aside 1 row(s) of episodes this run never planned (another run\'s? chat.FromAnotherRun) and 1 second copy(ies) of an episode already kept');
    expect(res.stdout).toContain('results.dropped.jsonl');
    expect(readJsonl(join(dir, 'results.jsonl')).length).toBe(lines.length);
    expect(readJsonl(join(dir, 'results.dropped.jsonl'))).toEqual([foreign, JSON.parse(lines[1]!)]);
    expect(perInstance(dir)).toEqual(perInstance(baseline));

    writeFileSync(join(dir, 'results.jsonl'), [lines[0], '{"task_id": "chat.PinChat", oops', ...lines.slice(1)].join('\n') + '\n');
    expectRefusal(await phonegym(['run', '--resume', dir]), /results\.jsonl:2: not a JSON line \("\{\\"task_id\\": \\"chat\.PinChat\\", oops"…\): the file was edited or written by something else; remove or repair that line/);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...meta, schema_version: 99 }));
    expectRefusal(await phonegym(['run', '--resume', dir]), 'meta.json: is run-folder version 99, and this phonegym reads version 1');
  }, 300_000);
});
