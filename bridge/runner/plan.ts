/**
 * The plan of a run: selected tasks → instances (with their seeds) → trials, each episode with a
 * stable key. `--shard i/K` keeps the instances whose key hashes to i (stable across machines,
 * task list order and versions); `--processes K` splits what is left round-robin.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { episodeKey } from '../protocol/runFolder.ts';
import { loadRegistry, resolveMaxSteps, resolveTasksRoot, selectTasks, type LoadedTask, type Registry } from '../tasks/registry.ts';
import { instanceCount } from '../tasks/sampler.ts';
import { crc32, drawBaseSeed, instanceSeed, streamSeed } from '../tasks/seeds.ts';
import { readSplit } from '../tasks/splits.ts';
import type { RunConfig } from './config.ts';
import type { EpisodeSpec } from './episode.ts';
import { trajectoryDirName } from './recorder.ts';
import { loadTrajectory } from '../agents/replay.ts';

export interface PlannedEpisode extends EpisodeSpec {
  /** `task_id#instance#trial`: the episode's identity in a run, a resume and a merge. */
  key: string;
  trajectoryDir: string;
  /** An agent's continuation of an episode of the run from a step (the studio's Hand to the agent). */
  fork?: { episodeId: string; forkOf: { episodeId: string; step: number } };
}

export interface Plan {
  registry: Registry;
  tasks: LoadedTask[];
  /** The episodes this run (or this shard) runs. */
  episodes: PlannedEpisode[];
  baseSeed: number;
  /** `trajectory`: `--agent replay` took the seed its trajectory was recorded with. */
  seedSource: 'cli' | 'auto' | 'trajectory';
  taskMaxSteps: Record<string, number>;
  /** Identity of the whole unsharded plan: the same flags and tasks give the same id anywhere. */
  planId: string;
  /** Size of the whole unsharded plan. */
  total: { instances: number; episodes: number };
}

export { episodeKey };

/** The `--shard` a task instance belongs to (1-based): a hash of its id, not of its position. */
export function shardOf(taskId: string, instance: number, count: number): number {
  return (crc32(`${taskId}#${instance}`) % count) + 1;
}

export function parseShard(text: string): { index: number; count: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--shard must look like i/K, e.g. 1/4 (got "${text}")`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new UsageError(`--shard ${text}: i must be between 1 and K (shards are numbered from 1)`);
  return { index, count };
}

/** Everything that can be refused is refused here, before a browser starts. */
export async function planRun(config: RunConfig): Promise<Plan> {
  const registry = await loadRegistry({ root: resolveTasksRoot(config.tasksRoot), strict: config.strict });
  const replay = config.agent === 'replay' && config.replay ? replayTarget(config, registry) : null;
  const tasks = replay
    ? [replay.task]
    : selectTasks(registry, {
        suites: config.suites,
        taskIds: config.taskIds,
        split: config.split,
        difficulties: config.filterDifficulty,
        objectives: config.filterObjective,
        apps: config.filterApp,
      });
  if (tasks.length === 0) throw new UsageError('no task matches the selection (check --suite, --split and the --filter-* flags; `phonegym list` shows what each selects)');
  const baseSeed = replay?.baseSeed ?? config.sampleSeed ?? drawBaseSeed();
  // A split that draws from a seed stream (`@seeds held-out`): its instances are never a train
  // instance. A replay keeps the seed it was recorded with.
  const stream = !replay && config.split ? readSplit(registry.root, config.split, registry.tasks.map((t) => t.id)).seeds : null;
  const variants = config.variants?.length ? config.variants : [0];
  const episodes: PlannedEpisode[] = [];
  const taskMaxSteps: Record<string, number> = {};
  const identity = createHash('sha256');
  let instances = 0;
  let total = 0;
  for (const task of tasks) {
    const n = replay ? replay.instance + 1 : instanceCount(task.def, config.sampleN);
    const maxSteps = resolveMaxSteps(task, config.maxSteps ?? undefined, config.evalMode);
    taskMaxSteps[task.id] = maxSteps;
    for (let i = 0; i < n; i++) {
      if (replay && i !== replay.instance) continue;
      const seed = streamSeed(instanceSeed(baseSeed, task.id, i), stream);
      identity.update(`${task.id}#${i}:${seed}:${maxSteps};`);
      instances++;
      total += config.repeatN * variants.length;
      if (config.shard && shardOf(task.id, i, config.shard.count) !== config.shard.index) continue;
      // Every look of an instance, trial by trial: its variants sit side by side in the rows.
      for (const variant of variants) {
        for (let t = 0; t < config.repeatN; t++) {
          episodes.push({
            key: episodeKey({ task_id: task.id, instance: i, trial_id: t, variant }),
            task,
            instance: i,
            trial: t,
            seed,
            variant,
            maxSteps,
            loopDetect: config.loopDetect,
            maxRounds: config.maxRounds,
            evalMode: config.evalMode,
            agentName: config.agent,
            trajectoryDir: join('trajectory', trajectoryDirName(task.id, i, t, n > 1, config.repeatN > 1) + (variant ? `_v${variant}` : '')),
          });
        }
      }
    }
  }
  identity.update(`repeat=${config.repeatN}`);
  // The designed look alone keeps the plan id runs had before variants existed.
  if (variants.join() !== '0') identity.update(`;variants=${variants.join(',')}`);
  return {
    registry,
    tasks,
    episodes,
    baseSeed,
    seedSource: replay ? 'trajectory' : config.sampleSeed === null ? 'auto' : 'cli',
    taskMaxSteps,
    planId: identity.digest('hex').slice(0, 16),
    total: { instances, episodes: total },
  };
}

