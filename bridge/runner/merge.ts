/**
 * `phonegym merge <dirs…> --run-dir <out>`: joins the run folders of `--shard i/K` runs (from
 * several machines, a CI matrix or a Kubernetes Indexed Job) into one run folder whose rows and
 * summary are those of a single run. It first checks that they belong together: the same plan
 * (flags, task set, seeds), the same task files and phone build, each shard once, no episode
 * twice, nothing missing; otherwise it says what is wrong and what to run.
 */
import { scrub } from '../secrets.ts';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { configDifferences } from './config.ts';
import type { RunMeta } from './meta.ts';
import { prepareOutputDir } from './output.ts';
import { episodeKey, shardOf } from './plan.ts';
import { configOfRun, readRunFolder, type RunFolder } from './runFolder.ts';
import { passKs, summarize } from './summary.ts';
import { shownPath } from '../paths.ts';
import type { ResultRow, Summary } from '../protocol/runFolder.ts';
import { envIdOfMeta } from '../protocol/environment.ts';

export interface MergeOutcome {
  runDir: string;
  rows: ResultRow[];
  summary: Summary;
  warnings: string[];
}

export interface MergeOptions {
  /** Copy trajectories and logs instead of hard-linking them (default: link, copy across devices). */
  copy?: boolean;
  /** Skip trajectories and browser logs (rows and summary only). */
  rowsOnly?: boolean;
}

const shardName = (s: { index: number; count: number } | null) => (s ? `${s.index}/${s.count}` : 'unsharded');

