/**
 * Merge time for a large sharded run: K synthetic `--shard i/K` run folders whose meta.json is
 * built by the runner's own buildMeta (so its shape is exactly what mergeRuns reads), holding
 * realistic result rows, each in the shard shardOf() assigns it to. Then `mergeRuns` is timed
 * with rowsOnly (trajectories are hard links and would only time the filesystem).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, type RunConfig } from '../runner/config.ts';
import { mergeRuns } from '../runner/merge.ts';
import { buildMeta } from '../runner/meta.ts';
import { shardOf, type Plan, type PlannedEpisode } from '../runner/plan.ts';
import { trajectoryDirName } from '../runner/recorder.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import { crc32, instanceSeed } from '../tasks/seeds.ts';
import { p50 } from './steps.ts';

const TASKS = 40;
const BASE_SEED = 20261129;
const CONTACTS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强'];

/** One row as the runner writes it: a chat-like task, its params and goal, the judge summary. */
function syntheticRow(task: LoadedTask, instance: number, seed: number): ResultRow {
  const h = crc32(`${task.id}#${instance}`);
  const success = h % 10 < 7;
  const steps = 4 + (h % 20);
  const contact = CONTACTS[h % CONTACTS.length]!;
  return {
    task_id: task.id,
    task_name: task.name,
    suite: task.suite,
    apps: ['chat'],
    difficulty: `L${1 + (h % 3)}`,
    objective: h % 4 === 0 ? 'query' : 'action',
    instance,
    trial_id: 0,
    seed,
    params: { contact, text: `明天下午${1 + (h % 5)}点开会，记得带上资料`, pinned: h % 2 === 0 },
    goal: `在聊天应用中给${contact}发送消息“明天下午${1 + (h % 5)}点开会，记得带上资料”，然后置顶与${contact}的聊天`,
    agent: 'oracle',
    status: 'completed',
    error_code: null,
    error: null,
    stop_reason: success ? 'complete' : 'max_steps',
    steps,
    max_steps: 30,
    success,
    goal_success: success,
    progress: success ? 1 : 0.5,
    clean: true,
    passed: success,
    false_complete: false,
    overdue_termination: false,
    answer: null,
    judge: {
      success,
      clean: true,
      progress: success ? 1 : 0.5,
      passed: success,
      issues: success ? [] : [{ field: `apps.chat.chats[c_${h % 97}].pinned`, expected: true, actual: false, message: 'the chat is not pinned' }],
      warnings: [],
    },
    init_state_hash: createHash('sha256').update(`${seed}`).digest('hex').slice(0, 16),
    runtime_s: Math.round(steps * 120 + (h % 900)) / 1000,
    trajectory: join('trajectory', trajectoryDirName(task.id, instance, 0, true, false)),
    usage: null,
    rounds: 1,
    blind_rounds: 0,
    vlm_judge: null,
    retry: null,
    hashes: { app_build: 'bench00000000000', task_file: 'bench' },
    attempts: 1,
  };
}

/** The whole unsharded plan of `rows` instances: TASKS synthetic tasks with many instances each. */
function syntheticPlan(rows: number): { plan: Plan; config: RunConfig } {
  const perTask = Math.ceil(rows / TASKS);
  const config: RunConfig = { ...DEFAULT_CONFIG, suites: ['bench'], sampleN: perTask, sampleSeed: BASE_SEED, parallel: 8 };
  const tasks: LoadedTask[] = Array.from({ length: TASKS }, (_, t) => ({ id: `bench.T${t}`, suite: 'bench', name: `T${t}`, file: 'package.json', def: {} as LoadedTask['def'] }));
  const episodes: PlannedEpisode[] = [];
  for (const task of tasks) {
    for (let i = 0; i < perTask && episodes.length < rows; i++) {
      episodes.push({ key: `${task.id}#${i}#0`, task, instance: i, trial: 0, seed: instanceSeed(BASE_SEED, task.id, i), maxSteps: 30, loopDetect: 0, evalMode: 'grounded', agentName: 'oracle', trajectoryDir: join('trajectory', trajectoryDirName(task.id, i, 0, true, false)) });
    }
  }
  const plan = {
    registry: { tasks, errors: [], suites: ['bench'], root: '' },
    tasks,
    episodes,
    baseSeed: BASE_SEED,
    seedSource: 'cli' as const,
    taskMaxSteps: Object.fromEntries(tasks.map((t) => [t.id, 30])),
    planId: createHash('sha256').update(`bench-merge:${rows}`).digest('hex').slice(0, 16),
    total: { instances: episodes.length, episodes: episodes.length },
  };
  return { plan, config };
}

/** Writes shard i of `count`: meta.json (buildMeta, finished as run.ts finishes it), results.jsonl, errors.jsonl. */
async function writeShard(dir: string, plan: Plan, config: RunConfig, index: number, count: number): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const episodes = plan.episodes.filter((e) => shardOf(e.task.id, e.instance, count) === index);
  const startedAt = new Date(Date.UTC(2026, 10, 29, 10, 15, 0));
  const meta = await buildMeta({ config: { ...config, shard: { index, count }, runDir: dir }, plan: { ...plan, episodes }, runDir: dir, startedAt, appBuild: 'bench00000000000' });
  meta.versions.chromium = '156.0.0.0';
  meta.execution = { processes: 1, parallel: [8], browsers: [1], isolation: 'pages', browser_endpoint: false };
  const ended = { ended_at: new Date(startedAt.getTime() + 3_600_000).toISOString(), duration_s: 3600, interrupted: false, unfinished_episodes: 0, env_replacements: 0 };
  writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...meta, ...ended }, null, 2));
  writeFileSync(join(dir, 'results.jsonl'), episodes.map((e) => JSON.stringify(syntheticRow(e.task, e.instance, e.seed)) + '\n').join(''));
  writeFileSync(join(dir, 'errors.jsonl'), '');
  return episodes.length;
}

export interface MergeFigures {
  rows: number;
  shards: number;
  rowsPerShard: number[];
  /** p50 of the timed merges, each into a new folder. */
  ms: number;
  samplesMs: number[];
}

/** Time of `mergeRuns(dirs, out, { rowsOnly: true })` over `shards` synthetic shard folders of `rows` rows in all. */
export async function mergeBench(rows: number, shards: number, repeats = 3): Promise<MergeFigures> {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-bench-merge-'));
  try {
    const { plan, config } = syntheticPlan(rows);
    const dirs: string[] = [];
    const rowsPerShard: number[] = [];
    for (let i = 1; i <= shards; i++) {
      const dir = join(root, `shard${i}`);
      rowsPerShard.push(await writeShard(dir, plan, config, i, shards));
      dirs.push(dir);
    }
    const samplesMs: number[] = [];
    for (let k = 0; k < repeats; k++) {
      const t0 = performance.now();
      const out = mergeRuns(dirs, join(root, `merged${k}`), { rowsOnly: true });
      samplesMs.push(performance.now() - t0);
      if (out.rows.length !== plan.episodes.length) throw new Error(`bench: the merge holds ${out.rows.length} rows, expected ${plan.episodes.length}`);
    }
    return { rows: plan.episodes.length, shards, rowsPerShard, ms: p50(samplesMs), samplesMs };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
