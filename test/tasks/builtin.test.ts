/**
 * The built-in task set as a whole (issue 6's bar): how many templates, over which apps, how hard,
 * of which kinds, and splits that mean what they say. `phonegym verify` proves each task sound
 * (test/cli/verify.test.ts); this checks the set is the one we claim.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { APPS } from '../../simulator-apps/catalog.ts';
import { loadRegistry, type LoadedTask, type Registry } from '../../bridge/tasks/registry.ts';
import { readSplit, resolveSplit, splitNames } from '../../bridge/tasks/splits.ts';

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
  it('are payment, test, train and the three generalisation splits', () => {
    expect(splitNames(registry.root)).toEqual(expect.arrayContaining(['payment', 'test', 'train', 'test-new-instance', 'test-new-template', 'test-new-app']));
  });

  it('train, test-new-template and test-new-app cover every template once; test is the last two', () => {
    const train = resolveSplit(registry.root, 'train', ids());
    const newTemplate = resolveSplit(registry.root, 'test-new-template', ids());
    const newApp = resolveSplit(registry.root, 'test-new-app', ids());
    const test = resolveSplit(registry.root, 'test', ids());
    for (const id of ids()) expect([train, newTemplate, newApp].filter((s) => s.has(id)).length, id).toBe(1);
    expect([...test].sort()).toEqual([...newTemplate, ...newApp].sort());
    // Every suite of a known app is represented among the held-out templates.
    for (const suite of registry.suites.filter((x) => [...train].some((id) => id.startsWith(`${x}.`)))) expect([...newTemplate].some((id) => id.startsWith(`${suite}.`)), suite).toBe(true);
  });

  it('test-new-app holds out two whole apps: no other template touches them', () => {
    const newApp = resolveSplit(registry.root, 'test-new-app', ids());
    const appsOf = (pick: (id: string) => boolean) => new Set(tasks.filter((t) => pick(t.id)).flatMap((t) => t.def.apps));
    const seen = appsOf((id) => !newApp.has(id));
    const heldOut = [...appsOf((id) => newApp.has(id))].filter((a) => !seen.has(a));
    expect(heldOut.length).toBeGreaterThanOrEqual(2);
    for (const t of tasks.filter((x) => newApp.has(x.id))) expect(t.def.apps.some((a) => heldOut.includes(a)), t.id).toBe(true);
  });

  it('test-new-instance is the train templates on held-out seeds', () => {
    const train = readSplit(registry.root, 'train', ids());
    const held = readSplit(registry.root, 'test-new-instance', ids());
    expect(held.ids).toEqual(train.ids);
    expect([train.seeds, held.seeds]).toEqual(['train', 'held-out']);
  });

  it('payment lists exactly the tasks tagged `payment` (every task that moves money)', () => {
    const payment = resolveSplit(registry.root, 'payment', ids());
    const tagged = tasks.filter((t) => (t.def.tags ?? []).includes('payment')).map((t) => t.id);
    expect([...payment].sort()).toEqual(tagged.sort());
  });
});
