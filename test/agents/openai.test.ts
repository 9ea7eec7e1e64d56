/**
 * The `openai` agent and the VLM judge end to end: real runs in a real browser, the model being a
 * local OpenAI-compatible server started by each test (the only stand-in allowed), scripted to
 * reply with the actions the task's oracle takes. Covers both reply styles, what the request
 * carries, 429 and 5xx handling, format errors, loop detection, feedback rounds, the VLM judge
 * (both modes, and its failure as an eval_error), and that no key reaches any file or log line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../bridge/protocol/actions.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation, type RunOutcome } from '../../bridge/runner/run.ts';
import { startFakeOpenAI, type FakeOpenAI, type ScriptedReply } from '../helpers/openaiServer.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-openai-'));
const TASK = 'chat.SendMessage';
const SEED = 11;
const KEY_ENV = 'PHONEGYM_TEST_MODEL_KEY';
const KEY = 'sk-phonegym-test-0123456789abcdef';

function config(name: string, over: Partial<RunConfig> = {}): RunConfig {
  return { ...DEFAULT_CONFIG, taskIds: [TASK], sampleSeed: SEED, runDir: join(root, name), agent: 'openai', modelName: 'test-vlm-7b', apiKeyEnv: KEY_ENV, modelRetries: 2, ...over };
}

async function run(name: string, over: Partial<RunConfig>): Promise<RunOutcome & { lines: string[] }> {
  const lines: string[] = [];
  const out = await runEvaluation(config(name, over), { log: (l) => lines.push(l) });
  return { ...out, lines };
}

/** The actions the oracle takes on the task, in the pixel space of the screenshots. */
let oracleActions: Action[] = [];

const jsonStyle = (a: Action): string => {
  const { type, ...rest } = a;
  return `I will do this next.\n\`\`\`json\n${JSON.stringify({ action: type, ...rest })}\n\`\`\``;
};

const callStyle = (a: Action): string => {
  const q = (s: string) => JSON.stringify(s);
  switch (a.type) {
    case 'tap': return `Thought: tap it\nAction: tap(${a.x}, ${a.y})`;
    case 'long_press': return `Action: long_press(${a.x}, ${a.y})`;
    case 'swipe': return `Action: swipe(${a.x1}, ${a.y1}, ${a.x2}, ${a.y2})`;
    case 'drag': return `Action: drag(${a.x1}, ${a.y1}, ${a.x2}, ${a.y2})`;
    case 'type': return a.x !== undefined ? `Action: type(${q(a.text)}, ${a.x}, ${a.y})` : `Action: type(${q(a.text)})`;
    case 'key': return `Action: key(${q(a.key)})`;
    case 'complete': return 'Action: complete()';
    default: throw new Error(`no call style for ${a.type} in this test`);
  }
};

