/**
 * Discovers task files (`tasks/<suite>/<TaskName>.ts`), validates their definitions and selects
 * tasks by suite and id. A file that fails to load is reported with its path and reason; the
 * other suites still load (strict mode makes it fatal).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../protocol/errors.ts';
import { DIFFICULTIES, OBJECTIVES, type Difficulty, type ParamSpec, type TaskDefinition } from './api.ts';
import { GROUNDED_EXTRA_STEPS, type EvalMode } from './grounded.ts';
import { resolveSplit } from './splits.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { REPO_ROOT, TASKS_ROOT } from '../paths.ts';
import { definitionPlace, describeImportError, type LoadErrorPlace } from './loadErrors.ts';
import { taskModules } from './taskModules.ts';
import { withDemoOracle, type TaskDemo } from './demoFile.ts';
import { sessionProblems } from './session.ts';

const DEFAULT_BUDGET: Record<Difficulty, number> = { L1: 15, L2: 30, L3: 45, L4: 60 };

export interface LoadedTask {
  id: string;
  suite: string;
  name: string;
  file: string;
  def: TaskDefinition<any>;
  /** The recorded demonstration that is the task's oracle (`<Task>.demo.json`), if any. */
  demo?: TaskDemo;
}

export interface TaskLoadError {
  file: string;
  message: string;
  /** The reason alone, and where it is (the task file or a module it imports; repo-relative, 1-based) when known. */
  reason?: string;
  at?: { file: string; line?: number; column?: number };
}

export interface Registry {
  tasks: LoadedTask[];
  errors: TaskLoadError[];
  suites: string[];
  /** The folder the suites were read from (its `splits/` holds the splits). */
  root: string;
}

export function validateDefinition(def: unknown, name: string): string[] {
  const problems: string[] = [];
  if (typeof def !== 'object' || def === null) return ['the default export is not a task definition (use `export default defineTask({...})`)'];
  const d = def as Partial<TaskDefinition>;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) problems.push(`task name "${name}" must be PascalCase letters and digits`);
  if (typeof d.goal !== 'string' && typeof d.goal !== 'function') problems.push('`goal` must be a string or a function of the parameters');
  if (!DIFFICULTIES.includes(d.difficulty as Difficulty)) problems.push(`\`difficulty\` must be one of ${DIFFICULTIES.join(', ')} (got ${JSON.stringify(d.difficulty)})`);
  if (!OBJECTIVES.includes(d.objective as never)) problems.push(`\`objective\` must be one of ${OBJECTIVES.join(', ')} (got ${JSON.stringify(d.objective)})`);
  if (!Array.isArray(d.apps) || d.apps.length === 0 || !d.apps.every((a) => typeof a === 'string')) problems.push('`apps` must list the app ids the task touches');
  if (d.maxSteps !== undefined && ![15, 30, 45, 60].includes(d.maxSteps)) problems.push(`\`maxSteps\` must be 15, 30, 45 or 60 (got ${JSON.stringify(d.maxSteps)})`);
  if (typeof d.checkGoals !== 'function' && typeof d.criteria !== 'function' && !d.answer) problems.push('the goal is missing: declare `criteria(p)`, `checkGoals(input, p)` or an `answer`');
  if (d.answer && (d.answer.fields === undefined || (Array.isArray(d.answer.fields) && d.answer.fields.length === 0 && !d.answer.infeasible))) problems.push('`answer.fields` must list at least one field (or the task is `infeasible`)');
  if (d.answer && !d.answer.infeasible && typeof d.answer.expected !== 'function') problems.push('`answer.expected(p, input)` is missing: what is the right answer?');
  if (typeof d.oracle !== 'function') problems.push('`oracle(ui, p)` is missing: every task proves itself with a UI-only solution');
  if (d.interaction !== undefined && typeof d.interaction?.respond !== 'function') problems.push('`interaction` must be an object with a `respond(ctx)` function (see docs/tasks.md, Interactive tasks)');
  if (d.realPhone !== undefined) problems.push(...realPhoneProblems(d.realPhone));
  for (const [param, spec] of Object.entries(d.params ?? {})) problems.push(...paramProblems(param, spec, d).map((m) => `parameter "${param}": ${m}`));
  problems.push(...sessionProblems(d, (episode) => validateDefinition(episode, name)));
  return problems;
}

