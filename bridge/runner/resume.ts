/**
 * `phonegym run --resume <run-dir>`: finish an interrupted run, even one killed with SIGKILL.
 * Every finished row is kept (from results.jsonl and from the shards' own files, which may be
 * ahead of it), a cut last line is dropped, cancelled episodes run again, and only what is
 * missing runs. A folder made with other result flags, another task set or another phone build
 * is refused, saying what differs. Nothing is lost: rows the plan does not hold (another run's)
 * and second copies of an episode are set aside in `results.dropped.jsonl` and named, and every
 * attempt that did not complete stays in errors.jsonl.
 */
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { checkResultRow, type ResultRow } from '../protocol/runFolder.ts';
import { configDifferences, type RunConfig } from './config.ts';
import { fileHash, type RunMeta } from './meta.ts';
import { readJsonl, shardHeader } from './output.ts';
import { episodeKey, type Plan, type PlannedEpisode } from './plan.ts';
import { configOfRun, readRunFolder, shardDirs } from './runFolder.ts';

/** Where a resume sets aside the rows it does not keep (appended: every resume adds its own). */
export const DROPPED_FILE = 'results.dropped.jsonl';

export interface ResumePlan {
  runDir: string;
  meta: RunMeta;
  kept: ResultRow[];
  todo: PlannedEpisode[];
  /** What was set aside and why, in a sentence for the log (null when nothing was). */
  dropped: string | null;
}

function writeJsonlAtomically(file: string, values: unknown[]): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, values.map((v) => JSON.stringify(v) + '\n').join(''));
  renameSync(tmp, file);
}

export function prepareResume(dirArg: string, config: RunConfig, plan: Plan, appBuild: string): ResumePlan {
  const folder = readRunFolder(dirArg);
  const { meta, dir } = folder;
  const diffs = configDifferences({ ...config, sampleSeed: plan.baseSeed }, configOfRun(meta));
  if (diffs.length) {
    throw new UsageError(`cannot resume ${dirArg}: it was run with other flags (${diffs.map((d) => `${d.key}: ${JSON.stringify(d.b)} there, ${JSON.stringify(d.a)} now`).join('; ')}). Resume with the folder's own flags (just --resume ${dirArg}), or start a new run`);
  }
  if (JSON.stringify(meta.config.shard ?? null) !== JSON.stringify(config.shard ?? null)) {
    throw new UsageError(`cannot resume ${dirArg}: it is shard ${meta.config.shard ? `${meta.config.shard.index}/${meta.config.shard.count}` : 'none'}, not ${config.shard ? `${config.shard.index}/${config.shard.count}` : 'none'}`);
  }
  if (meta.plan_id !== plan.planId) {
    const before = new Set(meta.tasks);
    const now = new Set(plan.tasks.map((t) => t.id));
    const added = [...now].filter((t) => !before.has(t));
    const removed = [...before].filter((t) => !now.has(t));
    const count = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());
    const instancesBefore = count(meta.instances.map((i) => i.task_id));
    const instancesNow = count(plan.episodes.filter((e) => e.trial === 0).map((e) => e.task.id));
    const changed = plan.tasks.filter((t) => before.has(t.id) && (instancesBefore.get(t.id) !== instancesNow.get(t.id) || meta.task_max_steps[t.id] !== plan.taskMaxSteps[t.id])).map((t) => t.id);
    const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `gone ${removed.join(', ')}` : '', changed.length ? `instances or step budget changed for ${changed.join(', ')}` : ''].filter(Boolean);
    throw new UsageError(`cannot resume ${dirArg}: the task set differs from the one it was planned with (${parts.join('; ') || 'the instances planned differ'}). Start a new run`);
  }
  const changedFiles = plan.tasks.filter((t) => meta.hashes.task_files[t.id] !== undefined && meta.hashes.task_files[t.id] !== fileHash(t.file));
  if (changedFiles.length) throw new UsageError(`cannot resume ${dirArg}: task files changed since it started (${changedFiles.map((t) => t.file).join(', ')}); its rows would mix two versions. Start a new run`);
  if (meta.hashes.app_build !== appBuild) throw new UsageError(`cannot resume ${dirArg}: the phone's build changed since it started (app build ${meta.hashes.app_build} there, ${appBuild} now); its rows would mix two builds. Start a new run`);

  const planned = new Set(plan.episodes.map((e) => e.key));
  const foreign = folder.rows.filter((r) => !planned.has(episodeKey(r)));
  const kept = folder.rows.filter((r) => r.status !== 'cancelled' && planned.has(episodeKey(r)));
  const keptKeys = new Set(kept.map(episodeKey));
  const todo = plan.episodes.filter((e) => !keptKeys.has(e.key));
  const setAside = [...foreign, ...folder.duplicates];
  let dropped: string | null = null;
  if (setAside.length) {
    appendFileSync(join(dir, DROPPED_FILE), setAside.map((r) => JSON.stringify(r) + '\n').join(''));
    const parts = [
      foreign.length ? `${foreign.length} row(s) of episodes this run never planned (another run's? ${[...new Set(foreign.map((r) => r.task_id))].slice(0, 3).join(', ')})` : '',
      folder.duplicates.length ? `${folder.duplicates.length} second copy(ies) of an episode already kept (${[...new Set(folder.duplicates.map(episodeKey))].slice(0, 3).join(', ')})` : '',
    ].filter(Boolean);
    dropped = `set aside ${parts.join(' and ')} in ${basename(dir)}/${DROPPED_FILE}`;
  }
  // The top-level files become exactly the kept rows and every failed attempt; new rows append.
  writeJsonlAtomically(join(dir, 'results.jsonl'), kept);
  writeJsonlAtomically(join(dir, 'errors.jsonl'), folder.errors);
  for (const s of shardDirs(dir)) {
    const file = join(s, 'results.jsonl');
    const rows = readJsonl(file, checkResultRow).rows.filter((r) => keptKeys.has(episodeKey(r)));
    writeJsonlAtomically(file, [shardHeader(basename(s), meta.run_id), ...rows]);
  }
  meta.resumes = [...(meta.resumes ?? []), { at: new Date().toISOString(), kept: kept.length, to_run: todo.length, ...(setAside.length ? { dropped: setAside.length } : {}) }];
  return { runDir: dir, meta, kept, todo, dropped };
}
