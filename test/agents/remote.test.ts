/**
 * The remote agent: the hub's HTTP protocol over real sockets (no browser), then whole runs whose
 * agent is the Python example client in another process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../bridge/agents/registry.ts';
import type { EpisodeContext } from '../../bridge/agents/types.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import type { EnvironmentEvent } from '../../bridge/protocol/messages.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { parseAction, RemoteAgentError } from '../../bridge/protocol/remoteAgent.ts';
import { agentHubOf } from '../../bridge/agents/remoteHub.ts';
import type { EpisodeTiming } from '../../bridge/agents/remoteEpisode.ts';
import type { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { answer, call, next, obs, PY_DIR, remoteBridge, spawnPython, start, timing, type Child } from './remoteHelpers.ts';

const bridge = remoteBridge();

/** Opens an episode whose start turn and step 0 client "a" has taken; `acting` is the bridge side's wait for the answer. */
async function stepHandedOut(server: BridgeServer, t: EpisodeTiming = timing()) {
  const ep = agentHubOf(server).openEpisode(start(), t);
  await next(server, 'a');
  const acting = ep.act(obs(0));
  acting.catch(() => {}); // the tests that expect a rejection await it themselves
  await next(server, 'a');
  return { ep, acting };
}

describe('agent hub: access and errors', () => {
  it('refuses a missing or wrong token with 401 and says which token to send', async () => {
    const { server } = await bridge();
    for (const token of [null, 'not-the-token']) {
      const r = await call(server, 'GET', '/agent/v1/hello', undefined, { token });
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: 'unauthorized' });
      expect(r.body.error.message).toMatch(/token .*phonegym run --agent remote/);
    }
    const header = await call(server, 'GET', '/agent/v1/hello');
    expect(header).toMatchObject({ status: 200, body: { protocol: 1, running_episodes: 0 } });
    const query = await call(server, 'GET', '/agent/v1/hello', undefined, { query: true });
    expect(query.status).toBe(200);
    // A poll is refused the same way: no turn leaves without the token.
    expect((await call(server, 'POST', '/agent/v1/next', { wait_s: 0 }, { token: null })).status).toBe(401);
    // A web page elsewhere may not drive the phone even with the token.
    const page = await fetch(`${server.url}/agent/v1/hello`, { headers: { Authorization: `Bearer ${server.token}`, Origin: 'http://evil.example' } });
    expect(page.status).toBe(403);
  });

  it('names unknown endpoints, wrong methods, other protocol versions and bad bodies', async () => {
    const { server } = await bridge();
    const unknown = await call(server, 'GET', '/agent/v1/turns');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('POST /agent/v1/next');
    expect((await call(server, 'GET', '/agent/v2/next')).body.error.code).toBe('protocol_mismatch');
    const get = await call(server, 'GET', '/agent/v1/next');
    expect(get).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } });
    const notJson = await call(server, 'POST', '/agent/v1/act', '{"episode": ');
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'bad_json' } } });
    const typo = await answer(server, { episode: 'e1', step: 0, acton: { type: 'complete' } });
    expect(typo).toMatchObject({ status: 400, body: { error: { field: 'acton' } } });
    expect(typo.body.error.message).toContain('did you mean action');
    const two = await answer(server, { episode: 'e1', step: 0, action: { type: 'complete' }, error: 'boom' });
    expect(two.body.error.message).toMatch(/exactly one of/);
    const badWait = await call(server, 'POST', '/agent/v1/next', { wait_s: 600 });
    expect(badWait).toMatchObject({ status: 400, body: { error: { field: 'wait_s' } } });
  });

  it('an empty poll ends with 204 after wait_s', async () => {
    const { server } = await bridge();
    const r = await call(server, 'POST', '/agent/v1/next', { client: 'a', wait_s: 0 });
    expect(r).toEqual({ status: 204, body: null });
  });
});

