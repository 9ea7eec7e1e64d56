/**
 * What goes wrong in long runs, injected for real: a page closed, a renderer killed and the
 * whole browser killed in the middle of an episode, a hung agent, a remote Playwright browser
 * server on loopback, and the contexts and browsers isolation levels. Each run completes and
 * records what happened, with the code of the cause (docs/errors.md).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../bridge/agents/registry.ts';
import type { Agent } from '../../bridge/agents/types.ts';
import { CHROMIUM_ARGS, requireChromium } from '../../bridge/env/browser.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { ConnectionClosedError } from '../../bridge/protocol/errors.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { Env } from '../../bridge/env/types.ts';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import type { EpisodeEvents } from '../../bridge/runner/execute.ts';
import { runEvaluation, type RunOutcome } from '../../bridge/runner/run.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-faults-'));
const readJsonl = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

function config(name: string, over: Partial<RunConfig> = {}): RunConfig {
  return { ...DEFAULT_CONFIG, taskIds: ['chat.PinChat', 'chat.SendMessage', 'chat.UnpinChat'], sampleSeed: 5, runDir: join(root, name), ...over };
}

const quiet = { log: () => {} };

/**
 * Kills the renderer processes of the env's browser (one page: its own) as soon as the env next
 * sends `method` to the phone, so the crash lands while that call is in flight, as a real one
 * mostly does: the phone's socket then drops before Playwright reports the crash.
 */
async function killRendererDuringNext(env: SimulatorEnv, method: string): Promise<void> {
  const pids = (await processes(env.page.context().browser()!)).filter((p) => p.type === 'renderer').map((p) => p.id);
  expect(pids.length).toBeGreaterThan(0);
  const device = env.device;
  const call = device.call.bind(device);
  device.call = ((m, params, opts) => {
    const pending = call(m, params, opts);
    if (m === method) {
      device.call = call;
      for (const pid of pids) process.kill(pid, 'SIGKILL');
    }
    return pending;
  }) as typeof device.call;
}

/** The browser's processes as Chromium itself lists them (Playwright's Browser has no `process()`). */
async function processes(browser: Browser): Promise<{ type: string; id: number }[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  return processInfo;
}

const oracleFor = (env: Env) => createAgent('oracle', { coordsFromCss: env.coordsFromCss });

/** Events that do `fault` to the env once, after step `index` of the first episode of `taskId`. */
function faultOnce(taskId: string, index: number, fault: (env: SimulatorEnv) => unknown): { events: EpisodeEvents; fired: () => boolean } {
  let fired = false;
  const events: EpisodeEvents = {
    onStep: async (env, ep, s) => {
      if (!fired && ep.task.id === taskId && s.index === index) {
        fired = true;
        await fault(env as SimulatorEnv);
      }
    },
  };
  return { events, fired: () => fired };
}

/** The faulted task's row is a run_error with exactly `code`, not retried; the other two episodes passed. */
function expectOneRunError(out: RunOutcome, taskId: string, code: string): void {
  const bad = out.rows.find((r) => r.task_id === taskId)!;
  expect(bad).toMatchObject({ status: 'run_error', error_code: code, attempts: 1, judge: null });
  expect(out.rows.length).toBe(3);
  expect(out.rows.filter((r) => r.task_id !== taskId).every((r) => r.success)).toBe(true);
  const errors = readJsonl(join(out.runDir, 'errors.jsonl'));
  expect(errors).toEqual([expect.objectContaining({ task_id: taskId, status: 'run_error', error_code: code, retried: false, attempt: 1 })]);
  expect(out.summary.status_counts.run_error).toBe(1);
}

