/**
 * The CLI on throwaway folders: bad input fails fast with a useful message; a real run writes a
 * complete run folder; the random agent never crashes a run.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectRefusal, phonegym } from '../helpers/cli.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';



/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

const readJsonl = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

describe('bad input fails before any browser starts', () => {
  it('an unknown flag names the nearest one', async () => {
    const r = await phonegym(['run', '--suit', 'chat']);
    expectRefusal(r, 'unknown flag --suit', 'did you mean --suite?');
  });

  it('an unknown task id names the nearest one', async () => {
    const r = await phonegym(['run', '--task-id', 'chat.SendMesage']);
    expectRefusal(r, 'unknown task id "chat.SendMesage" (did you mean chat.SendMessage?)');
  });

  it('an unknown suite and an unknown agent are refused', async () => {
    const s = await phonegym(['run', '--suite', 'caht']);
    expectRefusal(s, 'did you mean chat?');
    const a = await phonegym(['run', '--agent', 'oracel']);
    expectRefusal(a, 'did you mean oracle?');
  });

  it('a malformed number is refused with the flag name', async () => {
    const r = await phonegym(['run', '--max-steps', 'ten']);
    expectRefusal(r, '--max-steps must be a whole number');
  });

  it('a negative number gets the range error, not the parser\'s "ambiguous argument"', async () => {
    expectRefusal(await phonegym(['run', '--parallel', '-3']), '--parallel must be at least 1 (got -3)');
    expectRefusal(await phonegym(['run', '--sample-seed', '-1']), '--sample-seed must be at least 0 (got -1)');
  });

  it('a --run-dir that cannot be a run folder is refused in a sentence: a file, a path under a file, a place that cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-rundir-'));
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'a file, not a folder');
    const base = ['run', '--task-id', 'chat.PinChat', '--agent', 'noop'];
    expectRefusal(await phonegym([...base, '--run-dir', file]), `--run-dir ${file} is a file, not a folder`);
    expectRefusal(await phonegym([...base, '--run-dir', join(file, 'run1')]), `lies under ${file}, which is a file`);
    expectRefusal(await phonegym([...base, '--run-dir', '/sys/phonegym-run']), /--run-dir \/sys\/phonegym-run cannot be written \(E[A-Z]+\): choose a folder this user can write/);
    expect(readFileSync(file, 'utf8')).toBe('a file, not a folder');
  });

  it('an unknown command suggests a real one', async () => {
    const r = await phonegym(['rnu']);
    expectRefusal(r, 'did you mean run?');
  });
});

describe('list', () => {
  it('prints the tasks as JSON with their taxonomy', async () => {
    const r = await phonegym(['list', '--json', '--suite', 'chat']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(expect.arrayContaining(['id', 'suite', 'name', 'difficulty', 'objective', 'apps', 'tags', 'episodes', 'instances', 'max_steps']));
      expect(row.id).toMatch(/^chat\.[A-Z]/);
      expect(row.rejected).toBeNull();
      // A session template (tagged session) is played as several episodes; every other task as one.
      expect(row.episodes, row.id).toBe(row.tags.includes('session') ? 2 : 1);
    }
    expect(rows.filter((row: { tags: string[] }) => row.tags.includes('session')).map((row: { id: string }) => row.id)).toEqual(['chat.PickupCodeSession']);
  });

  it('says which tasks a run with the given judge flags would reject, and why', async () => {
    const r = await phonegym(['list', '--task-ids', 'chat.PinChat', '--judge-mode', 'vlm']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/chat\.PinChat .* rejected: needs a VLM judge \(--judge-mode vlm\)/);
    expect(r.stdout).toContain('1 of them rejected by a run with these flags');
  });

  it('--real-phones: the tasks with a realPhone start, the simulator-only ones rejected with no_state\'s reason', async () => {
    const r = await phonegym(['list', '--json', '--real-phones', '--judge-model', 'judge-vlm', '--task-ids', 'chat.PinChat,settings.DarkModeLargeFont']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; real_phone: unknown; rejected: string | null }[];
    expect(rows.map((x) => [x.id, x.real_phone])).toEqual([['chat.PinChat', null], ['settings.DarkModeLargeFont', { app: 'com.android.settings' }]]);
    expect(rows[0]!.rejected).toMatch(/simulator-only .* no state tree/);
    expect(rows[1]!.rejected).toBeNull();
    // Without a VLM judge a real phone cannot judge even the task that starts there.
    const noJudge = await phonegym(['list', '--real-phones', '--task-ids', 'settings.DarkModeLargeFont']);
    expect(noJudge.stdout).toMatch(/rejected: needs a VLM judge \(a phone without a state tree is judged by the VLM judge\)/);
  });

  it('model flags: keys only by variable name, URLs checked, the model required', async () => {
    const noModel = await phonegym(['run', '--agent', 'openai']);
    expectRefusal(noModel, '--agent openai needs --model-name');
    const keyInFlag = await phonegym(['run', '--agent', 'openai', '--model-name', 'm', '--api-key-env', 'sk-abc123-def']);
    expectRefusal(keyInFlag, 'takes the NAME of an environment variable');
    expect(keyInFlag.stderr).not.toContain('sk-abc123-def');
    const badUrl = await phonegym(['run', '--agent', 'openai', '--model-name', 'm', '--base-url', 'localhost:8000']);
    expectRefusal(badUrl, '--base-url must');
    const badFormat = await phonegym(['run', '--agent', 'openai', '--model-name', 'm', '--agent-format', 'uitars2']);
    expectRefusal(badFormat, /did you mean/);
  });
});

describe('a run folder', () => {
  it('holds meta, results, summary, errors and trajectories with every field', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-cli-')), 'run');
    const r = await phonegym(['run', '--task-ids', 'chat.PinChat,chat.ReadMyAccountId', '--agent', 'oracle', '--sample-seed', '11', '--run-dir', dir], { timeout: 120_000 });
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('SR 100.0%');

    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.sample_seed).toBe(11);
    expect(meta.sample_seed_source).toBe('cli');
    expect(meta.tasks).toEqual(['chat.PinChat', 'chat.ReadMyAccountId']);
    // A grounded answer task gets 15 steps more for its answer sheet.
    expect(meta.task_max_steps).toEqual({ 'chat.PinChat': 15, 'chat.ReadMyAccountId': 30 });
    expect(meta.config.evalMode).toBe('grounded');
    expect(meta.hashes.app_build).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(meta.hashes.task_files)).toHaveLength(2);
    expect(meta.config.agent).toBe('oracle');
    expect(meta.started_at).toBeTruthy();
    expect(meta.ended_at).toBeTruthy();

    const rows = readJsonl(join(dir, 'results.jsonl'));
    expect(rows).toHaveLength(2);
    const fields = ['task_id', 'task_name', 'suite', 'apps', 'instance', 'trial_id', 'seed', 'params', 'status', 'error_code', 'error', 'stop_reason', 'steps', 'max_steps', 'success', 'goal_success', 'progress', 'clean', 'passed', 'false_complete', 'overdue_termination', 'answer', 'judge', 'init_state_hash', 'runtime_s'];
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(expect.arrayContaining(fields));
      expect(row.status).toBe('completed');
      expect(row.passed).toBe(true);
      expect(row.judge).toMatchObject({ success: true, clean: true, progress: 1, passed: true });
      expect(row.init_state_hash).toMatch(/^sha256:/);
      const traj = join(dir, row.trajectory);
      const doc = JSON.parse(readFileSync(join(traj, 'trajectory.json'), 'utf8'));
      expect(doc.steps.length).toBe(row.steps);
      const shots = readdirSync(traj).filter((f) => /^step_\d{3}\.jpg$/.test(f));
      // One screenshot per executed action plus the initial screen; terminal actions have none.
      expect(shots.length).toBe(doc.steps.filter((s: { screenshot: string | null }) => s.screenshot).length + 1);
      const jpg = readFileSync(join(traj, shots[0]));
      expect(jpg[0]).toBe(0xff);
      expect(jpg[1]).toBe(0xd8);
    }
    // Grounded: the oracle filled the phone's answer sheet and completed; the judge read the sheet.
    const query = rows.find((x) => x.task_id === 'chat.ReadMyAccountId');
    expect(query.stop_reason).toBe('complete');
    const finalState = JSON.parse(readFileSync(join(dir, query.trajectory, 'final_state.json'), 'utf8'));
    expect(finalState.apps.answers.submitted.values.accountId).toBe(finalState.apps.chat.me.accountId);

    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ episodes: 2, success: 2, success_rate: 1, progress_rate: 1, false_complete: 0, overdue_termination: 0, unexpected_side_effects: 0 });
    expect(summary.per_suite.chat.success_rate).toBe(1);
    expect(readFileSync(join(dir, 'errors.jsonl'), 'utf8')).toBe('');
    expect(existsSync(join(dir, 'browser_logs'))).toBe(true);
  });

  it('text mode: query answers come in the ANSWER action; infeasible ones as ABORT', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-text-')), 'run');
    const r = await phonegym(['run', '--task-ids', 'chat.ReadMyAccountId,chat.ReadContactBirthday', '--eval-mode', 'text', '--sample-seed', '6', '--run-dir', dir], { timeout: 120_000 });
    expect(r.code).toBe(0);
    const rows = readJsonl(join(dir, 'results.jsonl'));
    const byId = Object.fromEntries(rows.map((x) => [x.task_id, x]));
    expect(byId['chat.ReadMyAccountId']).toMatchObject({ passed: true, stop_reason: 'answer', max_steps: 15 });
    expect(byId['chat.ReadMyAccountId'].answer).toBeTruthy();
    expect(byId['chat.ReadContactBirthday']).toMatchObject({ passed: true, success: true, stop_reason: 'abort' });
  });

  it('--variant 0,1 runs each instance as designed and in look 1: rows carry the look, the summary and report its robustness', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-looks-')), 'run');
    const r = await phonegym(['run', '--task-ids', 'chat.PinChat,wallet.HideBalance', '--variant', '0,1', '--sample-seed', '4', '--no-screenshots', '--run-dir', dir], { timeout: 180_000 });
    expect(r.code).toBe(0);
    const rows = readJsonl(join(dir, 'results.jsonl')).sort((a, b) => a.task_id.localeCompare(b.task_id) || a.variant - b.variant);
    expect(rows.map((x) => [x.task_id, x.variant, x.success])).toEqual([
      ['chat.PinChat', 0, true],
      ['chat.PinChat', 1, true],
      ['wallet.HideBalance', 0, true],
      ['wallet.HideBalance', 1, true],
    ]);
    // The same instance in both looks: the same seed and parameters; only the look differs.
    expect(rows[1].seed).toBe(rows[0].seed);
    expect(rows[1].params).toEqual(rows[0].params);
    const state = (row: { trajectory: string }) => JSON.parse(readFileSync(join(dir, row.trajectory, 'initial_state.json'), 'utf8'));
    expect(state(rows[0]).os.look).toBeUndefined();
    expect(state(rows[1]).os.look).toMatchObject({ variant: 1, dark: true });
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(summary.robustness).toMatchObject({ variants: [0, 1], compared: 2, flips: 0, per_variant: { '0': { success_rate: 1 }, '1': { success_rate: 1 } } });
    expect(r.stdout).toContain('robustness over looks (--variant): SR 100.0% in 0, SR 100.0% in 1; 0 of 2 trials flip between looks');
    const report = await phonegym(['report', dir, '--format', 'md']);
    expect(report.stdout).toContain('### By look');
    expect(report.stdout).toMatch(/\| variant 1 \| 2 \| 2 \|/);
    const bad = await phonegym(['run', '--task-id', 'chat.PinChat', '--variant', 'dark']);
    expectRefusal(bad, '--variant must be a whole number (got "dark")');
  });

  it('without --sample-seed a seed is drawn and recorded; passing it back reproduces the instances', async () => {
    const base = mkdtempSync(join(tmpdir(), 'phonegym-auto-'));
    const args = ['--task-id', 'chat.SendMessage', '--agent', 'noop', '--sample-n', '2'];
    await phonegym(['run', ...args, '--run-dir', join(base, 'a')], { timeout: 120_000 });
    const meta = JSON.parse(readFileSync(join(base, 'a', 'meta.json'), 'utf8'));
    expect(meta.sample_seed_source).toBe('auto');
    expect(Number.isInteger(meta.sample_seed)).toBe(true);
    await phonegym(['run', ...args, '--sample-seed', String(meta.sample_seed), '--run-dir', join(base, 'b')], { timeout: 120_000 });
    const key = (r: { instance: number; seed: number; params: unknown; init_state_hash: string }) => [r.instance, r.seed, JSON.stringify(r.params), r.init_state_hash].join('|');
    expect(readJsonl(join(base, 'b', 'results.jsonl')).map(key)).toEqual(readJsonl(join(base, 'a', 'results.jsonl')).map(key));
  });

  it('the same seed gives the same initial state hash in another process', async () => {
    const base = mkdtempSync(join(tmpdir(), 'phonegym-seed-'));
    const args = ['--task-id', 'chat.SendMessage', '--agent', 'noop', '--sample-seed', '99', '--repeat-n', '2'];
    await phonegym(['run', ...args, '--run-dir', join(base, 'a')], { timeout: 120_000 });
    await phonegym(['run', ...args, '--run-dir', join(base, 'b')], { timeout: 120_000 });
    const [a, a2] = readJsonl(join(base, 'a', 'results.jsonl'));
    const [b] = readJsonl(join(base, 'b', 'results.jsonl'));
    // Both trials of an instance share its seed, parameters and initial state.
    expect([a.trial_id, a2.trial_id]).toEqual([0, 1]);
    expect([a2.seed, a2.params, a2.init_state_hash]).toEqual([a.seed, a.params, a.init_state_hash]);
    expect(a.init_state_hash).toBe(b.init_state_hash);
    expect(a.params).toEqual(b.params);
    expect(a.passed).toBe(false);
  });

  it('device-size screenshots with 0-1000 coordinates: the oracle still passes', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-dpr3-')), 'run');
    const r = await phonegym(['run', '--task-id', 'chat.SendMessage', '--agent', 'oracle', '--screenshot-scale', '3', '--coords', 'norm1000', '--sample-seed', '4', '--run-dir', dir], { timeout: 120_000 });
    expect(r.code).toBe(0);
    const [row] = readJsonl(join(dir, 'results.jsonl'));
    expect(row.passed).toBe(true);
    const traj = join(dir, row.trajectory);
    expect(jpegSize(readFileSync(join(traj, 'step_001.jpg')))).toEqual({ width: 1080, height: 2400 });
    const doc = JSON.parse(readFileSync(join(traj, 'trajectory.json'), 'utf8'));
    const tap = doc.steps.find((s: { action: { type: string } }) => s.action.type === 'tap');
    // The agent spoke 0-1000; the env mapped it to CSS pixels of the 360x800 screen.
    expect(tap.css_action.x).toBeCloseTo((tap.action.x / 1000) * 360, 0);
    expect(tap.css_action.y).toBeCloseTo((tap.action.y / 1000) * 800, 0);
  });

  it('the random agent never crashes the run', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-random-')), 'run');
    // Random taps over every app training sees (two held-out templates of each), four pages at once;
    // no step pictures (the random agent reads the tree), so CI spends its time on the taps.
    const split = readFileSync(join(import.meta.dirname, '../../tasks/splits/test-new-template.txt'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    const appOf = (id: string) => id.split('.')[0];
    const twoOfEach = split.filter((id, i) => split.slice(0, i).filter((x) => appOf(x) === appOf(id)).length < 2);
    expect(new Set(twoOfEach.map(appOf)).size).toBeGreaterThanOrEqual(12);
    const r = await phonegym(['run', '--task-ids', twoOfEach.join(','), '--agent', 'random', '--max-steps', '8', '--sample-seed', '5', '--loop-detect', '4', '--parallel', '4', '--no-screenshots', '--run-dir', dir], { timeout: 480_000 });
    expect(r.code).toBe(0);
    const rows = readJsonl(join(dir, 'results.jsonl'));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const { tasks } = await loadRegistry();
    const episodesOf = (id: string) => 1 + (tasks.find((t) => t.id === id)?.def.nextEpisodes?.length ?? 0);
    for (const row of rows) {
      expect(row.status, `${row.task_id}: ${row.error}`).toBe('completed');
      // --max-steps 8 is every episode's whole budget, a grounded answer task's sheet included (a session's row adds up its episodes').
      expect(row.steps).toBeLessThanOrEqual(row.max_steps);
      expect(row.max_steps).toBe(8 * episodesOf(row.task_id));
    }
  }, 480_000);
});