describe('agent hub: turns', () => {
  it('hands start and act turns out, takes the action, and tells the client how the episode ended', async () => {
    const { server } = await bridge();
    const ep = agentHubOf(server).openEpisode(start(), timing());
    const s = await next(server, 'a');
    expect(s).toMatchObject({ status: 200, body: { type: 'start', episode: ep.id, task_id: 'chat.PinChat', max_steps: 10, coords: { space: 'pixels', width: 360, height: 800 } } });
    await ep.started;
    const acting = ep.act(obs(0));
    const a = await next(server, 'a');
    expect(a.body).toMatchObject({ type: 'act', episode: ep.id, step: 0, goal: 'goal of chat.PinChat', route: { app: 'chat', path: '/chats' }, screenshot: 'AAAA', feedback: [], events: [] });
    const ok = await answer(server, { episode: ep.id, step: 0, action: { type: 'tap', x: 10, y: 20 }, thought: 'the row' });
    expect(ok).toEqual({ status: 200, body: { ok: true } });
    await expect(acting).resolves.toEqual({ action: { type: 'tap', x: 10, y: 20 }, thought: 'the row' });
    // The contact answered after that tap: the next turn says so.
    const incoming: EnvironmentEvent = { kind: 'chat.incoming', chatId: 'c_03', from: 'u_07', text: '好的' };
    const done = ep.act(obs(1, [incoming]));
    expect((await next(server, 'a')).body).toMatchObject({ type: 'act', step: 1, events: [incoming] });
    await answer(server, { episode: ep.id, step: 1, action: { type: 'complete' } });
    await expect(done).resolves.toEqual({ action: { type: 'complete' } });
    ep.end();
    const end = await next(server, 'a');
    expect(end.body).toEqual({ type: 'end', episode: ep.id, task_id: 'chat.PinChat', steps: 2, reason: 'terminal_action' });
    // A late answer is told the episode is over.
    const late = await answer(server, { episode: ep.id, step: 2, action: { type: 'complete' } });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'episode_ended' } } });
  });

  it('answers an invalid action with 400 naming the field, and fails the episode with the same words', async () => {
    const { server } = await bridge();
    const { ep, acting } = await stepHandedOut(server);
    const r = await answer(server, { episode: ep.id, step: 0, action: { type: 'tap', x: '180', y: 400 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_action', field: 'action.x' });
    expect(r.body.error.message).toContain('action.x must be a finite number, got "180"');
    const err = await acting.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteAgentError);
    expect(err).toMatchObject({ code: 'remote_invalid_action' });
    expect((err as Error).message).toContain('action.x must be a finite number');
  });

  it('gives two waiting pollers two different turns', async () => {
    const { server } = await bridge();
    const polls = [next(server, 'a'), next(server, 'b')];
    // Both polls must be waiting before the turns exist.
    await expect.poll(() => call(server, 'GET', '/agent/v1/hello').then((r) => r.body.waiting_polls)).toBe(2);
    const e1 = agentHubOf(server).openEpisode(start('chat.PinChat'), timing());
    const e2 = agentHubOf(server).openEpisode(start('chat.MuteChat'), timing());
    const got = await Promise.all(polls);
    expect(got.map((r) => r.status)).toEqual([200, 200]);
    expect(got.map((r) => r.body.episode).sort()).toEqual([e1.id, e2.id].sort());
    await Promise.all([e1.started, e2.started]);
  });

  it('keeps an episode with the client that took its start turn', async () => {
    const { server } = await bridge();
    const ep = agentHubOf(server).openEpisode(start(), timing());
    expect((await next(server, 'a')).body.type).toBe('start');
    const acting = ep.act(obs(0));
    // Another client finds nothing for it; the owner gets the act turn.
    expect((await next(server, 'b', 0)).status).toBe(204);
    const a = await next(server, 'a', 0);
    expect(a.body).toMatchObject({ type: 'act', episode: ep.id, step: 0 });
    await answer(server, { episode: ep.id, step: 0, action: { type: 'key', key: 'back' } });
    await expect(acting).resolves.toEqual({ action: { type: 'key', key: 'back' } });
  });

  it('says what is wrong with answers to the wrong episode or step', async () => {
    const { server } = await bridge();
    const ep = agentHubOf(server).openEpisode(start(), timing());
    await next(server, 'a');
    const acting = ep.act(obs(3));
    // Not handed out yet: nobody may answer it.
    expect((await answer(server, { episode: ep.id, step: 3, action: { type: 'complete' } })).body.error.code).toBe('no_turn');
    await next(server, 'a');
    const unknown = await answer(server, { episode: 'e99', step: 3, action: { type: 'complete' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'unknown_episode' } } });
    expect(unknown.body.error.message).toContain(`running: ${ep.id}`);
    const wrong = await answer(server, { episode: ep.id, step: 2, action: { type: 'complete' } });
    expect(wrong).toMatchObject({ status: 409, body: { error: { code: 'wrong_step', field: 'step' } } });
    expect(wrong.body.error.message).toContain('step 3, not 2');
    // The turn is still open for the right answer.
    await answer(server, { episode: ep.id, step: 3, format_error: 'no JSON in the reply', raw: 'I think I should tap' });
    await expect(acting).resolves.toEqual({ formatError: 'no JSON in the reply', raw: 'I think I should tap' });
  });

  it("an agent's reported error fails the episode as the agent's error", async () => {
    const { server } = await bridge();
    const { ep, acting } = await stepHandedOut(server);
    await answer(server, { episode: ep.id, step: 0, error: 'ZeroDivisionError: division by zero\nTraceback ...' });
    await expect(acting).rejects.toMatchObject({ code: 'remote_agent_error', message: expect.stringContaining('ZeroDivisionError: division by zero') });
    ep.end();
    expect((await next(server, 'a', 0)).body).toMatchObject({ type: 'end', reason: 'agent_error', steps: 0 });
  });

  it('fails an episode no client comes to with how to start one, and later episodes at once', async () => {
    const { server } = await bridge();
    const ep = agentHubOf(server).openEpisode(start(), timing({ connectTimeoutMs: 50, howToConnect: 'Start: python3 example_agent.py --url U --token <token>' }));
    const err = await ep.started.catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'remote_agent_absent' });
    expect((err as Error).message).toMatch(/no remote agent connected within 0\.05 s \(--agent-connect-timeout\)\. Start: python3 example_agent\.py/);
    // The next episode does not wait the whole timeout again (this one is a minute long).
    const again = agentHubOf(server).openEpisode(start(), timing());
    await expect(again.started).rejects.toMatchObject({ code: 'remote_agent_absent' });
    // A client that shows up clears that: episodes wait for it again.
    await call(server, 'GET', '/agent/v1/hello?client=late');
    const third = agentHubOf(server).openEpisode(start(), timing());
    expect((await next(server, 'late', 0)).body).toMatchObject({ type: 'start', episode: third.id });
    await third.started;
  });

  it('fails a turn that is taken and never answered', async () => {
    const { server } = await bridge();
    const { acting } = await stepHandedOut(server, timing({ turnTimeoutMs: 50 }));
    await expect(acting).rejects.toMatchObject({ code: 'remote_agent_silent', message: expect.stringContaining('did not answer within 0.05 s (--agent-turn-timeout)') });
  });

  it('tells waiting and later pollers that the run is over', async () => {
    const { server } = await bridge();
    const { ep, acting } = await stepHandedOut(server);
    const waiting = next(server, 'b');
    await expect.poll(() => call(server, 'GET', '/agent/v1/hello').then((r) => r.body.waiting_polls)).toBe(1);
    await agentHubOf(server).close();
    expect(await waiting).toEqual({ status: 200, body: { type: 'done' } });
    expect((await next(server, 'b')).body).toEqual({ type: 'done' });
    await expect(acting).rejects.toMatchObject({ code: 'remote_closed' });
    expect((await answer(server, { episode: ep.id, step: 0, action: { type: 'complete' } })).status).toBe(410);
  });
});

