/**
 * Session templates under persistent isolation (bridge/tasks/session.ts, the runner's
 * playLaterEpisodes): a fixture session of two episodes on a real phone. The second episode starts
 * from the phone the first left, with `between`'s edit and nothing else; the agent is started once
 * and gets the second goal in the same life (nextGoal); each episode is judged from its own start,
 * and the one row lists both. The preflight refuses session templates under per_task, saying what
 * to write in phonegym.toml.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OracleAgent } from '../../bridge/agents/oracle.ts';
import type { Agent, AgentObservation, AgentReply, EpisodeContext } from '../../bridge/agents/types.ts';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { launchChromium } from '../../bridge/env/browser.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { requireState } from '../../bridge/env/types.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { runEpisode, type EpisodeSpec } from '../../bridge/runner/episode.ts';
import { preflight } from '../../bridge/runner/preflight.ts';
import { fileHash } from '../../bridge/runner/meta.ts';
import { checkShare } from '../../bridge/leaderboard/rejudge.ts';
import { TrajectoryRecorder } from '../../bridge/runner/recorder.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { validateDefinition, type LoadedTask } from '../../bridge/tasks/registry.ts';
import { isTerminalAction } from '../../bridge/protocol/actions.ts';
import { chatOf, openChatSettings, setSwitch } from '../../tasks/chat/_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
}

/** What `between` was handed (the phone as episode 1 left it), before its edit. */
let handedToBetween: PhoneState | null = null;
const MARK = '隔了一晚';

