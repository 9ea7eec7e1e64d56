import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../bridge/protocol/errors.ts';
import { loadRegistry, resolveMaxSteps, selectTasks } from '../../bridge/tasks/registry.ts';
import { instanceCount } from '../../bridge/tasks/sampler.ts';
import { taskRoot } from '../helpers/taskRoot.ts';

const root = join(import.meta.dirname, '../fixtures/tasks');

describe('task registry', () => {
  it('loads good files and reports broken ones with their path and reason', async () => {
    const reg = await loadRegistry({ root });
    expect(reg.tasks.map((t) => t.id).sort()).toEqual(['broken.Fine', 'good.AskThings', 'good.PinFirst', 'grouped.MuteOne', 'grouped.PinOne']);
    const byFile = Object.fromEntries(reg.errors.map((e) => [e.file.split('/').pop(), e.message]));
    expect(byFile['SyntaxTrouble.ts']).toMatch(/failed to load/);
    expect(byFile['NoOracle.ts']).toMatch(/difficulty.*L1, L2, L3, L4.*"L9"/);
    expect(byFile['NoOracle.ts']).toMatch(/oracle\(ui, p\)` is missing/);
  });

  it('a file may group several named tasks; duplicates and unnamed ones are reported', async () => {
    const reg = await loadRegistry({ root });
    const messages = reg.errors.filter((e) => e.file.endsWith('grouped/settings.ts')).map((e) => e.message);
    expect(messages).toEqual([
      'duplicate task name "PinOne" in suite grouped (also in test/fixtures/tasks/grouped/settings.ts)',
      'task #4 of this file has no `name`: tasks grouped in one file must each name themselves',
    ]);
  });

  it('a bad parameter spec is reported when the file loads', async () => {
    const reg = await loadRegistry({ root });
    const msg = reg.errors.find((e) => e.file.endsWith('BadParams.ts'))!.message;
    expect(msg).toContain('parameter "colour": an enum needs a non-empty `values` list');
    expect(msg).toContain('parameter "count": min 9 is above max 3');
    expect(msg).toContain('parameter "code": pattern "([a-z" is not a valid regular expression');
    expect(msg).toContain('parameter "who": sampler "pickSomeone" is not defined in `samplers`');
    expect(msg).toContain('parameter "spread": `fields` needs a `source`');
  });

  it('a realPhone start is an Android package or a deep link, exactly one', async () => {
    const api = JSON.stringify(join(import.meta.dirname, '../../bridge/tasks/api.ts'));
    const task = (start: string) => `import { defineTask } from ${api};\nexport default defineTask({ goal: 'g', difficulty: 'L1', objective: 'action', apps: ['settings'], realPhone: ${start}, criteria: () => ({ 'route.app': 'settings' }), oracle: async () => {} });\n`;
    const root = taskRoot({
      'rp/Package.ts': task("{ app: 'com.android.settings' }"),
      'rp/Link.ts': task("{ deepLink: 'phonegym://settings' }"),
      'rp/NotPackage.ts': task("{ app: 'settings' }"),
      'rp/Both.ts': task("{ app: 'com.android.settings', deepLink: 'x://y' }"),
      'rp/NoScheme.ts': task("{ deepLink: 'settings/display' }"),
      'rp/Text.ts': task("'com.android.settings'"),
    });
    const reg = await loadRegistry({ root, fresh: true });
    expect(reg.tasks.map((t) => [t.id, t.def.realPhone])).toEqual(expect.arrayContaining([['rp.Package', { app: 'com.android.settings' }], ['rp.Link', { deepLink: 'phonegym://settings' }]]));
    const byFile = Object.fromEntries(reg.errors.map((e) => [e.file.split('/').pop(), e.message]));
    expect(byFile['NotPackage.ts']).toContain('`realPhone.app` must be an Android package name such as com.android.settings (got "settings")');
    expect(byFile['Both.ts']).toContain('`realPhone` must have exactly one of `app` or `deepLink` (got `app`, `deepLink`)');
    expect(byFile['NoScheme.ts']).toContain('`realPhone.deepLink` must be a URL with a scheme');
    expect(byFile['Text.ts']).toContain('`realPhone` must be an object');
  });

  it('strict mode makes a broken file fatal', async () => {
    await expect(loadRegistry({ root, strict: true })).rejects.toThrow(/SyntaxTrouble\.ts/);
  });

  it('selects by suite and id, suggesting the nearest name', async () => {
    const reg = await loadRegistry({ root });
    expect(selectTasks(reg, { suites: ['good'] }).map((t) => t.name).sort()).toEqual(['AskThings', 'PinFirst']);
    expect(selectTasks(reg, { taskIds: ['good.PinFirst'] })).toHaveLength(1);
    expect(() => selectTasks(reg, { taskIds: ['good.PinFrist'] })).toThrow(/did you mean good\.PinFirst\?/);
    expect(() => selectTasks(reg, { suites: ['goood'] })).toThrow(UsageError);
    // A task whose file is broken is named with the reason, not a guess.
    expect(() => selectTasks(reg, { taskIds: ['broken.NoOracle'] })).toThrow(/NoOracle\.ts failed to load/);
  });

  it('resolves step budgets: flag, then the task, then the difficulty', async () => {
    const reg = await loadRegistry({ root });
    const ask = reg.tasks.find((t) => t.name === 'AskThings')!;
    const pin = reg.tasks.find((t) => t.name === 'PinFirst')!;
    const fine = reg.tasks.find((t) => t.name === 'Fine')!;
    expect(resolveMaxSteps(ask, 7)).toBe(7);
    expect(resolveMaxSteps(ask)).toBe(30);
    expect(resolveMaxSteps(pin)).toBe(30);
    expect(resolveMaxSteps(fine)).toBe(60);
  });

  it('counts instances: no params 1, enum-only the product capped by N', async () => {
    const reg = await loadRegistry({ root });
    const ask = reg.tasks.find((t) => t.name === 'AskThings')!;
    const pin = reg.tasks.find((t) => t.name === 'PinFirst')!;
    expect(instanceCount(pin.def, 5)).toBe(1);
    expect(instanceCount(ask.def, 4)).toBe(4);
    expect(instanceCount(ask.def, 50)).toBe(6);
  });
});

describe('splits and taxonomy filters', () => {
  it('selects a split, and a union of splits', async () => {
    const reg = await loadRegistry({ root });
    expect(selectTasks(reg, { split: 'alpha' }).map((t) => t.id)).toEqual(['good.PinFirst']);
    expect(selectTasks(reg, { split: 'alpha+beta' }).map((t) => t.id).sort()).toEqual(['good.AskThings', 'good.PinFirst']);
    expect(selectTasks(reg, { split: 'beta', suites: ['good'], objectives: ['query'] }).map((t) => t.id)).toEqual(['good.AskThings']);
  });

  it('names the file and line of an id that does not exist, and unknown splits', async () => {
    const reg = await loadRegistry({ root });
    expect(() => selectTasks(reg, { split: 'stale' })).toThrow(/splits\/stale\.txt:2: unknown task id "good\.PinFrist" \(did you mean good\.PinFirst\?\)/);
    expect(() => selectTasks(reg, { split: 'alhpa' })).toThrow(/unknown split "alhpa" \(did you mean alpha\?\)/);
  });

  it('filters by difficulty, objective and app, refusing unknown values', async () => {
    const reg = await loadRegistry({ root });
    expect(selectTasks(reg, { difficulties: ['L2', 'L4'] }).map((t) => t.id).sort()).toEqual(['broken.Fine', 'good.PinFirst']);
    expect(selectTasks(reg, { difficulties: ['L1'], suites: ['grouped'] }).map((t) => t.id)).toEqual(['grouped.MuteOne', 'grouped.PinOne']);
    expect(selectTasks(reg, { objectives: ['query'] }).map((t) => t.id)).toEqual(['good.AskThings']);
    expect(selectTasks(reg, { apps: ['chat'] })).toHaveLength(5);
    expect(() => selectTasks(reg, { difficulties: ['L7'] })).toThrow(/--filter-difficulty L7: not one of L1, L2, L3, L4/);
    expect(() => selectTasks(reg, { objectives: ['querry'] })).toThrow(/did you mean query\?/);
    expect(() => selectTasks(reg, { apps: ['caht'] })).toThrow(/did you mean chat\?/);
  });
});

describe('reloading for authors', () => {
  it('a fresh load sees an edited task file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-tasks-'));
    mkdirSync(join(dir, 'good'));
    const file = join(dir, 'good', 'PinFirst.ts');
    const api = join(import.meta.dirname, '../../bridge/tasks/api.ts');
    // Plain JavaScript syntax: under vitest a versioned import is transformed without TypeScript.
    const src = `import { defineTask } from '${api}';\nexport default defineTask({ goal: 'g', difficulty: 'L2', objective: 'action', apps: ['chat'], checkGoals: () => [], oracle: async () => {} });\n`;
    writeFileSync(file, src);
    const first = await loadRegistry({ root: dir, fresh: true });
    expect(first.errors).toEqual([]);
    expect(first.tasks[0].def.difficulty).toBe('L2');
    writeFileSync(file, src.replace("difficulty: 'L2'", "difficulty: 'L3'"));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await loadRegistry({ root: dir, fresh: true });
    expect(second.tasks[0].def.difficulty).toBe('L3');
  });
});

describe('phonegym new-task', () => {
  it('writes a starting file that loads as a valid task, with its suite in the header and a package.json outside any package', async () => {
    const { cmdNewTask } = await import('../../bridge/cli/newTask.ts');
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-new-'));
    expect(await cmdNewTask(['demo/MuteNoisyChat', '--root', dir])).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({ type: 'module' });
    const text = readFileSync(join(dir, 'demo', 'MuteNoisyChat.ts'), 'utf8');
    expect(text).toContain(`--task-id demo.MuteNoisyChat --tasks-root ${dir} --agent oracle`);
    expect(text).not.toContain('<suite>');
    const reg = await loadRegistry({ root: dir });
    expect(reg.errors).toEqual([]);
    expect(reg.tasks.map((t) => t.id)).toEqual(['demo.MuteNoisyChat']);
    expect(reg.tasks[0].def.criteria).toBeTypeOf('function');
    await expect(cmdNewTask(['demo/MuteNoisyChat', '--root', dir])).rejects.toThrow(/already exists/);
    await expect(cmdNewTask(['Demo/mute', '--root', dir])).rejects.toThrow(/is not <suite>\/<TaskName>/);
  });

  it("starts a task of a built-in suite from one of that suite's own tasks, its imports pointed back at the repository", async () => {
    const { cmdNewTask, exemplarOf } = await import('../../bridge/cli/newTask.ts');
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-new-'));
    for (const suite of ['wallet', 'shop', 'settings']) {
      expect(await cmdNewTask([`${suite}/MyFirst`, '--root', dir])).toBe(0);
      const text = readFileSync(join(dir, suite, 'MyFirst.ts'), 'utf8');
      expect(text).toMatch(new RegExp(`Started from ${suite}\\.\\w+, one of the suite's own tasks`));
      expect(exemplarOf(suite)).toMatch(new RegExp(`tasks/${suite}/\\w+\\.ts$`));
    }
    const reg = await loadRegistry({ root: dir });
    expect(reg.errors).toEqual([]);
    const byId = new Map(reg.tasks.map((t) => [t.id, t]));
    for (const suite of ['wallet', 'shop', 'settings']) expect(byId.get(`${suite}.MyFirst`)?.def.apps).toContain(suite);
    // A root in a package that is not an ES module package is refused, not written into.
    const cjs = mkdtempSync(join(tmpdir(), 'phonegym-cjs-'));
    writeFileSync(join(cjs, 'package.json'), '{"name":"x"}');
    await expect(cmdNewTask(['demo/A', '--root', cjs])).rejects.toThrow(/does not say "type": "module"/);
  });
});