describe('parseAction', () => {
  it('takes every action type with its fields and drops nothing it knows', () => {
    expect(parseAction({ type: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4, durationMs: 200 })).toEqual({ action: { type: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4, durationMs: 200 } });
    expect(parseAction({ type: 'type', text: 'hi', x: 5, y: 6, clear: true })).toEqual({ action: { type: 'type', text: 'hi', x: 5, y: 6, clear: true } });
    expect(parseAction({ type: 'abort' })).toEqual({ action: { type: 'abort' } });
    expect(parseAction({ type: 'long_press', x: 1, y: 2, durationMs: null })).toEqual({ action: { type: 'long_press', x: 1, y: 2 } });
  });

  it('names the field that is wrong', () => {
    const field = (v: unknown) => {
      const r = parseAction(v);
      return 'field' in r ? `${r.field}: ${r.message}` : 'ok';
    };
    expect(field([1, 2])).toMatch(/^action: action must be an object/);
    expect(field({ type: 'taps', x: 1, y: 1 })).toMatch(/^action\.type: .*"taps" is not an action type \(did you mean tap\?\)/);
    expect(field({ type: 'tap', x: 1 })).toMatch(/^action\.y: action\.y is missing: a tap action needs x, y/);
    expect(field({ type: 'tap', x: 1, y: Number.NaN })).toMatch(/^action\.y: .*finite number/);
    expect(field({ type: 'tap', x: 1, y: 2, X: 3 })).toMatch(/^action\.X: action\.X is not a field of a tap action \(did you mean x\?\)/);
    expect(field({ type: 'key', key: 'menu' })).toMatch(/^action\.key: .*one of back, home, recent, enter/);
    expect(field({ type: 'type', text: 'a', x: 3 })).toMatch(/^action\.y: .*both x and y/);
    expect(field({ type: 'wait', ms: -1 })).toMatch(/^action\.ms: .*negative/);
    expect(field({ type: 'complete', reason: 'x' })).toMatch(/^action\.reason: .*not a field of a complete action/);
  });
});

