/**
 * The child side of `--processes K` (./processes.ts is the parent's): one shard process runs the
 * episodes it is given with the parallel runner and reports every row upwards.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ensureWebBuild } from '../build/webBuild.ts';
import { scrub } from '../secrets.ts';
import { RunWriter, shardHeader } from './output.ts';
import type { ErrorEntry } from '../protocol/runFolder.ts';
import { stampHashes } from './meta.ts';
import { planRun } from './plan.ts';
import { environmentOfRun, envIdOfRun, readinessTimeouts } from './runEnvironment.ts';
import type { ShardJob, ShardMessage } from './processes.ts';
import { runLocal } from './run.ts';
import { passKs, summarize } from './summary.ts';
import type { ResultRow } from '../protocol/runFolder.ts';

/**
 * The shard process (`phonegym __shard`, forked by the parent): waits for its job, runs its
 * episodes with the parallel runner, writes its shard folder and reports every row upwards.
 * It stops cleanly on the parent's `stop`, on SIGINT, and when the parent goes away.
 */
export async function shardProcessMain(): Promise<number> {
  // Listen for stop before anything else: a Ctrl+C during start-up must not be lost.
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on('message', (m: { type: string }) => m.type === 'stop' && stop());
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  const job = await new Promise<ShardJob>((resolve) => {
    const onJob = (m: ShardJob) => {
      if (m.type !== 'job') return;
      process.off('message', onJob);
      resolve(m);
    };
    process.on('message', onJob);
  });
  const send = (m: ShardMessage) => {
    if (process.connected) process.send!(m);
  };
  const dir = join(job.runDir, 'shards', job.prefix);
  mkdirSync(dir, { recursive: true });
  // A shard's results.jsonl starts with the contract's version (a resume keeps the line).
  const resultsFile = join(dir, 'results.jsonl');
  if (!existsSync(resultsFile) || statSync(resultsFile).size === 0) writeFileSync(resultsFile, JSON.stringify(shardHeader(job.prefix, basename(job.runDir))) + '\n');
  const writer = new RunWriter(dir);
  const rows: ResultRow[] = [];
  const errors: ErrorEntry[] = [];
  try {
    const { loaded } = environmentOfRun(job.config);
    const plan = await planRun(job.config);
    const keys = new Set(job.keys);
    const episodes = plan.episodes.filter((e) => keys.has(e.key));
    if (episodes.length !== keys.size) throw new Error(`shard ${job.prefix}: planned ${episodes.length} of the ${keys.size} episodes it was given; the task files changed while the run started`);
    const web = await ensureWebBuild({ log: (l) => console.log(l) });
    stampHashes(episodes, web.hash, envIdOfRun(loaded.environment, plan.registry, web.hash));
    const log = (line: string) => console.log(scrub(line));
    const { stats, chromium } = await runLocal({
      config: job.config,
      plan,
      episodes,
      runDir: job.runDir,
      prefix: job.prefix,
      parallel: job.parallel,
      browsers: job.browsers,
      webDir: web.dir,
      readiness: readinessTimeouts(loaded.environment),
      runInfo: { runId: job.prefix, runDir: job.runDir, agent: job.config.agent, tasks: episodes.length, startedAt: new Date().toISOString() },
      onRow: (row) => {
        writer.row(row);
        rows.push(row);
        log(`${row.task_id} #${row.instance} t${row.trial_id}${row.variant ? ` v${row.variant}` : ''}: ${row.status} ${row.success ? 'PASS' : 'FAIL'}`);
        send({ type: 'row', row });
      },
      onError: (entry) => {
        writer.error(entry);
        errors.push(entry);
        send({ type: 'error', entry });
      },
      opts: { log, signal: controller.signal },
    });
    send({ type: 'done', stats, chromium });
    return 0;
  } catch (e) {
    console.error(e);
    return 1;
  } finally {
    writer.close();
    writeFileSync(join(dir, 'summary.json'), scrub(JSON.stringify(summarize(rows, { passK: passKs(job.config.repeatN, job.config.passK), errors }), null, 2)));
  }
}
