/**
 * The studio's task list (Author mode): the registry loaded fresh (what changed since the last
 * load: task files and the modules under the root they import, see tasks/taskModules.ts), every
 * file that failed to load listed as a broken task with the file, line and reason, and, from the
 * first listing on, the task root watched so a saved file reloads without ↻. Reloads run one at
 * a time; a reload that changed something reports the list and the ids that changed.
 */
import { basename, dirname, resolve } from 'node:path';
import type { TaskInfo } from '../protocol/messages.ts';
import { problemPlace, type TaskProblem } from '../protocol/taskProblem.ts';
import { REPO_ROOT, shownPath } from '../paths.ts';
import { loadRegistry, type LoadedTask, type Registry, type TaskLoadError } from '../tasks/registry.ts';
import { taskModules } from '../tasks/taskModules.ts';
import { watchTaskRoots, type TaskRootWatcher } from '../tasks/watch.ts';

/** About 75 MB of old module versions (a change of tasks/_shared/params.ts reloads some 150 modules). */
const RELOADS_BEFORE_NOTICE = 5000;

export interface StudioTaskListOptions {
  root: string;
  /** How a loaded task is shown (studioSession.ts taskInfo). */
  describe: (t: LoadedTask) => TaskInfo;
  /** After a reload that changed the list (not the first): the list and the ids that changed. */
  onChange: (tasks: TaskInfo[], changed: string[]) => void;
  log: (line: string) => void;
  debounceMs?: number;
}

export class StudioTaskList {
  private watcher: TaskRootWatcher | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Id → what it was at the last listing: its module version and its problem, if broken. */
  private listed: Map<string, string> | null = null;
  /** Task file → the ids it defined when it last loaded, so a broken file keeps its tasks' ids. */
  private idsOfFile = new Map<string, string[]>();
  private problems = new Map<string, TaskProblem>();
  private closed = false;
  /** Module loads after which the next "restart to free memory" line is printed. */
  private warnAt = taskModules.loads + RELOADS_BEFORE_NOTICE;
  registry: Registry | null = null;

  constructor(private opts: StudioTaskListOptions) {}

  /** Loads what changed and returns the whole list (↻); the first call starts watching the root. */
  async list(): Promise<TaskInfo[]> {
    const tasks = await this.reload();
    if (!this.watcher && !this.closed) {
      this.watcher = watchTaskRoots([this.opts.root], () => void this.reload().catch((e: Error) => this.opts.log(`studio: reloading the tasks failed: ${e.message}`)), {
        debounceMs: this.opts.debounceMs,
        onError: (m) => this.opts.log(`studio: ${m}`),
      });
    }
    return tasks;
  }

  /** Why a listed task cannot be set up (its file failed to load), as the refusal says it. */
  refusal(taskId: string): string | undefined {
    const p = this.problems.get(taskId);
    return p && `${taskId} cannot be set up: ${problemPlace(p)}: ${p.message}. Fix the file and save it: the studio loads it again by itself`;
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = null;
  }

  private reload(): Promise<TaskInfo[]> {
    const next = this.queue.then(() => this.load());
    this.queue = next.catch(() => {});
    return next;
  }

  private async load(): Promise<TaskInfo[]> {
    const registry = await loadRegistry({ root: this.opts.root, fresh: true });
    const tasks = registry.tasks.map((t) => ({ ...this.opts.describe(t), file: shownFile(t.file) }));
    for (const t of registry.tasks) this.idsOfFile.set(t.file, [...new Set([...(this.idsOfFile.get(t.file) ?? []), t.id])]);
    const broken = this.brokenTasks(registry.errors, new Set(tasks.map((t) => t.id)));
    this.problems = new Map(broken.map((b) => [b.id, b.broken!]));
    const all = [...tasks, ...broken].sort((a, b) => a.id.localeCompare(b.id));
    const versionOf = new Map(registry.tasks.map((t) => [t.id, taskModules.version(resolve(REPO_ROOT, t.file))]));
    const now = new Map(all.map((t) => [t.id, t.broken ? `broken ${problemPlace(t.broken)} ${t.broken.message}` : `v${versionOf.get(t.id)}`]));
    if (taskModules.loads >= this.warnAt) {
      this.warnAt = taskModules.loads + RELOADS_BEFORE_NOTICE;
      this.opts.log(`studio: task modules have been loaded ${taskModules.loads} times since the start; Node keeps every old version in memory (about 15 KB each), so restart the studio once it grows too large`);
    }
    const before = this.listed;
    this.listed = now;
    this.registry = registry;
    if (before && !this.closed) {
      const changed = [...new Set([...now.keys(), ...before.keys()])].filter((id) => now.get(id) !== before.get(id)).sort();
      if (changed.length > 0) this.opts.onChange(all, changed);
    }
    return all;
  }

  /** One entry per id a failing file stands for: the ids it had when it loaded, else `<suite>.<file name>`. */
  private brokenTasks(errors: TaskLoadError[], loaded: Set<string>): TaskInfo[] {
    const byId = new Map<string, TaskInfo>();
    for (const e of errors) {
      const suite = basename(dirname(e.file));
      const known = (this.idsOfFile.get(e.file) ?? []).filter((id) => !loaded.has(id));
      const fallback = `${suite}.${basename(e.file, '.ts')}`;
      const ids = known.length > 0 ? known : [loaded.has(fallback) ? `${fallback} (${basename(e.file)})` : fallback];
      const at = e.at ?? { file: e.file };
      for (const id of ids) {
        const seen = byId.get(id);
        if (seen) {
          seen.broken!.message += `\n${e.reason ?? e.message}`;
          continue;
        }
        const name = id.slice(suite.length + 1);
        byId.set(id, { id, suite, name, goal: '', difficulty: '', objective: '', apps: [], file: shownFile(e.file), broken: { ...at, file: shownFile(at.file), message: e.reason ?? e.message } });
      }
    }
    return [...byId.values()];
  }
}

/** A registry path (relative to the checkout) as the author reads it. */
function shownFile(file: string): string {
  return shownPath(resolve(REPO_ROOT, file));
}
