/**
 * Drags and swipes through the env, in a real browser: a drag moves the list by exactly the
 * finger's travel and stops dead, a swipe flings further, and the outcome is the same on every
 * page of a pool and whether the pages move one at a time or all at once (the moves of a stroke
 * are sent together and the renderer may merge them; the phone reads the raw moves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { StatefulObservation as Observation } from '../../bridge/env/types.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

let bridge: BridgeServer;
let pool: EnvPool;
const state = JSON.stringify(createInitialState(1));

beforeAll(async () => {
  const web = await ensureWebBuild({});
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 3, shardPrefix: 'g' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

/** The chat app's contact list, from the top. */
async function contacts(env: SimulatorEnv): Promise<Observation> {
  await env.reset(state);
  await env.openApp('chat');
  const tab = (await env.observe()).tree.find((n) => n.key === 'tab.contacts')!;
  return (await env.step({ type: 'tap', x: tab.bounds.x + tab.bounds.w / 2, y: tab.bounds.y + tab.bounds.h / 2 })).observation;
}

/** How far the list moved up between two observations, read from a contact both show. */
function scrolled(before: Observation, after: Observation): number {
  const items = (o: Observation) => new Map(o.tree.filter((n) => n.key?.startsWith('contact.item.')).map((n) => [n.key!, n.bounds.y]));
  const a = items(before);
  const b = items(after);
  const common = [...a.keys()].find((k) => b.has(k));
  if (common === undefined) return Infinity; // moved by more than a screen
  return a.get(common)! - b.get(common)!;
}

/** The keys of the contacts on screen, top to bottom: where the list came to rest. */
const visible = (o: Observation) => o.tree.filter((n) => n.key?.startsWith('contact.item.')).map((n) => `${n.key}@${n.bounds.y}`);

const drag: Action = { type: 'drag', x1: 180, y1: 600, x2: 180, y2: 300 };
const swipe: Action = { type: 'swipe', x1: 180, y1: 600, x2: 180, y2: 300 };

describe('drag and swipe', () => {
  it('a drag moves the list by the finger’s travel and stops; a swipe flings further', async () => {
    const env = pool.envs[0]!;
    const start = await contacts(env);
    const afterDrag = (await env.step(drag)).observation;
    expect(scrolled(start, afterDrag)).toBe(300);

    const again = await contacts(env);
    const afterSwipe = (await env.step(swipe)).observation;
    expect(scrolled(again, afterSwipe)).toBeGreaterThan(300);
  });

  it('gives the same result on every page, one at a time or all at once', async () => {
    const one: string[][] = [];
    for (const env of pool.envs) {
      await contacts(env);
      await env.step(swipe);
      one.push(visible((await env.step(drag)).observation));
    }
    const all = await Promise.all(
      pool.envs.map(async (env) => {
        await contacts(env);
        await env.step(swipe);
        return visible((await env.step(drag)).observation);
      }),
    );
    expect(one[0]!.length).toBeGreaterThan(3);
    for (const v of [...one, ...all]) expect(v).toEqual(one[0]);
  });
});