/** Replies `style(oracleActions[i])` to the i-th request after `skip` scripted ones. */
const replay = (style: (a: Action) => string, before: ScriptedReply[] = []) => (_req: unknown, i: number): ScriptedReply =>
  i < before.length ? before[i]! : style(oracleActions[i - before.length] ?? { type: 'complete' });

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const servers: FakeOpenAI[] = [];
async function server(script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeOpenAI> {
  const s = await startFakeOpenAI(script);
  servers.push(s);
  return s;
}

beforeAll(async () => {
  process.env[KEY_ENV] = KEY;
  const out = await runEvaluation({ ...DEFAULT_CONFIG, taskIds: [TASK], sampleSeed: SEED, runDir: join(root, 'oracle') }, { log: () => {} });
  expect(out.rows[0]!.success).toBe(true);
  const traj = JSON.parse(readFileSync(join(out.runDir, out.rows[0]!.trajectory, 'trajectory.json'), 'utf8'));
  oracleActions = traj.steps.map((s: { action: Action }) => s.action);
  expect(oracleActions.at(-1)).toEqual({ type: 'complete' });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  delete process.env[KEY_ENV];
});

describe('the openai agent', () => {
  it('completes the task with JSON replies; the request carries the model, the key and a real JPEG', async () => {
    const model = await server(replay(jsonStyle));
    const out = await run('json', { baseUrl: model.baseUrl });
    const row = out.rows[0]!;
    expect(row.status).toBe('completed');
    expect(row.success).toBe(true);
    expect(row.steps).toBe(oracleActions.length);
    expect(model.requests).toHaveLength(oracleActions.length);
    const first = model.requests[0]!;
    expect(first.body.model).toBe('test-vlm-7b');
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    const parts = first.body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content));
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(1);
    const url = images[0]!.image_url!.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const jpeg = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect([jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd9]);
    expect(model.textOf(0)).toContain(row.goal);
    // Usage: the server's token counts, one request per step.
    expect(row.usage).toMatchObject({ requests: oracleActions.length, completion_tokens: 20 * oracleActions.length });
    expect(out.summary.usage?.requests).toBe(oracleActions.length);
    // …and per step in the trajectory, with the raw reply.
    const traj = JSON.parse(readFileSync(join(out.runDir, row.trajectory, 'trajectory.json'), 'utf8'));
    expect(traj.steps[0].usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 20, requests: 1, cost_usd: null });
    expect(traj.steps[0].raw).toContain('```json');
  }, 120_000);

  it('completes it with function-call replies, and prices the tokens', async () => {
    const model = await server(replay(callStyle));
    const out = await run('calls', { baseUrl: model.baseUrl, priceIn: 2, priceOut: 10 });
    const row = out.rows[0]!;
    expect(row.success).toBe(true);
    const prompt = row.usage!.prompt_tokens;
    const completion = row.usage!.completion_tokens;
    expect(row.usage!.cost_usd).toBeCloseTo((prompt * 2 + completion * 10) / 1e6, 6);
  }, 120_000);

  it('meets an interactive task: the scripted contact answers between the model\'s steps, and the run passes', async () => {
    const task = 'interactive.AskNumberThenSave';
    const oracle = await runEvaluation({ ...DEFAULT_CONFIG, taskIds: [task], sampleSeed: SEED, runDir: join(root, 'oracle-interactive') }, { log: () => {} });
    const oracleRow = oracle.rows[0]!;
    expect(oracleRow.success).toBe(true);
    const steps = JSON.parse(readFileSync(join(oracle.runDir, oracleRow.trajectory, 'trajectory.json'), 'utf8')).steps as { action: Action; events?: unknown[] }[];
    const actions = steps.map((s) => s.action);
    const model = await server((_req, i) => jsonStyle(actions[i] ?? { type: 'complete' }));
    const out = await run('interactive', { baseUrl: model.baseUrl, taskIds: [task] });
    const row = out.rows[0]!;
    expect(row).toMatchObject({ status: 'completed', success: true, passed: true });
    expect(model.requests).toHaveLength(actions.length);
    // The contact's answer came in after one of the model's steps, recorded where it happened,
    // and the model's next request saw the phone after it (a new screenshot, not the old one).
    const traj = JSON.parse(readFileSync(join(out.runDir, row.trajectory, 'trajectory.json'), 'utf8'));
    const at = traj.steps.findIndex((s: { events?: unknown[] }) => (s.events ?? []).length > 0);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(traj.steps[at].events[0]).toMatchObject({ kind: 'chat.incoming' });
    expect(steps.findIndex((s) => (s.events ?? []).length > 0)).toBe(at);
    const image = (i: number) => model.requests[i]!.body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).find((p) => p.type === 'image_url')!.image_url!.url;
    expect(image(at + 1)).not.toBe(image(at));
  }, 180_000);

  it('retries a 429 and goes on', async () => {
    const model = await server(replay(jsonStyle, [{ status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0' } }]));
    const out = await run('ratelimit', { baseUrl: model.baseUrl });
    expect(out.rows[0]!.success).toBe(true);
    expect(out.rows[0]!.usage!.requests).toBe(oracleActions.length + 1);
  }, 120_000);

  it('ends a 500 storm as a run_error of the model service, not an agent failure', async () => {
    const model = await server([{ status: 500, message: 'The server had an error while processing your request.' }]);
    const out = await run('storm', { baseUrl: model.baseUrl, modelRetries: 1 });
    const row = out.rows[0]!;
    expect(row.status).toBe('run_error');
    expect(row.error_code).toBe('model_server_error');
    expect(row.error).toMatch(/HTTP 500/);
    expect(model.requests).toHaveLength(2);
    expect(out.summary.success_rate).toBe(0);
    expect(out.summary.success_rate_excluding_infra).toBeNull();
    expect(out.summary.error_taxonomy.model_server_error).toMatchObject({ count: 1, status: 'run_error' });
  }, 120_000);

  it('ends on a reply it cannot read as a format error, keeping the raw reply', async () => {
    const model = await server(['I think I should look at the screen more carefully before acting.']);
    const out = await run('garbage', { baseUrl: model.baseUrl });
    const row = out.rows[0]!;
    expect(row.status).toBe('completed');
    expect(row.stop_reason).toBe('format_error');
    expect(row.error_code).toBe('format_error');
    expect(row.success).toBe(false);
    const traj = JSON.parse(readFileSync(join(out.runDir, row.trajectory, 'trajectory.json'), 'utf8'));
    expect(traj.format_error.raw).toContain('look at the screen more carefully');
  }, 120_000);

  it('stops an agent repeating itself with --loop-detect', async () => {
    const model = await server([jsonStyle({ type: 'tap', x: 180, y: 30 })]);
    const out = await run('loop', { baseUrl: model.baseUrl, loopDetect: 3 });
    expect(out.rows[0]!.stop_reason).toBe('loop_detected');
    expect(out.rows[0]!.steps).toBe(3);
  }, 120_000);

  it('feeds the judge’s findings back in a second round, which then passes', async () => {
    const model = await server(replay(jsonStyle, [jsonStyle({ type: 'complete' })]));
    const out = await run('rounds', { baseUrl: model.baseUrl, maxRounds: 2 });
    const row = out.rows[0]!;
    expect(row.success).toBe(true);
    expect(row.rounds).toBe(2);
    expect(row.blind_rounds).toBe(0);
    // The second request carries what the judge found; the first did not.
    expect(model.textOf(0)).not.toContain('one new message from me');
    expect(model.textOf(1)).toContain('one new message from me');
    const traj = JSON.parse(readFileSync(join(out.runDir, row.trajectory, 'trajectory.json'), 'utf8'));
    expect(traj.rounds).toHaveLength(1);
    expect(out.summary.rounds).toEqual({ episodes_with_feedback: 1, passed_after_feedback: 1, blind_rounds: 0 });
  }, 120_000);
});

describe('the VLM judge in a run', () => {
  it('both: the state verdict counts, the VLM verdict is kept and the agreement reported', async () => {
    const model = await server(replay(jsonStyle));
    const judge = await server(['```json\n{"success": true, "clean": false, "reasons": "the message was sent, but a chat was also muted", "issues": ["muted a chat"]}\n```']);
    const out = await run('both', { baseUrl: model.baseUrl, judgeMode: 'both', judgeModel: 'judge-vlm', judgeBaseUrl: judge.baseUrl, maxImages: 3 });
    const row = out.rows[0]!;
    expect(row.success).toBe(true);
    expect(row.vlm_judge).toMatchObject({ success: true, clean: false, passed: false });
    expect(out.summary.judge_agreement).toMatchObject({ compared: 1, agree: 0, rate: 0 });
    const images = judge.requests[0]!.body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).filter((p) => p.type === 'image_url');
    expect(images.length).toBe(3);
    const dir = join(out.runDir, row.trajectory);
    const saved = readFileSync(join(dir, 'vlm_judge_prompt.json'), 'utf8');
    expect(saved).not.toContain('base64,');
    expect(readFileSync(join(dir, 'vlm_judge_response.txt'), 'utf8')).toContain('muted a chat');
  }, 120_000);

  it('vlm: a reply it cannot read is an eval_error, never a task failure', async () => {
    const model = await server(replay(jsonStyle));
    const judge = await server(['Looks fine to me!']);
    const out = await run('vlmbad', { baseUrl: model.baseUrl, judgeMode: 'vlm', judgeModel: 'judge-vlm', judgeBaseUrl: judge.baseUrl });
    const row = out.rows[0]!;
    expect(row.status).toBe('eval_error');
    expect(row.error_code).toBe('vlm_judge_bad_reply');
    expect(out.summary.success_rate_excluding_infra).toBeNull();
    expect(readFileSync(join(out.runDir, row.trajectory, 'vlm_judge_response.txt'), 'utf8')).toBe('Looks fine to me!');
  }, 120_000);

  it('vlm without a judge model: the episode is rejected, saying why', async () => {
    const out = await run('nojudge', { agent: 'noop', modelName: null, judgeMode: 'vlm' });
    expect(out.rows[0]).toMatchObject({ status: 'rejected', error_code: 'no_judge_model', steps: 0 });
    expect(out.rows[0]!.error).toMatch(/--judge-model/);
    expect(out.summary.status_counts.rejected).toBe(1);
  }, 120_000);
});

describe('secrets', () => {
  it('no file of the run folder and no console line holds the key, even when the server echoes it', async () => {
    // A hostile server: every reply carries the Authorization header it received, in the thought.
    const model = await server((req, i) => {
      const echo = `(you sent ${req.headers.authorization})`;
      const a = oracleActions[i] ?? { type: 'complete' };
      const { type, ...rest } = a;
      return `${echo}\n${JSON.stringify({ action: type, thought: echo, ...rest })}`;
    });
    const judge = await server((req) => `{"success": true, "clean": true, "reasons": "key ${req.headers.authorization}", "issues": []}`);
    const out = await run('secrets', { baseUrl: model.baseUrl, judgeMode: 'both', judgeModel: 'judge-vlm', judgeBaseUrl: judge.baseUrl, judgeApiKeyEnv: KEY_ENV });
    expect(out.rows[0]!.success).toBe(true);
    expect(model.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    const all = files(out.runDir);
    expect(all.length).toBeGreaterThan(5);
    for (const f of all) expect(readFileSync(f).includes(KEY), f).toBe(false);
    expect(out.lines.join('\n')).not.toContain(KEY);
    // …and what was scrubbed is visibly scrubbed.
    const traj = readFileSync(join(out.runDir, out.rows[0]!.trajectory, 'trajectory.json'), 'utf8');
    expect(traj).toContain('Bearer ***');
  }, 120_000);
});

describe('the openai agent in a session', () => {
  it('keeps one conversation across the episodes: the second goal arrives with the first episode still in it', async () => {
    const session = 'chat.PickupCodeSession';
    const oracle = await runEvaluation({ ...DEFAULT_CONFIG, taskIds: [session], sampleSeed: SEED, runDir: join(root, 'session-oracle') }, { log: () => {} });
    const orow = oracle.rows[0]!;
    expect(orow.passed).toBe(true);
    const doc = JSON.parse(readFileSync(join(oracle.runDir, orow.trajectory, 'trajectory.json'), 'utf8'));
    const actions: Action[] = doc.steps.map((s: { action: Action }) => s.action);
    const model = await server((_req, i) => jsonStyle(actions[i] ?? { type: 'complete' }));
    const out = await run('session', { baseUrl: model.baseUrl, taskIds: [session] });
    const row = out.rows[0]!;
    expect(row.passed).toBe(true);
    const [one, two] = row.episodes!;
    expect(model.requests).toHaveLength(row.steps);
    // The first request of episode 2: its goal is the current task, episode 1's turns are still there, under its goal.
    const first2 = two!.first_step - 1;
    expect(model.textOf(first2)).toContain(`Task: ${two!.goal}`);
    expect(model.textOf(first2)).toContain(`Task: ${one!.goal}\nStep 1 screen`);
    expect(model.requests[first2]!.body.messages.length).toBeGreaterThan(model.requests[0]!.body.messages.length + 2 * (one!.steps - 1));
    // …and the turn after it marks where the second goal began.
    expect(model.textOf(first2 + 1)).toContain(`Task: ${two!.goal}\nStep ${first2 + 1} screen`);
  }, 240_000);
});
