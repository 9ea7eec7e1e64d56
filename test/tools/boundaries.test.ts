import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, checkFileSizes } from '../../bridge/tools/checkBoundaries.ts';

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

describe('the isomorphic layer, per-folder rules and circles', () => {
  const iso = 'simulator-apps/catalog.ts\nsimulator-apps/*/logic.ts  # pure rules\n';

  it('Node may import only the isomorphic modules, and those only the protocol and each other', () => {
    const root = tree({
      'simulator-apps/ISOMORPHIC.list': iso,
      'bridge/protocol/state.ts': 'export type X = 1;',
      'simulator-apps/chat/logic.ts': "import type { X } from '../../bridge/protocol/state.ts'; import { y } from '../catalog.ts';",
      'simulator-apps/chat/model.ts': "import { y } from './logic.ts';",
      'simulator-apps/catalog.ts': "import { m } from './chat/model.ts';",
      'bridge/runner/run.ts': "import { y } from '../../simulator-apps/chat/logic.ts'; import { m } from '../../simulator-apps/chat/model.ts';",
      'tasks/chat/A.ts': "import { m } from '../../simulator-apps/chat/model.ts';",
    });
    const problems = checkBoundaries(root).join('\n');
    expect(problems).toContain('bridge/runner/run.ts: imports simulator-apps/chat/model.ts, which is not one of the phone\'s isomorphic modules');
    expect(problems).toContain('tasks/chat/A.ts: imports simulator-apps/chat/model.ts, which is not one of the phone\'s isomorphic modules');
    expect(problems).toContain('simulator-apps/catalog.ts: imports simulator-apps/chat/model.ts (an isomorphic module imports only bridge/protocol');
    expect(problems).not.toContain('bridge/runner/run.ts: imports simulator-apps/chat/logic.ts');
    expect(problems).not.toContain('simulator-apps/chat/logic.ts:');
  });

  it('a bridge folder imports only what its DEPS.list names, and every folder has one', () => {
    const root = tree({
      'bridge/protocol/DEPS.list': '# nothing\n',
      'bridge/protocol/state.ts': 'export type X = 1;',
      'bridge/server/DEPS.list': 'bridge/protocol\n',
      'bridge/server/hub.ts': "import type { X } from '../protocol/state.ts'; import { run } from '../runner/run.ts';",
      'bridge/runner/DEPS.list': 'bridge/protocol\nbridge/server  # the studio session\n',
      'bridge/runner/run.ts': "import { hub } from '../server/hub.ts'; import { seed } from '../../simulator-apps/seed.ts'; export const run = 1;",
      'bridge/agents/agent.ts': 'export const a = 1;',
    });
    const problems = checkBoundaries(root);
    expect(problems).toContain('bridge/server/hub.ts: imports bridge/runner/run.ts (bridge/server/DEPS.list allows bridge/protocol)');
    expect(problems).toContain('bridge/runner/run.ts: imports simulator-apps/seed.ts (bridge/runner/DEPS.list allows bridge/protocol, bridge/server)');
    expect(problems).toContain('bridge/agents/: has no DEPS.list (name the folders its files may import, one per line)');
    expect(problems.join('\n')).not.toContain('bridge/runner/run.ts: imports bridge/server/hub.ts');
  });

  it('finds every import circle, type imports included, and names one path through it', () => {
    const root = tree({
      'bridge/agents/types.ts': "import type { Obs } from '../env/env.ts';",
      'bridge/env/env.ts': "import type { Conn } from '../server/server.ts';",
      'bridge/server/server.ts': "import { Hub } from './hub.ts';",
      'bridge/server/hub.ts': "import type { Reply } from '../agents/types.ts';",
      'bridge/runner/run.ts': "import { p } from './processes.ts';",
      'bridge/runner/processes.ts': "const { run } = await import('./run.ts');",
      'simulator-apps/registry.ts': "import App from './chat/ChatApp.svelte';",
      'simulator-apps/chat/ChatApp.svelte': "<script lang=\"ts\">import { APPS } from '../registry.ts';</script>",
      'bridge/judge/ok.ts': "import { a } from './b.ts';",
      'bridge/judge/b.ts': 'export const a = 1;',
    });
    const circles = checkBoundaries(root).filter((p) => p.startsWith('import circle'));
    expect(circles).toEqual([
      'import circle: bridge/agents/types.ts → bridge/env/env.ts → bridge/server/server.ts → bridge/server/hub.ts → bridge/agents/types.ts (break it: move what both need into a third module)',
      'import circle: bridge/runner/processes.ts → bridge/runner/run.ts → bridge/runner/processes.ts (break it: move what both need into a third module)',
      'import circle: simulator-apps/chat/ChatApp.svelte → simulator-apps/registry.ts → simulator-apps/chat/ChatApp.svelte (break it: move what both need into a third module)',
    ]);
  });

  it('the project itself has no violation and no circle', () => {
    expect(checkBoundaries()).toEqual([]);
  });
});

describe('file sizes', () => {
  it('a file over 400 lines needs a written reason at its top', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n');
    const root = tree({
      'bridge/runner/short.ts': body(400),
      'bridge/runner/long.ts': body(401),
      'bridge/runner/explained.ts': `/**\n * Long file: one state machine, read top to bottom.\n */\n${body(450)}`,
      'test/phone/big.test.ts': body(500),
    });
    expect(checkFileSizes(root).sort()).toEqual([
      'bridge/runner/long.ts: 401 lines, over 400: split it, or say at its top why not ("Long file: <reason>")',
      'test/phone/big.test.ts: 500 lines, over 400: split it, or say at its top why not ("Long file: <reason>")',
    ]);
  });

  it('the project keeps to it', () => {
    expect(checkFileSizes()).toEqual([]);
  });
});