export function mergeRuns(dirs: string[], outArg: string, opts: MergeOptions = {}): MergeOutcome {
  if (dirs.length === 0) throw new UsageError('merge needs the run folders of the shards: phonegym merge runs/a runs/b --run-dir runs/all');
  const out = resolve(outArg);
  const folders: RunFolder[] = dirs.map((d) => readRunFolder(d));
  if (folders.some((f) => f.dir === out)) throw new UsageError(`--run-dir ${outArg} is one of the folders being merged; write the merge to a new folder`);
  if (existsSync(join(out, 'results.jsonl'))) throw new UsageError(`--run-dir ${outArg} already holds a run; choose another folder or remove it`);
  const warnings: string[] = [];
  const rel = (d: string) => shownPath(d);

  // They must be shards of one plan.
  for (const f of folders) {
    if (!f.meta.shard) throw new UsageError(`${rel(f.dir)} was run without --shard; merge joins the folders of --shard i/K runs`);
  }
  const first = folders[0]!;
  const count = first.meta.shard!.count;
  const seen = new Map<number, string>();
  for (const f of folders) {
    const s = f.meta.shard!;
    if (s.count !== count) throw new UsageError(`${rel(f.dir)} is shard ${shardName(s)} but ${rel(first.dir)} is ${shardName(first.meta.shard)}: all must split the plan into the same number of shards`);
    if (seen.has(s.index)) throw new UsageError(`${rel(seen.get(s.index)!)} and ${rel(f.dir)} are both shard ${shardName(s)}; pass each shard once`);
    seen.set(s.index, f.dir);
    const diffs = configDifferences(configOfRun(f.meta), configOfRun(first.meta));
    if (diffs.length) throw new UsageError(`${rel(f.dir)} was run with other flags than ${rel(first.dir)} (${diffs.map((d) => `${d.key}: ${JSON.stringify(d.a)} vs ${JSON.stringify(d.b)}`).join('; ')}); the shards of one run need the same flags`);
    if (f.meta.plan_id !== first.meta.plan_id) throw new UsageError(`${rel(f.dir)} planned other task instances than ${rel(first.dir)} (plan ${f.meta.plan_id} vs ${first.meta.plan_id}): the task set or the tasks' instances differ between the machines`);
    if (f.meta.hashes.app_build !== first.meta.hashes.app_build) throw new UsageError(`${rel(f.dir)} ran phone build ${f.meta.hashes.app_build}, ${rel(first.dir)} ran ${first.meta.hashes.app_build}: the shards must run the same checkout`);
    const env = envIdOfMeta(f.meta);
    const firstEnv = envIdOfMeta(first.meta);
    if (env !== firstEnv) throw new UsageError(`${rel(f.dir)} ran environment ${env ?? '(none recorded: a phonegym from before phonegym.toml)'}, ${rel(first.dir)} ran ${firstEnv ?? '(none recorded: a phonegym from before phonegym.toml)'}: the shards of one run must run one environment (the same phonegym.toml, phone build and task set; phonegym env info prints it); run the odd shard again from the same checkout`);
    for (const [task, hash] of Object.entries(f.meta.hashes.task_files)) {
      const other = first.meta.hashes.task_files[task];
      if (other !== undefined && other !== hash) throw new UsageError(`task ${task} differs between ${rel(f.dir)} and ${rel(first.dir)} (file hash ${hash} vs ${other}): the shards must run the same task files`);
    }
    for (const k of ['phonegym', 'chromium', 'playwright'] as const) {
      if (f.meta.versions[k] !== first.meta.versions[k]) warnings.push(`${rel(f.dir)} ran ${k} ${f.meta.versions[k]}, ${rel(first.dir)} ran ${first.meta.versions[k]}`);
    }
  }
  const missingShards = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missingShards.length) throw new UsageError(`shard ${missingShards.map((i) => `${i}/${count}`).join(', ')} missing: run it with the same flags and --shard ${missingShards[0]}/${count}, then merge all ${count} folders`);

  // Every planned episode exactly once, each in its own shard.
  const rows: ResultRow[] = [];
  const owner = new Map<string, string>();
  for (const f of folders) {
    const s = f.meta.shard!;
    const expected = new Set<string>();
    const variants = (f.meta.config as { variants?: number[] }).variants ?? [0];
    for (const inst of f.meta.instances) for (const variant of variants) for (let t = 0; t < f.meta.repeat_n; t++) expected.add(episodeKey({ task_id: inst.task_id, instance: inst.instance, trial_id: t, variant }));
    const finished = f.rows.filter((r) => r.status !== 'cancelled');
    for (const r of finished) {
      const k = episodeKey(r);
      if (shardOf(r.task_id, r.instance, count) !== s.index || !expected.has(k)) throw new UsageError(`${rel(f.dir)}: episode ${k} does not belong to shard ${shardName(s)}; the folder was edited or mixed with another run`);
      if (owner.has(k)) throw new UsageError(`episode ${k} is in both ${rel(owner.get(k)!)} and ${rel(f.dir)}`);
      owner.set(k, f.dir);
      rows.push(r);
      expected.delete(k);
    }
    if (expected.size) {
      const list = [...expected];
      throw new UsageError(`${rel(f.dir)} (shard ${shardName(s)}) is missing ${list.length} episode(s): ${list.slice(0, 8).join(', ')}${list.length > 8 ? ', …' : ''}. Finish it with: phonegym run --resume ${rel(f.dir)}`);
    }
  }
  const total = first.meta.plan_total?.episodes;
  if (total !== undefined && rows.length !== total) throw new UsageError(`the shards hold ${rows.length} episodes but the plan has ${total}; a shard folder is incomplete`);

  // One run folder.
  prepareOutputDir(out, '--run-dir');
  const taskOrder = new Map(first.meta.tasks.map((t, i) => [t, i]));
  rows.sort((a, b) => (taskOrder.get(a.task_id) ?? 0) - (taskOrder.get(b.task_id) ?? 0) || a.instance - b.instance || a.trial_id - b.trial_id);
  const errors = folders.flatMap((f) => f.errors);
  const passK = passKs(first.meta.repeat_n, configOfRun(first.meta).passK);
  const summary = summarize(rows, { passK, errors });
  writeFileSync(join(out, 'results.jsonl'), rows.map((r) => JSON.stringify(r) + '\n').join(''));
  writeFileSync(join(out, 'errors.jsonl'), errors.map((e) => JSON.stringify(e) + '\n').join(''));
  writeFileSync(join(out, 'summary.json'), scrub(JSON.stringify(summary, null, 2)));
  const instances = folders.flatMap((f) => f.meta.instances).sort((a, b) => (taskOrder.get(a.task_id) ?? 0) - (taskOrder.get(b.task_id) ?? 0) || a.instance - b.instance);
  const times = (k: 'started_at' | 'ended_at') => folders.map((f) => (f.meta as RunMeta & { ended_at?: string })[k]).filter((x): x is string => typeof x === 'string').sort();
  const meta = {
    ...first.meta,
    run_id: basename(out),
    command: 'merge',
    config: { ...first.meta.config, shard: null, runDir: null },
    shard: null,
    instances,
    episodes: rows.length,
    started_at: times('started_at')[0] ?? first.meta.started_at,
    ended_at: times('ended_at').at(-1) ?? null,
    execution: null,
    resumes: [],
    merged_from: folders
      .map((f) => ({ dir: rel(f.dir), run_id: f.meta.run_id, shard: f.meta.shard, episodes: f.rows.length, started_at: f.meta.started_at, versions: f.meta.versions }))
      .sort((a, b) => a.shard!.index - b.shard!.index),
    merge_warnings: warnings,
  };
  writeFileSync(join(out, 'meta.json'), JSON.stringify(meta, null, 2));
  if (!opts.rowsOnly) {
    for (const f of folders) {
      place(join(f.dir, 'trajectory'), join(out, 'trajectory'), opts.copy ?? false);
      const logs = join(f.dir, 'browser_logs');
      if (existsSync(logs)) {
        mkdirSync(join(out, 'browser_logs'), { recursive: true });
        // Every shard's pages are p00…: keep them apart by shard.
        for (const name of readdirSync(logs)) transfer(join(logs, name), join(out, 'browser_logs', `shard${f.meta.shard!.index}of${count}_${name}`), opts.copy ?? false);
      }
    }
  }
  return { runDir: out, rows, summary, warnings };
}

/** Puts a folder tree into `to`: hard links where the filesystem allows, copies otherwise. */
function place(from: string, to: string, copy: boolean): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    if (statSync(src).isDirectory()) place(src, join(to, name), copy);
    else transfer(src, join(to, name), copy);
  }
}

function transfer(src: string, dst: string, copy: boolean): void {
  if (!copy) {
    try {
      linkSync(src, dst);
      return;
    } catch {
      /* another device, or the file exists: copy */
    }
  }
  copyFileSync(src, dst);
}
