/**
 * Hot reload of a task root, in a process that loads tasks as `phonegym` does (the driver in
 * test/helpers/taskReloadDriver.ts: tsx and Node's own module loader). A file that fails to load
 * stays listed as broken with the file, line and reason, and comes back once fixed; an edited
 * helper module changes the task that imports it; a reload loads only what an edit touched; a
 * saved file reloads by itself; and once closed the process exits on its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../bridge/protocol/messages.ts';

const API = join(import.meta.dirname, '../../bridge/tasks/api.ts');
const DRIVER = join(import.meta.dirname, '../helpers/taskReloadDriver.ts');

type Message = { type: string; tasks?: TaskInfo[]; changed?: string[]; loads?: number; text?: string | null; line?: string };

class Driver {
  private inbox: Message[] = [];
  private waiting: { type: string; resolve: (m: Message) => void }[] = [];
  readonly exited: Promise<number | null>;
  readonly logs: string[] = [];

  constructor(readonly child: ChildProcess) {
    child.on('message', (m: Message) => {
      if (m.type === 'log') this.logs.push(m.line!);
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
      else this.inbox.push(m);
    });
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  static async start(root: string): Promise<Driver> {
    const d = new Driver(fork(DRIVER, [root], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    drivers.push(d);
    await d.next('ready');
    return d;
  }

  next(type: string): Promise<Message> {
    const i = this.inbox.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!);
    return new Promise((resolve) => this.waiting.push({ type, resolve }));
  }

  async list(): Promise<{ tasks: Record<string, TaskInfo>; loads: number }> {
    this.child.send({ cmd: 'list' });
    const m = await this.next('list');
    return { tasks: Object.fromEntries(m.tasks!.map((t) => [t.id, t])), loads: m.loads! };
  }

  async refusal(id: string): Promise<string | null> {
    this.child.send({ cmd: 'refusal', id });
    return (await this.next('refusal')).text!;
  }
}

const drivers: Driver[] = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.child.kill();
});

const greetTask = (comma = ',') => `import { defineTask } from '${API}';
import { greeting } from './_helpers.ts';

export default defineTask({
  goal: greeting('Ada'),
  difficulty: 'L1'${comma}
  objective: 'action',
  apps: ['chat'],
  checkGoals: () => [],
  oracle: async () => {},
});
`;
const helpers = (verb: string) => `export function greeting(name: string): string {
  return \`${verb} \${name}\`;
}
`;

/** A task root: demo.Greet imports a helper; demo.Other imports nothing of the root's. */
function taskRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-hot-'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(root, 'demo'));
  writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask());
  writeFileSync(join(root, 'demo', '_helpers.ts'), helpers('Say hello to'));
  writeFileSync(join(root, 'demo', 'Other.ts'), `import { defineTask } from '${API}';\nexport default defineTask({ goal: 'Stay', difficulty: 'L2', objective: 'action', apps: ['chat'], checkGoals: () => [], oracle: async () => {} });\n`);
  return root;
}

