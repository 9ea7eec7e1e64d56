/**
 * A model reply is read bounded and stored capped (issue 12): a runaway model server must not
 * fill the bridge's memory, and a 6 MB reply must not become a 6 MB row and a 30 MB trajectory.
 * Real runs against the local OpenAI-compatible server, and the client against a server that
 * streams far more than any chat completion.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatClient, ModelServiceError } from '../../bridge/agents/chatClient.ts';
import { keepHead, REPLY_LIMITS } from '../../bridge/agents/replyLimits.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/openaiServer.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-limits-'));
const MB6 = 6 * 1024 * 1024;
const servers: { close(): Promise<void> }[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function model(reply: string): Promise<FakeOpenAI> {
  const s = await startFakeOpenAI([reply]);
  servers.push(s);
  return s;
}

function config(name: string, baseUrl: string): RunConfig {
  return { ...DEFAULT_CONFIG, taskIds: ['chat.SendMessage'], sampleSeed: 3, runDir: join(root, name), agent: 'openai', modelName: 'test-vlm-7b', baseUrl, modelRetries: 0 };
}

/** The run's one row as written, its trajectory as written, and both files' sizes. */
async function runOne(name: string, reply: string) {
  const server = await model(reply);
  const out = await runEvaluation(config(name, server.baseUrl), { log: () => {} });
  const line = readFileSync(join(out.runDir, 'results.jsonl'), 'utf8').split('\n').find(Boolean)!;
  const trajFile = join(out.runDir, out.rows[0]!.trajectory, 'trajectory.json');
  return { row: JSON.parse(line), rowBytes: Buffer.byteLength(line), traj: JSON.parse(readFileSync(trajFile, 'utf8')), trajBytes: statSync(trajFile).size };
}

const cutNote = (bytes: number) => `…[cut: ${bytes} bytes in all]`;

describe('keepHead', () => {
  const headOf = (kept: string) => kept.slice(0, kept.lastIndexOf('…[cut: '));

  it('lets a text that fits through untouched', () => {
    const text = 'Thought: tap it\nAction: tap(120, 540)';
    expect(keepHead(text)).toBe(text);
    const exact = 'é'.repeat(REPLY_LIMITS.storedBytes / 2); // exactly the limit in UTF-8
    expect(keepHead(exact)).toBe(exact);
  });

  it('keeps the head of a longer one and says how big it was', () => {
    const kept = keepHead('x'.repeat(MB6));
    expect(kept).toBe('x'.repeat(REPLY_LIMITS.storedBytes) + cutNote(MB6));
    expect(keepHead('abcdef', 4)).toBe('abcd…[cut: 6 bytes in all]');
  });

  it('cuts between characters, never inside one', () => {
    const han = keepHead('汉'.repeat(30_000)); // 90 000 bytes
    expect(han.endsWith(cutNote(90_000))).toBe(true);
    expect(headOf(han)).toBe('汉'.repeat(Math.floor(REPLY_LIMITS.storedBytes / 3)));
    const emoji = keepHead('😀'.repeat(20_000), 10); // 4 bytes each, 2 UTF-16 units
    expect(emoji).toBe('😀😀…[cut: 80000 bytes in all]');
  });
});

describe('a huge model reply in a run', () => {
  it('a 6 MB answer: the row and the trajectory keep its head and say how big it was', async () => {
    const answer = 'x'.repeat(MB6);
    const reply = JSON.stringify({ action: 'answer', text: answer });
    const { row, rowBytes, traj, trajBytes } = await runOne('answer', reply);
    expect(row).toMatchObject({ status: 'completed', stop_reason: 'answer' });
    expect(rowBytes).toBeLessThan(100_000);
    expect(trajBytes).toBeLessThan(512_000);
    expect(row.answer.startsWith('xxxxxxxx')).toBe(true);
    expect(row.answer.endsWith(cutNote(MB6))).toBe(true);
    expect(traj.answer).toBe(row.answer);
    const step = traj.steps[0];
    expect(step.raw.startsWith('{"action":"answer"')).toBe(true);
    expect(step.raw.endsWith(cutNote(Buffer.byteLength(reply)))).toBe(true);
    expect(step.action.text.endsWith(cutNote(MB6))).toBe(true);
  }, 180_000);

  it('a 6 MB reply that cannot be read: the format error and the raw reply are cut, the row stays small', async () => {
    // The unknown action's name is quoted in the format error: 6 MB of it.
    const reply = `Thought: ${'hmm '.repeat(MB6 / 8)}\nAction: ${'a'.repeat(MB6 / 2)}(120, 540)`;
    const { row, rowBytes, traj, trajBytes } = await runOne('garbage', reply);
    expect(row).toMatchObject({ status: 'completed', stop_reason: 'format_error', error_code: 'format_error' });
    expect(rowBytes).toBeLessThan(100_000);
    expect(trajBytes).toBeLessThan(512_000);
    expect(row.error).toMatch(/^the agent's reply could not be read: unknown action "aaaa/);
    expect(row.error).toMatch(/…\[cut: \d+ bytes in all\]$/);
    expect(traj.format_error.raw.startsWith('Thought: hmm hmm')).toBe(true);
    expect(traj.format_error.raw.endsWith(cutNote(Buffer.byteLength(reply)))).toBe(true);
    expect(traj.format_error.error).toMatch(/…\[cut: \d+ bytes in all\]$/);
  }, 180_000);
});

/** A server that answers 200 and streams `total` bytes in 1 MiB chunks, minding backpressure; `sent` counts what left. */
async function streamingServer(total: number, opts: { declareLength?: boolean } = {}) {
  const state = { sent: 0, url: '' };
  const chunk = Buffer.alloc(1 << 20, 'y');
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', ...(opts.declareLength ? { 'content-length': String(total) } : {}) });
      res.write('{"choices": [{"message": {"content": "');
      const pump = () => {
        while (state.sent < total && !res.destroyed) {
          state.sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end('"}}]}');
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  servers.push({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
  return state;
}

describe('the chat client reads a reply bounded', () => {
  it('a server streaming 100 MB is cut off after a few MB with model_bad_response', async () => {
    const s = await streamingServer(100 * 1024 * 1024);
    const client = new ChatClient({ baseUrl: s.url, model: 'm', apiKey: null, maxRetries: 0 });
    const err = await client.complete({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelServiceError);
    expect(err).toMatchObject({ code: 'model_bad_response' });
    expect((err as Error).message).toMatch(/more than \d+ MB/);
    // The client stopped reading: the server could not push the whole body out.
    expect(s.sent).toBeLessThan(48 * 1024 * 1024);
  });

  it('a declared Content-Length beyond the limit is refused before the body is read', async () => {
    const s = await streamingServer(100 * 1024 * 1024, { declareLength: true });
    const client = new ChatClient({ baseUrl: s.url, model: 'm', apiKey: null, maxRetries: 0 });
    const err = await client.complete({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'model_bad_response' });
    expect((err as Error).message).toMatch(/104857600 bytes/);
    expect(s.sent).toBeLessThan(48 * 1024 * 1024);
  });
});
