/**
 * A process that loads a task root as `phonegym` does (tsx registered, Node's own module loader)
 * and answers a test over IPC (test/tasks/hotReload.test.ts). Under vitest, imports go through
 * its module runner, which Node's module hooks never see, so the reloader is tested here, where
 * it runs. Started with `node --import tsx taskReloadDriver.ts ROOT`.
 *
 *   test → driver   { cmd: 'list' } | { cmd: 'refusal', id } | { cmd: 'close' }
 *   driver → test   { type: 'list', tasks, loads } | { type: 'refusal', text }
 *                   | { type: 'changed', tasks, changed, loads } (a saved file reloaded by itself)
 *                   | { type: 'log', line }
 * After `close` the driver drops its IPC channel; nothing else may keep it alive.
 */
import { taskInfo } from '../../bridge/runner/studioSession.ts';
import { StudioTaskList } from '../../bridge/runner/studioTasks.ts';
import { taskModules } from '../../bridge/tasks/taskModules.ts';

const send = (m: object) => process.send!(m);
const list = new StudioTaskList({
  root: process.argv[2]!,
  describe: taskInfo,
  onChange: (tasks, changed) => send({ type: 'changed', tasks, changed, loads: taskModules.loads }),
  log: (line) => send({ type: 'log', line }),
  debounceMs: 50,
});

process.on('message', (m: { cmd: string; id?: string }) => {
  if (m.cmd === 'list') void list.list().then((tasks) => send({ type: 'list', tasks, loads: taskModules.loads }));
  else if (m.cmd === 'refusal') send({ type: 'refusal', text: list.refusal(m.id!) ?? null });
  else if (m.cmd === 'close') {
    list.close();
    process.disconnect();
  }
});
send({ type: 'ready' });
