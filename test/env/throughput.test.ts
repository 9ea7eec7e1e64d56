/**
 * Frames nobody reads are not taken, and the faster input path is the same input. In a real
 * browser: a click and typed text sent over CDP at once fire exactly the DOM events Playwright's
 * `mouse.click` and `keyboard.type` fire; an episode whose agent reads only the UI tree takes no
 * screenshot when the run keeps no frames (and one per observation when it does), passes, and
 * writes a trajectory without pictures; two fresh pages given the same seed and actions give the
 * same JPEG bytes at every step.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { runOracleEpisode } from '../../bridge/runner/episode.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

let bridge: BridgeServer;
let pool: EnvPool;
const dirs: string[] = [];
const state = JSON.stringify(createInitialState(1));

beforeAll(async () => {
  const web = await ensureWebBuild({});
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 2, shardPrefix: 'tp' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'phonegym-throughput-'));
  dirs.push(d);
  return d;
};
const center = (n: UiNode) => ({ x: Math.round(n.bounds.x + n.bounds.w / 2), y: Math.round(n.bounds.y + n.bounds.h / 2) });
const node = (nodes: UiNode[], key: string) => {
  const n = nodes.find((x) => x.key === key || (key.endsWith('*') && x.key?.startsWith(key.slice(0, -1))));
  if (!n) throw new Error(`no ${key} on screen`);
  return n;
};

/** The first chat open, its message field on screen. */
async function conversation(env: SimulatorEnv): Promise<UiNode> {
  await env.reset(state);
  await env.openApp('chat');
  const list = await env.observe({ screenshot: false });
  const opened = await env.step({ type: 'tap', ...center(node(list.tree, 'chat.item.*')) }, { screenshot: false });
  return node(opened.observation.tree, 'chat.input');
}

/** Starts recording every input-related DOM event of the page, with the fields a handler may read. */
async function listen(env: SimulatorEnv): Promise<void> {
  await env.page.evaluate(`(() => {
    window.__events = [];
    if (window.__listening) return;
    window.__listening = true;
    const fields = ['type', 'key', 'code', 'keyCode', 'which', 'charCode', 'location', 'repeat', 'isComposing', 'shiftKey', 'ctrlKey', 'altKey', 'metaKey', 'data', 'inputType', 'button', 'buttons', 'clientX', 'clientY', 'detail', 'pointerType', 'pressure', 'isPrimary', 'isTrusted'];
    for (const t of ['pointerover', 'pointerenter', 'pointerdown', 'pointermove', 'pointerup', 'mouseover', 'mousedown', 'mousemove', 'mouseup', 'click', 'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'focus', 'focusin'])
      document.addEventListener(t, (e) => window.__events.push(Object.fromEntries(fields.filter((f) => f in e).map((f) => [f, e[f]]))), true);
  })()`);
}
const events = (env: SimulatorEnv) => env.page.evaluate('window.__events') as Promise<Record<string, unknown>[]>;

describe('input over CDP', () => {
  it('a tap and typed text (letters, digits, space, Chinese) fire the events Playwright fires', async () => {
    const env = pool.envs[0]!;
    const text = 'Hi 2 你好 ok';
    let field = await conversation(env);
    await listen(env);
    await env.step({ type: 'type', text, ...center(field) }, { screenshot: false });
    const ours = await events(env);
    const typed = (await env.observe({ screenshot: false })).tree;

    field = await conversation(env);
    await listen(env);
    await env.page.mouse.click(center(field).x, center(field).y);
    await env.page.keyboard.type(text);
    const playwrights = await events(env);
    expect(ours.length).toBeGreaterThan(text.length * 2);
    expect(ours).toEqual(playwrights);
    expect(JSON.stringify(typed)).toContain('Hi 2 你好 ok');
  });
});

describe('frames nobody reads', () => {
  it('the oracle reads the UI tree only: with frames off its episode takes no screenshot, passes, and its trajectory has no pictures', async () => {
    const registry = await loadRegistry();
    const task = registry.tasks.find((t) => t.id === 'chat.SendMessage')!;
    const env = pool.envs[0]!;

    const before = env.captures;
    const off = await runOracleEpisode(env, task, 7, tmp(), 'off', { frames: false });
    expect(off.row.passed).toBe(true);
    expect(env.captures - before).toBe(0);
    const offDoc = JSON.parse(readFileSync(join(off.recorder.dir, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
    expect(readdirSync(off.recorder.dir).filter((f) => f.endsWith('.jpg'))).toEqual([]);
    expect(offDoc.initial_screenshot).toBeNull();
    expect(offDoc.steps.every((s) => s.screenshot === null)).toBe(true);
    expect(offDoc.steps.some((s) => (s.changes?.length ?? 0) > 0)).toBe(true);

    const mid = env.captures;
    const on = await runOracleEpisode(env, task, 7, tmp(), 'on');
    expect(on.row.passed).toBe(true);
    const onDoc = JSON.parse(readFileSync(join(on.recorder.dir, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
    // One picture per observation: the initial screen and one after every action that touched the phone.
    const touched = onDoc.steps.filter((s) => s.route !== null).length;
    expect(env.captures - mid).toBe(touched + 1);
    expect(onDoc.initial_screenshot).toBe('step_000.jpg');
    expect(readdirSync(on.recorder.dir).filter((f) => f.endsWith('.jpg')).length).toBe(touched + 1);
    // The same steps either way: only the pictures differ.
    expect(offDoc.steps.map((s) => [s.text, s.changes])).toEqual(onDoc.steps.map((s) => [s.text, s.changes]));
    expect(off.row.init_state_hash).toBe(on.row.init_state_hash);
  });
});

describe('screenshots are deterministic', () => {
  it('two pages given the same seed and actions give the same JPEG bytes at every step', async () => {
    const actionsFrom = async (env: SimulatorEnv) => {
      const shots: string[] = [];
      await env.reset(state);
      await env.openApp('chat');
      let o = await env.observe();
      shots.push(o.screenshot.toString('base64'));
      const plan: ((tree: UiNode[]) => Action)[] = [
        (t) => ({ type: 'tap', ...center(node(t, 'chat.item.*')) }),
        (t) => ({ type: 'type', text: 'abc 你好', ...center(node(t, 'chat.input')) }),
        () => ({ type: 'key', key: 'back' }),
        () => ({ type: 'swipe', x1: 180, y1: 600, x2: 180, y2: 300 }),
      ];
      for (const next of plan) {
        o = (await env.step(next(o.tree))).observation;
        shots.push(o.screenshot.toString('base64'));
      }
      return shots;
    };
    const [a, b] = await Promise.all(pool.envs.map(actionsFrom));
    expect(a.length).toBe(5);
    expect(new Set(a).size).toBeGreaterThan(2);
    expect(a).toEqual(b);
  });
});
