/**
 * Snapshots of the whole phone, restores and forks, in a real browser: after a restore (on the
 * same page or another page of the pool) the UI tree, the screenshot bytes and the state hash are
 * the ones at the snapshot, with a list scrolled and a field focused with text typed;
 * forks stepped alike stay identical and diverge only where their actions differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import { forkEnvs, SnapshotStore } from '../../bridge/env/snapshots.ts';
import type { StatefulObservation as Observation } from '../../bridge/env/types.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import { stateHash } from '../../bridge/runner/setup.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

let bridge: BridgeServer;
let pool: EnvPool;
const state = JSON.stringify(createInitialState(3));

beforeAll(async () => {
  const web = await ensureWebBuild({});
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 3, shardPrefix: 'snap' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

/** What a snapshot must bring back: the tree, the pixels, the state. */
const picture = (o: Observation) => ({ tree: o.tree, route: o.route, hash: stateHash(o.state), shot: o.screenshot.toString('base64') });

const centre = (o: Observation, key: string): Action => {
  const n = o.tree.find((x) => x.key === key);
  if (!n) throw new Error(`no ${key} on screen (${o.route.app}${o.route.path}): ${o.tree.map((x) => x.key).filter(Boolean).slice(0, 30).join(' ')}`);
  return { type: 'tap', x: n.bounds.x + n.bounds.w / 2, y: n.bounds.y + n.bounds.h / 2 };
};

/** The chat list scrolled down by a drag, then a conversation with text typed and its field focused. */
async function busyPhone(env: SimulatorEnv): Promise<Observation> {
  await env.reset(state);
  let o = (await env.step({ type: 'open_app', app: 'chat' })).observation;
  o = (await env.step({ type: 'drag', x1: 180, y1: 600, x2: 180, y2: 420 })).observation;
  const item = o.tree.find((n) => n.key?.startsWith('chat.item.') && n.bounds.y > 200)!;
  o = (await env.step(centre(o, item.key!))).observation;
  return (await env.step({ ...centre(o, 'chat.input'), type: 'type', text: '明天见' } as Action)).observation;
}

describe('snapshot and restore', () => {
  it('brings the tree, the pixels and the state back, on the same page and on another', async () => {
    const [a, b] = pool.envs as [SimulatorEnv, SimulatorEnv];
    const store = new SnapshotStore<{ step: number }>();
    // A scrolled list: back to the list after a conversation, still scrolled.
    const at = picture(await busyPhone(a));
    expect(at.tree.some((n) => n.focused)).toBe(true);
    const id = await store.take(a, { step: 4 });
    await a.step({ type: 'type', text: '不见不散' });
    await a.step({ type: 'key', key: 'back' });
    await a.step({ type: 'key', key: 'home' });
    expect(await store.restore(id, a)).toEqual({ step: 4 });
    expect(picture(await a.observe())).toEqual(at);
    await b.reset(JSON.stringify(createInitialState(9)));
    await store.restore(id, b);
    expect(picture(await b.observe())).toEqual(at);
    // The restored phone goes on as the original would: the typed text continues at the caret.
    const [na, nb] = [await a.step({ type: 'type', text: '！' }), await b.step({ type: 'type', text: '！' })];
    expect(picture(nb.observation)).toEqual(picture(na.observation));
  });

  it('keeps the scroll offset of a list', async () => {
    const [a, b] = pool.envs as [SimulatorEnv, SimulatorEnv];
    const store = new SnapshotStore();
    await a.reset(state);
    let o = (await a.step({ type: 'open_app', app: 'chat' })).observation;
    o = (await a.step({ type: 'drag', x1: 180, y1: 600, x2: 180, y2: 350 })).observation;
    const at = picture(o);
    const id = await store.take(a, null);
    await b.reset(state);
    await store.restore(id, b);
    const back = picture(await b.observe());
    expect(back).toEqual(at);
    // A list at its top would show other rows: the offset was carried, not lost.
    await b.reset(state);
    const top = picture((await b.step({ type: 'open_app', app: 'chat' })).observation);
    expect(top.tree).not.toEqual(at.tree);
  });

  it('refuses an unknown id, a released one, and one the bound pushed out', async () => {
    const env = pool.envs[0]!;
    const store = new SnapshotStore({ maxSnapshots: 2 });
    await env.reset(state);
    const first = await store.take(env, null);
    await expect(store.restore('snap_nope', env)).rejects.toMatchObject({ code: 'unknown_snapshot', message: expect.stringMatching(/unknown snapshot id "snap_nope".*Take a new snapshot/) });
    await store.take(env, null);
    await store.take(env, null);
    expect(store.size).toBe(2);
    await expect(store.restore(first, env)).rejects.toMatchObject({ code: 'unknown_snapshot' });
    const kept = await store.take(env, null);
    expect(store.release(kept)).toBe(true);
    await expect(store.restore(kept, env)).rejects.toMatchObject({ code: 'unknown_snapshot' });
  });
});

describe('forks', () => {
  it('n forks stepped alike stay identical; one diverges only where its actions differ', async () => {
    const store = new SnapshotStore<{ step: number }>();
    const origin = await pool.acquire();
    await busyPhone(origin);
    const id = await store.take(origin, { step: 4 });
    pool.release(origin);
    const forks = await forkEnvs(store, id, 3, pool);
    try {
      expect(forks.map((f) => f.extra)).toEqual([{ step: 4 }, { step: 4 }, { step: 4 }]);
      const same: Action[] = [{ type: 'type', text: '好的' }, { type: 'key', key: 'back' }, { type: 'wait', ms: 60_000 }];
      let last: ReturnType<typeof picture>[] = [];
      for (const action of same) {
        last = [];
        for (const f of forks) last.push(picture((await f.env.step(action)).observation));
        expect(last[1]).toEqual(last[0]);
        expect(last[2]).toEqual(last[0]);
      }
      // The third fork alone goes home: it differs, the other two stay equal.
      const home = picture((await forks[2]!.env.step({ type: 'key', key: 'home' })).observation);
      const stay = [picture(await forks[0]!.env.observe()), picture(await forks[1]!.env.observe())];
      expect(stay[1]).toEqual(stay[0]);
      expect(stay[0]).toEqual(last[0]);
      expect(home.route.app).toBe('home');
      expect(home.shot).not.toBe(stay[0]!.shot);
    } finally {
      for (const f of forks) pool.release(f.env);
    }
  });
});
