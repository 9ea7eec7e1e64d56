/**
 * A reset or a restore observed in the same round trip, without waiting for a frame
 * (`resetObserved`, `restoreObserved`: the env server's reset and fork), must give what the
 * settled observation after it gives: the same UI tree, route and state, on every app's first
 * screen and at every task's start, and after a restore of a scrolled, typed-into screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { StatefulObservation as Observation } from '../../bridge/env/types.ts';
import { prepareInstance, startRoute } from '../../bridge/runner/setup.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry, type LoadedTask } from '../../bridge/tasks/registry.ts';
import { APPS } from '../../simulator-apps/catalog.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

let bridge: BridgeServer;
let pool: EnvPool;
let tasks: readonly LoadedTask[];

beforeAll(async () => {
  const web = await ensureWebBuild({});
  tasks = (await loadRegistry()).tasks;
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 2, shardPrefix: 'obs' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

const seen = (o: Observation) => ({ tree: o.tree, route: o.route, state: o.stateJson });

/** The fast observation, then the settled one of the same phone (a frame later, lists filled). */
async function bothWays(env: SimulatorEnv, stateJson: string, route: { app: string; path: string } | undefined): Promise<[Observation, Observation]> {
  const fast = await env.resetObserved(stateJson, route);
  return [fast, await env.observe({ advanceMs: 0, screenshot: false })];
}

describe('observed in the reset or restore round trip', () => {
  it("gives the settled tree on every app's first screen and the launcher, in two seeds", async () => {
    const env = pool.envs[0]!;
    for (const seed of [1, 2]) {
      const stateJson = JSON.stringify(createInitialState(seed));
      for (const route of [undefined, ...APPS.map((a) => ({ app: a.id, path: a.rootPath }))]) {
        const [fast, settled] = await bothWays(env, stateJson, route);
        expect(seen(fast), `${route?.app ?? 'home'} seed ${seed}`).toEqual(seen(settled));
        expect(fast.tree.length).toBeGreaterThan(3);
      }
    }
  });

  it("gives the settled tree at a task's start, for a template of every app, in looks 0 and 1", async () => {
    const env = pool.envs[1]!;
    const one = new Map<string, LoadedTask>();
    for (const t of tasks) if (t.def.startApp && !one.has(t.def.startApp)) one.set(t.def.startApp, t);
    expect(one.size).toBeGreaterThanOrEqual(12);
    for (const task of one.values()) {
      for (const variant of [0, 1]) {
        const prepared = prepareInstance(task, 7, { variant });
        const route = startRoute(task);
        const [fast, settled] = await bothWays(env, prepared.stateJson, route === 'unknown' ? undefined : route);
        expect(seen(fast), `${task.id} look ${variant}`).toEqual(seen(settled));
      }
    }
  });

  it('gives the settled tree after a restore of a scrolled screen with text typed, on another page', async () => {
    const [a, b] = pool.envs as [SimulatorEnv, SimulatorEnv];
    await a.reset(JSON.stringify(createInitialState(4)));
    await a.step({ type: 'open_app', app: 'chat' });
    let o = (await a.step({ type: 'drag', x1: 180, y1: 600, x2: 180, y2: 300 })).observation;
    const row = o.tree.find((n) => n.key?.startsWith('chat.item.') && n.bounds.y > 200)!;
    o = (await a.step({ type: 'tap', x: row.bounds.x + 20, y: row.bounds.y + row.bounds.h / 2 })).observation;
    const input = o.tree.find((n) => n.key === 'chat.input')!;
    await a.step({ type: 'type', x: input.bounds.x + 10, y: input.bounds.y + 10, text: '周末见' });
    await a.step({ type: 'key', key: 'back' });
    const at = await a.observe({ screenshot: false });
    const snapshot = await a.snapshot();
    await b.reset(JSON.stringify(createInitialState(9)));
    await b.step({ type: 'open_app', app: 'notes' });
    const fast = await b.restoreObserved(snapshot);
    expect(seen(fast)).toEqual(seen(at));
    expect(seen(await b.observe({ screenshot: false }))).toEqual(seen(at));
  });
});