describe('the remote agent factory', () => {
  it('prints one line with the URL, token and command, and needs the bridge', async () => {
    const { server } = await bridge();
    const lines: string[] = [];
    createAgent('remote', { bridge: server, log: (l: string) => lines.push(l) });
    createAgent('remote', { bridge: server, log: (l: string) => lines.push(l) });
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain(`python3 bridge/clients/python/example_agent.py --url ${server.url} --token ${server.token}`);
    expect(() => createAgent('remote', {})).toThrow(UsageError);
    expect(() => createAgent('remote', { bridge: server, connectTimeoutS: -1 })).toThrow(/connect timeout/);
  });

  it("tells the client the run's action space", async () => {
    const { server } = await bridge();
    const agent = createAgent('remote', { bridge: server, log: () => {}, coords: 'norm1000', screenshotScale: 3 });
    const ctx = { task: { id: 'chat.PinChat' }, goal: 'g', params: {}, seed: 1, maxSteps: 5, evalMode: 'grounded' } as unknown as EpisodeContext;
    const starting = agent.start!(ctx);
    expect((await next(server, 'a')).body).toMatchObject({ coords: { space: 'norm1000', width: 1000, height: 1000 }, screen: { width: 1080, height: 2400 }, viewport: { width: 360, height: 800 } });
    await starting;
    await agent.end?.(ctx);
    expect(() => createAgent('remote', { bridge: server, coords: 'inches' })).toThrow(/coords must be pixels, norm1000 or norm1/);
  });

  it('fails start with how to run the client, without the token', async () => {
    const { server } = await bridge();
    const agent = createAgent('remote', { bridge: server, log: () => {}, connectTimeoutS: 0.05 });
    const ctx = { task: { id: 'chat.PinChat' }, goal: 'g', params: {}, seed: 1, maxSteps: 5, evalMode: 'grounded' } as unknown as EpisodeContext;
    const err = await Promise.resolve(agent.start!(ctx)).catch((e: unknown) => e as Error);
    expect(err).toMatchObject({ code: 'remote_agent_absent' });
    expect((err as Error).message).toContain(`example_agent.py --url ${server.url} --token <token>`);
    expect((err as Error).message).not.toContain(server.token);
    await agent.end?.(ctx);
  });
});

