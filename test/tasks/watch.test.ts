/**
 * The task-root watcher on real folders: an editor's burst of writes is reported once, a file
 * saved by rename (how many editors save) and a file in a new folder are seen, editor litter is
 * not, and once closed it watches nothing and reports nothing.
 */
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTaskRoots, type TaskRootWatcher } from '../../bridge/tasks/watch.ts';

const open: TaskRootWatcher[] = [];
afterEach(() => {
  for (const w of open.splice(0)) w.close();
});

/** A watcher whose reports arrive as promises, one per burst. */
function watched(root: string, debounceMs: number) {
  const bursts: string[][] = [];
  const waiting: ((paths: string[]) => void)[] = [];
  const w = watchTaskRoots([root], (paths) => {
    bursts.push(paths);
    waiting.shift()?.(paths);
  }, { debounceMs });
  open.push(w);
  const next = () => new Promise<string[]>((resolve) => waiting.push(resolve));
  return { w, bursts, next };
}

function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'phonegym-watch-'));
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'Task.ts'), 'export default 1;\n');
  return dir;
}

describe('watchTaskRoots', () => {
  it('reports a burst of saves once, with the files saved', async () => {
    const dir = root();
    const { w, bursts, next } = watched(dir, 200);
    expect(w.folders).toBe(2);
    const burst = next();
    const file = join(dir, 'demo', 'Task.ts');
    for (let i = 0; i < 5; i++) writeFileSync(file, `export default ${i};\n`);
    writeFileSync(join(dir, 'demo', '_helpers.ts'), 'export const x = 1;\n');
    expect(await burst).toEqual([join(dir, 'demo', 'Task.ts'), join(dir, 'demo', '_helpers.ts')].sort());
    expect(bursts).toHaveLength(1);
  });

  it('sees a save by rename and a file in a new folder, not editor litter', async () => {
    const dir = root();
    const { next } = watched(dir, 50);
    let burst = next();
    // An editor's atomic save: write a temporary file beside the task, rename it over the task.
    writeFileSync(join(dir, 'demo', '.Task.ts.swp'), 'x');
    writeFileSync(join(dir, 'demo', '4913'), '');
    writeFileSync(join(dir, 'demo', 'Task.ts~'), 'x');
    writeFileSync(join(dir, 'demo', 'Task.ts.tmp'), 'export default 2;\n');
    renameSync(join(dir, 'demo', 'Task.ts.tmp'), join(dir, 'demo', 'Task.ts'));
    expect(await burst).toEqual([join(dir, 'demo', 'Task.ts')]);
    // The second save by rename is seen too (a watch on the replaced file would have lost it).
    burst = next();
    writeFileSync(join(dir, 'demo', 'Task.ts.tmp'), 'export default 3;\n');
    renameSync(join(dir, 'demo', 'Task.ts.tmp'), join(dir, 'demo', 'Task.ts'));
    expect(await burst).toEqual([join(dir, 'demo', 'Task.ts')]);

    burst = next();
    mkdirSync(join(dir, 'more'));
    expect(await burst).toEqual([join(dir, 'more')]);
    burst = next();
    writeFileSync(join(dir, 'more', 'Other.ts'), 'export default 4;\n');
    expect(await burst).toEqual([join(dir, 'more', 'Other.ts')]);
  });

  it('once closed, watches no folder and reports nothing', async () => {
    const dir = root();
    const closing = watched(dir, 5);
    // A second, slower watcher on the same root says when the change has been seen.
    const control = watched(dir, 100);
    closing.w.close();
    expect(closing.w.folders).toBe(0);
    const seen = control.next();
    writeFileSync(join(dir, 'demo', 'Task.ts'), 'export default 5;\n');
    expect(await seen).toEqual([join(dir, 'demo', 'Task.ts')]);
    expect(closing.bursts).toEqual([]);
  });
});
