/**
 * The env server's figures, measured through the server by a client in the same run (HTTP on
 * loopback, as a trainer on the same machine calls it): reset p50 (to four seeds in turn, with
 * and without the screenshot; and to the same instance after a step of it), fork of 8 p50, steps/s through the server against the same steps on the env
 * directly (the same page, in paired rounds), and how many sessions it holds before the first 429.
 *
 *   node --import tsx bridge/bench/serveBench.ts        (alone; BENCH_SERVE_STEPS, BENCH_SERVE_RESETS)
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ensureWebBuild } from '../build/webBuild.ts';
import { EnvPool } from '../env/envPool.ts';
import type { UiNode } from '../protocol/state.ts';
import { EnvServer } from '../serve/envServer.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { loadRegistry } from '../tasks/registry.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { center, envSteps, median, p50, showChat } from './steps.ts';

export interface ServeFigures {
  pages: number;
  reset_p50_ms: number;
  reset_with_screenshot_p50_ms: number;
  /**
   * A reset to the instance the session just played, after one step of it (a group of rollouts
   * from one seed): only the slices the step changed travel and are parsed again.
   */
  reset_same_instance_p50_ms: number;
  fork8_p50_ms: number;
  /** The fork of 8 and then one step of each of the 8 at once (their phones restored on the way). */
  fork8_then_step_p50_ms: number;
  server_steps_per_s: number;
  direct_steps_per_s: number;
  server_vs_direct: number;
  sessions_before_429: number;
}

const PAGES = 8;
/** Rounds of the paired step comparison (an even number: each leg goes first in half of them). */
const ROUNDS = 6;
const TASK = 'chat.PinChat';
/** The cycle envSteps taps: a chat, back, the contacts tab, the chats tab. */
const CYCLE = [(x: UiNode) => x.key?.startsWith('chat.item.') ?? false, (x: UiNode) => x.key === 'nav.back', (x: UiNode) => x.key === 'tab.contacts', (x: UiNode) => x.key === 'tab.chats'];

type Json = Record<string, any>;

export async function serveBench(progress: (line: string) => void = () => {}, opts: { steps?: number; resets?: number } = {}): Promise<ServeFigures> {
  const steps = opts.steps ?? Number(process.env.BENCH_SERVE_STEPS ?? 40);
  const resets = opts.resets ?? Number(process.env.BENCH_SERVE_RESETS ?? 40);
  const web = await ensureWebBuild({ log: progress });
  const tasks = (await loadRegistry()).tasks;
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  const pool = await EnvPool.open({ bridge, size: PAGES, shardPrefix: 'sb' });
  const server = await EnvServer.start({ pool, tasks, tokenMatches: (t) => bridge.tokenMatches(t), port: 0 });
  const call = clientOf(server.url, bridge.token);
  try {
    progress(`serve: ${resets} resets through the server, with and without the screenshot`);
    const session = (await call('POST', '/v1/sessions', { task: TASK, seed: 1, screenshot: false })).session as string;
    const timedResets = async (screenshot: boolean) => {
      const ms: number[] = [];
      for (let i = 0; i < resets; i++) {
        const t = performance.now();
        await call('POST', `/v1/sessions/${session}/reset`, { task: TASK, seed: 1 + (i % 4), screenshot });
        ms.push(performance.now() - t);
      }
      return p50(ms);
    };
    await timedResets(false); // warm: every seed's slices seen once
    const resetMs = await timedResets(false);
    const resetShotMs = await timedResets(true);
    // A group's rollouts: the same instance again after each one's step (here: a chat opened).
    const sameMs: number[] = [];
    let tree = (await call('POST', `/v1/sessions/${session}/reset`, { task: TASK, seed: 1, screenshot: false })).observation.tree as UiNode[];
    for (let i = 0; i < resets; i++) {
      const target = tree.find(CYCLE[0]!);
      if (!target) throw new Error('bench: the reset showed no chat to open');
      await call('POST', `/v1/sessions/${session}/step`, { action: { type: 'tap', ...center(target) }, screenshot: false });
      const t = performance.now();
      tree = (await call('POST', `/v1/sessions/${session}/reset`, { task: TASK, seed: 1, screenshot: false })).observation.tree as UiNode[];
      sameMs.push(performance.now() - t);
    }

    progress('serve: fork of 8 from a snapshot');
    const snapshot = (await call('POST', `/v1/sessions/${session}/snapshot`)).snapshot as string;
    await call('DELETE', `/v1/sessions/${session}`);
    const forkMs: number[] = [];
    const forkStepMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      const fork = await call('POST', '/v1/fork', { snapshot, n: 8, screenshot: false });
      forkMs.push(performance.now() - t);
      // Forks restore their phones at their first step: the group's first step, all 8 at once, too.
      await Promise.all((fork.sessions as string[]).map((s) => call('POST', `/v1/sessions/${s}/step`, { action: { type: 'key', key: 'home' }, screenshot: false })));
      forkStepMs.push(performance.now() - t);
      await Promise.all((fork.sessions as string[]).map((s) => call('DELETE', `/v1/sessions/${s}`)));
    }

    // Paired and on one page: each round steps the same phone directly and through the server,
    // in turn (which goes first alternates), so a burst of the host's noise lands on both legs of
    // a round, not on one side of the comparison. The ratio is the median of the rounds' ratios.
    progress(`serve: ${steps} steps through the server vs the env directly, ${ROUNDS} rounds, paired on one page`);
    const direct: number[] = [];
    const through: number[] = [];
    const ratios: number[] = [];
    const stateJson = JSON.stringify(createInitialState(1));
    for (let round = 0; round < ROUNDS; round++) {
      const s = await call('POST', '/v1/sessions', { task: TASK, seed: 1, max_steps: steps + 1, screenshot: false });
      const env = server.phoneOf(s.session as string);
      if (!env) throw new Error('bench: the server holds no phone for the session it just made');
      const viaServer = async (): Promise<number> => {
        let tree = (await call('POST', `/v1/sessions/${s.session}/reset`, { task: TASK, seed: 1, max_steps: steps + 1 })).observation.tree as UiNode[];
        const t = performance.now();
        for (let i = 0; i < steps; i++) {
          const target = tree.find(CYCLE[i % 4]!);
          if (!target) throw new Error(`bench: server step ${i} found nothing to tap`);
          tree = (await call('POST', `/v1/sessions/${s.session}/step`, { action: { type: 'tap', ...center(target) } })).observation.tree;
        }
        return steps / ((performance.now() - t) / 1000);
      };
      const directly = async (): Promise<number> => {
        await showChat(env, stateJson);
        return (await envSteps(env, steps)).sps;
      };
      let d: number;
      let v: number;
      if (round % 2 === 0) {
        d = await directly();
        v = await viaServer();
      } else {
        v = await viaServer();
        d = await directly();
      }
      direct.push(d);
      through.push(v);
      ratios.push(v / d);
      await call('DELETE', `/v1/sessions/${s.session}`);
    }

    progress('serve: sessions held before the first 429');
    const held: string[] = [];
    for (;;) {
      const r = await call('POST', '/v1/sessions', { task: TASK, seed: 1, screenshot: false });
      if (r.status === 429) break;
      held.push(r.session);
    }
    await Promise.all(held.map((s) => call('DELETE', `/v1/sessions/${s}`)));
    const directSps = median(direct);
    const serverSps = median(through);
    const ratio = median(ratios);
    return {
      pages: PAGES,
      reset_p50_ms: resetMs,
      reset_with_screenshot_p50_ms: resetShotMs,
      reset_same_instance_p50_ms: p50(sameMs),
      fork8_p50_ms: p50(forkMs),
      fork8_then_step_p50_ms: p50(forkStepMs),
      server_steps_per_s: serverSps,
      direct_steps_per_s: directSps,
      server_vs_direct: ratio,
      sessions_before_429: held.length,
    };
  } finally {
    call.agent.destroy();
    await server.close();
    await pool.close();
    await bridge.close();
  }
}