/**
 * `--agent replay` plays one recorded episode again, so it runs on that episode's task instance
 * with the seed it was recorded with (its params and initial state follow from the seed). A
 * selection or a seed that says otherwise is refused, naming both, rather than replaying the
 * actions on another phone.
 */
function replayTarget(config: RunConfig, registry: Registry): { task: LoadedTask; instance: number; baseSeed: number } {
  const t = loadTrajectory(config.replay!);
  if (t.taskId === null || t.instance === null || t.seed === null) throw new UsageError(`--replay: ${t.file} does not say which task instance it was recorded on (task_id, instance, seed); replay a trajectory.json written by phonegym run`);
  const task = registry.tasks.find((x) => x.id === t.taskId);
  if (!task) throw new UsageError(`--replay: the trajectory was recorded on ${t.taskId}, which is not among the tasks here (tasks/); check the task's name, or --tasks-root`);
  const selected = config.taskIds.length || config.suites.length || config.split || config.filterDifficulty.length || config.filterObjective.length || config.filterApp.length;
  if (selected && !selectTasks(registry, { suites: config.suites, taskIds: config.taskIds, split: config.split, difficulties: config.filterDifficulty, objectives: config.filterObjective, apps: config.filterApp }).some((x) => x.id === t.taskId)) {
    throw new UsageError(`--replay: the trajectory was recorded on ${t.taskId}, which this selection leaves out; a replay runs its own task, so drop --suite/--task-ids/--split/--filter-* or select ${t.taskId}`);
  }
  const baseSeed = (t.seed ^ crc32(`${t.taskId}:${t.instance}`)) >>> 0;
  if (config.sampleSeed !== null && instanceSeed(config.sampleSeed, t.taskId, t.instance) !== t.seed) {
    throw new UsageError(`--replay: the trajectory was recorded on ${t.taskId} instance ${t.instance} with seed ${t.seed}, but --sample-seed ${config.sampleSeed} gives that instance seed ${instanceSeed(config.sampleSeed, t.taskId, t.instance)}: its actions would land on another phone. Drop --sample-seed (a replay takes the recorded seed) or pass --sample-seed ${baseSeed}`);
  }
  return { task, instance: t.instance, baseSeed };
}

/**
 * Splits episodes into `k` process shards, round-robin by instance (the trials of one instance
 * stay together), so every shard gets a fair share of every task.
 */
export function splitForProcesses(episodes: PlannedEpisode[], k: number): PlannedEpisode[][] {
  const out: PlannedEpisode[][] = Array.from({ length: k }, () => []);
  const instanceIndex = new Map<string, number>();
  for (const ep of episodes) {
    const id = `${ep.task.id}#${ep.instance}`;
    if (!instanceIndex.has(id)) instanceIndex.set(id, instanceIndex.size);
    out[instanceIndex.get(id)! % k]!.push(ep);
  }
  return out;
}