const def = defineTask<P>({
  goal: 'pin the first chat',
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['session'],
  params: { chatId: { sampler: (state) => chatOf(state).chats[0]!.id } },
  postSample({ state, p }) {
    const chat = chatOf(state).chats.find((c) => c.id === p.chatId)!;
    Object.assign(chat, { pinned: false, muted: false, draft: '' });
  },
  criteria: (p) => ({ [`apps.chat.chats[${p.chatId}].pinned`]: true }),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await setSwitch(ui, 'chat.settings.pin', true);
  },
  nextEpisodes: [
    {
      goal: 'mute the first chat',
      objective: 'action',
      startApp: 'chat',
      between({ state, p }) {
        handedToBetween = JSON.parse(JSON.stringify(state)) as PhoneState;
        chatOf(state).chats.find((c) => c.id === p.chatId)!.draft = MARK;
      },
      // Still pinned from episode 1 (its start is episode 1's end), and now muted.
      checkGoals: (input, p) => {
        const chat = (s: PhoneState) => chatOf(s).chats.find((c) => c.id === p.chatId)!;
        return [criteria.equals('muted', chat(input.final).muted, true), criteria.equals('pinned from the episode before', chat(input.init).pinned, true)];
      },
      expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`, `apps.chat.chats[${p.chatId}].muted`],
      async oracle(ui, p) {
        await openChatSettings(ui, p.chatId);
        await setSwitch(ui, 'chat.settings.mute', true);
      },
    },
  ],
});
const task: LoadedTask = { id: 'fixture.PinThenMute', suite: 'fixture', name: 'PinThenMute', file: 'test/runner/session.test.ts', def };

/** The oracle, watched: how often it is started and handed a new goal, and the phone at each episode's first and last look. */
class Watched implements Agent {
  readonly name = 'oracle';
  readonly observes = { screenshot: false, tree: true };
  readonly calls: string[] = [];
  readonly firstLook: PhoneState[] = [];
  readonly lastLook: PhoneState[] = [];
  private fresh = true;
  private inner = new OracleAgent();
  start(ep: EpisodeContext) {
    this.calls.push(`start: ${ep.goal}`);
    this.fresh = true;
    this.inner.start();
  }
  nextGoal(ep: EpisodeContext) {
    this.calls.push(`nextGoal: ${ep.goal} (episode ${ep.session?.episode} of ${ep.session?.episodes})`);
    this.fresh = true;
    this.inner.nextGoal();
  }
  async act(obs: AgentObservation, ep: EpisodeContext): Promise<AgentReply> {
    if (this.fresh) this.firstLook.push(requireState(obs, 'test').state);
    this.fresh = false;
    const reply = await this.inner.act(obs, ep);
    if ('action' in reply && isTerminalAction(reply.action)) this.lastLook.push(requireState(obs, 'test').state);
    return reply;
  }
  end() {
    this.calls.push('end');
    this.inner.end();
  }
}

let bridge: BridgeServer;
beforeAll(async () => {
  const web = await ensureWebBuild();
  bridge = await BridgeServer.start({ staticDir: web.dir });
}, 240_000);
afterAll(async () => {
  await bridge?.close();
});

describe('a session under persistent isolation', () => {
  it('is a valid definition; a session without its tag, or with one episode too many, is not', () => {
    expect(validateDefinition(def, 'PinThenMute')).toEqual([]);
    expect(validateDefinition({ ...def, tags: [] }, 'PinThenMute')).toEqual(['a session template carries the tag "session" (add it to `tags`)']);
    const later = def.nextEpisodes![0]!;
    expect(validateDefinition({ ...def, nextEpisodes: [later, later, later, later] }, 'PinThenMute')[0]).toMatch(/`nextEpisodes` must list 1 to 3 later episodes/);
    expect(validateDefinition({ ...def, nextEpisodes: [{ ...later, oracle: undefined }] }, 'PinThenMute')).toEqual(['episode 2: `oracle(ui, p)` is missing: every task proves itself with a UI-only solution']);
  });

  it('plays every episode on one phone with one agent: episode 2 starts where episode 1 ended, after between', async () => {
    const browser = await launchChromium();
    const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'session' });
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-session-'));
    try {
      const env = await pool.acquire();
      const agent = new Watched();
      const spec: EpisodeSpec = { task, instance: 0, trial: 0, seed: 7, maxSteps: 15, loopDetect: 0, evalMode: 'grounded', agentName: 'oracle', hashes: { app_build: 'test', task_file: fileHash(task.file) } };
      const recorder = new TrajectoryRecorder(dir, 'trajectory/session', task.id, false);
      const goals: unknown[] = [];
      const { row, verdict } = await runEpisode(env, agent, spec, recorder, { onNextGoal: (g) => goals.push(g) });

      // One agent life: started once, the second goal handed over, ended once.
      expect(agent.calls).toEqual(['start: pin the first chat', 'nextGoal: mute the first chat (episode 2 of 2)', 'end']);
      // between got the phone exactly as episode 1 left it; episode 2 began on that phone plus between's edit.
      const chatId = row.params.chatId as string;
      expect(handedToBetween).toEqual(agent.lastLook[0]);
      const expectedStart = structuredClone(agent.lastLook[0]!);
      chatOf(expectedStart).chats.find((c) => c.id === chatId)!.draft = MARK;
      expect(agent.firstLook[1]).toEqual(expectedStart);
      expect(chatOf(agent.firstLook[1]!).chats.find((c) => c.id === chatId)!.pinned).toBe(true);

      // One row: both episodes passed, each judged from its own start (the draft between wrote is no change of episode 2's).
      expect(verdict!.unexpectedChanges).toEqual([]);
      expect(row).toMatchObject({ status: 'completed', passed: true, success: true, clean: true, progress: 1, max_steps: 30 });
      expect(row.goal).toBe('(1) pin the first chat\n(2) mute the first chat');
      expect(row.episodes!.map((e) => [e.episode, e.goal, e.passed, e.stop_reason])).toEqual([
        [1, 'pin the first chat', true, 'complete'],
        [2, 'mute the first chat', true, 'complete'],
      ]);
      const [one, two] = row.episodes!;
      expect(two!.first_step).toBe(one!.first_step + one!.steps);
      // The studio is told of the second goal before its first step.
      expect(goals).toEqual([{ episode: 2, episodes: 2, goal: 'mute the first chat', firstStep: two!.first_step }]);
      expect(one!.steps + two!.steps).toBe(row.steps);
      const doc = JSON.parse(readFileSync(join(recorder.dir, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
      expect(doc.episodes!.map((e) => [e.episode, e.first_step])).toEqual([[1, 1], [2, two!.first_step]]);
      // initial_state.json is the session's start: the first chat not pinned.
      const initial = JSON.parse(readFileSync(join(recorder.dir, 'initial_state.json'), 'utf8')) as PhoneState;
      expect(chatOf(initial).chats.find((c) => c.id === chatId)!.pinned).toBe(false);

      // The leaderboard's re-judge judges each episode again between its saved states, and notices a forged one.
      const registry = { tasks: [task], errors: [], suites: ['fixture'], root: '' };
      const rejudge = () => checkShare({ dir, rows: [row], evalMode: 'grounded', judgeMode: 'state' }, registry);
      expect(rejudge()).toEqual([{ key: 'fixture.PinThenMute#0#0', ok: true }]);
      copyFileSync(join(recorder.dir, 'initial_state.json'), join(recorder.dir, 'episode_1_final_state.json'));
      expect(rejudge()[0]!.reason).toBe('episode 1: passed false here, true in the row; passed: false here, true in the row; success: false here, true in the row');
      pool.release(env);
    } finally {
      await pool.close();
      await browser.close();
    }
  }, 120_000);

  it('ends at its first failed episode: an agent that stops at once fails episode 1, and episode 2 never starts', async () => {
    const browser = await launchChromium();
    const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'session-fail' });
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-session-'));
    try {
      const env = await pool.acquire();
      const calls: string[] = [];
      const quitter: Agent = { name: 'quitter', start: () => void calls.push('start'), nextGoal: () => void calls.push('nextGoal'), act: async () => ({ action: { type: 'complete' } }) };
      const spec: EpisodeSpec = { task, instance: 0, trial: 0, seed: 7, maxSteps: 15, loopDetect: 0, evalMode: 'grounded', agentName: 'quitter' };
      const { row } = await runEpisode(env, quitter, spec, new TrajectoryRecorder(dir, 'trajectory/quit', task.id, false));
      expect(calls).toEqual(['start']);
      expect(row).toMatchObject({ status: 'completed', passed: false, success: false, false_complete: true, progress: 0 });
      expect(row.episodes!.map((e) => [e.episode, e.passed])).toEqual([[1, false]]);
      pool.release(env);
    } finally {
      await pool.close();
      await browser.close();
    }
  }, 120_000);
});

describe('the preflight', () => {
  const config = { ...DEFAULT_CONFIG, judgeMode: 'state' as const };
  it('runs a session template under persistent isolation', () => {
    expect(preflight(task, config, { state: true }, 'persistent')).toBeNull();
  });
  it('rejects it under per_task, saying what to write in phonegym.toml; other tasks run', () => {
    const r = preflight(task, config, { state: true }, 'per_task');
    expect(r?.code).toBe('session_isolation');
    expect(r?.reason).toContain('needs isolation "persistent", and the manifest says "per_task": write isolation = "persistent" under [env] in phonegym.toml');
    const { nextEpisodes: _later, tags: _tags, ...single } = def;
    expect(preflight({ ...task, def: single }, config, { state: true }, 'per_task')).toBeNull();
  });
  it('rejects it on phones without a state tree', () => {
    expect(preflight(task, { ...config, judgeMode: 'auto' }, { state: false }, 'persistent')?.code).toBe('no_state');
  });
});
