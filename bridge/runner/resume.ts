/**
 * `phonegym run --resume <run-dir>`: finish an interrupted run, even one killed with SIGKILL.
 * Every finished row is kept (from results.jsonl and from the shards' own files, which may be
 * ahead of it), a cut last line is dropped, cancelled episodes run again, and only what is
 * missing runs. A folder made with other result flags, another task set or another phone build
 * is refused, saying what differs.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { configDifferences, DEFAULT_CONFIG, type RunConfig } from './config.ts';
import { fileHash, type RunMeta } from './meta.ts';
import { readJsonl, type ErrorEntry } from './output.ts';
import { episodeKey, type Plan, type PlannedEpisode } from './plan.ts';
import type { ResultRow } from './types.ts';

export interface RunFolder {
  dir: string;
  meta: RunMeta;
  /** Finished rows, one per episode key (the first seen wins), from the top level and the shards. */
  rows: ResultRow[];
  errors: ErrorEntry[];
}

export function readMeta(dir: string): RunMeta {
  const file = join(dir, 'meta.json');
  if (!existsSync(file)) throw new UsageError(`${dir} is not a run folder (no meta.json). Pass the folder \`phonegym run\` printed at its end, e.g. runs/20261129_101500`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunMeta;
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON (${(e as Error).message}); the run folder is damaged`);
  }
}

function shardDirs(dir: string): string[] {
  const root = join(dir, 'shards');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => /^p\d+$/.test(n))
    .sort()
    .map((n) => join(root, n));
}

/** A run folder with every row it holds, deduplicated by episode key. */
export function readRunFolder(dirArg: string): RunFolder {
  const dir = resolve(dirArg);
  const meta = readMeta(dir);
  const seen = new Set<string>();
  const rows: ResultRow[] = [];
  for (const d of [dir, ...shardDirs(dir)]) {
    for (const r of readJsonl<ResultRow>(join(d, 'results.jsonl')).rows) {
      const k = episodeKey(r);
      if (seen.has(k)) continue;
      seen.add(k);
      rows.push(r);
    }
  }
  return { dir, meta, rows, errors: readRunErrors(dir) };
}

/** errors.jsonl of a run folder and its shards, each failed attempt once. */
export function readRunErrors(dir: string): ErrorEntry[] {
  const seen = new Set<string>();
  const out: ErrorEntry[] = [];
  for (const d of [dir, ...shardDirs(dir)]) {
    for (const e of readJsonl<ErrorEntry>(join(d, 'errors.jsonl')).rows) {
      const k = `${episodeKey(e)}@${e.attempt ?? 1}:${e.status}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
  }
  return out;
}

/** The config a resume runs with: the folder's own, with the seed it actually used. */
export function configOfRun(meta: RunMeta): RunConfig {
  return { ...DEFAULT_CONFIG, ...meta.config, sampleSeed: meta.config.sampleSeed ?? meta.sample_seed };
}

function writeJsonlAtomically(file: string, values: unknown[]): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, values.map((v) => JSON.stringify(v) + '\n').join(''));
  renameSync(tmp, file);
}

export function prepareResume(dirArg: string, config: RunConfig, plan: Plan, appBuild: string): { runDir: string; meta: RunMeta; kept: ResultRow[]; todo: PlannedEpisode[] } {
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
  const kept = folder.rows.filter((r) => r.status !== 'cancelled' && planned.has(episodeKey(r)));
  const keptKeys = new Set(kept.map(episodeKey));
  const todo = plan.episodes.filter((e) => !keptKeys.has(e.key));
  // The top-level files become exactly the kept rows (and their attempts); new rows append.
  writeJsonlAtomically(join(dir, 'results.jsonl'), kept);
  writeJsonlAtomically(join(dir, 'errors.jsonl'), folder.errors.filter((e) => e.status !== 'cancelled' && (keptKeys.has(episodeKey(e)) || e.retried)));
  for (const s of shardDirs(dir)) {
    writeJsonlAtomically(join(s, 'results.jsonl'), readJsonl<ResultRow>(join(s, 'results.jsonl')).rows.filter((r) => keptKeys.has(episodeKey(r))));
  }
  meta.resumes = [...(meta.resumes ?? []), { at: new Date().toISOString(), kept: kept.length, to_run: todo.length }];
  return { runDir: dir, meta, kept, todo };
}