// -------------------------------------------------------------------------------------------------
// Whole runs: a real browser, the bridge, and a Python client in another process.

const root = mkdtempSync(join(tmpdir(), 'phonegym-remote-'));

/** Runs with `--agent remote` and starts the client the moment the run prints how to connect. */
async function runWithClient(name: string, over: Partial<RunConfig>, clientArgs: (url: string, token: string) => string[]) {
  const started: { child: Child | null } = { child: null };
  const log = (line: string) => {
    const m = /--url (\S+) --token (\S+)/.exec(line);
    if (m && !started.child) started.child = spawnPython(clientArgs(m[1]!, m[2]!));
  };
  try {
    const outcome = await runEvaluation({ ...DEFAULT_CONFIG, agent: 'remote', taskIds: ['chat.PinChat'], sampleSeed: 5, runDir: join(root, name), ...over }, { log });
    if (!started.child) throw new Error('the run printed no line with --url and --token');
    const client = await started.child.exit;
    return { outcome, client };
  } finally {
    started.child?.kill();
  }
}

describe('remote agent runs', () => {
  it('the Python example agent pins the chat, serving two parallel episodes from one client', async () => {
    const { outcome, client } = await runWithClient('example', { sampleN: 2, parallel: 2 }, (url, token) => [join(PY_DIR, 'example_agent.py'), '--url', url, '--token', token]);
    expect(outcome.rows.map((r) => ({ task: r.task_id, agent: r.agent, status: r.status, success: r.success, stop: r.stop_reason, error: r.error }))).toEqual([
      { task: 'chat.PinChat', agent: 'remote', status: 'completed', success: true, stop: 'complete', error: null },
      { task: 'chat.PinChat', agent: 'remote', status: 'completed', success: true, stop: 'complete', error: null },
    ]);
    expect(client.code, client.stderr).toBe(0);
    expect(client.stderr).toMatch(/the run is over|the bridge is gone/);
  }, 240_000);

  it('the example agent works in the norm1 action space too (its taps are fractions of the screen)', async () => {
    const { outcome, client } = await runWithClient('norm1', { coords: 'norm1' }, (url, token) => [join(PY_DIR, 'example_agent.py'), '--url', url, '--token', token]);
    expect(outcome.rows.map((r) => [r.status, r.success])).toEqual([['completed', true]]);
    expect(client.code, client.stderr).toBe(0);
  }, 240_000);

  it("an invalid action ends the episode as the agent's failure, naming the field, and the client is told", async () => {
    const script = [
      'import sys',
      `sys.path.insert(0, ${JSON.stringify(PY_DIR)})`,
      'from phonegym_remote import PhonegymClient, main_args',
      'class Bad:',
      '    def act(self, turn):',
      '        return {"type": "tap", "x": "180", "y": 400}',
      'a = main_args()',
      'PhonegymClient(a.url, a.token).run(Bad())',
    ].join('\n');
    const { outcome, client } = await runWithClient('invalid', {}, (url, token) => ['-c', script, '--url', url, '--token', token]);
    expect(outcome.rows.length).toBe(1);
    const row = outcome.rows[0]!;
    expect(row).toMatchObject({ stop_reason: 'agent_error', success: false });
    expect(row.error).toContain('the remote agent sent an invalid action at step 0: action.x must be a finite number, got "180"');
    expect(client.code, client.stderr).toBe(0);
    expect(client.stderr).toContain('action.x must be a finite number');
  }, 240_000);
});
