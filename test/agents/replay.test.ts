/**
 * The `replay` agent: a recorded trajectory played back on the same task instance passes again,
 * and a file that is not a trajectory is refused with a message saying what to give instead.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrajectory } from '../../bridge/agents/replay.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-replay-'));
const base = { ...DEFAULT_CONFIG, taskIds: ['chat.PinChat'], sampleSeed: 21 };

describe('the replay agent', () => {
  it('replays an oracle trajectory (given by its folder) to the same verdict', async () => {
    const oracle = await runEvaluation({ ...base, runDir: join(root, 'oracle') }, { log: () => {} });
    expect(oracle.rows[0]!.success).toBe(true);
    const folder = join(oracle.runDir, oracle.rows[0]!.trajectory);
    const replayed = await runEvaluation({ ...base, runDir: join(root, 'replay'), agent: 'replay', replay: folder }, { log: () => {} });
    const row = replayed.rows[0]!;
    expect(row).toMatchObject({ agent: 'replay', status: 'completed', success: true, steps: oracle.rows[0]!.steps });
    expect(row.init_state_hash).toBe(oracle.rows[0]!.init_state_hash);
  }, 120_000);

  it('takes the recorded instance and seed, and refuses a seed or a selection that says otherwise', async () => {
    const oracle = await runEvaluation({ ...base, sampleN: 3, runDir: join(root, 'three') }, { log: () => {} });
    const third = oracle.rows.find((r) => r.instance === 2)!;
    const folder = join(oracle.runDir, third.trajectory);
    // No --sample-seed, no --task-id: the replay runs instance 2 of chat.PinChat with its seed.
    const replayed = await runEvaluation({ ...DEFAULT_CONFIG, runDir: join(root, 'replay3'), agent: 'replay', replay: folder }, { log: () => {} });
    expect(replayed.rows).toHaveLength(1);
    expect(replayed.rows[0]).toMatchObject({ task_id: 'chat.PinChat', instance: 2, seed: third.seed, init_state_hash: third.init_state_hash, success: true });
    expect(JSON.parse(readFileSync(join(replayed.runDir, 'meta.json'), 'utf8'))).toMatchObject({ sample_seed: 21, sample_seed_source: 'trajectory' });
    await expect(runEvaluation({ ...DEFAULT_CONFIG, runDir: join(root, 'x1'), agent: 'replay', replay: folder, sampleSeed: 22 }, { log: () => {} })).rejects.toThrow(/recorded on chat\.PinChat instance 2 with seed \d+, but --sample-seed 22 gives that instance seed \d+.*--sample-seed 21/);
    await expect(runEvaluation({ ...DEFAULT_CONFIG, runDir: join(root, 'x2'), agent: 'replay', replay: folder, taskIds: ['chat.MuteChat'] }, { log: () => {} })).rejects.toThrow(/recorded on chat\.PinChat, which this selection leaves out/);
    const anonymous = join(root, 'anonymous.json');
    writeFileSync(anonymous, JSON.stringify({ steps: [] }));
    await expect(runEvaluation({ ...DEFAULT_CONFIG, runDir: join(root, 'x3'), agent: 'replay', replay: anonymous }, { log: () => {} })).rejects.toThrow(/does not say which task instance/);
  }, 120_000);

  it('refuses what is not a trajectory, saying what to give', () => {
    expect(() => loadTrajectory(join(root, 'nope.json'))).toThrow(/does not exist\. Give a trajectory\.json/);
    const bad = join(root, 'bad.json');
    writeFileSync(bad, JSON.stringify({ steps: [{ action: { type: 'teleport' } }] }));
    expect(() => loadTrajectory(bad)).toThrow(UsageError);
    expect(() => loadTrajectory(bad)).toThrow(/step 1 has no valid action/);
    writeFileSync(bad, '{"format": "something else"}');
    expect(() => loadTrajectory(bad)).toThrow(/no "steps" array/);
  });
});
