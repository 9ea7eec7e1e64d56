/**
 * `phonegym env check | info`: the environment manifest (phonegym.toml) checked with every
 * problem's file, line, key and fix (exit 2), or described: name@version, the content hashes of the
 * phone's build and of the task set, the env id every result row carries, and each service.
 */
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { taskSetHash } from '../protocol/contentHash.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { webSourceHash } from '../build/webBuild.ts';
import { loadEnvironment, type LoadedEnvironment } from '../manifest/load.ts';
import { describeProbe, envIdOf, type EpisodeIsolation, type ServiceSpec } from '../manifest/manifest.ts';
import { registryTaskFiles } from '../runner/runEnvironment.ts';
import { loadRegistry, resolveTasksRoot } from '../tasks/registry.ts';
import { parseFlags, type FlagSpec } from './flags.ts';

const ENV_FLAGS = {
  manifest: { type: 'string' },
  'tasks-root': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const ENV_HELP = `phonegym env check [--manifest FILE] [--tasks-root DIR]   validate the environment manifest
phonegym env info [--manifest FILE] [--tasks-root DIR] [--json]   name@version, hashes, env id, services

  --manifest FILE           the manifest (default: phonegym.toml of this checkout; a task root's
                            phonegym.toml is checked composed over the root one)
  --tasks-root DIR          the task root in use (its own phonegym.toml, if any, is composed in)
  --json                    (info) one JSON object on stdout

check: exit 0 with a summary when the manifest can be used; exit 2 listing every problem with its
file, line, key and what to write instead. See docs/training.md, "The manifest".`;

const SUBCOMMANDS = ['check', 'info'];

function serviceWords(s: ServiceSpec): string {
  return s.kind === 'command' ? `${s.command.join(' ')} · ${describeProbe(s.ready)}` : describeProbe(s.ready);
}

/** What each isolation means, for env info. */
const ISOLATION_WORDS: Record<EpisodeIsolation, string> = {
  per_task: 'every episode starts from its own seed\'s state; session templates are rejected',
  persistent: 'every task starts from its own seed\'s state; a session\'s later episodes start where the one before ended',
};

function summary(l: LoadedEnvironment): string {
  const e = l.environment;
  const own = e.taskRoot ? `${e.taskRoot.name}@${e.taskRoot.version} over ${e.base.name}@${e.base.version}` : `${e.name}@${e.version}`;
  return `${shownPath(l.manifestFile)}: OK — ${own}; ${e.services.length} service(s) (${e.services.map((s) => `${s.name}: ${s.kind}`).join(', ')}); isolation ${e.isolation}; state ${e.state.backend}; task root ${shownPath(l.tasksRoot)}; forwards ${e.forwardEnv.length ? e.forwardEnv.join(', ') : 'no variables'}`;
}

async function info(l: LoadedEnvironment, json: boolean): Promise<void> {
  const e = l.environment;
  const registry = await loadRegistry({ root: resolveTasksRoot(l.tasksRoot) });
  const appBuild = webSourceHash();
  const taskSet = taskSetHash(registryTaskFiles(registry));
  const envId = envIdOf(e, { appBuild, taskSet });
  const services = e.services.map((s) => ({ name: s.name, kind: s.kind, probe: s.ready.probe, timeout_s: s.ready.timeoutS, ready: describeProbe(s.ready), ...(s.kind === 'command' ? { command: s.command } : {}) }));
  if (json) {
    const out = {
      name: e.name,
      version: e.version,
      env_id: envId,
      manifest: shownPath(l.manifestFile),
      base: `${e.base.name}@${e.base.version}`,
      task_root: { path: shownPath(l.tasksRoot), manifest: e.taskRoot ? `${e.taskRoot.name}@${e.taskRoot.version}` : null },
      app_build: appBuild,
      task_set: taskSet,
      tasks: registry.tasks.length,
      isolation: e.isolation,
      state_backend: e.state.backend,
      forward_env: e.forwardEnv,
      services,
    };
    console.log(JSON.stringify(out, null, 2));
  } else {
    const w = Math.max(...e.services.map((s) => s.name.length));
    console.log(`${e.name}@${e.version}
  env id      ${envId}
  manifest    ${shownPath(l.manifestFile)}${e.taskRoot ? ` + ${shownPath(e.taskRoot.file)} (${e.taskRoot.name}@${e.taskRoot.version})` : ''}
  task root   ${shownPath(l.tasksRoot)} (${registry.tasks.length} tasks)
  app build   ${appBuild}
  task set    ${taskSet}
  isolation   ${e.isolation} (${ISOLATION_WORDS[e.isolation]})
  state       ${e.state.backend} (one state tree, snapshot and restore in-page)
  forwarded   ${e.forwardEnv.length ? e.forwardEnv.join(', ') : '(none)'}
  services
${e.services.map((s) => `    ${s.name.padEnd(w)}  ${s.kind.padEnd(10)}  ${serviceWords(s)}`).join('\n')}`);
  }
  for (const err of registry.errors) console.error(`warning: ${err.file}: ${err.message}`);
}

export async function cmdEnv(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    console.log(ENV_HELP);
    return 0;
  }
  if (sub === undefined) throw new UsageError('env needs a command: phonegym env check (validate the manifest) or phonegym env info (its env id and services)');
  if (!SUBCOMMANDS.includes(sub)) throw new UsageError(`unknown env command "${sub}"${didYouMean(sub, SUBCOMMANDS)}. Use phonegym env check or phonegym env info`);
  const { values: v } = parseFlags(`env ${sub}`, rest, ENV_FLAGS);
  if (v.help) {
    console.log(ENV_HELP);
    return 0;
  }
  if (sub === 'check' && v.json) throw new UsageError('--json is for phonegym env info; env check prints a summary or the problems');
  const loaded = loadEnvironment({ manifest: v.manifest ?? null, tasksRoot: v['tasks-root'] ?? null });
  if (sub === 'check') console.log(summary(loaded));
  else await info(loaded, v.json ?? false);
  return 0;
}
