/**
 * Finds and reads the manifests a command uses: the root phonegym.toml (or `--manifest FILE`), and
 * the phonegym.toml of the task root in use when it has one, composed into one `Environment`.
 * Any problem in either is a `ManifestError` listing them all (exit 2).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { REPO_ROOT, shownPath, TASKS_ROOT } from '../paths.ts';
import { keyLines, lineOf } from './keyLines.ts';
import { composeEnvironment, formatProblem, parseManifest, type Environment, type EnvManifest, type Manifest, type ManifestProblem, type TaskRootManifest } from './manifest.ts';

export const MANIFEST_FILE = 'phonegym.toml';
export const ROOT_MANIFEST = join(REPO_ROOT, MANIFEST_FILE);

/** A manifest that cannot be used: every problem, each with its file, line, key and fix. */
export class ManifestError extends UsageError {
  override name = 'ManifestError';
  constructor(readonly problems: ManifestProblem[]) {
    super(`${problems.length === 1 ? 'a problem' : `${problems.length} problems`} in the environment manifest:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`, { details: { problems } });
  }
}

export interface LoadedEnvironment {
  environment: Environment;
  /** The root manifest's file (absolute). */
  manifestFile: string;
  /** The folder of suites in use (absolute): `--tasks-root`, else the manifest's `[tasks] root`. */
  tasksRoot: string;
  /** What a RunConfig's `tasksRoot` holds for it: null for the default tasks/ (as before the manifest). */
  configTasksRoot: string | null;
}

function readManifest(file: string): Manifest {
  const parsed = parseManifest(readFileSync(file, 'utf8'), shownPath(file));
  if (!parsed.ok) throw new ManifestError(parsed.problems);
  return parsed.value;
}

/**
 * `manifest`: `--manifest FILE` (default: the checkout's phonegym.toml). A task root's manifest
 * given there stands for the default root manifest with that task root. `tasksRoot`:
 * `--tasks-root DIR`, which overrides the manifest's.
 */
export function loadEnvironment(opts: { manifest?: string | null; tasksRoot?: string | null } = {}): LoadedEnvironment {
  const given = opts.manifest ? resolve(opts.manifest) : null;
  if (given && (!existsSync(given) || !statSync(given).isFile())) throw new UsageError(`--manifest ${opts.manifest}: no such file (a phonegym.toml: phonegym env check --manifest FILE checks one)`);
  if (!given && !existsSync(ROOT_MANIFEST)) throw new UsageError(`no ${MANIFEST_FILE} in ${shownPath(REPO_ROOT)}: the checkout is incomplete; restore it (git checkout -- ${MANIFEST_FILE}) or pass --manifest FILE`);
  let first = readManifest(given ?? ROOT_MANIFEST);
  let taskRootFolder: string | null = null;
  if (first.kind === 'task_root') {
    taskRootFolder = dirname(given!);
    if (opts.tasksRoot && resolve(opts.tasksRoot) !== taskRootFolder) throw new UsageError(`--manifest ${opts.manifest} is the manifest of the task root ${shownPath(taskRootFolder)}, but --tasks-root names ${opts.tasksRoot}: give one of them`);
    first = readManifest(ROOT_MANIFEST);
    if (first.kind !== 'env') throw new UsageError(`${shownPath(ROOT_MANIFEST)} must be a root manifest ([env]), not a task root's`);
  }
  const root = first as EnvManifest;
  const manifestFile = given && !taskRootFolder ? given : ROOT_MANIFEST;
  const tasksRoot = opts.tasksRoot ? resolve(opts.tasksRoot) : (taskRootFolder ?? resolve(dirname(manifestFile), root.tasksRoot));
  if (!opts.tasksRoot && !taskRootFolder && !(existsSync(tasksRoot) && statSync(tasksRoot).isDirectory())) {
    throw new ManifestError([{ file: root.file, line: lineOf(keyLines(root.text), ['tasks', 'root']), key: 'tasks.root', problem: `no folder ${shownPath(tasksRoot)} (the path is relative to the manifest's folder)`, fix: 'write root = "tasks", or the path of a folder of suites' }]);
  }
  const taskRoot = taskRootManifest(tasksRoot, manifestFile);
  const composed = composeEnvironment(root, taskRoot);
  if (!composed.ok) throw new ManifestError(composed.problems);
  return {
    environment: composed.value,
    manifestFile,
    tasksRoot,
    configTasksRoot: opts.tasksRoot ?? (tasksRoot === TASKS_ROOT ? null : tasksRoot),
  };
}

/** The task root's own phonegym.toml, when it has one (and it is not the root manifest itself). */
function taskRootManifest(tasksRoot: string, rootFile: string): TaskRootManifest | null {
  const file = join(tasksRoot, MANIFEST_FILE);
  if (file === rootFile || !existsSync(file)) return null;
  const m = readManifest(file);
  if (m.kind !== 'task_root') throw new ManifestError([{ file: shownPath(file), line: lineOf(keyLines(m.text), ['env']), key: 'env', problem: 'a task root\'s phonegym.toml declares [env], which belongs to the root manifest', fix: 'write [task_root] with its name and version instead of [env] (and no [state] or [tasks])' }]);
  return m;
}
