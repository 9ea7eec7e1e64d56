/**
 * `phonegym report` on real run folders made by `phonegym run`: the oracle, the random agent and
 * the openai agent against a local OpenAI-compatible server, each with --repeat-n 2. The report's
 * figures are the summary's, its failures are grouped, run-folder text is shown as text in both
 * formats, its reproduce command really runs the same episodes again, and bad input exits 2.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { CLI, expectRefusal, phonegym, readJsonlLines } from '../helpers/cli.ts';
import { spawn } from 'node:child_process';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/openaiServer.ts';

const TASKS = 'chat.PinChat,wallet.ReadBalance,settings.ConnectSecuredWifi';
const root = mkdtempSync(join(tmpdir(), 'phonegym-report-'));
const dir = (name: string) => join(root, name);
let model: FakeOpenAI;

const run = async (name: string, args: string[]) => {
  const r = await phonegym(['run', '--task-ids', TASKS, '--repeat-n', '2', '--sample-seed', '7', '--parallel', '2', '--run-dir', dir(name), ...args], { timeout: 240_000 });
  expect(r.code, r.stderr).toBe(0);
};

beforeAll(async () => {
  await ensureWebBuild();
  // Taps once, then says it is done: every episode ends by COMPLETE, none succeeds.
  // The first request meets a 500 and is retried: the retry must leave its trace.
  model = await startFakeOpenAI((_req, i) => (i === 0 ? { status: 500, message: 'the model server is overloaded' } : i % 2 === 1 ? { content: '{"thought": "看看第一行", "action": "tap", "x": 180, "y": 300}', usage: { prompt_tokens: 1200, completion_tokens: 30 } } : { content: '{"thought": "好了", "action": "complete"}', usage: { prompt_tokens: 1300, completion_tokens: 12 } }));
  await run('oracle', ['--agent', 'oracle']);
  await run('random', ['--agent', 'random', '--max-steps', '3']);
  await run('openai', ['--agent', 'openai', '--model-name', 'local-vl', '--base-url', model.baseUrl, '--price-in', '2', '--price-out', '8']);
}, 600_000);

afterAll(async () => {
  await model?.close();
});

const summaryOf = (name: string) => JSON.parse(readFileSync(join(dir(name), 'summary.json'), 'utf8')) as { success_rate: number; progress_rate: number; episodes: number };

describe('phonegym report', () => {
  it('gives the oracle run its setup, figures, pass@k, tables and reproduce command', async () => {
    const r = await phonegym(['report', dir('oracle')]);
    expect(r.code, r.stderr).toBe(0);
    const md = r.stdout;
    for (const heading of ['# Run report: oracle on 3 tasks', '## Setup', '## Results', '### By suite', '### By app', '### By difficulty', '## Failures', '## Every task', '## Reproduce', '## Key']) expect(md).toContain(heading);
    expect(summaryOf('oracle').success_rate).toBe(1);
    expect(md).toMatch(/\| SR \| 100\.0% \|/);
    expect(md).toMatch(/\| pass@2 \/ pass\^2 \| 100\.0% \/ 100\.0% \|/);
    expect(md).toContain('Every rated episode succeeded.');
    expect(md).toMatch(/\| chat\.PinChat \| L\d \| chat \| 2\/2 \| 100\.0% \|/);
    expect(md).toContain('phonegym run --task-ids chat.PinChat,wallet.ReadBalance,settings.ConnectSecuredWifi --sample-seed 7 --repeat-n 2');
    // The folder is only read.
    expect(r.stderr).toBe('');
  });

  it('records beside each step what it changed, by the judge’s paths', () => {
    const t = JSON.parse(readFileSync(join(dir('oracle'), 'trajectory', 'chat_PinChat_t0', 'trajectory.json'), 'utf8')) as { steps: { changes?: { path: string; kind: string }[] }[]; verdict: { changes?: unknown } };
    const paths = t.steps.flatMap((s) => (s.changes ?? []).map((c) => c.path));
    expect(paths.some((p) => /^apps\.chat\.chats\[[^\]]+\]\.pinned$/.test(p)), paths.join('\n')).toBe(true);
  });

  it('groups the random agent’s failures, each with an example and its trajectory', async () => {
    const r = await phonegym(['report', dir('random')]);
    expect(r.code, r.stderr).toBe(0);
    const s = summaryOf('random');
    expect(r.stdout).toContain(`| SR | ${(s.success_rate * 100).toFixed(1)}% |`);
    expect(r.stdout).toContain(`| PR | ${(s.progress_rate * 100).toFixed(1)}% |`);
    const failed = readJsonlLines(join(dir('random'), 'results.jsonl')).filter((row) => !row.success);
    expect(failed.length).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/\| max steps \| \d+ \| the step budget was used up/);
    expect(r.stdout).toMatch(/- \*\*max steps: [a-z]+\.\w+ \(instance 0, trial \d\)\*\* \(\[trajectory\]\(trajectory\/\w+\/trajectory\.json\)\)/);
  });

  it('counts the openai agent’s tokens and cost, and its false completes', async () => {
    const r = await phonegym(['report', dir('openai'), '--format', 'html', '--out', join(root, 'openai.html')]);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(join(root, 'openai.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('openai (local-vl) on 3 tasks');
    expect(html).toMatch(/<td>Tokens<\/td><td>\d+ in \/ \d+ out<\/td>/);
    expect(html).toMatch(/<td>Cost<\/td><td>\$\d+\.\d{4}<\/td>/);
    expect(html).toContain('<svg');
    expect(html).toContain('pass@k (at least one of k trials)');
    // Self-contained: nothing is fetched from anywhere.
    expect(html).not.toMatch(/<script|<link|src="http|url\(http/);
    expect(html).toMatch(/goal not met|wrong or missing answer/);
    expect(html).toContain('(1 failed and retried)');
  });

  it('leaves a trace of a model request that failed and was retried', () => {
    const rows = readJsonlLines(join(dir('openai'), 'results.jsonl')) as { usage: { retried_requests?: number; requests: number } | null; trajectory: string }[];
    const retried = rows.filter((r) => r.usage?.retried_requests);
    expect(retried).toHaveLength(1);
    const t = JSON.parse(readFileSync(join(dir('openai'), retried[0]!.trajectory, 'trajectory.json'), 'utf8')) as { steps: { usage?: { requests: number; retries?: { attempt: number; code: string; message: string }[] } }[] };
    const step = t.steps.find((s) => s.usage?.retries)!;
    expect(step.usage).toMatchObject({ requests: 2, retries: [{ attempt: 1, code: 'model_server_error' }] });
    expect(step.usage!.retries![0]!.message).toMatch(/500|overloaded/);
  });

  it('runs the reproduce command to the same episodes', async () => {
    const md = (await phonegym(['report', dir('random')])).stdout;
    const command = /```sh\n(phonegym run [^\n]+)\n```/.exec(md)![1]!;
    const args = command.split(' ').slice(1);
    const again = await phonegym([...args, '--run-dir', dir('random-again')], { timeout: 240_000 });
    expect(again.code, again.stderr).toBe(0);
    const key = (row: Record<string, unknown>) => `${row.task_id}#${row.instance}#${row.trial_id} ${row.seed} ${row.init_state_hash} ${row.max_steps}`;
    const rows = (name: string) => readJsonlLines(join(dir(name), 'results.jsonl')).map(key).sort();
    expect(rows('random-again')).toEqual(rows('random'));
  }, 240_000);

  it('shows run-folder text as text: markup in a task name, a goal or an error stays inert', async () => {
    cpSync(dir('random'), dir('hostile'), { recursive: true });
    const file = join(dir('hostile'), 'results.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    lines[0] = { ...lines[0], success: false, task_id: '<script>alert(1)</script>', goal: '**bold** | [link](javascript:alert(1)) <img src=x onerror=alert(1)>', error: '<b>boom</b>', trajectory: '../../etc' };
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const md = (await phonegym(['report', dir('hostile')])).stdout;
    expect(md).not.toContain('<script>');
    expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(md).not.toContain('[link](javascript');
    expect(md).not.toContain('<img');
    expect(md).not.toContain('../../etc');
    const out = join(root, 'hostile.html');
    expect((await phonegym(['report', dir('hostile'), '--format', 'html', '--out', out])).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="../');
  });

  it('refuses what it cannot report, saying why, with exit 2', async () => {
    mkdirSync(dir('empty'), { recursive: true });
    expectRefusal(await phonegym(['report', dir('empty')]), /not a run folder \(no meta\.json\)/);
    expectRefusal(await phonegym(['report']), /report takes one run folder/);
    expectRefusal(await phonegym(['report', dir('oracle'), '--format', 'pdf']), /--format/);
    expectRefusal(await phonegym(['report', dir('oracle'), '--out', root]), /is a folder/);
    expectRefusal(await phonegym(['report', dir('oracle'), '--out', join(root, 'no', 'such', 'r.md')]), /does not exist/);
    cpSync(dir('oracle'), dir('broken'), { recursive: true });
    writeFileSync(join(dir('broken'), 'results.jsonl'), '{"task_id": "x"}\n', { flag: 'a' });
    expectRefusal(await phonegym(['report', dir('broken')]), /results\.jsonl/);
  });
});

describe('phonegym view', () => {
  it('serves the run at the address it prints, with the count of episodes it read, until Ctrl+C', async () => {
    const child = spawn(process.execPath, [CLI, 'view', dir('oracle')], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /^viewer: .*$/m.exec(out);
          if (m) resolve(m[0]);
        });
        child.once('exit', (code) => reject(new Error(`view exited with ${code} before printing its address`)));
      });
      const [, url, n] = /^viewer: (http:\/\/127\.0\.0\.1:\d+\/) {2}\((\d+) episodes of .*; Ctrl\+C to stop\)$/.exec(line) ?? [];
      expect(Number(n)).toBe(6);
      const rows = (await (await fetch(`${url}data/rows.jsonl`)).text()).trim().split('\n');
      expect(rows).toHaveLength(6);
      expect((await fetch(url!)).headers.get('content-type')).toMatch(/text\/html/);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses what is not a run folder, with exit 2', async () => {
    expectRefusal(await phonegym(['view', dir('nowhere')]), 'is not a run folder');
    expectRefusal(await phonegym(['view']), 'view takes one run folder');
  });
});
