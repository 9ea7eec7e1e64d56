/**
 * What a list of tasks shows of each task (the studio's Author list): its id, apps, level and the
 * goal as a template, `在日历中新建日程“‹title›”：‹date› ‹start›-‹end›`. Goals that format their
 * parameters are told apart with real values, sampled on the seeded phone of two fixed seeds
 * (bridge/tasks/goalTemplate.ts); the seeded states are made once per process, and a template is
 * made again only when its task file or goal changes.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths.ts';
import type { TaskInfo } from '../protocol/messages.ts';
import type { PhoneState } from '../protocol/state.ts';
import { goalTemplate, paramNames } from '../tasks/goalTemplate.ts';
import { goalText, type LoadedTask } from '../tasks/registry.ts';
import { defaultParams, sampleParams } from '../tasks/sampler.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

/** Seeds of the phones parameters are drawn on; past the first two only for a parameter they do not tell apart. */
const SAMPLE_SEEDS = [1, 2, 3, 4, 5, 6];
const seeded: PhoneState[] = [];
/** Templates by task, its file and the file's time, and the goal's source: a list read again costs nothing for an unchanged task. */
const templates = new Map<string, string>();

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * A task's parameters for one seed. The seeded state is shared by every task and frozen: a task
 * whose hooks write it (`prepare`, or a sampler that sorts in place) gets a copy of its own.
 */
function sampleFor(task: LoadedTask, i: number): Record<string, unknown> | null {
  const seed = SAMPLE_SEEDS[i]!;
  // Frozen as a copy: a seeded state may share objects with the apps' seed data, which must stay writable.
  seeded[i] ??= deepFreeze(JSON.parse(JSON.stringify(createInitialState(seed))) as PhoneState);
  const draw = (state: PhoneState) => {
    const rng = new Rng(seed);
    const ctx = { state, p: defaultParams(task.def), rng, seed };
    task.def.prepare?.(ctx);
    return sampleParams(task.def, ctx.state, rng);
  };
  try {
    return task.def.prepare ? draw(structuredClone(seeded[i]!)) : draw(seeded[i]!);
  } catch {
    try {
      return draw(structuredClone(seeded[i]!));
    } catch {
      return null;
    }
  }
}

/** The goal a list shows: a template with ‹placeholders›, never `undefined` and never the bare id. */
export function listedGoal(task: LoadedTask): string {
  const def = task.def;
  const key = `${task.id}\n${task.file}\n${fileTime(join(REPO_ROOT, task.file))}\n${String(def.goal)}`;
  let goal = templates.get(key);
  if (goal === undefined) {
    goal = makeListedGoal(task);
    templates.set(key, goal);
  }
  return goal;
}

function fileTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function makeListedGoal(task: LoadedTask): string {
  const def = task.def;
  const choices: Record<string, readonly unknown[]> = {};
  for (const [name, spec] of Object.entries(def.params ?? {})) if (spec.type === 'enum' && spec.values) choices[name] = spec.values;
  const sample = (i: number) => sampleFor(task, i);
  const template = goalTemplate(def.goal as string | ((p: Record<string, unknown>) => string), { names: paramNames(def.params), sample, samples: SAMPLE_SEEDS.length, choices });
  if (template !== null) return template;
  // No template: an example with real values says more than nothing, marked as one.
  const example = sample(0);
  try {
    if (example) return `e.g. ${goalText(task, example)}`;
  } catch (e) {
    return `(the goal text throws: ${(e as Error).message})`;
  }
  return '(the goal text needs parameters that could not be sampled)';
}

export function taskListInfo(t: LoadedTask): TaskInfo {
  return { id: t.id, suite: t.suite, name: t.name, goal: listedGoal(t), difficulty: t.def.difficulty, objective: t.def.objective, apps: t.def.apps };
}
