/**
 * Forking an episode at step k: the task set up from the episode's seed on a page of its own and
 * its first k actions taken again give the state the episode was in after step k, exactly. Checked
 * against a real oracle run's files: the replayed initial state is the run's initial_state.json,
 * the replay of every action its final_state.json, and a replay of the first k actions the state
 * the step patches say step k left (the path the patch names has the value it recorded). The
 * episode is read from its run folder as the studio reads it (readRecordedEpisode), refusals too.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { PrefixAgent, readRecordedEpisode, replaySteps, type TakenAction } from '../../bridge/runner/fork.ts';
import { stateHash } from '../../bridge/runner/setup.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { readRunFolder } from '../../bridge/runner/runFolder.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry, type Registry } from '../../bridge/tasks/registry.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';
import { getPath } from '../../bridge/judge/paths.ts';
import { launchChromium } from '../../bridge/env/browser.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { runEpisode } from '../../bridge/runner/episode.ts';
import { TrajectoryRecorder } from '../../bridge/runner/recorder.ts';
import { ReplayAgent } from '../../bridge/agents/replay.ts';

const runDir = join(mkdtempSync(join(tmpdir(), 'phonegym-fork-')), 'run');
let bridge: BridgeServer;
let registry: Registry;

beforeAll(async () => {
  const web = await ensureWebBuild();
  await runEvaluation({ ...DEFAULT_CONFIG, taskIds: ['calendar.CreateEvent'], agent: 'oracle', sampleSeed: 5, runDir }, { log: () => {} });
  bridge = await BridgeServer.start({ staticDir: web.dir });
  registry = await loadRegistry();
}, 240_000);

afterAll(async () => {
  await bridge?.close();
});

describe('a fork replays the episode', () => {
  it('to its initial state, the state after step k, and its final state', async () => {
    const [row] = readRunFolder(runDir).rows;
    const dir = join(runDir, row!.trajectory!);
    const doc = JSON.parse(readFileSync(join(dir, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
    const rec = readRecordedEpisode(dirname(runDir), basename(runDir), row!.trajectory!);
    expect(rec).toMatchObject({ taskId: row!.task_id, seed: row!.seed, instance: 0, trial: 0, evalMode: 'grounded', label: `${row!.task_id}#0#0`, initStateHash: row!.init_state_hash });
    const taken: TakenAction[] = rec.taken;
    expect(taken.map((t) => t.index)).toEqual(doc.steps.map((s) => s.index));
    const task = registry.tasks.find((t) => t.id === row!.task_id)!;
    const all = await replaySteps(bridge, task, row!.seed, { evalMode: 'grounded' }, taken);
    expect(stateHash(JSON.parse(all.initial.json))).toBe(row!.init_state_hash);
    expect(JSON.parse(all.initial.json)).toEqual(JSON.parse(readFileSync(join(dir, 'initial_state.json'), 'utf8')));
    expect(JSON.parse(all.after.json)).toEqual(JSON.parse(readFileSync(join(dir, 'final_state.json'), 'utf8')));
    expect(all.after.route).toEqual(doc.final_route);
    expect(all.params).toEqual(row!.params);

    // Step k: the route it led to, and every small value its patch recorded.
    const k = Math.ceil(doc.steps.length / 2);
    const mid = await replaySteps(bridge, task, row!.seed, { evalMode: 'grounded' }, taken.slice(0, k));
    const step = doc.steps[k - 1]!;
    expect(mid.after.route).toEqual(step.route);
    const state = JSON.parse(mid.after.json);
    const recorded = (step.changes ?? []).filter((c) => c.kind !== 'removed' && c.after !== undefined);
    expect(recorded.length).toBeGreaterThan(0);
    for (const c of recorded) expect(getPath(state, c.path), c.path).toEqual(c.after);
    expect(mid.after.json).not.toBe(all.after.json);
  }, 120_000);
});

describe('an episode with a prefix (Hand to the agent)', () => {
  it('takes the forked actions again as noted steps, then the agent goes on; judged from the initial state', async () => {
    const [row] = readRunFolder(runDir).rows;
    const rec = readRecordedEpisode(dirname(runDir), basename(runDir), row!.trajectory!);
    const task = registry.tasks.find((t) => t.id === row!.task_id)!;
    const k = Math.ceil(rec.taken.length / 2);
    const browser = await launchChromium();
    const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'prefix' });
    try {
      const spec = { task, instance: 0, trial: 0, seed: row!.seed, maxSteps: 50, loopDetect: 0, evalMode: 'grounded' as const, agentName: 'replay' };
      const run = async (agentActions: TakenAction[], name: string) => {
        const env = await pool.acquire();
        try {
          const recorder = new TrajectoryRecorder(runDir, join('forks', name), task.id);
          const agent = new PrefixAgent(new ReplayAgent(agentActions.map((a) => a.action)), { actions: rec.taken.slice(0, k), from: rec.label }, (p) => env.coordsFromCss(p));
          const out = await runEpisode(env, agent, spec, recorder);
          return { ...out, doc: JSON.parse(readFileSync(join(runDir, 'forks', name, 'trajectory.json'), 'utf8')) as TrajectoryDoc };
        } finally {
          pool.release(env);
        }
      };
      // The rest of the oracle's actions: the task is done, as in the episode forked.
      const rest = await run(rec.taken.slice(k), 'rest');
      expect(rest.row.success).toBe(true);
      expect(rest.row.init_state_hash).toBe(row!.init_state_hash);
      expect(rest.doc.steps.slice(0, k).map((s) => s.thought)).toEqual(rec.taken.slice(0, k).map((a) => `replayed: step ${a.index} of ${rec.label}`));
      expect(rest.doc.steps.slice(k).every((s) => !s.thought?.startsWith('replayed'))).toBe(true);
      expect(rest.doc.steps.map((s) => s.css_action)).toEqual(rec.taken.map((a) => a.action));
      // Nothing more: only half the work was done, so the goal is not met.
      const none = await run([], 'none');
      expect(none.row.success).toBe(false);
      expect(none.row.steps).toBe(k + 1);
    } finally {
      await pool.close();
      await browser.close();
    }
  }, 120_000);
});

describe('an episode of a run folder is read for a fork', () => {
  const runs = () => dirname(runDir);
  const refused = (folder: string, trajectory: string) => {
    try {
      readRecordedEpisode(runs(), folder, trajectory);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses names outside the runs directory and files that are no trajectory, saying which', () => {
    const row = readRunFolder(runDir).rows[0]!;
    expect(refused('../etc', row.trajectory!)).toMatch(/no run folder "\.\.\/etc": a run folder is one plain name/);
    expect(refused('run', 'trajectory/../../x')).toMatch(/is not a trajectory folder of a run/);
    expect(refused('run', 'trajectory/nothing-here')).toMatch(/trajectory\.json does not exist/);
    const bad = join(runDir, 'trajectory', 'broken');
    mkdirSync(bad);
    writeFileSync(join(bad, 'trajectory.json'), '{"task_id": "calendar.CreateEvent", ');
    expect(refused('run', 'trajectory/broken')).toMatch(/trajectory\.json is not valid JSON/);
    writeFileSync(join(bad, 'trajectory.json'), JSON.stringify({ task_id: 'calendar.CreateEvent', seed: 1, steps: [{ index: 1, css_action: { type: 'teleport' } }] }));
    expect(refused('run', 'trajectory/broken')).toMatch(/step 1 has no valid css_action \(got \{"type":"teleport"\}\)/);
    writeFileSync(join(bad, 'trajectory.json'), JSON.stringify({ steps: [] }));
    expect(refused('run', 'trajectory/broken')).toMatch(/needs task_id, seed and steps/);
  });
});
