import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this code runs from. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TASKS_ROOT = join(REPO_ROOT, 'tasks');
export const WEB_DIST = join(REPO_ROOT, 'dist', 'web');
export const RUNS_ROOT = join(REPO_ROOT, 'runs');
