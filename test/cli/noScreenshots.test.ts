/**
 * `phonegym run --no-screenshots` through the real CLI: the oracle's episodes pass with the same
 * verdicts and step records as a run with pictures, the trajectories hold no pictures (and say
 * so), and the combinations that need pictures are refused before anything runs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectRefusal, phonegym as runPhonegym } from '../helpers/cli.ts';

const phonegym = (args: string[]) => runPhonegym(args, { timeout: 240_000 });
const root = mkdtempSync(join(tmpdir(), 'phonegym-noshots-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SELECTION = ['--task-ids', 'chat.SendMessage,settings.ForgetWifiNetwork,notes.CollectToBoard', '--sample-seed', '5', '--parallel', '2'];
const rows = (dir: string) =>
  readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { task_id: string; passed: boolean; trajectory: string; init_state_hash: string }).sort((a, b) => a.task_id.localeCompare(b.task_id));
const steps = (dir: string, rel: string) => (JSON.parse(readFileSync(join(dir, rel, 'trajectory.json'), 'utf8')) as { initial_screenshot: string | null; steps: { text: string; screenshot: string | null; changes?: unknown }[] });

describe('--no-screenshots', () => {
  it('passes the same episodes with the same steps, and writes no pictures', async () => {
    const shots = join(root, 'shots');
    const none = join(root, 'none');
    const a = await phonegym(['run', ...SELECTION, '--run-dir', shots]);
    expect(a.code, a.stderr).toBe(0);
    const b = await phonegym(['run', ...SELECTION, '--run-dir', none, '--no-screenshots']);
    expect(b.code, b.stderr).toBe(0);
    const ra = rows(shots);
    const rb = rows(none);
    expect(rb.map((r) => [r.task_id, r.passed, r.init_state_hash])).toEqual(ra.map((r) => [r.task_id, r.passed, r.init_state_hash]));
    expect(rb.every((r) => r.passed)).toBe(true);
    for (const [x, y] of ra.map((r, i) => [r, rb[i]!] as const)) {
      const withPictures = steps(shots, x.trajectory);
      const without = steps(none, y.trajectory);
      expect(without.steps.map((s) => [s.text, s.changes])).toEqual(withPictures.steps.map((s) => [s.text, s.changes]));
      expect(withPictures.initial_screenshot).toBe('step_000.jpg');
      expect(without.initial_screenshot).toBeNull();
      expect(without.steps.every((s) => s.screenshot === null)).toBe(true);
      expect(readdirSync(join(none, y.trajectory)).filter((f) => f.endsWith('.jpg'))).toEqual([]);
      expect(readdirSync(join(shots, x.trajectory)).filter((f) => f.endsWith('.jpg')).length).toBeGreaterThan(1);
    }
    expect(JSON.parse(readFileSync(join(none, 'meta.json'), 'utf8')).config.screenshots).toBe(false);
  }, 300_000);

  it('is refused where pictures are needed: the VLM judge, the studio', async () => {
    const vlm = await phonegym(['run', ...SELECTION, '--run-dir', join(root, 'vlm'), '--no-screenshots', '--judge-mode', 'vlm', '--judge-model', 'm', '--judge-base-url', 'http://127.0.0.1:9/v1']);
    expectRefusal(vlm, '--no-screenshots leaves the VLM judge (--judge-mode vlm) no screens to judge from');
    const studio = await phonegym(['run', ...SELECTION, '--run-dir', join(root, 'studio'), '--no-screenshots', '--studio']);
    expectRefusal(studio, "--no-screenshots leaves the studio's live phone without pictures");
  });
});
