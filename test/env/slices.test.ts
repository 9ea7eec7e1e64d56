/**
 * The state moving in slices between the bridge and a real phone page (bridge/protocol/slices.ts):
 * every read gives the whole tree byte for byte, whatever the bridge held before; a reset sends
 * only what the page lacks, asks again for what it forgot, and refuses a slice that does not match
 * its version. The pure parts (split, assemble, versions, the store) are tested on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import type { SimulatorEnv } from '../../bridge/env/simulatorEnv.ts';
import type { DevicePeer } from '../../bridge/server/deviceRegistry.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { assembleJson, knownSplit, lazyTree, SliceStore, stateJsonOf, slicedProblem, sliceNames, sliceVersion, splitTree, type SlicedState, type SnapshotParts } from '../../bridge/protocol/slices.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { hasState, withFields } from '../../bridge/env/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

describe('slices, on their own', () => {
  it('split and assembled again, a tree is byte for byte its JSON.stringify', () => {
    const tree = { os: { time: { timestamp: 1, timezone: 'Asia/Shanghai' } }, apps: { b: { x: [1, '二'] }, a: {}, gone: undefined }, extra: '末' };
    const { layout, json } = splitTree(tree);
    expect(layout.top).toEqual(['os', 'apps', 'extra']);
    expect(layout.apps).toEqual(['b', 'a']);
    expect(sliceNames(layout)).toEqual(['os', 'apps.b', 'apps.a', 'extra']);
    expect(assembleJson(layout, (n) => json[n]!)).toBe(JSON.stringify(tree));
    const full = createInitialState(3);
    const big = splitTree(full as unknown as Record<string, unknown>);
    expect(assembleJson(big.layout, (n) => big.json[n]!)).toBe(JSON.stringify(full));
    // Made from its slices, the string is JSON.stringify's, and its slices are known by it.
    const made = stateJsonOf(full as unknown as Record<string, unknown>);
    expect(made).toBe(JSON.stringify(full));
    expect(knownSplit(made)).toEqual(big);
    expect(knownSplit(JSON.stringify({ other: 1 }))).toBeUndefined();
    expect(() => splitTree({ os: {}, apps: [] })).toThrow(/apps/);
  });

  it('versions follow the content, nothing else', () => {
    expect(sliceVersion('{"a":1}')).toBe(sliceVersion('{"a":1}'));
    expect(sliceVersion('{"a":1}')).not.toBe(sliceVersion('{"a":2}'));
    expect(sliceVersion('{"名":"甲"}')).not.toBe(sliceVersion('{"名":"乙"}'));
    expect(sliceVersion('ab')).not.toBe(sliceVersion('ba'));
  });

  it('the store forgets the least recently used first, within its bound', () => {
    const store = new SliceStore(10);
    store.put('a', '1234');
    store.put('b', '1234');
    expect(store.get('a')).toBe('1234'); // a is now the most recent
    store.put('c', '1234'); // 12 > 10: b goes
    expect(store.has('b')).toBe(false);
    expect(store.has('a') && store.has('c')).toBe(true);
    const versionsOnly = new SliceStore(10, false);
    versionsOnly.put('a', '1234');
    expect(versionsOnly.has('a')).toBe(true);
    expect(versionsOnly.get('a')).toBe('');
  });

  it('a lazy tree reads as JSON.parse of the whole, parsing only the slices read', () => {
    const full = createInitialState(3);
    const { layout, json } = splitTree(full as unknown as Record<string, unknown>);
    const parsed = (tree: Record<string, unknown>, key: string) => Object.getOwnPropertyDescriptor(key.startsWith('apps.') ? (tree.apps as object) : tree, key.replace(/^apps\./, ''))!.get === undefined;
    const tree = lazyTree(layout, json);
    expect((tree.apps as any).chat.chats.length).toBe((full.apps.chat as any).chats.length);
    expect(parsed(tree, 'apps.chat')).toBe(true);
    expect(sliceNames(layout).filter((n) => parsed(tree, n))).toEqual(['apps.chat']);
    // Read whole (stringify, clone, keys), it is the tree, in the same key order.
    expect(JSON.stringify(tree)).toBe(JSON.stringify(full));
    expect(structuredClone(tree)).toEqual(full);
    expect(Object.keys(tree.apps as object)).toEqual(Object.keys(full.apps));
    // Split again, its unread slices are taken as they came, and a slice changed is written anew.
    const again = lazyTree(layout, json);
    expect(splitTree(again)).toEqual({ layout, json });
    ((again.apps as any).chat.chats[0] as { pinned: boolean }).pinned = !(full.apps.chat as any).chats[0].pinned;
    const changed = splitTree(again);
    expect(JSON.parse(changed.json['apps.chat']!).chats[0].pinned).toBe(!(full.apps.chat as any).chats[0].pinned);
    expect(changed.layout.versions['apps.chat']).not.toBe(layout.versions['apps.chat']);
    expect(sliceNames(layout).filter((n) => changed.json[n] !== json[n])).toEqual(['apps.chat']);
    // A slice written before it is read holds what was written, in its place.
    const other = lazyTree(layout, json);
    (other.apps as any).wallet = { written: true };
    expect(Object.keys(other.apps as object)).toEqual(Object.keys(full.apps));
    expect(JSON.parse(JSON.stringify(other)).apps.wallet).toEqual({ written: true });
    expect((other.apps as any).notes).toEqual(full.apps.notes);
  });

  it('names what is wrong with a sliced state from the other side', () => {
    expect(slicedProblem(null)).toMatch(/object/);
    expect(slicedProblem({ top: ['os'], apps: [], versions: {}, json: {} })).toBe('sliced state has no version for os');
    expect(slicedProblem({ top: ['os'], apps: [], versions: { os: 1 }, json: {} })).toMatch(/records of strings/);
    expect(slicedProblem({ top: ['os'], apps: [], versions: { os: 'v' }, json: {} })).toBeNull();
  });
});

describe('slices through a real phone page', () => {
  let bridge: BridgeServer;
  let pool: EnvPool;
  let env: SimulatorEnv;
  const state1 = createInitialState(1);
  const state2 = createInitialState(2);
  /** A call straight on the socket, past the bridge's slicing (what the page really sends). */
  const raw = (method: string, params: unknown) => (env.device.peer as unknown as { call: (m: string, p: unknown) => Promise<Record<string, unknown>> }).call(method, params);
  const wholeOnPage = async () => (await raw('getState', {})).json as string;

  beforeAll(async () => {
    const web = await ensureWebBuild({});
    bridge = await BridgeServer.start({ staticDir: web.dir });
    pool = await EnvPool.open({ bridge, size: 1, shardPrefix: 's' });
    env = await pool.acquire();
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
    await bridge?.close();
  });

  it('reads the whole tree after resets and real actions, and sends only changed slices', async () => {
    await env.reset(state1);
    expect((await env.getState()).json).toBe(JSON.stringify(state1));
    await env.openApp('chat');
    const chat = (await env.observe()).tree.find((n) => n.key?.startsWith('chat.item.'))!;
    await env.step({ type: 'tap', x: chat.bounds.x + 10, y: chat.bounds.y + 10 });
    const input = (await env.observe()).tree.find((n) => n.key === 'chat.input')!;
    const { observation } = await env.step({ type: 'type', text: '切片测试', x: input.bounds.x + 10, y: input.bounds.y + 10 });
    await env.step({ type: 'key', key: 'enter' });
    const read = await env.getState();
    expect(read.json).toBe(await wholeOnPage());
    expect(observation.stateJson).not.toBe(JSON.stringify(state1));
    // On the wire: the bridge named what it holds, and only what changed since came back.
    const have = Object.fromEntries(sliceNames(splitTree(JSON.parse(read.json)).layout).map((n) => [n, splitTree(JSON.parse(read.json)).layout.versions[n]!]));
    await env.device.call('settle', { advanceMs: 1000 });
    const wire = (await raw('getState', { have })).sliced as SlicedState;
    expect(Object.keys(wire.json)).toEqual(['os']);
    expect(JSON.parse(wire.json.os!).time.timestamp).toBe(JSON.parse(read.json).os.time.timestamp + 1000);
  });

  it('an observation parses its state when read, and then only the slices read', async () => {
    await env.reset(state1, { app: 'chat', path: '/chats' });
    const chat = (await env.observe({ screenshot: false })).tree.find((n) => n.key?.startsWith('chat.item.'))!;
    const { observation } = await env.step({ type: 'tap', x: chat.bounds.x + 10, y: chat.bounds.y + 10 }, { screenshot: false });
    // Asking whether there is a state, or handing the observation on with more fields, parses nothing.
    const handed = withFields(observation, { step: 1 });
    expect(hasState(observation) && hasState(handed)).toBe(true);
    const state = handed.state as unknown as Record<string, unknown>;
    expect((state.apps as any).chat.chats.length).toBe((state1.apps.chat as any).chats.length);
    const unparsed = Object.keys(state.apps as object).filter((id) => Object.getOwnPropertyDescriptor(state.apps, id)!.get !== undefined);
    expect(unparsed).toEqual(Object.keys(state1.apps).filter((id) => id !== 'chat'));
    // The same tree through both, and it is the observation's JSON.
    expect(observation.state).toBe(handed.state);
    expect(JSON.stringify(observation.state)).toBe(observation.stateJson);
  });

  it('resets to another state and back, byte for byte, whatever the page kept', async () => {
    await env.reset(state2, { app: 'wallet', path: '/' });
    expect((await env.getState()).json).toBe(JSON.stringify(state2));
    expect(env.device.route.app).toBe('wallet');
    await env.reset(JSON.stringify(state1));
    expect(await wholeOnPage()).toBe(JSON.stringify(state1));
    expect((await env.getState()).json).toBe(JSON.stringify(state1));
  });

  it('moves a whole-phone snapshot in parts: the page\'s own string, and no slice sent twice', async () => {
    await env.reset(state1);
    await env.openApp('wallet');
    const read = await env.getState();
    const { layout } = splitTree(JSON.parse(read.json));
    // The bridge holds every slice: the page's parts carry none, and the string put together is the page's own.
    const wire = (await raw('snapshot', { have: layout.versions })).parts as SnapshotParts;
    expect(Object.keys(wire.sliced.json)).toEqual([]);
    const pageOwn = (await raw('snapshot', {})).snapshot as string;
    const snapshot = await env.snapshot();
    expect(snapshot).toBe(pageOwn);
    // Restored over another state: the page has the slices again, so the read after carries none.
    await env.reset(state2, { app: 'notes', path: '/' });
    const restored = await env.restoreObserved(snapshot);
    expect(restored.stateJson).toBe(read.json);
    expect(restored.route.app).toBe('wallet');
    expect(await wholeOnPage()).toBe(read.json);
    expect(Object.keys(((await raw('getState', { have: layout.versions })) as unknown as { sliced: SlicedState }).sliced.json)).toEqual([]);
    // A snapshot string the bridge never saw (from a file) is split and restored all the same.
    const fromFile = snapshot.replace('{"v":1,', '{"v": 1, ');
    await env.reset(state2);
    await env.restore(fromFile);
    expect((await env.getState()).json).toBe(read.json);
  });

  it('a page that forgot a slice asks for it, and gets it', async () => {
    await env.reset(state1);
    // A state the page has never seen, announced without its JSON: the page names what it lacks.
    const changed: PhoneState = structuredClone(state1);
    (changed.apps.wallet as { balance: number }).balance += 12345;
    const { layout, json } = splitTree(changed as unknown as Record<string, unknown>);
    const r = await raw('reset', { sliced: { ...layout, json: {} } });
    expect(r.missing).toEqual(['apps.wallet']);
    expect(await wholeOnPage()).toBe(JSON.stringify(state1)); // nothing changed
    await raw('reset', { sliced: { ...layout, json: { 'apps.wallet': json['apps.wallet'] } } });
    expect(await wholeOnPage()).toBe(JSON.stringify(changed));
    // Through the bridge, which believes the page has it: fine either way.
    await env.reset(changed);
    expect((await env.getState()).json).toBe(JSON.stringify(changed));
    // The bridge wrongly believes the page has the new wallet slice; the new contacts slice it
    // sends. The page refuses the whole reset, and the second try carries both.
    const twice: PhoneState = structuredClone(state1);
    (twice.apps.wallet as { balance: number }).balance += 1;
    (twice.apps.contacts as { contacts: { name: string }[] }).contacts[0]!.name = '切片甲';
    const split = splitTree(twice as unknown as Record<string, unknown>);
    (env.device as unknown as { told: { put: (v: string, j: string) => void } }).told.put(split.layout.versions['apps.wallet']!, '');
    await env.reset(twice);
    expect(await wholeOnPage()).toBe(JSON.stringify(twice));
  });

  it('refuses a slice that does not match its version, and a malformed sliced state, changing nothing', async () => {
    await env.reset(state1);
    const { layout, json } = splitTree(state2 as unknown as Record<string, unknown>);
    const forged = { ...layout, json: { ...json, 'apps.chat': json['apps.wallet']! } };
    await expect(raw('reset', { sliced: forged })).rejects.toThrow(/slice apps\.chat does not match its version/);
    await expect(raw('setState', { sliced: { top: ['os'], apps: [], versions: {}, json: {} } })).rejects.toThrow(/setState: sliced state has no version for os/);
    await expect(raw('getState', { have: ['os'] })).rejects.toThrow(/params\.have must be a record/);
    const bad = { ...layout, json: { ...json, 'apps.chat': '{"oops"' }, versions: { ...layout.versions, 'apps.chat': sliceVersion('{"oops"') } };
    await expect(raw('reset', { sliced: bad })).rejects.toThrow(/slice apps\.chat is not valid JSON/);
    expect(await wholeOnPage()).toBe(JSON.stringify(state1));
  });

  it('setState keeps the route and swaps the state', async () => {
    await env.reset(state1);
    // The reset's own answer tells the bridge the route, without waiting for the page's next
    // frame to send routeChanged (CI once read 'home' here after the setState below).
    await env.reset(state1, { app: 'contacts', path: '/' });
    expect(env.device.route.app).toBe('contacts');
    await env.reset(state1);
    expect(env.device.route.app).toBe('home');
    await env.reset(state1, { app: 'contacts', path: '/' });
    await env.device.call('setState', { stateJson: JSON.stringify(state2) });
    expect(env.device.route.app).toBe('contacts');
    expect((await env.getState()).json).toBe(JSON.stringify(state2));
    expect((await env.device.call('getState', {})).route.app).toBe('contacts');
  });
});
