/**
 * Every task proves itself end to end, through the real CLI, bridge, Chromium and phone:
 * the oracle (UI actions only) passes a held-out template of every app through `run`; doing nothing
 * passes no chat task.
 */
import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const CLI = join(import.meta.dirname, '../../bridge/cli/phonegym.mjs');

async function runCli(args: string[]) {
  const dir = join(mkdtempSync(join(tmpdir(), 'phonegym-e2e-')), 'run');
  const { stdout } = await exec(process.execPath, [CLI, 'run', ...args, '--run-dir', dir], { timeout: 300_000, env: { ...process.env, NO_COLOR: '1' } });
  const rows = readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  return { dir, stdout, rows, summary };
}

test.describe.configure({ mode: 'parallel' });

// `phonegym verify` proves every task with the oracle (test/cli/verify.test.ts); this is the
// `run` command's own path: several apps in one plan, parallel pages, rows and summary. One held-out
// template of each app the split holds (its first line of that app) keeps it to minutes.
test('the oracle passes a held-out template of every app training sees through `phonegym run` (2 pages)', async () => {
  test.setTimeout(480_000);
  const split = readFileSync(join(import.meta.dirname, '../../tasks/splits/test-new-template.txt'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const appOf = (id: string) => id.split('.')[0];
  const firstOfApp = split.filter((id, i) => split.findIndex((x) => appOf(x) === appOf(id)) === i);
  expect(firstOfApp.length).toBeGreaterThanOrEqual(12);
  const { rows, summary } = await runCli(['--task-ids', firstOfApp.join(','), '--agent', 'oracle', '--sample-seed', '2024', '--parallel', '2']);
  const failures = rows.filter((r) => !r.success).map((r) => `${r.task_id}#${r.instance}: ${r.status} ${r.stop_reason} ${r.error ?? ''} ${JSON.stringify(r.judge?.issues ?? [])} ${JSON.stringify(r.judge?.warnings ?? [])}`);
  expect(failures, failures.join('\n')).toEqual([]);
  expect(summary.success_rate).toBe(1);
  expect(rows.map((r) => r.task_id).sort()).toEqual([...firstOfApp].sort());
});

test('doing nothing passes no task', async () => {
  test.setTimeout(300_000);
  const { rows, summary } = await runCli(['--suite', 'chat', '--agent', 'noop', '--sample-seed', '3', '--no-screenshots']);
  expect(rows.length).toBeGreaterThanOrEqual(10);
  for (const r of rows) {
    expect(r.status).toBe('completed');
    expect(r.passed, `${r.task_id} passed with noop`).toBe(false);
    expect(r.stop_reason).toBe('complete');
    expect(r.false_complete).toBe(true);
    // Not an accident of side effects: the goal itself is unmet.
    expect(r.goal_success, `${r.task_id}: goal already met before acting`).toBe(false);
  }
  expect(summary.success_rate).toBe(0);
});
