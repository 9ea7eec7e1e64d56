/**
 * Where a task's demonstration lives and how the registry uses it: `<root>/<suite>/<Task>.demo.json`
 * beside the task file. It becomes the task's oracle when the task has none of its own, or when
 * the file says `"replacesOracle": true` (the author chose so in the studio). Files are read and
 * written only at a path built from the suite and task names the registry knows, inside the root.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from '../paths.ts';
import type { TaskDefinition } from './types.ts';
import { DEMO_SUFFIX, DemoError, declaredParams, demoOracle, formatDemoFile, parseDemoFile, type DemoFile } from './demo.ts';

/** A task's demonstration as the registry found it. */
export interface TaskDemo {
  /** The file, relative to the task root: `chat/PinChat.demo.json`. */
  file: string;
  /** The task has its own `oracle(ui, p)`, which the recording replaces. */
  replaces: boolean;
}

const SUITE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const TASK_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** `<root>/<suite>/<name>.demo.json`, refusing names that could leave the folder. */
export function demoPath(root: string, suite: string, name: string): string {
  if (!SUITE_NAME.test(suite) || !TASK_NAME.test(name)) throw new DemoError(`no demonstration file for suite "${suite}", task "${name}": not a suite and task name`);
  const base = resolve(root);
  const path = resolve(base, suite, `${name}${DEMO_SUFFIX}`);
  if (!path.startsWith(base + sep)) throw new DemoError(`${path} is outside the task root ${base}`);
  return path;
}

/**
 * The definition with the demonstration as its oracle, if the task has a demonstration file.
 * A file that does not parse, or one beside a task with its own oracle that does not say it
 * replaces it, is an error naming the file.
 */
export function withDemoOracle<D extends TaskDefinition<any>>(def: D, at: { root: string; suite: string; name: string }): { def: D; demo?: TaskDemo } {
  // A definition or a name the registry refuses anyway has no demonstration to look for.
  if (typeof def !== 'object' || def === null || !SUITE_NAME.test(at.suite) || !TASK_NAME.test(at.name)) return { def };
  const path = demoPath(at.root, at.suite, at.name);
  if (!existsSync(path)) return { def };
  const shown = relative(REPO_ROOT, path);
  const taskId = `${at.suite}.${at.name}`;
  const demo = parseDemoFile(readFileSync(path, 'utf8'), { file: shown, taskId, params: declaredParams(def) });
  const own = typeof def?.oracle === 'function';
  if (own && demo.replacesOracle !== true) {
    throw new DemoError(`${shown}: ${taskId} has its own oracle(ui, p): add "replacesOracle": true to use this recording instead, or delete the file`);
  }
  const file = relative(resolve(at.root), path).split(sep).join('/');
  return { def: { ...def, oracle: demoOracle(demo, file) }, demo: { file, replaces: own } };
}

/** Writes the file whole (a temporary file renamed over it): a reader never sees half of it. */
export function writeDemoFile(root: string, suite: string, name: string, demo: DemoFile): string {
  const path = demoPath(root, suite, name);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, formatDemoFile(demo));
  renameSync(tmp, path);
  return relative(resolve(root), path).split(sep).join('/');
}