/**
 * The trainer's side: JSON over HTTP/1.1 on one kept-alive connection per request in flight, as a
 * Python `requests.Session` or `httpx.Client` calls (node:http, not `fetch`: undici's fetch costs
 * ~0.45 ms of its own per request in this process, measured on a no-op `GET …/state`, 0.71 against
 * 0.27 ms, and the client shares the server's thread here). A 429 is an answer, not an error.
 */
function clientOf(base: string, token: string): ((method: string, path: string, body?: unknown) => Promise<Json>) & { agent: Agent } {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true });
  const call = (method: string, path: string, body?: unknown): Promise<Json> =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) }) };
      const req = request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let json: Json;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
          } catch {
            return reject(new Error(`bench: ${path} answered ${status} with no JSON`));
          }
          if ((status < 200 || status >= 300) && status !== 429) return reject(new Error(`bench: ${path} answered ${status}: ${JSON.stringify(json).slice(0, 200)}`));
          resolve({ status, ...json });
        });
      });
      req.on('error', reject);
      req.end(data);
    });
  return Object.assign(call, { agent });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await serveBench((l) => console.error(l));
  console.log(`reset p50 ${f.reset_p50_ms.toFixed(1)} ms (goal ≤ 15; four seeds in turn), with the screenshot ${f.reset_with_screenshot_p50_ms.toFixed(1)} ms; to the same instance after a step of it ${f.reset_same_instance_p50_ms.toFixed(1)} ms`);
  console.log(`fork of 8 p50 ${f.fork8_p50_ms.toFixed(1)} ms (goal ≤ 60); with a first step of all 8 ${f.fork8_then_step_p50_ms.toFixed(1)} ms`);
  console.log(`steps/s through the server ${f.server_steps_per_s.toFixed(2)}, the env directly ${f.direct_steps_per_s.toFixed(2)}: ${f.server_vs_direct.toFixed(3)} x (goal ≥ 0.9)`);
  console.log(`sessions held at once before the first 429: ${f.sessions_before_429} (${f.pages} pages)`);
  console.log(JSON.stringify(f));
}