const PARAM_TYPES = ['enum', 'int', 'float', 'bool', 'string'];

/** A task's real-phone start: exactly one of an Android package or a deep link URL. */
function realPhoneProblems(start: unknown): string[] {
  const s = start as Record<string, unknown> | null;
  const how = 'give `realPhone: { app: \'com.android.settings\' }` (a package) or `{ deepLink: \'scheme://…\' }`';
  if (!s || typeof s !== 'object' || Array.isArray(s)) return [`\`realPhone\` must be an object: ${how}`];
  const keys = Object.keys(s);
  if (keys.length !== 1 || !['app', 'deepLink'].includes(keys[0]!)) return [`\`realPhone\` must have exactly one of \`app\` or \`deepLink\` (got ${keys.map((k) => `\`${k}\``).join(', ') || 'nothing'}): ${how}`];
  if ('app' in s && (typeof s.app !== 'string' || !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(s.app))) return [`\`realPhone.app\` must be an Android package name such as com.android.settings (got ${JSON.stringify(s.app)})`];
  if ('deepLink' in s && (typeof s.deepLink !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(s.deepLink))) return [`\`realPhone.deepLink\` must be a URL with a scheme, such as settings://display (got ${JSON.stringify(s.deepLink)})`];
  return [];
}

/** A bad parameter spec is reported when the file loads, not when the first episode samples it. */
function paramProblems(name: string, spec: ParamSpec, d: Partial<TaskDefinition>): string[] {
  if (typeof spec !== 'object' || spec === null) return ['the spec must be an object'];
  const out: string[] = [];
  if (spec.type !== undefined && !PARAM_TYPES.includes(spec.type)) out.push(`type must be one of ${PARAM_TYPES.join(', ')} (got ${JSON.stringify(spec.type)})`);
  if (spec.type === 'enum' && !(Array.isArray(spec.values) && spec.values.length > 0)) out.push('an enum needs a non-empty `values` list');
  if ((spec.type === 'int' || spec.type === 'float') && spec.min !== undefined && spec.max !== undefined && spec.min > spec.max) out.push(`min ${spec.min} is above max ${spec.max}`);
  if (spec.pattern !== undefined) {
    try {
      new RegExp(spec.pattern);
    } catch (e) {
      out.push(`pattern ${JSON.stringify(spec.pattern)} is not a valid regular expression (${(e as Error).message})`);
    }
  }
  if (spec.source !== undefined && typeof spec.source !== 'string') out.push('`source` must be a state path such as apps.chat.contacts[name]');
  if (typeof spec.sampler === 'string' && typeof d.samplers?.[spec.sampler] !== 'function') out.push(`sampler "${spec.sampler}" is not defined in \`samplers\``);
  if (spec.sampler !== undefined && typeof spec.sampler !== 'string' && typeof spec.sampler !== 'function') out.push('`sampler` must be a function or the name of one in `samplers`');
  if (spec.fields !== undefined && spec.source === undefined && spec.sampler === undefined) out.push('`fields` needs a `source` (records to pick from) or a `sampler`');
  if (spec.type === undefined && spec.source === undefined && spec.sampler === undefined && spec.default === undefined) out.push(`no way to draw a value: give it a type, a source, a sampler or a default (${name})`);
  return out;
}

/**
 * The folder of suites `--tasks-root DIR` names (default tasks/). A missing one is refused, and so
 * is one outside an ES module package: there tsx would read task files as CommonJS and fail on
 * their imports with errors that point nowhere near the cause.
 */
export function resolveTasksRoot(given: string | null | undefined): string {
  if (!given) return TASKS_ROOT;
  const root = resolve(given);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`--tasks-root ${given}: no such folder`);
  const pkg = modulePackageOf(root);
  if (pkg.type === 'module') return root;
  if (pkg.type === 'invalid') throw new UsageError(`--tasks-root ${given}: ${pkg.file} is not valid JSON`);
  if (pkg.type === 'other') throw new UsageError(`--tasks-root ${given}: task files are ES modules, but ${pkg.file} does not say "type": "module"; add it there, or put a package.json with {"type": "module"} in ${root}`);
  throw new UsageError(`--tasks-root ${given}: task files are ES modules, but no package.json above ${root} says so; put one with {"type": "module"} in ${root}`);
}

