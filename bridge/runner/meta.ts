/** meta.json: every resolved flag, seeds, the task set, budgets, versions and content hashes. Never a secret. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REPO_ROOT } from '../paths.ts';
import { PROTOCOL_VERSION } from '../protocol/messages.ts';
import { RUN_FORMAT, RUN_SCHEMA_VERSION, type RunMeta as RunFolderMeta } from '../protocol/runFolder.ts';
import type { EnvironmentMeta } from '../protocol/environment.ts';
import type { RunConfig } from './config.ts';
import type { Plan, PlannedEpisode } from './plan.ts';

function pkgVersion(name: string): string | null {
  try {
    const file = name === 'phonegym' ? join(REPO_ROOT, 'package.json') : join(REPO_ROOT, 'node_modules', name, 'package.json');
    return JSON.parse(readFileSync(file, 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

export function fileHash(rel: string): string {
  return createHash('sha256').update(readFileSync(join(REPO_ROOT, rel))).digest('hex').slice(0, 16);
}

/** Stamps each episode with what its row carries: the phone's build, its task file and the env id. */
export function stampHashes(episodes: PlannedEpisode[], appBuild: string, envId: string): void {
  const byFile = new Map<string, string>();
  for (const ep of episodes) {
    const file = ep.task.file;
    if (!byFile.has(file)) byFile.set(file, fileHash(file));
    ep.hashes = { app_build: appBuild, task_file: byFile.get(file)! };
    ep.env = envId;
  }
}

/** `ws://host:port/secret-path` → `ws://host:port/…`. */
export function redactEndpoint(url: string | null): string | null {
  if (!url) return url;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.length > 1 || u.search ? '/…' : '/'}`;
  } catch {
    return 'ws://…';
  }
}

/** meta.json of this run: the contract's shape with this phonegym's `RunConfig`. */
export type RunMeta = RunFolderMeta<RunConfig>;

export async function buildMeta(a: { config: RunConfig; plan: Plan; runDir: string; startedAt: Date; appBuild: string; environment?: EnvironmentMeta }): Promise<RunMeta> {
  const { config, plan } = a;
  return {
    format: RUN_FORMAT,
    schema_version: RUN_SCHEMA_VERSION,
    run_id: basename(a.runDir),
    command: 'run',
    // A browser server's path is its access key (launchServer makes it a random id): keep it out.
    config: { ...config, browserEndpoint: redactEndpoint(config.browserEndpoint) },
    agent: config.agent,
    sample_seed: plan.baseSeed,
    sample_seed_source: plan.seedSource,
    sample_n: config.sampleN,
    repeat_n: config.repeatN,
    /** `--shard i/K`: this folder holds shard i of K of the plan identified by plan_id. */
    shard: config.shard,
    plan_id: plan.planId,
    plan_total: plan.total,
    tasks: plan.tasks.map((t) => t.id),
    instances: plan.episodes.filter((e) => e.trial === 0).map((e) => ({ task_id: e.task.id, instance: e.instance, seed: e.seed })),
    episodes: plan.episodes.length,
    task_max_steps: plan.taskMaxSteps,
    task_load_errors: plan.registry.errors,
    versions: {
      phonegym: pkgVersion('phonegym'),
      protocol: PROTOCOL_VERSION,
      node: process.version,
      playwright: pkgVersion('playwright'),
      svelte: pkgVersion('svelte'),
      /** Filled in once the browser is up. */
      chromium: null,
    },
    hashes: {
      app_build: a.appBuild,
      task_files: Object.fromEntries(plan.tasks.map((t) => [t.id, fileHash(t.file)])),
    },
    // Every run has one (runEnvironment.ts); only synthetic folders (the bench's) go without.
    ...(a.environment ? { env: a.environment.id, environment: a.environment } : {}),
    started_at: a.startedAt.toISOString(),
    /** How the episodes ran (processes, pages per process, …): may change on a resume. */
    execution: null,
    /** One entry per `--resume` of this folder. */
    resumes: [],
  };
}
