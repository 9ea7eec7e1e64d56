/**
 * The remote agent in a session template (several goals on one phone): the hub gives the next
 * goal in the same protocol episode, and the Python client hands it to the agent's next_goal().
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../bridge/agents/registry.ts';
import { agentHubOf } from '../../bridge/agents/remoteHub.ts';
import type { AgentObservation, EpisodeContext } from '../../bridge/agents/types.ts';
import { answer, next, obs, PY_DIR, remoteBridge, spawnPython, start, timing } from './remoteHelpers.ts';

const bridge = remoteBridge();

describe('agent hub: a session', () => {
  it("gives a session's next goal in the same episode: a next_goal turn, then act turns with the new goal", async () => {
    const { server } = await bridge();
    const ep = agentHubOf(server).openEpisode({ ...start('chat.PickupCodeSession'), goal: 'read the code', session: { episode: 1, episodes: 2 } }, timing());
    expect((await next(server, 'a')).body).toMatchObject({ type: 'start', goal: 'read the code', session: { episode: 1, episodes: 2 } });
    await ep.started;
    const first = ep.act(obs(0));
    expect((await next(server, 'a')).body).toMatchObject({ type: 'act', step: 0, goal: 'read the code', session: { episode: 1, episodes: 2 } });
    await answer(server, { episode: ep.id, step: 0, action: { type: 'complete' } });
    await first;
    ep.nextGoal('send the code to 妈妈', { episode: 2, episodes: 2 });
    const said = await next(server, 'a');
    expect(said.body).toEqual({ type: 'next_goal', episode: ep.id, step: 1, task_id: 'chat.PickupCodeSession', goal: 'send the code to 妈妈', max_steps: 10, coords: { space: 'pixels', width: 360, height: 800 }, viewport: { width: 360, height: 800 }, session: { episode: 2, episodes: 2 } });
    const second = ep.act(obs(1));
    expect((await next(server, 'a')).body).toMatchObject({ type: 'act', episode: ep.id, step: 1, goal: 'send the code to 妈妈', session: { episode: 2, episodes: 2 } });
    await answer(server, { episode: ep.id, step: 1, action: { type: 'complete' } });
    await second;
    ep.end();
    expect((await next(server, 'a')).body).toEqual({ type: 'end', episode: ep.id, task_id: 'chat.PickupCodeSession', steps: 2, reason: 'terminal_action' });
  });

});

describe('a Python agent in a session', () => {
  it('is told each goal: start(), then next_goal() with the new goal, the act turns carrying it', async () => {
    const { server } = await bridge();
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-remote-session-'));
    const script = join(dir, 'session_agent.py');
    writeFileSync(
      script,
      [
        'import sys',
        `sys.path.insert(0, ${JSON.stringify(PY_DIR)})`,
        'from phonegym_remote import PhonegymClient, main_args',
        'class Agent:',
        '    def start(self, turn): print("start", turn["goal"], turn["session"]["episode"], file=sys.stderr, flush=True)',
        '    def next_goal(self, turn): print("next_goal", turn["goal"], turn["session"]["episode"], turn["step"], file=sys.stderr, flush=True)',
        '    def act(self, turn):',
        '        print("act", turn["goal"], turn["step"], file=sys.stderr, flush=True)',
        '        return {"type": "complete"}',
        'args = main_args()',
        'PhonegymClient(args.url, args.token, log=lambda line: None).run(Agent())',
      ].join('\n'),
    );
    const child = spawnPython([script, '--url', server.url, '--token', server.token]);
    try {
      const agent = createAgent('remote', { bridge: server, log: () => {} });
      const ctx = { task: { id: 'chat.PickupCodeSession' }, goal: 'read the code', params: {}, seed: 1, maxSteps: 5, evalMode: 'grounded', session: { episode: 1, episodes: 2 } } as unknown as EpisodeContext;
      const seen = { step: 0, route: { app: 'chat', path: '/chats' }, tree: [], screenshot: Buffer.from('x'), state: null, stateJson: null, revision: 0 } as unknown as AgentObservation;
      await agent.start!(ctx);
      expect(await agent.act({ ...seen, step: 0 }, ctx)).toEqual({ action: { type: 'complete' } });
      const later = { ...ctx, goal: 'send the code to 妈妈', session: { episode: 2, episodes: 2 } } as EpisodeContext;
      await agent.nextGoal!(later);
      expect(await agent.act({ ...seen, step: 1 }, later)).toEqual({ action: { type: 'complete' } });
      await agent.end!(later);
      await agentHubOf(server).close();
      const { code, stderr } = await child.exit;
      expect(code).toBe(0);
      expect(stderr.split('\n').filter((l) => /^(start|next_goal|act) /.test(l))).toEqual(['start read the code 1', 'act read the code 0', 'next_goal send the code to 妈妈 2 1', 'act send the code to 妈妈 1']);
    } finally {
      child.kill();
    }
  });
});