describe('a broken page', () => {
  it('a page closed mid-episode gives a run_error row coded page_closed; the run completes', async () => {
    const fault = faultOnce('chat.PinChat', 2, (env) => env.page.close());
    const out = await runEvaluation(config('closed', { retries: 0 }), { ...quiet, events: fault.events });
    expect(fault.fired()).toBe(true);
    expectOneRunError(out, 'chat.PinChat', 'page_closed');
  });

  it('a killed renderer is replaced and, with --retries 1, the episode runs again and passes', async () => {
    // Kill the renderer process the way a real crash does.
    const fault = faultOnce('chat.SendMessage', 1, (env) => env.page.goto('chrome://crash').catch(() => {}));
    const out = await runEvaluation(config('crashed', { retries: 1 }), { ...quiet, events: fault.events });
    expect(fault.fired()).toBe(true);
    const row = out.rows.find((r) => r.task_id === 'chat.SendMessage')!;
    expect(row.success).toBe(true);
    expect(row.attempts).toBe(2);
    expect(row.retry).toBe('blind');
    expect(out.rows.every((r) => r.success)).toBe(true);
    const errors = readJsonl(join(out.runDir, 'errors.jsonl'));
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatchObject({ task_id: 'chat.SendMessage', status: 'run_error', retried: true, attempt: 1, error_code: 'page_crashed' });
    expect(out.summary.retries.retried_attempts).toBe(1);
    expect(out.summary.retries.recovered).toBe(1);
    expect(out.summary.success_rate).toBe(1);
    const meta = JSON.parse(readFileSync(join(out.runDir, 'meta.json'), 'utf8'));
    expect(meta.env_replacements).toBe(1);
  });

  it('a renderer killed during a call to the phone gives page_crashed (not device_disconnected) without --retries; the run goes on', async () => {
    const fault = faultOnce('chat.SendMessage', 1, (env) => killRendererDuringNext(env, 'settle'));
    const out = await runEvaluation(config('crashed-once', { retries: 0 }), { ...quiet, events: fault.events });
    expect(fault.fired()).toBe(true);
    expectOneRunError(out, 'chat.SendMessage', 'page_crashed');
  });

  it('a killed browser process gives browser_crashed; the browser is relaunched and the run goes on', async () => {
    // The whole Chromium, the way the OOM killer takes it: no goodbye to Playwright.
    const fault = faultOnce('chat.PinChat', 2, async (env) => process.kill((await processes(env.page.context().browser()!)).find((p) => p.type === 'browser')!.id, 'SIGKILL'));
    const out = await runEvaluation(config('browser-killed', { retries: 0 }), { ...quiet, events: fault.events });
    expect(fault.fired()).toBe(true);
    expectOneRunError(out, 'chat.PinChat', 'browser_crashed');
    const meta = JSON.parse(readFileSync(join(out.runDir, 'meta.json'), 'utf8'));
    expect(meta.env_replacements).toBe(1);
  });
});

describe('--episode-timeout', () => {
  it('a hung agent ends as timeout and the run goes on', async () => {
    const hangOn = 'chat.PinChat';
    const factory = (env: Env): Agent => {
      const oracle = oracleFor(env);
      return {
        name: 'sometimes-hangs',
        start: (ctx) => oracle.start?.(ctx),
        act: (obs, ctx) => (ctx.task.id === hangOn ? new Promise(() => {}) : oracle.act(obs, ctx)),
        end: (ctx) => oracle.end?.(ctx),
      };
    };
    const out = await runEvaluation(config('timeout', { episodeTimeout: 8 }), { ...quiet, agentFactory: factory });
    const hung = out.rows.find((r) => r.task_id === hangOn)!;
    expect(hung).toMatchObject({ status: 'timeout', stop_reason: 'timeout', error_code: 'episode_timeout', success: false, judge: null });
    expect(hung.runtime_s).toBeGreaterThanOrEqual(8);
    // The others ran on (their limit is generous: a loaded CI machine is slow, not hung).
    expect(out.rows.filter((r) => r.task_id !== hangOn).map((r) => `${r.task_id} ${r.status} ${r.success}`).sort()).toEqual(['chat.SendMessage completed true', 'chat.UnpinChat completed true']);
    expect(out.summary.status_counts.timeout).toBe(1);
  });
});

