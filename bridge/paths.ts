import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this code runs from. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TASKS_ROOT = join(REPO_ROOT, 'tasks');
export const WEB_DIST = join(REPO_ROOT, 'dist', 'web');
/** Run folders go under the directory the command runs in (`runs/<YYYYMMDD_HHMMSS>/`). */
export function runsRoot(): string {
  return join(process.cwd(), 'runs');
}
/** The `phonegym` launcher (shard processes are forked from it). */
export const BIN_PATH = join(REPO_ROOT, 'bridge', 'cli', 'phonegym.mjs');

/** A path as people want to read it: relative when under the current folder, else absolute. */
export function shownPath(p: string): string {
  const r = relative(process.cwd(), p);
  return r && !r.startsWith('..') ? r : p;
}
