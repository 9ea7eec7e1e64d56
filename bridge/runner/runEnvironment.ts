/**
 * The manifest as a run uses it: the task root it names (a `--tasks-root` flag still wins), the
 * readiness timeouts of the bridge and the phone pages, the command services started around the
 * run, and the env id (`name@version+hash`) stamped on every row and on meta.json.
 */
import { taskSetHash } from '../protocol/contentHash.ts';
import type { Registry } from '../tasks/registry.ts';
import { loadEnvironment, type LoadedEnvironment } from '../manifest/load.ts';
import { describeProbe, envIdOf, type Environment } from '../manifest/manifest.ts';
import type { EnvironmentMeta } from '../protocol/environment.ts';
import type { RunConfig } from './config.ts';
import { fileHash } from './meta.ts';

/** The run's config with the manifest's task root filled in, and the manifest read. */
export function environmentOfRun(config: RunConfig): { config: RunConfig; loaded: LoadedEnvironment } {
  const loaded = loadEnvironment({ manifest: config.manifest, tasksRoot: config.tasksRoot });
  return { config: { ...config, tasksRoot: loaded.configTasksRoot }, loaded };
}

/** task id → its file's content hash, for every task of the task root (what meta.json's `hashes.task_files` holds for the selected ones). */
export function registryTaskFiles(registry: Pick<Registry, 'tasks'>): Record<string, string> {
  const byFile = new Map<string, string>();
  const hashOf = (file: string) => byFile.get(file) ?? byFile.set(file, fileHash(file)).get(file)!;
  return Object.fromEntries(registry.tasks.map((t) => [t.id, hashOf(t.file)]));
}

/**
 * The env id of a run: the manifests, the phone's build and the whole task root's task set (not
 * the run's selection, so every run of one environment carries one id, as `phonegym env info` prints).
 */
export function envIdOfRun(environment: Environment, registry: Pick<Registry, 'tasks'>, appBuild: string): string {
  return envIdOf(environment, { appBuild, taskSet: taskSetHash(registryTaskFiles(registry)) });
}

/** The timeouts the run's bridge and phone pages wait with, from their declared probes. */
export function readinessTimeouts(environment: Environment): { helloTimeoutMs: number; deviceReadyTimeoutMs: number } {
  let helloTimeoutMs = 0;
  let deviceReadyTimeoutMs = 0;
  for (const s of environment.services) {
    if (s.kind === 'bridge') helloTimeoutMs = s.ready.timeoutS * 1000;
    if (s.kind === 'phone_page') deviceReadyTimeoutMs = s.ready.timeoutS * 1000;
  }
  return { helloTimeoutMs, deviceReadyTimeoutMs };
}

/** meta.json's `environment`: what the run's env id stands for (forwarded variables by name only). */
export function environmentMeta(loaded: LoadedEnvironment, envId: string): EnvironmentMeta {
  const e = loaded.environment;
  return {
    id: envId,
    manifest: `${e.base.name}@${e.base.version}`,
    task_root: e.taskRoot ? `${e.taskRoot.name}@${e.taskRoot.version}` : null,
    isolation: e.isolation,
    state_backend: e.state.backend,
    forward_env: e.forwardEnv,
    services: e.services.map((s) => ({ name: s.name, kind: s.kind, ready: describeProbe(s.ready) })),
  };
}
