/**
 * `--processes K` (spec section 6): the episodes are split statically into K shards, each run by
 * its own process with the parallel runner (its own bridge and browsers). Total concurrency
 * `--parallel N` and `--browsers B` are divided across the shards; under pages/contexts a
 * `B < K` lowers K to B with a warning.
 *
 * Output coordination: each shard writes `shards/pNN/results.jsonl`, `errors.jsonl`,
 * `summary.json` and `console.log`; trajectories and `pNN_`-prefixed browser logs go straight
 * into the shared folders; the parent appends every row it receives to the top-level files
 * while the shards run (one whole line per write).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_PATH } from '../paths.ts';
import type { RunConfig } from './config.ts';
import type { ExecuteStats } from './execute.ts';
import { RunWriter } from './output.ts';
import type { ErrorEntry } from '../protocol/runFolder.ts';
import { splitForProcesses, type PlannedEpisode } from './plan.ts';
import type { ResultRow } from '../protocol/runFolder.ts';

export interface ShardLayout {
  /** 0-based; the folder is `shards/pNN`. */
  index: number;
  prefix: string;
  parallel: number;
  browsers: number;
  episodes: PlannedEpisode[];
}

export interface ProcessLayout {
  shards: ShardLayout[];
  warnings: string[];
}

const prefixOf = (i: number) => `p${String(i).padStart(2, '0')}`;

/** Divides `total` into `k` near-equal whole parts, the larger ones first. */
export function divide(total: number, k: number): number[] {
  return Array.from({ length: k }, (_, i) => Math.floor(total / k) + (i < total % k ? 1 : 0));
}

export function processLayout(config: RunConfig, episodes: PlannedEpisode[]): ProcessLayout {
  const warnings: string[] = [];
  let k = config.processes;
  const n = config.parallel;
  const instances = new Set(episodes.map((e) => `${e.task.id}#${e.instance}`)).size;
  if (k > 1 && config.isolation !== 'browsers' && config.browsers !== null && config.browsers < k) {
    warnings.push(`--browsers ${config.browsers} < --processes ${k} under ${config.isolation} isolation: every process needs a browser of its own, so running ${config.browsers} process(es)`);
    k = config.browsers;
  }
  if (k > n) {
    warnings.push(`--processes ${k} > --parallel ${n}: the total concurrency is divided across processes and each needs at least one page, so running ${n} process(es)`);
    k = n;
  }
  if (k > 1 && instances < k) k = Math.max(1, instances);
  if (k > 1 && config.port !== 0) warnings.push(`--port ${config.port} is not used with --processes: each process serves its own pages on a free port`);
  if (config.isolation === 'browsers' && config.browsers !== null) warnings.push('--browsers is not used under --isolation browsers: every env has a browser of its own');
  const parts = k > 1 ? splitForProcesses(episodes, k) : [episodes];
  const parallel = divide(n, k);
  const browsers = divide(config.browsers ?? k, k);
  return {
    warnings,
    shards: parts.map((eps, i) => ({
      index: i,
      prefix: prefixOf(i),
      // Never more pages than episodes to run.
      parallel: Math.max(1, Math.min(parallel[i]!, eps.length)),
      browsers: Math.max(1, browsers[i]!),
      episodes: eps,
    })),
  };
}

/** The job a shard process gets over IPC. */
export interface ShardJob {
  type: 'job';
  config: RunConfig;
  runDir: string;
  prefix: string;
  parallel: number;
  browsers: number;
  keys: string[];
}

export type ShardMessage = { type: 'row'; row: ResultRow } | { type: 'error'; entry: ErrorEntry } | { type: 'done'; stats: ExecuteStats; chromium: string | null } | { type: 'log'; line: string };

export async function runInProcesses(a: {
  config: RunConfig;
  runDir: string;
  layout: ProcessLayout;
  signal?: AbortSignal;
  log: (line: string) => void;
  onRow(row: ResultRow): void;
}): Promise<{ stats: ExecuteStats; chromium: string | null }> {
  const top = new RunWriter(a.runDir);
  const total: ExecuteStats = { retried: 0, replaced: 0 };
  let chromium: string | null = null;
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const c of children) if (c.connected) c.send({ type: 'stop' });
  };
  a.signal?.addEventListener('abort', stopAll, { once: true });
  try {
    a.log(`${a.layout.shards.length} processes: ${a.layout.shards.map((s) => `${s.prefix} ${s.episodes.length} episodes on ${s.parallel} page(s)`).join(', ')}`);
    await Promise.all(
      a.layout.shards.map(
        (shard) =>
          new Promise<void>((resolve) => {
            const dir = join(a.runDir, 'shards', shard.prefix);
            mkdirSync(dir, { recursive: true });
            const consoleLog = createWriteStream(join(dir, 'console.log'), { flags: 'a' });
            const child = fork(BIN_PATH, ['__shard'], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, NO_COLOR: '1' } });
            children.push(child);
            child.stdout!.pipe(consoleLog, { end: false });
            child.stderr!.pipe(consoleLog, { end: false });
            let done = false;
            child.on('message', (m: ShardMessage) => {
              if (m.type === 'row') {
                top.row(m.row);
                a.onRow(m.row);
              } else if (m.type === 'error') top.error(m.entry);
              else if (m.type === 'log') a.log(`[${shard.prefix}] ${m.line}`);
              else if (m.type === 'done') {
                done = true;
                total.retried += m.stats.retried;
                total.replaced += m.stats.replaced;
                chromium ??= m.chromium;
              }
            });
            child.on('exit', (code, sig) => {
              if (!done && !a.signal?.aborted) a.log(`warning: shard ${shard.prefix} stopped early (${sig ?? `exit code ${code}`}); see shards/${shard.prefix}/console.log. Finish its episodes with --resume`);
              consoleLog.end();
              resolve();
            });
            const job: ShardJob = { type: 'job', config: { ...a.config, processes: 1, port: 0 }, runDir: a.runDir, prefix: shard.prefix, parallel: shard.parallel, browsers: shard.browsers, keys: shard.episodes.map((e) => e.key) };
            child.send(job);
            if (a.signal?.aborted) child.send({ type: 'stop' });
          }),
      ),
    );
  } finally {
    a.signal?.removeEventListener('abort', stopAll);
    top.close();
  }
  return { stats: total, chromium };
}
