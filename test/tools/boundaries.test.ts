import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../bridge/tools/checkBoundaries.ts';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import boundaries', () => {
  it('accepts the allowed shape', () => {
    const root = tree({
      'bridge/protocol/state.ts': 'export type X = 1;',
      'bridge/judge/judge.ts': "import type { X } from '../protocol/state.ts';",
      'simulator-apps/os/phone.ts': "import { x } from '../../bridge/protocol/state.ts'; import { openDB } from 'idb';",
      'tasks/chat/A.ts': "import { defineTask } from '../../bridge/tasks/api.ts'; import { Rng } from '../../simulator-apps/shared/rng.ts';",
      'bridge/runner/run.ts': "import { readFileSync } from 'node:fs'; import { createInitialState } from '../../simulator-apps/seed.ts';",
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('names every violation', () => {
    const root = tree({
      'bridge/protocol/bad.ts': "import { x } from '../judge/judge.ts'; import z from 'zod';",
      'bridge/judge/bad.ts': "import { chromium } from 'playwright'; import { readFileSync } from 'node:fs';",
      'simulator-apps/os/bad.ts': "import { WebSocketServer } from 'ws'; import { runEpisode } from '../../bridge/runner/episode.ts'; const r = Math.random();",
      'web/bad.ts': "import { join } from 'node:path';",
      'bridge/runner/bad.ts': "import Phone from '../../simulator-apps/os/ui/PhoneShell.svelte';",
      'tasks/chat/Bad.ts': "import { runEvaluation } from '../../bridge/runner/run.ts'; export const n = Math.random();",
    });
    const problems = checkBoundaries(root).join('\n');
    expect(problems).toContain('bridge/protocol/bad.ts: imports bridge/judge/judge.ts');
    expect(problems).toContain('bridge/protocol/bad.ts: imports the package "zod"');
    expect(problems).toContain('bridge/judge/bad.ts: imports the package "playwright" (the judge is pure)');
    expect(problems).toContain('bridge/judge/bad.ts: imports the package "node:fs"');
    expect(problems).toContain('simulator-apps/os/bad.ts: imports the Node-only package "ws"');
    expect(problems).toContain('simulator-apps/os/bad.ts: imports bridge/runner/episode.ts (browser code reaches the bridge only through bridge/protocol)');
    expect(problems).toContain('simulator-apps/os/bad.ts: calls Math.random');
    expect(problems).toContain('web/bad.ts: imports the Node built-in "node:path"');
    expect(problems).toContain('bridge/runner/bad.ts: imports the browser module simulator-apps/os/ui/PhoneShell.svelte');
    expect(problems).toContain('tasks/chat/Bad.ts: imports bridge/runner/run.ts');
    expect(problems).toContain('tasks/chat/Bad.ts: calls Math.random');
  });
});