describe('hot reload of task files', () => {
  it('a file that fails to load stays listed as broken with file, line and reason, and comes back once fixed', { timeout: 60_000 }, async () => {
    const root = taskRoot();
    const d = await Driver.start(root);
    expect((await d.list()).tasks['demo.Greet']).toMatchObject({ goal: 'Say hello to Ada', difficulty: 'L1' });

    // A syntax error (esbuild under tsx): the missing comma is reported where `objective` starts.
    writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask(''));
    let { tasks } = await d.list();
    expect(tasks['demo.Greet']!.broken).toEqual({ file: join(root, 'demo', 'Greet.ts'), line: 7, column: 3, message: 'Expected "}" but found "objective"' });
    expect(tasks['demo.Greet']).toMatchObject({ goal: '', apps: [] });
    expect(tasks['demo.Other']!.broken).toBeUndefined();
    expect(await d.refusal('demo.Greet')).toBe(`demo.Greet cannot be set up: ${join(root, 'demo', 'Greet.ts')}:7:3: Expected "}" but found "objective". Fix the file and save it: the studio loads it again by itself`);
    expect(await d.refusal('demo.Other')).toBeNull();

    // Fixed: back, and no longer refused.
    writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask());
    ({ tasks } = await d.list());
    expect(tasks['demo.Greet']).toMatchObject({ goal: 'Say hello to Ada' });
    expect(tasks['demo.Greet']!.broken).toBeUndefined();
    expect(await d.refusal('demo.Greet')).toBeNull();

    // An exception thrown while an imported module runs: the place is the helper's line.
    writeFileSync(join(root, 'demo', '_helpers.ts'), `export function greeting(name: string): string {\n  return name;\n}\nthrow new RangeError('no greetings today');\n`);
    ({ tasks } = await d.list());
    expect(tasks['demo.Greet']!.broken).toEqual({ file: join(root, 'demo', '_helpers.ts'), line: 4, column: 7, message: 'threw RangeError: no greetings today' });

    // A definition that fails validation: the line of its `export default`.
    writeFileSync(join(root, 'demo', '_helpers.ts'), helpers('Say hello to'));
    writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask().replace("'L1'", "'L9'"));
    ({ tasks } = await d.list());
    expect(tasks['demo.Greet']!.broken).toMatchObject({ file: join(root, 'demo', 'Greet.ts'), line: 4, message: expect.stringContaining('`difficulty` must be one of L1, L2, L3, L4 (got "L9")') });
  });

  it('an edited helper changes the task importing it; a reload loads only what an edit touched', { timeout: 60_000 }, async () => {
    const root = taskRoot();
    const d = await Driver.start(root);
    const first = await d.list();
    expect(first.tasks['demo.Greet']!.goal).toBe('Say hello to Ada');

    writeFileSync(join(root, 'demo', '_helpers.ts'), helpers('Wave at'));
    const edited = await d.list();
    expect(edited.tasks['demo.Greet']!.goal).toBe('Wave at Ada');
    // The helper and the task importing it, not Other.
    expect(edited.loads - first.loads).toBe(2);

    // Reloads without an edit, or after a save that changed nothing, load nothing again.
    utimesSync(join(root, 'demo', 'Greet.ts'), new Date(), new Date(Date.now() + 10_000));
    for (let i = 0; i < 20; i++) await d.list();
    const idle = await d.list();
    expect(idle.loads).toBe(edited.loads);
    expect(idle.tasks['demo.Greet']!.goal).toBe('Wave at Ada');

    // An edit of the task file alone loads the task file alone.
    writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask().replace("'L1'", "'L3'"));
    const own = await d.list();
    expect(own.tasks['demo.Greet']).toMatchObject({ goal: 'Wave at Ada', difficulty: 'L3' });
    expect(own.loads - idle.loads).toBe(1);
  });

  it('a saved file reloads by itself, saying which tasks changed; once closed the process exits on its own', { timeout: 60_000 }, async () => {
    const root = taskRoot();
    const d = await Driver.start(root);
    await d.list();

    // A burst of saves (an editor writing the file several times) is one reload.
    for (const verb of ['Wave', 'Nod', 'Bow to']) writeFileSync(join(root, 'demo', '_helpers.ts'), helpers(verb));
    let m = await d.next('changed');
    expect(m.changed).toEqual(['demo.Greet']);
    expect(m.tasks!.find((t) => t.id === 'demo.Greet')!.goal).toBe('Bow to Ada');

    writeFileSync(join(root, 'demo', 'Greet.ts'), greetTask(''));
    m = await d.next('changed');
    expect(m.changed).toEqual(['demo.Greet']);
    expect(m.tasks!.find((t) => t.id === 'demo.Greet')!.broken).toMatchObject({ line: 7, column: 3 });

    // A new task file shows up as an added task.
    writeFileSync(join(root, 'demo', 'Third.ts'), `import { defineTask } from '${API}';\nexport default defineTask({ goal: 'Third', difficulty: 'L1', objective: 'action', apps: ['chat'], checkGoals: () => [], oracle: async () => {} });\n`);
    m = await d.next('changed');
    expect(m.changed).toEqual(['demo.Third']);

    d.child.send({ cmd: 'close' });
    // Nothing (a folder watch, a timer, the hooks' port) may keep the process alive.
    expect(await d.exited).toBe(0);
    expect(d.logs).toEqual([]);
  });
});
