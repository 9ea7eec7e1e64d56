/**
 * The episode lifecycle on a real phone with scripted agents: every way an episode can end
 * (complete, answer, budget, loop detection, format error, a crashed page, a throwing judge),
 * teardown always, evaluation only when the loop did not raise.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OracleAgent } from '../../bridge/agents/oracle.ts';
import type { Agent, AgentReply } from '../../bridge/agents/types.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { WEB_DIST } from '../../bridge/paths.ts';
import { runEpisode, type EpisodeSpec } from '../../bridge/runner/episode.ts';
import { TrajectoryRecorder } from '../../bridge/runner/recorder.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { loadRegistry, type LoadedTask } from '../../bridge/tasks/registry.ts';

let bridge: BridgeServer;
test.beforeAll(async () => {
  bridge = await BridgeServer.start({ staticDir: WEB_DIST });
});
test.afterAll(async () => {
  await bridge.close();
});

class Scripted implements Agent {
  readonly name = 'scripted';
  private i = 0;
  constructor(private replies: (AgentReply | (() => Promise<AgentReply>))[]) {}
  async act(): Promise<AgentReply> {
    const r = this.replies[Math.min(this.i++, this.replies.length - 1)];
    return typeof r === 'function' ? r() : r;
  }
}

const teardowns: string[] = [];
function fixtureTask(name: string, over: Partial<Parameters<typeof defineTask>[0]> = {}): LoadedTask {
  const def = defineTask({
    goal: 'pin the first chat',
    difficulty: 'L1',
    objective: 'action',
    apps: ['chat'],
    startApp: 'chat',
    checkGoals: (input) => [criteria.equals('first chat pinned', (input.final.apps.chat as { chats: { pinned: boolean }[] }).chats[0].pinned, true)],
    teardown: () => void teardowns.push(name),
    oracle: async () => {},
    ...over,
  });
  return { id: `fixture.${name}`, suite: 'fixture', name, file: 'test/e2e/episode.spec.ts', def };
}

function spec(task: LoadedTask, over: Partial<EpisodeSpec> = {}): EpisodeSpec {
  return { task, instance: 0, trial: 0, seed: 42, maxSteps: 10, loopDetect: 0, evalMode: 'grounded', agentName: 'scripted', ...over };
}

async function episode(browser: import('@playwright/test').Browser, task: LoadedTask, agent: Agent, over: Partial<EpisodeSpec> = {}) {
  const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: `t${Math.random().toString(16).slice(2, 8)}` });
  const env = await pool.acquire();
  const dir = mkdtempSync(join(tmpdir(), 'phonegym-episode-'));
  const recorder = new TrajectoryRecorder(dir, 'trajectory/x', task.id);
  try {
    const out = await runEpisode(env, agent, spec(task, over), recorder);
    const trajectory = JSON.parse(readFileSync(join(recorder.dir, 'trajectory.json'), 'utf8'));
    return { ...out, trajectory, env };
  } finally {
    await pool.close();
  }
}

test('loop detection ends the episode after N identical actions', async ({ browser }) => {
  const { row } = await episode(browser, fixtureTask('Loop'), new Scripted([{ action: { type: 'tap', x: 5, y: 400 } }]), { loopDetect: 3 });
  expect(row.stop_reason).toBe('loop_detected');
  expect(row.steps).toBe(3);
  expect(row.status).toBe('completed');
  expect(row.judge).not.toBeNull();
  expect(row.success).toBe(false);
});

test('a malformed reply ends the episode as a format error and keeps the raw reply', async ({ browser }) => {
  const { row, trajectory } = await episode(browser, fixtureTask('Format'), new Scripted([{ action: { type: 'wait', ms: 100 } }, { formatError: 'no action found', raw: 'I think I should click somewhere' }]));
  expect(row.stop_reason).toBe('format_error');
  expect(row.steps).toBe(2);
  expect(trajectory.format_error).toEqual({ step: 2, error: 'no action found', raw: 'I think I should click somewhere' });
});

test('the step budget ends the episode; reaching the goal without completing is overdue', async ({ browser }) => {
  const registry = await loadRegistry();
  const pin = registry.tasks.find((t) => t.id === 'chat.PinChat')!;
  // The oracle, except that it never says it is done: it keeps waiting.
  const oracle = new OracleAgent();
  const lazy: Agent = {
    name: 'lazy-oracle',
    start: (ep) => oracle.start(),
    act: async (obs, ep) => {
      const r = await oracle.act(obs, ep);
      return 'action' in r && r.action.type === 'complete' ? { action: { type: 'wait', ms: 1000 } } : r;
    },
    end: () => oracle.end(),
  };
  const { row } = await episode(browser, pin, lazy, { maxSteps: 15, seed: 7 });
  expect(row.stop_reason).toBe('max_steps');
  expect(row.steps).toBe(15);
  expect(row.goal_success).toBe(true);
  expect(row.overdue_termination).toBe(true);
  expect(row.success).toBe(false);
});

test('a crashed page is a run error: no judging, teardown still runs', async ({ browser }) => {
  let envRef: { page: { close(): Promise<void> } } | null = null;
  const task = fixtureTask('Crash');
  const agent = new Scripted([{ action: { type: 'wait', ms: 10 } }, async () => { await envRef!.page.close(); return { action: { type: 'tap', x: 100, y: 100 } }; }]);
  const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'crash' });
  const env = await pool.acquire();
  envRef = env;
  const recorder = new TrajectoryRecorder(mkdtempSync(join(tmpdir(), 'phonegym-crash-')), 'trajectory/x', task.id);
  const { row } = await runEpisode(env, agent, spec(task), recorder);
  await pool.close();
  expect(row.status).toBe('run_error');
  expect(row.stop_reason).toBe('error');
  expect(row.error).toBeTruthy();
  expect(row.error_code).toBeTruthy();
  expect(row.judge).toBeNull();
  expect(teardowns).toContain('Crash');
});

test('a goal check that throws is an evaluation error, not a task failure', async ({ browser }) => {
  const task = fixtureTask('BadJudge', { checkGoals: () => { throw new Error('typo in the task'); } });
  const { row } = await episode(browser, task, new Scripted([{ action: { type: 'complete' } }]));
  expect(row.status).toBe('eval_error');
  expect(row.error).toContain('typo in the task');
  expect(row.judge).toBeNull();
  expect(teardowns).toContain('BadJudge');
});

test('answer and abort end the episode with their stop reasons', async ({ browser }) => {
  const a = await episode(browser, fixtureTask('Answer'), new Scripted([{ action: { type: 'answer', text: '42' } }]));
  expect(a.row.stop_reason).toBe('answer');
  expect(a.row.answer).toBe('42');
  const b = await episode(browser, fixtureTask('Abort'), new Scripted([{ action: { type: 'abort', reason: 'cannot be done' } }]));
  expect(b.row.stop_reason).toBe('abort');
  expect(b.row.false_complete).toBe(false);
});

test('a long press happens in virtual time: the long_press action opens the menu, a slow tap on a loaded machine does not', async ({ browser }) => {
  const { createInitialState } = await import('../../simulator-apps/seed.ts');
  const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'hold' });
  const env = await pool.acquire();
  try {
    const state = JSON.stringify(createInitialState(3));
    await env.reset(state);
    await env.openApp('chat');
    const first = (await env.observe()).tree.find((n) => n.key?.startsWith('chat.item.'))!;
    const at = { x: first.bounds.x + first.bounds.w / 2, y: first.bounds.y + first.bounds.h / 2 };
    const held = await env.step({ type: 'long_press', ...at });
    expect(held.observation.tree.some((n) => n.key === 'chat.menu.pin')).toBe(true);

    // The same finger down for 900 ms of wall-clock time (a busy machine) is still a tap.
    await env.reset(state);
    await env.openApp('chat');
    await env.observe();
    await env.page.mouse.move(at.x, at.y);
    await env.page.mouse.down();
    await env.page.waitForTimeout(900);
    await env.page.mouse.up();
    const after = await env.observe();
    expect(after.tree.some((n) => n.key === 'chat.menu.pin')).toBe(false);
    expect(after.route.path).not.toBe('/chats');
  } finally {
    await pool.close();
  }
});