/** The package.json that decides how Node reads `.ts` files in `dir`: an ES module package, another, an unreadable one, or none. */
export function modulePackageOf(dir: string): { type: 'module' | 'other' | 'invalid'; file: string } | { type: 'none' } {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const file = join(at, 'package.json');
    if (existsSync(file)) {
      try {
        return { type: (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type === 'module' ? 'module' : 'other', file };
      } catch {
        return { type: 'invalid', file };
      }
    }
    if (dirname(at) === at) return { type: 'none' };
  }
}

function listSuites(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => !n.startsWith('.') && !n.startsWith('_') && n !== 'splits' && statSync(join(root, n)).isDirectory())
    .sort();
}

/**
 * Loads every suite under `root`. With `fresh`, what changed since the last load is imported
 * anew, task files and the modules under `root` they import (taskModules.ts), so an author's
 * edit shows without restarting.
 */
export async function loadRegistry(opts: { root?: string; strict?: boolean; fresh?: boolean } = {}): Promise<Registry> {
  const root = opts.root ?? TASKS_ROOT;
  const tasks: LoadedTask[] = [];
  const errors: TaskLoadError[] = [];
  const suites = listSuites(root);
  const taskFiles = (suite: string) => readdirSync(join(root, suite)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('_')).sort();
  if (opts.fresh) await taskModules.refresh(root, suites.flatMap((s) => taskFiles(s).map((f) => join(root, s, f))));
  // Every file's import started at once (the TypeScript loader answers them side by side: the
  // built-in suites load in 0.58 s instead of 0.93), each then read in order, so the registry's
  // order stays the files'.
  const loading = new Map<string, Promise<{ default?: unknown }>>();
  if (!opts.fresh) {
    for (const suite of suites) {
      for (const f of taskFiles(suite)) {
        const file = join(root, suite, f);
        const p = import(pathToFileURL(file).href) as Promise<{ default?: unknown }>;
        p.catch(() => {}); // read (and reported) below, in order
        loading.set(file, p);
      }
    }
  }
  for (const suite of suites) {
    const dir = join(root, suite);
    const seen = new Map<string, string>();
    const files = taskFiles(suite);
    for (const f of files) {
      const file = join(dir, f);
      const rel = relative(REPO_ROOT, file);
      let mod: { default?: unknown };
      try {
        mod = (await (opts.fresh ? taskModules.import(file) : loading.get(file)!)) as { default?: unknown };
      } catch (e) {
        errors.push(importFailure(e, file, resolve(root)));
        continue;
      }
      // One task per file, or several grouped as an array (each then names itself).
      const grouped = Array.isArray(mod.default);
      const defs = (grouped ? mod.default : [mod.default]) as (TaskDefinition | undefined)[];
      if (grouped && defs.length === 0) errors.push({ file: rel, message: 'the default export is an empty list of tasks' });
      defs.forEach((def, i) => {
        const own = def && typeof def === 'object' && typeof def.name === 'string' ? def.name : '';
        if (grouped && !own) {
          errors.push({ file: rel, message: `task #${i + 1} of this file has no \`name\`: tasks grouped in one file must each name themselves` });
          return;
        }
        const name = own || basename(f, '.ts');
        let demo: TaskDemo | undefined;
        try {
          ({ def, demo } = withDemoOracle(def!, { root, suite, name }));
        } catch (e) {
          errors.push({ file: rel, message: `${grouped ? `${name}: ` : ''}${(e as Error).message}` });
          return;
        }
        const problems = validateDefinition(def, name);
        if (problems.length) {
          const reason = `${grouped ? `${name}: ` : ''}${problems.join('; ')}`;
          errors.push({ file: rel, message: reason, reason, at: repoPlace(definitionPlace(file)) });
          return;
        }
        if (seen.has(name)) {
          errors.push({ file: rel, message: `duplicate task name "${name}" in suite ${suite} (also in ${seen.get(name)})` });
          return;
        }
        seen.set(name, rel);
        tasks.push({ id: `${suite}.${name}`, suite, name, file: rel, def: def!, ...(demo ? { demo } : {}) });
      });
    }
  }
  if (opts.fresh) await taskModules.settle();
  if (opts.strict && errors.length) {
    throw new UsageError(`task files failed to load:\n${errors.map((e) => `  ${e.file}: ${e.message}`).join('\n')}`);
  }
  return { tasks, errors, suites, root };
}

