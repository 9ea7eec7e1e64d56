/**
 * Long lists render a screenful and more as they scroll into view (simulator-apps/shared/
 * renderWindow.svelte.ts), in a real browser: at every offset the rows on screen are the list's
 * rows in order, where the whole list would put them; swipes reach the last row and stop where
 * the whole list ends; a remembered offset comes back with the same rows; and the same swipes
 * give the same screen on another page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { StatefulObservation as Observation } from '../../bridge/env/types.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { sortChats } from '../../simulator-apps/chat/logic.ts';
import type { ChatState, Thread } from '../../simulator-apps/chat/types.ts';
import { WINDOW_MARGIN_PX } from '../../simulator-apps/shared/renderWindow.svelte.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

let bridge: BridgeServer;
let pool: EnvPool;
const initial = createInitialState(1);
const state = JSON.stringify(initial);

beforeAll(async () => {
  const web = await ensureWebBuild({});
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 2, shardPrefix: 'rw' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

const swipeUp: Action = { type: 'swipe', x1: 180, y1: 620, x2: 180, y2: 260 };
const ROW_PX = 72;

/** The app's first screen, from the seeded state. */
async function open(env: SimulatorEnv, app: string): Promise<Observation> {
  await env.reset(state);
  await env.openApp(app);
  return env.observe();
}

const keyed = (o: Observation, prefix: string): UiNode[] => o.tree.filter((n) => n.key?.startsWith(prefix));
const screenOf = (o: Observation, prefix: string): string[] => keyed(o, prefix).map((n) => `${n.key}@${n.bounds.y}`);

/** Swipes until the screen stops changing; every screen on the way, the first included. */
async function swipeToEnd(env: SimulatorEnv, first: Observation, prefix: string): Promise<Observation[]> {
  const seen = [first];
  for (let i = 0; i < 40; i++) {
    const next = (await env.step(swipeUp)).observation;
    if (screenOf(next, prefix).join() === screenOf(seen.at(-1)!, prefix).join()) return seen;
    seen.push(next);
  }
  throw new Error(`the list under ${prefix} still moved after 40 swipes`);
}

describe('a long list rendered as it scrolls', () => {
  it('shows the chat list’s rows in order, 72 px apart, at every offset, down to the last row', async () => {
    const chat = initial.apps.chat as unknown as ChatState;
    const contacts = new Set(chat.contacts.map((c) => c.id));
    const order = sortChats([...chat.chats, ...chat.groups] as Thread[])
      .filter((t) => !('contactId' in t) || contacts.has(t.contactId as string))
      .map((t) => `chat.item.${t.id}`);
    expect(order.length).toBeGreaterThan(15); // longer than a screen: most rows start unrendered

    const env = pool.envs[0]!;
    const screens = await swipeToEnd(env, await open(env, 'chat'), 'chat.item.');
    expect(screens.length).toBeGreaterThan(1);
    for (const o of screens) {
      const whole = keyed(o, 'chat.item.').filter((n) => n.bounds.h === ROW_PX);
      expect(whole.length).toBeGreaterThan(5);
      const at = order.indexOf(whole[0]!.key!);
      expect(whole.map((n) => n.key)).toEqual(order.slice(at, at + whole.length));
      expect(whole.map((n) => n.bounds.y - whole[0]!.bounds.y)).toEqual(whole.map((_, i) => i * ROW_PX));
    }
    // The end is the whole list's end: its last row, resting on the list's bottom edge.
    const last = screens.at(-1)!;
    const list = last.tree.find((n) => n.key === 'chat.list')!;
    const bottom = keyed(last, 'chat.item.').at(-1)!;
    expect(bottom.key).toBe(order.at(-1));
    expect(bottom.bounds.y + bottom.bounds.h).toBe(list.bounds.y + list.bounds.h);
  });

  it('builds the rows a screen shows until the list scrolls, then a margin of rows below its bottom edge', async () => {
    const env = pool.envs[1]!;
    await open(env, 'chat');
    const extent = () =>
      env.page.evaluate(() => {
        const list = document.querySelector('[data-ui="chat.list"]')!.getBoundingClientRect();
        const rows = [...document.querySelectorAll('[data-ui^="chat.item."]')];
        return { listBottom: list.bottom, rowsBottom: rows.at(-1)!.getBoundingClientRect().bottom };
      });
    const first = await extent();
    expect(first.rowsBottom).toBeGreaterThanOrEqual(first.listBottom);
    expect(first.rowsBottom).toBeLessThan(first.listBottom + WINDOW_MARGIN_PX);
    // A short drag (no fling): the rows then reach a margin below the bottom edge, not the list's end.
    await env.step({ type: 'drag', x1: 180, y1: 500, x2: 180, y2: 400 });
    const scrolled = await extent();
    expect(scrolled.rowsBottom).toBeGreaterThanOrEqual(scrolled.listBottom + WINDOW_MARGIN_PX);
  });

  it('brings a remembered offset of the notes feed back with the same cards, and the same swipes give the same screen on another page', async () => {
    const [a, b] = pool.envs as [SimulatorEnv, SimulatorEnv];
    const screens: string[][] = [];
    for (const env of [a, b]) {
      await open(env, 'notes');
      let o: Observation | undefined;
      for (let i = 0; i < 3; i++) o = (await env.step(swipeUp)).observation;
      screens.push(screenOf(o!, 'notes.card.'));
    }
    expect(screens[0]!.length).toBeGreaterThan(1);
    expect(screens[1]).toEqual(screens[0]);

    // Into a note and back: the feed remounts at its remembered offset.
    const card = keyed(await a.observe(), 'notes.card.').find((n) => n.bounds.h > 100)!;
    await a.step({ type: 'tap', x: card.bounds.x + card.bounds.w / 2, y: card.bounds.y + card.bounds.h / 2 });
    expect(screenOf(await a.observe(), 'notes.card.')).toEqual([]);
    const back = (await a.step({ type: 'key', key: 'back' })).observation;
    expect(screenOf(back, 'notes.card.')).toEqual(screens[0]);
  });
});
