/**
 * The terminal while a run goes (issue 13): a header saying what runs where, one line, character
 * or JSON object per episode (`--reporter`), the key to FC, OT and USE under the summary, and no
 * Chromium refused before anything else is printed or written.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectRefusal, phonegym } from '../helpers/cli.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-terminal-'));
const RUN = ['run', '--task-ids', 'chat.PinChat,wallet.ReadBalance', '--sample-seed', '5'];

describe('the terminal of a run', () => {
  it('prints a header, a line per episode, the summary and the key to its short names', async () => {
    const r = await phonegym([...RUN, '--run-dir', join(root, 'line')], { timeout: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^phonegym run: 2 episodes \(2 tasks, 2 instances\) · agent oracle · 1 page in 1 process · seed 5\nrun folder: .*line$/m);
    expect(r.stdout).toMatch(/^\[1\/2\] PASS {4}\S+ +\d+ steps/m);
    expect(r.stdout).toMatch(/^FC {3}false complete: /m);
    expect(r.stdout).toMatch(/^OT {3}overdue termination: /m);
    expect(r.stdout).toMatch(/^USE {2}unexpected side effects: /m);
  });

  it('--reporter json: one object per episode on stdout, everything else on stderr', async () => {
    const r = await phonegym([...RUN, '--reporter', 'json', '--run-dir', join(root, 'json')], { timeout: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const objects = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { done: number; total: number; task_id: string; success: boolean });
    expect(objects.map((o) => [o.done, o.total, o.success])).toEqual([[1, 2, true], [2, 2, true]]);
    expect(objects.map((o) => o.task_id).sort()).toEqual(['chat.PinChat', 'wallet.ReadBalance']);
    expect(r.stderr).toMatch(/phonegym run: 2 episodes/);
    expect(r.stderr).toMatch(/episodes 2 {3}SR 100\.0%/);
  });

  it('--reporter dot: a character per episode', async () => {
    const r = await phonegym([...RUN, '--reporter', 'dot', '--run-dir', join(root, 'dot')], { timeout: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\.\.$/m);
    expect(r.stdout).not.toMatch(/\[1\/2\]/);
  });

  it('refuses an unknown reporter, and a missing Chromium before anything else', async () => {
    expectRefusal(await phonegym([...RUN, '--reporter', 'xml']), /--reporter/);
    const dir = join(root, 'nochromium');
    const r = await phonegym([...RUN, '--studio', '--run-dir', dir], { env: { PHONEGYM_CHROMIUM: join(root, 'no-such-chrome') } });
    expectRefusal(r, /PHONEGYM_CHROMIUM is set to .*no file exists there/);
    expect(r.stdout).not.toMatch(/studio:|not finished|run folder/);
    expect(existsSync(dir)).toBe(false);
  });
});