function repoPlace(at: LoadErrorPlace): NonNullable<TaskLoadError['at']> {
  return { ...at, file: relative(REPO_ROOT, at.file) };
}

/** An import that threw, as a load error: "failed to load: line 3:10: Expected …" (the file's own line, or another file's). */
function importFailure(e: unknown, file: string, root: string): TaskLoadError {
  const { reason, at } = describeImportError(e, file, root);
  const line = at.line ? `line ${at.line}${at.column ? `:${at.column}` : ''}` : '';
  const where = resolve(at.file) === resolve(file) ? line : [relative(REPO_ROOT, at.file), line].filter(Boolean).join(' ');
  return { file: relative(REPO_ROOT, file), message: `failed to load: ${where ? `${where}: ` : ''}${reason}`, reason, at: repoPlace(at) };
}

export interface Selection {
  suites?: string[];
  taskIds?: string[];
  /** `test` or a union `test+payment` of `tasks/splits/*.txt`. */
  split?: string | null;
  difficulties?: string[];
  objectives?: string[];
  /** Tasks touching any of these apps. */
  apps?: string[];
}

function checkValues(flag: string, given: readonly string[] | undefined, valid: readonly string[]): void {
  for (const v of given ?? []) {
    if (!valid.includes(v)) throw new UsageError(`${flag} ${v}: not one of ${valid.join(', ')}${didYouMean(v, valid)}`);
  }
}

/** Applies suite, id, split and taxonomy filters; unknown names fail before any browser starts. */
export function selectTasks(reg: Registry, sel: Selection): LoadedTask[] {
  const allIds = reg.tasks.map((t) => t.id);
  const suiteNames = [...new Set([...reg.suites, ...reg.tasks.map((t) => t.suite)])];
  for (const s of sel.suites ?? []) {
    if (!suiteNames.includes(s)) throw new UsageError(`unknown suite "${s}"${didYouMean(s, suiteNames)}. Suites: ${suiteNames.join(', ') || '(none)'}`);
  }
  for (const id of sel.taskIds ?? []) {
    if (!allIds.includes(id)) {
      const broken = reg.errors.find((e) => basename(e.file, '.ts') === id.split('.').pop());
      const hint = broken ? ` Its file ${broken.file} failed to load: ${broken.message}` : didYouMean(id, allIds);
      throw new UsageError(`unknown task id "${id}"${hint}`);
    }
  }
  checkValues('--filter-difficulty', sel.difficulties, DIFFICULTIES);
  checkValues('--filter-objective', sel.objectives, OBJECTIVES);
  const knownApps = [...new Set(reg.tasks.flatMap((t) => t.def.apps))].sort();
  checkValues('--filter-app', sel.apps, knownApps);
  let out = reg.tasks;
  if (sel.suites?.length) out = out.filter((t) => sel.suites!.includes(t.suite));
  if (sel.taskIds?.length) out = out.filter((t) => sel.taskIds!.includes(t.id));
  if (sel.split) {
    const inSplit = resolveSplit(reg.root, sel.split, allIds);
    out = out.filter((t) => inSplit.has(t.id));
  }
  if (sel.difficulties?.length) out = out.filter((t) => sel.difficulties!.includes(t.def.difficulty));
  if (sel.objectives?.length) out = out.filter((t) => sel.objectives!.includes(t.def.objective));
  if (sel.apps?.length) out = out.filter((t) => t.def.apps.some((a) => sel.apps!.includes(a)));
  return out;
}

/**
 * Spec section 2: --max-steps N is every task's whole budget, exactly N (the 答题卡 sheet
 * included); without it, the task's own budget or the difficulty default, and a grounded answer
 * task gets 15 more on top (it has a sheet to fill).
 */
export function resolveMaxSteps(task: LoadedTask, cliMaxSteps?: number, evalMode: EvalMode = 'grounded'): number {
  if (cliMaxSteps !== undefined) return cliMaxSteps;
  const base = task.def.maxSteps ?? DEFAULT_BUDGET[task.def.difficulty];
  return base + (evalMode === 'grounded' && task.def.answer ? GROUNDED_EXTRA_STEPS : 0);
}

export function goalText(task: LoadedTask, p: Record<string, unknown>): string {
  return typeof task.def.goal === 'function' ? task.def.goal(p) : task.def.goal;
}
