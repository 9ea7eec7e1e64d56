/** Throwaway task roots for registry tests: files written under a fresh temporary folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const API = resolve(import.meta.dirname, '../../bridge/tasks/api.ts');

/** A folder holding `files` (paths relative to it), e.g. `{ 'demo/Open.ts': tinyTask(…) }`. */
export function taskRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-tasks-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A minimal valid task file: one enum parameter, a route goal, and an oracle of its own when asked. */
export function tinyTask(param: { name: string; values: string[] }, opts: { oracle: boolean }): string {
  return `import { defineTask } from ${JSON.stringify(API)};
export default defineTask({
  goal: 'x', difficulty: 'L1', objective: 'action', apps: ['chat'],
  params: { ${param.name}: { type: 'enum', values: ${JSON.stringify(param.values)} } },
  criteria: () => ({ 'route.app': 'chat' }),
  ${opts.oracle ? 'async oracle(ui) { await ui.openApp("chat"); },' : ''}
});
`;
}
