/**
 * `phonegym export` on real run folders made by `phonegym run`: the oracle (an action task and a
 * query task, two trials each) and the openai agent against a local OpenAI-compatible server.
 * Every row is checked against the JSON schemas written from ../shared/research/formats.md
 * (Verifiers itself does not install here), and against the run folder it came from: one row per
 * episode, rewards from the judge, tool calls equal to the recorded actions, screenshots equal to
 * the files. Refusals exit 2 with the reason and leave no output behind.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { ACTION_TYPES } from '../../bridge/protocol/actions.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';
import { expectRefusal, phonegym, readJsonlLines } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/openaiServer.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-export-'));
const dir = (name: string) => join(root, name);
let model: FakeOpenAI;

const THOUGHT_TAP = '{"thought": "先点第一行", "action": "tap", "x": 180, "y": 300}';
const THOUGHT_DONE = '{"thought": "好了", "action": "complete"}';

const run = async (name: string, args: string[]) => {
  const r = await phonegym(['run', '--repeat-n', '2', '--sample-seed', '7', '--parallel', '1', '--run-dir', dir(name), ...args], { timeout: 240_000 });
  expect(r.code, r.stderr).toBe(0);
};

beforeAll(async () => {
  await ensureWebBuild();
  // One tap, then done: every episode ends by COMPLETE after two actions, none passes.
  model = await startFakeOpenAI((_req, i) => ({ content: i % 2 === 0 ? THOUGHT_TAP : THOUGHT_DONE, usage: { prompt_tokens: 1000 + i, completion_tokens: 20 } }));
  await run('oracle', ['--agent', 'oracle', '--task-ids', 'chat.PinChat,wallet.ReadBalance']);
  await run('openai', ['--agent', 'openai', '--task-ids', 'chat.PinChat', '--model-name', 'local-vl', '--base-url', model.baseUrl, '--coords', 'norm1000']);
}, 600_000);

afterAll(async () => {
  await model?.close();
  rmSync(root, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] | null; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[]; tool_call_id?: string };

const ajv = new Ajv({ allErrors: true, strict: false });
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, '../../bridge/export/schemas', name), 'utf8')));
const verifiersSchema = schema('verifiersRollout.schema.json');
const sftSchema = schema('sftChat.schema.json');

/** Exports `run` to a file and returns its rows and the summary line. */
async function exported(run: string, args: string[]): Promise<{ rows: Row[]; stderr: string }> {
  const out = join(root, `${run}-${args.join('_').replace(/\W+/g, '')}.jsonl`);
  const r = await phonegym(['export', dir(run), ...args, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe('');
  return { rows: readJsonlLines(out), stderr: r.stderr };
}

const resultsOf = (run: string) => readJsonlLines(join(dir(run), 'results.jsonl'));
const trajectoryOf = (run: string, row: Row) => JSON.parse(readFileSync(join(dir(run), row.trajectory as string, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
const info = (r: Row) => r.info as Record<string, unknown>;
const keyOf = (r: Row) => `${r.task_id}#${r.instance}#${r.trial_id}`;
const infoKey = (r: Row) => `${info(r).task_id}#${info(r).instance}#${info(r).trial}`;
const parts = (messages: Message[]) => messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
const images = (messages: Message[]) => parts(messages).filter((p) => p.type === 'image_url').map((p) => p.image_url!.url);

/** A data URI's bytes, checked to be a JPEG (SOI … EOI). */
function jpegOf(uri: string): Buffer {
  const m = /^data:image\/jpeg;base64,([A-Za-z0-9+/]+={0,2})$/.exec(uri);
  expect(m, uri.slice(0, 60)).not.toBeNull();
  const bytes = Buffer.from(m![1]!, 'base64');
  expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
  expect([bytes[bytes.length - 2], bytes[bytes.length - 1]]).toEqual([0xff, 0xd9]);
  return bytes;
}

describe('phonegym export --format verifiers', () => {
  it('writes one schema-valid row per episode, rewarded by the judge, its tool calls the recorded actions and its screens the recorded files', async () => {
    const { rows, stderr } = await exported('oracle', ['--format', 'verifiers']);
    const results = resultsOf('oracle');
    expect(rows.length).toBe(4);
    expect(rows.map(infoKey).sort()).toEqual(results.map(keyOf).sort());
    expect(stderr).toMatch(/^export: 4 episodes written to .*oracle.*\.jsonl \(\d+ bytes, [\d.]+ [KM]B\); none skipped$/m);
    for (const row of rows) {
      expect(verifiersSchema(row), JSON.stringify(verifiersSchema.errors)).toBe(true);
      const result = results.find((r) => keyOf(r) === infoKey(row))!;
      expect(row.reward).toBe(result.passed ? 1 : 0);
      const metrics = row.metrics as Record<string, number>;
      expect(metrics.progress).toBe(result.progress);
      expect(metrics.steps).toBe(result.steps);
      expect(row.progress).toBe(result.progress); // metrics copied to top-level keys, as Verifiers does
      expect(row.stop_condition).toBe('has_final_env_response');
      expect(info(row)).toMatchObject({ task_id: result.task_id, params: result.params, seed: result.seed, instance: result.instance, trial: result.trial_id, env: result.env });
      expect(info(row).env).toMatch(/^phonegym@0\.1\.0\+[0-9a-f]{16}$/); // the manifest's env id, as the run recorded it
      expect((row.tool_defs as { name: string }[]).map((t) => t.name)).toEqual([...ACTION_TYPES]);

      const doc = trajectoryOf('oracle', result);
      const prompt = row.prompt as Message[];
      const completion = row.completion as Message[];
      expect(prompt.map((m) => m.role)).toEqual(['system', 'user']);
      expect(prompt[0]!.content).toContain(`Task: ${result.goal}`);
      expect((prompt[1]!.content as Part[])[0]).toEqual({ type: 'text', text: result.goal });
      const calls = completion.filter((m) => m.role === 'assistant').flatMap((m) => m.tool_calls ?? []);
      expect(calls.map((c) => ({ type: c.function.name, ...JSON.parse(c.function.arguments) }))).toEqual(doc.steps.map((s) => s.action));
      // Every call answered by its own tool message, in order.
      expect(completion.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
      // Each screen is its file, byte for byte, after the step that made it.
      const files = [doc.initial_screenshot, ...doc.steps.map((s) => s.screenshot)].filter((f): f is string => f !== null);
      const uris = images([...prompt, ...completion]);
      expect(uris.length).toBe(files.length);
      for (const [i, uri] of uris.entries()) expect(jpegOf(uri).equals(readFileSync(join(dir('oracle'), result.trajectory as string, files[i]!)))).toBe(true);
    }
  });

  it('gives a query task its reference answer and groups trials of one instance under one example_id', async () => {
    const { rows } = await exported('oracle', ['--format', 'verifiers']);
    const query = rows.filter((r) => info(r).task_id === 'wallet.ReadBalance');
    expect(query.length).toBe(2);
    const doc = trajectoryOf('oracle', resultsOf('oracle').find((r) => r.task_id === 'wallet.ReadBalance')!);
    const expected = doc.verdict!.goals.find((g) => g.name.startsWith('answer: '))!.expected as { number: number };
    expect(query[0]!.answer).toBe(String(expected.number));
    expect(query[0]!.example_id).toBe(query[1]!.example_id);
    const action = rows.filter((r) => info(r).task_id === 'chat.PinChat');
    expect(action.every((r) => r.answer === undefined)).toBe(true);
    expect(action[0]!.example_id).not.toBe(query[0]!.example_id);
  });

  it('--last-images 2 keeps exactly the last two screens as images and says where the others were', async () => {
    const all = (await exported('oracle', ['--format', 'verifiers'])).rows;
    const { rows } = await exported('oracle', ['--format', 'verifiers', '--last-images', '2']);
    for (const [i, row] of rows.entries()) {
      const messages = [...(row.prompt as Message[]), ...(row.completion as Message[])];
      const kept = images(messages);
      expect(kept.length).toBe(2);
      expect(kept).toEqual(images([...(all[i]!.prompt as Message[]), ...(all[i]!.completion as Message[])]).slice(-2));
      const notes = parts(messages).filter((p) => p.type === 'text' && /^\[screenshot of step \d+ dropped to bound the context\]$/.test(p.text!));
      expect(notes.length).toBe(images([...(all[i]!.prompt as Message[]), ...(all[i]!.completion as Message[])]).length - 2);
      expect(verifiersSchema(row)).toBe(true);
    }
  });

  it('gives a model agent the system message it was sent, its own replies, tokens and the run’s coordinate space', async () => {
    const { rows } = await exported('openai', ['--format', 'verifiers']);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(verifiersSchema(row), JSON.stringify(verifiersSchema.errors)).toBe(true);
      expect(row.reward).toBe(0);
      const prompt = row.prompt as Message[];
      expect(prompt[0]).toEqual({ role: 'system', content: model.requests[0]!.body.messages[0]!.content });
      const assistants = (row.completion as Message[]).filter((m) => m.role === 'assistant');
      expect(assistants.map((m) => m.content)).toEqual([THOUGHT_TAP, THOUGHT_DONE]);
      expect(JSON.parse(assistants[0]!.tool_calls![0]!.function.arguments)).toEqual({ x: 180, y: 300 });
      expect(row.token_usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 40 });
      expect((row.metrics as Record<string, number>).completion_tokens).toBe(40);
      const tap = (row.tool_defs as { name: string; parameters: { properties: Record<string, { description: string }> } }[]).find((t) => t.name === 'tap')!;
      expect(tap.parameters.properties.x!.description).toContain('0-1000');
      expect(info(row)).toMatchObject({ agent: 'openai', model: 'local-vl' });
    }
  });

  it("carries the env name@version+hash a row records, else meta.json's", async () => {
    cpSync(dir('oracle'), dir('with-env'), { recursive: true });
    const metaFile = join(dir('with-env'), 'meta.json');
    writeFileSync(metaFile, JSON.stringify({ ...JSON.parse(readFileSync(metaFile, 'utf8')), env: 'phonegym@0.1.0+meta0001' }));
    const file = join(dir('with-env'), 'results.jsonl');
    // Rows of a folder whose rows carry none (written before the manifest) take meta.json's.
    const lines = readJsonlLines(file).map(({ env: _env, ...row }) => row);
    lines[0] = { ...lines[0], env: 'phonegym@0.1.0+row00001' };
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const { rows } = await exported('with-env', ['--format', 'verifiers']);
    expect(rows.map((r) => info(r).env).sort()).toEqual(['phonegym@0.1.0+meta0001', 'phonegym@0.1.0+meta0001', 'phonegym@0.1.0+meta0001', 'phonegym@0.1.0+row00001']);
  });
});

describe('phonegym export --format sft', () => {
  it('writes valid OpenAI chat messages with tools, passed episodes only by default', async () => {
    const { rows } = await exported('oracle', ['--format', 'sft']);
    expect(rows.length).toBe(4);
    for (const row of rows) {
      expect(sftSchema(row), JSON.stringify(sftSchema.errors)).toBe(true);
      const messages = row.messages as Message[];
      expect(messages[0]!.role).toBe('system');
      const first = messages[1]!.content as Part[];
      expect(first[0]!.type).toBe('text');
      jpegOf(first[1]!.image_url!.url);
      // Each tool call is answered by a tool message before the next assistant turn.
      for (const [i, m] of messages.entries()) {
        if (m.role !== 'assistant' || !m.tool_calls) continue;
        expect(messages[i + 1]).toMatchObject({ role: 'tool', tool_call_id: m.tool_calls[0]!.id });
      }
      const result = resultsOf('oracle').find((r) => keyOf(r) === infoKey(row))!;
      const actions = messages.flatMap((m) => m.tool_calls ?? []).map((c) => ({ type: c.function.name, ...JSON.parse(c.function.arguments) }));
      expect(actions).toEqual(trajectoryOf('oracle', result).steps.map((s) => s.action));
      expect((row.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([...ACTION_TYPES]);
    }
  });

  it('leaves failed episodes out unless --all, and says so', async () => {
    const failed = await exported('openai', ['--format', 'sft']);
    expect(failed.rows.length).toBe(0);
    expect(failed.stderr).toMatch(/0 episodes written .*2 skipped: 2 not passed \(--all keeps them\)/);
    const all = await exported('openai', ['--format', 'sft', '--all']);
    expect(all.rows.length).toBe(2);
    for (const row of all.rows) {
      expect(sftSchema(row), JSON.stringify(sftSchema.errors)).toBe(true);
      expect((row.messages as Message[]).filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([THOUGHT_TAP, THOUGHT_DONE]);
    }
  });
});

describe('phonegym export keeps what it reads as data', () => {
  it('keeps <script> in a goal exactly, as a JSON string', async () => {
    cpSync(dir('oracle'), dir('hostile'), { recursive: true });
    const file = join(dir('hostile'), 'results.jsonl');
    const lines = readJsonlLines(file);
    const goal = '</script><script>alert("x")</script> \u2028 & <b>';
    lines[0] = { ...lines[0], goal };
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const out = join(root, 'hostile.jsonl');
    expect((await phonegym(['export', dir('hostile'), '--format', 'verifiers', '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n').filter(Boolean).length).toBe(4); // the line separator in the goal did not split a row
    const row = readJsonlLines(out).find((r) => infoKey(r) === keyOf(lines[0]!))!;
    expect(((row.prompt as Message[])[1]!.content as Part[])[0]!.text).toBe(goal);
    expect((row.prompt as Message[])[0]!.content).toContain(goal);
  });

  it('skips an episode whose screenshot is gone, with the reason', async () => {
    cpSync(dir('oracle'), dir('no-shot'), { recursive: true });
    const row = resultsOf('no-shot')[0]!;
    rmSync(join(dir('no-shot'), row.trajectory as string, 'step_002.jpg'));
    const { rows, stderr } = await exported('no-shot', ['--format', 'verifiers']);
    expect(rows.length).toBe(3);
    expect(stderr).toMatch(/3 episodes written .*1 skipped: 1 missing screenshot/);
    expect(stderr).toMatch(/missing screenshot, e\.g\. .*step_002\.jpg does not exist/);
  });
});

describe('phonegym export refuses, with exit 2 and the reason', () => {
  it('refuses what is not a run folder of this version, a bad format and bad flags', async () => {
    mkdirSync(dir('empty'), { recursive: true });
    expectRefusal(await phonegym(['export', dir('empty'), '--format', 'verifiers']), /not a run folder \(no meta\.json\)/);
    expectRefusal(await phonegym(['export', dir('oracle'), '--format', 'verifier']), /--format must be one of verifiers, sft \(got "verifier"\) \(did you mean verifiers\?\)/);
    expectRefusal(await phonegym(['export', dir('oracle')]), /export needs --format verifiers or sft/);
    expectRefusal(await phonegym(['export', '--format', 'sft']), /export takes one run folder/);
    expectRefusal(await phonegym(['export', dir('oracle'), '--format', 'sft', '--last-images', 'two']), /--last-images must be a whole number/);
    expectRefusal(await phonegym(['export', dir('oracle'), '--format', 'verifiers', '--all']), /--all is for --format sft/);
    expectRefusal(await phonegym(['export', dir('oracle'), '--format', 'sft', '--out', root]), /is a folder/);
    expectRefusal(await phonegym(['exprt']), /unknown command "exprt" \(did you mean export\?\)/);
    cpSync(dir('oracle'), dir('v9'), { recursive: true });
    const metaFile = join(dir('v9'), 'meta.json');
    writeFileSync(metaFile, JSON.stringify({ ...JSON.parse(readFileSync(metaFile, 'utf8')), schema_version: 9 }));
    expectRefusal(await phonegym(['export', dir('v9'), '--format', 'verifiers']), /meta\.json: is run-folder version 9, and this phonegym reads version 1/);
  });

  it('never follows a trajectory or screenshot name out of the folder, and writes nothing', async () => {
    cpSync(dir('oracle'), dir('escape'), { recursive: true });
    const file = join(dir('escape'), 'results.jsonl');
    const lines = readJsonlLines(file);
    lines[1] = { ...lines[1], trajectory: '../oracle/trajectory/x' };
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const out = join(root, 'escape.jsonl');
    expectRefusal(await phonegym(['export', dir('escape'), '--format', 'verifiers', '--out', out]), /results\.jsonl: the row of .+ names the trajectory "\.\.\/oracle\/trajectory\/x", not a folder trajectory\/<name> of the run: it is not followed/);
    expect(existsSync(out)).toBe(false);

    cpSync(dir('oracle'), dir('escape-shot'), { recursive: true });
    const last = resultsOf('escape-shot')[3]!;
    const docFile = join(dir('escape-shot'), last.trajectory as string, 'trajectory.json');
    const doc = JSON.parse(readFileSync(docFile, 'utf8')) as TrajectoryDoc;
    doc.steps[0]!.screenshot = '../../../meta.json';
    writeFileSync(docFile, JSON.stringify(doc));
    writeFileSync(out, 'an earlier export\n');
    expectRefusal(await phonegym(['export', dir('escape-shot'), '--format', 'sft', '--out', out]), /trajectory\.json: names the screenshot "\.\.\/\.\.\/\.\.\/meta\.json", not a file step_NNN\.jpg beside it: it is not followed/);
    // Refused after three rows were streamed: the file is the one that was there, and no partial file is left.
    expect(readFileSync(out, 'utf8')).toBe('an earlier export\n');
    expect(readdirSync(root).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});
