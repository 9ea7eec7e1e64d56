/**
 * The built-in task set as a whole (issue 6's bar): how many templates, over which apps, how hard,
 * of which kinds, and splits that mean what they say. `phonegym verify` proves each task sound
 * (test/cli/verify.test.ts); this checks the set is the one we claim.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { APPS } from '../../simulator-apps/catalog.ts';
import { loadRegistry, type LoadedTask, type Registry } from '../../bridge/tasks/registry.ts';
import { resolveSplit, splitNames } from '../../bridge/tasks/splits.ts';

let registry: Registry;
let tasks: LoadedTask[];
const ids = () => tasks.map((t) => t.id);

beforeAll(async () => {
  registry = await loadRegistry({ strict: true });
  tasks = registry.tasks;
}, 120_000);

describe('the built-in tasks', () => {
  it('load without errors: at least 120 templates', () => {
    expect(registry.errors).toEqual([]);
    expect(tasks.length).toBeGreaterThanOrEqual(120);
  });

  it('give every app at least 8 (the answer sheet aside)', () => {
    const short = APPS.filter((a) => a.id !== 'answers')
      .map((a) => [a.id, tasks.filter((t) => t.def.apps.includes(a.id)).length] as const)
      .filter(([, n]) => n < 8);
    expect(short).toEqual([]);
  });

  it('spread over L1-L4 with at least a quarter at L3-L4', () => {
    const by = (d: string) => tasks.filter((t) => t.def.difficulty === d).length;
    for (const d of ['L1', 'L2', 'L3', 'L4']) expect(by(d), d).toBeGreaterThan(0);
    expect(by('L3') + by('L4')).toBeGreaterThanOrEqual(tasks.length / 4);
  });

  it('include at least 30 query tasks with answers and 8 infeasible ones', () => {
    const queries = tasks.filter((t) => t.def.objective === 'query');
    expect(queries.length).toBeGreaterThanOrEqual(30);
    for (const q of queries) expect(q.def.answer, `${q.id} has no answer spec`).toBeDefined();
    expect(tasks.filter((t) => t.def.answer?.infeasible).length).toBeGreaterThanOrEqual(8);
    for (const t of tasks.filter((x) => x.def.answer?.infeasible)) expect(t.def.tags ?? [], `${t.id} is infeasible but not tagged so`).toContain('infeasible');
  });

  it('include at least 20 cross-app tasks and 6 interactive ones', () => {
    const cross = tasks.filter((t) => new Set(t.def.apps.filter((a) => a !== 'answers')).size >= 2);
    expect(cross.length).toBeGreaterThanOrEqual(20);
    const interactive = tasks.filter((t) => t.def.interaction);
    expect(interactive.length).toBeGreaterThanOrEqual(6);
  });

  it('have traps: at least one task per app tagged `trap`', () => {
    const missing = APPS.filter((a) => a.id !== 'answers' && !tasks.some((t) => t.def.apps.includes(a.id) && (t.def.tags ?? []).includes('trap'))).map((a) => a.id);
    expect(missing).toEqual([]);
  });
});

describe('the splits', () => {
  it('are payment, test and train', () => {
    expect(splitNames(registry.root)).toEqual(expect.arrayContaining(['payment', 'test', 'train']));
  });

  it('test and train cover every template once: none in both, none in neither', () => {
    const test = resolveSplit(registry.root, 'test', ids());
    const train = resolveSplit(registry.root, 'train', ids());
    expect([...test].filter((id) => train.has(id))).toEqual([]);
    expect(ids().filter((id) => !test.has(id) && !train.has(id))).toEqual([]);
    // Every suite is represented in the held-out test split.
    for (const suite of registry.suites) expect([...test].some((id) => id.startsWith(`${suite}.`)), suite).toBe(true);
  });

  it('payment lists exactly the tasks tagged `payment` (every task that moves money)', () => {
    const payment = resolveSplit(registry.root, 'payment', ids());
    const tagged = tasks.filter((t) => (t.def.tags ?? []).includes('payment')).map((t) => t.id);
    expect([...payment].sort()).toEqual(tagged.sort());
  });
});