describe('isolation levels and remote browsers', () => {
  it('a run in a remote Playwright browser server (launchServer on loopback) passes', async () => {
    const server = await chromium.launchServer({ executablePath: requireChromium().path, headless: true, args: CHROMIUM_ARGS, host: '127.0.0.1' });
    try {
      const out = await runEvaluation(config('remote', { browserEndpoint: server.wsEndpoint(), parallel: 2 }), quiet);
      expect(out.rows.length).toBe(3);
      expect(out.rows.every((r) => r.success)).toBe(true);
      const meta = JSON.parse(readFileSync(join(out.runDir, 'meta.json'), 'utf8'));
      expect(meta.execution.browser_endpoint).toBe(true);
      expect(JSON.stringify(meta)).not.toContain(server.wsEndpoint().split('/').pop()); // the endpoint's secret path stays out
    } finally {
      await server.close();
    }
  });

  it('contexts and browsers isolation give the same results as pages', async () => {
    const pages = await runEvaluation(config('iso-pages', { parallel: 2 }), quiet);
    const contexts = await runEvaluation(config('iso-contexts', { parallel: 2, isolation: 'contexts' }), quiet);
    const browsers = await runEvaluation(config('iso-browsers', { parallel: 2, isolation: 'browsers' }), quiet);
    const view = (rows: typeof pages.rows) => rows.map((r) => `${r.task_id}#${r.instance}:${r.init_state_hash}:${r.success}:${r.steps}`).sort();
    expect(view(contexts.rows)).toEqual(view(pages.rows));
    expect(view(browsers.rows)).toEqual(view(pages.rows));
    expect(pages.rows.every((r) => r.success)).toBe(true);
  });

  it('EnvPool: for await over envs, acquire/release, and replace after a crash', async () => {
    const web = await ensureWebBuild({});
    const bridge = await BridgeServer.start({ staticDir: web.dir });
    // A prefix the bridge would refuse as a device id fails at once, not after a 60 s connect wait.
    await expect(EnvPool.open({ bridge, size: 1, shardPrefix: 'a+b' })).rejects.toThrow(/shardPrefix "a\+b" cannot start a device id/);
    const pool = await EnvPool.open({ bridge, size: 3, isolation: 'pages' });
    try {
      const state = JSON.stringify(createInitialState(4));
      const seen: string[] = [];
      for await (const env of pool) {
        await env.reset(state);
        seen.push(env.deviceId);
      }
      expect(seen).toEqual(['p00-phone0', 'p00-phone1', 'p00-phone2']);
      // pages isolation: one context for all (a quarter of the memory of contexts, no storage race).
      expect(await pool.contextCount()).toBe(1);
      const a = await pool.acquire();
      await a.page.goto('chrome://crash').catch(() => {});
      await expect.poll(() => pool.isBroken(a)).toBe(true);
      expect(await pool.failureCode(a)).toBe('page_crashed');
      const b = await pool.replace(a);
      expect(b.deviceId).toBe('p00-phone0-r1');
      await b.reset(state);
      expect((await b.getState()).state.os).toBeTruthy();
      pool.release(b);
      // All three are free again.
      const all = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
      expect(new Set(all.map((e) => e.deviceId)).size).toBe(3);
      // Only the socket dropped, the page still answers: device_disconnected, known at once.
      // (The fresh page: the crash may have taken a page sharing the renderer process with it.)
      const dropped = all.find((e) => e.deviceId === 'p00-phone0-r1')!;
      expect(await pool.failureCode(dropped)).toBeNull();
      dropped.device.close('dropped by the test');
      expect(await pool.failureCode(dropped)).toBe('device_disconnected');
      // A second pool with the same ids on the same bridge gets its own pages' connections.
      const second = await EnvPool.open({ bridge, size: 2 });
      try {
        for await (const env of second) await env.reset(state);
        expect(await second.contextCount()).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      await pool.close();
      await bridge.close();
    }
  });
  it('a call cut off by a crash before anything told the pool is still page_crashed', async () => {
    const web = await ensureWebBuild({});
    const bridge = await BridgeServer.start({ staticDir: web.dir });
    const pool = await EnvPool.open({ bridge, size: 1 });
    try {
      const env = await pool.acquire();
      await env.reset(JSON.stringify(createInitialState(4)));
      for (const p of await processes(env.page.context().browser()!)) if (p.type === 'renderer') process.kill(p.id, 'SIGKILL');
      // At once, as when a call's send fails on a socket already closing: neither the socket's close
      // nor the crash has reached the pool yet, and the failed call is the only sign.
      expect(pool.isBroken(env)).toBe(false);
      expect(await pool.failureCode(env, new ConnectionClosedError('cannot call settle: send failed (socket is not open (state 2))'))).toBe('page_crashed');
    } finally {
      await pool.close();
      await bridge.close();
    }
  });
});
