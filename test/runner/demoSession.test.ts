/**
 * The bridge's side of recording: the phone's inputs reach the recording only while it records,
 * Save as oracle refuses to replace a task's own oracle without the author's choice, writes the
 * file inside the task root and reports verify's outcome per seed.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DemoView, InputCapture } from '../../bridge/protocol/demo.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { DemoSessions, readVerifyReport, type VerifyJob, type VerifyRun } from '../../bridge/runner/demoSession.ts';
import type { DeviceConnection } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { taskRoot, tinyTask } from '../helpers/taskRoot.ts';

async function setup(oracle: boolean) {
  const root = taskRoot({
    'demo/Pin.ts': tinyTask({ name: 'chatId', values: ['c_01', 'c_02'] }, { oracle }),
    // A task without an oracle of its own loads only with a recording.
    ...(oracle ? {} : { 'demo/Pin.demo.json': JSON.stringify({ format: 'phonegym.demo/1', task: 'demo.Pin', steps: [{ openApp: 'chat' }] }) }),
  });
  const task = (await loadRegistry({ root })).tasks[0]!;
  const views: DemoView[] = [];
  const jobs: VerifyJob[] = [];
  let finish: (r: Awaited<VerifyRun['result']>) => void = () => {};
  const sessions = new DemoSessions({
    root: () => root,
    broadcast: (v) => views.push(v),
    runVerify: (job, onStderr) => {
      jobs.push(job);
      onStderr('verifying 3 instances of 1 task, base seeds 1, 2, 3\n[1/3] ok   demo.Pin#i0 (seed 9)   3.10 s\n');
      return { result: new Promise((r) => (finish = r)), kill: () => {} };
    },
  });
  const listeners = new Set<(c: InputCapture) => void>();
  const device = { id: 'studio-1', on: (_event: string, cb: (c: InputCapture) => void) => (listeners.add(cb), () => listeners.delete(cb)) } as unknown as DeviceConnection;
  sessions.setUp(device, task, { chatId: 'c_02' }, 5);
  const input = (c: InputCapture) => listeners.forEach((l) => l(c));
  return { root, sessions, views, jobs, input, finish: (r: Awaited<VerifyRun['result']>) => finish(r) };
}

const row: UiNode = { index: 0, role: 'button', text: '周婷', key: 'chat.item.c_02', bounds: { x: 0, y: 100, w: 360, h: 72 }, depth: 0 };
const tapRow: InputCapture = { kind: 'tap', point: { x: 100, y: 130 }, tree: [row] };

const report = (failing: boolean) =>
  JSON.stringify({
    ok: !failing,
    instances: [1, 2, 3].map((s) => ({
      task_id: 'demo.Pin', instance: 0, seed: 100 + s, base_seed: s,
      checks: [
        { check: 'oracle', status: failing && s === 2 ? 'fail' : 'pass', ...(failing && s === 2 ? { reason: 'the oracle did not pass: goal not met: route.app (expected "chat", got "home")' } : {}) },
        { check: 'noop', status: 'pass' },
      ],
    })),
    load_errors: [],
  });

describe('recording on the bridge', () => {
  it('records only while recording; undo and clear edit the steps', async () => {
    const { sessions, views, input } = await setup(false);
    input(tapRow);
    expect(sessions.view('studio-1').steps).toEqual([]);
    sessions.op('studio-1', 'start');
    input(tapRow);
    expect(views.at(-1)).toMatchObject({ taskId: 'demo.Pin', recording: true, steps: [{ line: 'tap chat.item.{chatId}' }], file: 'demo/Pin.demo.json', oracle: 'demo' });
    sessions.op('studio-1', 'undo');
    expect(sessions.view('studio-1').steps).toEqual([]);
    sessions.op('studio-1', 'stop');
    input(tapRow);
    expect(sessions.view('studio-1')).toMatchObject({ recording: false, steps: [] });
    expect(() => sessions.op('studio-2', 'start')).toThrow(/no task is set up on this phone/);
  });

  it('saving over a task\'s own oracle needs the choice; the file lands in the root and verify reports per seed', async () => {
    const { root, sessions, views, jobs, input, finish } = await setup(true);
    sessions.op('studio-1', 'start');
    expect(() => sessions.save('studio-1', false)).toThrow(/nothing is recorded yet/);
    input(tapRow);
    expect(() => sessions.save('studio-1', false)).toThrow(expect.objectContaining({ code: 'oracle_exists', message: expect.stringMatching(/demo\.Pin has its own oracle\(ui, p\)/) }));
    const saved = sessions.save('studio-1', true);
    expect(saved).toMatchObject({ recording: false, oracle: 'demo-replacing', saved: { file: 'demo/Pin.demo.json', steps: 1 }, verify: { state: 'running', seeds: [1, 2, 3] } });
    expect(JSON.parse(readFileSync(join(root, 'demo/Pin.demo.json'), 'utf8'))).toMatchObject({ task: 'demo.Pin', replacesOracle: true, recorded: { seed: 5, params: { chatId: 'c_02' } }, steps: [{ tap: 'chat.item.{chatId}' }] });
    expect(jobs).toEqual([{ taskId: 'demo.Pin', root: resolve(root), seeds: [1, 2, 3] }]);
    expect(views.at(-1)!.verify!.progress).toBe('1 of 3 instances verified');
    finish({ code: 1, signal: null, stdout: report(true), stderr: '' });
    await new Promise((r) => setImmediate(r));
    expect(views.at(-1)!.verify).toEqual({
      state: 'done',
      seeds: [1, 2, 3],
      results: [
        { seed: 1, passed: true, reasons: [] },
        { seed: 2, passed: false, reasons: ['oracle: the oracle did not pass: goal not met: route.app (expected "chat", got "home")'] },
        { seed: 3, passed: true, reasons: [] },
      ],
    });
    // Saved once, the recording is the oracle: saving again needs no choice.
    expect(() => sessions.save('studio-1', false)).not.toThrow();
  });

  it('verify refusing the task is shown with its message', async () => {
    const { sessions, views, input, finish } = await setup(false);
    sessions.op('studio-1', 'start');
    input(tapRow);
    sessions.save('studio-1', false);
    finish({ code: 2, signal: null, stdout: '', stderr: 'error: unknown task id "demo.Pin" Its file demo/Pin.ts failed to load: …\n' });
    await new Promise((r) => setImmediate(r));
    expect(views.at(-1)!.verify).toMatchObject({ state: 'error', error: expect.stringMatching(/phonegym verify refused \(exit 2\): error: unknown task id "demo\.Pin"/) });
  });

  it('reads verify\'s report: a seed with no instance is not verified', () => {
    expect(readVerifyReport(report(false), [1, 4]).results).toEqual([
      { seed: 1, passed: true, reasons: [] },
      { seed: 4, passed: false, reasons: ['not verified'] },
    ]);
    expect(() => readVerifyReport('{}', [1])).toThrow(/no "instances"/);
  });
});
