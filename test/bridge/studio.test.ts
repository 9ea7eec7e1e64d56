import { describe, expect, it } from 'vitest';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import type { EpisodeInfo, StateSnapshot, StudioState, Verdict } from '../../bridge/protocol/messages.ts';
import { assembleJson, sliceNames } from '../../bridge/protocol/slices.ts';
import type { BridgeServerOptions, StudioBackend } from '../../bridge/server/bridgeServer.ts';
import { slicesOfJson } from '../../bridge/server/studioHub.ts';
import { bridgesClosedAfterEach, connectFakeDevice, connectStudio, once } from './helpers.ts';

const startBridge = bridgesClosedAfterEach();
const bridge = async (opts?: BridgeServerOptions) => (await startBridge(opts)).server;

const episode: EpisodeInfo = {
  episodeId: 'ep1', taskId: 'chat.SendMessage', goal: 'Send hi to Ann', deviceId: 'p1',
  instance: 0, trial: 0, seed: 7, maxSteps: 20, startedAt: '2025-01-01T00:00:00Z',
};
const initial: StateSnapshot = { json: '{"os":{},"apps":{}}', route: { app: 'home', path: '/' }, revision: 0 };
const verdict: Verdict = { success: true, clean: true, progress: 1, passed: true, goals: [], issues: [], warnings: [], expectedChanges: [], unexpectedChanges: [] };

/** What a studio keeps of the slices it was sent: each state whole again, as the studio page does. */
function studioSlices() {
  const kept = new Map<string, string>();
  return (st: StudioState | undefined): StateSnapshot => {
    if (!st) throw new Error('no state sent');
    const json = assembleJson(st.sliced, (name) => {
      const version = st.sliced.versions[name]!;
      const text = st.sliced.json[name] ?? kept.get(version);
      if (text === undefined) throw new Error(`slice ${name} (${version}) was neither sent nor kept`);
      kept.set(version, text);
      return text;
    });
    return { json, route: st.route, revision: st.revision };
  };
}

type Studio = Awaited<ReturnType<typeof connectStudio>>;

/** `watch`, and the stateChanged the hub sends for it (the state, and the episode's initial state). */
async function watchState(studio: Studio, params: { deviceId: string; resend?: boolean }): Promise<{ device: { deviceId: string }; state: StudioState; initial?: StudioState }> {
  const event = studio.events.next((m) => m.event === 'stateChanged' && m.data.deviceId === params.deviceId);
  const { device } = await studio.peer.call('watch', params);
  const { data } = await event;
  return { device, state: data.state, initial: data.initial };
}

/** An unbounded queue: push never waits, next waits for an item. */
function channel<T>() {
  const items: T[] = [];
  const waiters: ((v: T) => void)[] = [];
  return {
    push(v: T) {
      const w = waiters.shift();
      if (w) w(v);
      else items.push(v);
    },
    next(): Promise<T> {
      return items.length ? Promise.resolve(items.shift()!) : new Promise((r) => waiters.push(r));
    },
  };
}

function fakeBackend(calls: unknown[] = []): StudioBackend {
  return {
    listTasks: async () => [{ id: 'chat.SendMessage', suite: 'chat', name: 'SendMessage', goal: 'Send hi', difficulty: 'easy', objective: 'state', apps: ['chat'] }],
    setupTask: async (p) => {
      calls.push(['setupTask', p]);
      return { episode, initial };
    },
    judge: async (p) => {
      calls.push(['judge', p]);
      return { verdict };
    },
    history: async () => ({ episodes: [{ info: episode }] }),
    initialState: (deviceId) => (deviceId === 'p1' ? initial : undefined),
  };
}

describe('studio clients', () => {
  it('lists devices and hears devicesChanged as they come and go', async () => {
    const server = await bridge();
    const studio = await connectStudio(server);
    const added = studio.events.next((m) => m.event === 'devicesChanged' && m.data.devices.length === 1);
    const fake = await connectFakeDevice(server, 'p1', { kind: 'interactive' });
    expect((await added).data.devices[0]).toMatchObject({ deviceId: 'p1', kind: 'interactive' });
    const { devices } = await studio.peer.call('listDevices', {});
    expect(devices).toEqual([{ deviceId: 'p1', kind: 'interactive', route: { app: 'home', path: '/' }, revision: 0 }]);
    const removed = studio.events.next((m) => m.event === 'devicesChanged' && m.data.devices.length === 0);
    fake.ws.close();
    await removed;
  });

  it('watch returns the state and the episode start, then forwards stateChanged', async () => {
    const server = await bridge({ backend: fakeBackend() });
    const fake = await connectFakeDevice(server, 'p1');
    const studio = await connectStudio(server);
    const watchChanges: [string, number][] = [];
    server.studio.onWatchChange((id, n) => watchChanges.push([id, n]));
    const take = studioSlices();
    const watched = await watchState(studio, { deviceId: 'p1' });
    expect(watched.device.deviceId).toBe('p1');
    expect(take(watched.initial)).toEqual(initial);
    expect(take(watched.state).revision).toBe(1);
    expect(server.studio.watchers('p1')).toBe(1);
    expect(watchChanges).toEqual([['p1', 1]]);

    const forwarded = studio.events.next((m) => m.event === 'stateChanged');
    fake.mutate({ apps: { chat: { sent: ['hi'] } } });
    const { data } = await forwarded;
    expect(data.deviceId).toBe('p1');
    expect(data.state.revision).toBe(2);
    expect(JSON.parse(take(data.state).json).apps.chat.sent).toEqual(['hi']);

    await studio.peer.call('unwatch', { deviceId: 'p1' });
    expect(server.studio.watchers('p1')).toBe(0);
    expect(watchChanges.at(-1)).toEqual(['p1', 0]);
  });

  it('sends each studio only the slices it does not hold yet, and every slice again on resend', async () => {
    const server = await bridge();
    const fake = await connectFakeDevice(server, 'p1');
    fake.mutate({ apps: { chat: { sent: [] }, notes: { list: ['a', 'b'] } } });
    const studio = await connectStudio(server);
    const take = studioSlices();
    const watched = (await watchState(studio, { deviceId: 'p1' })).state;
    expect(Object.keys(watched.sliced.json).sort()).toEqual(['apps.chat', 'apps.notes', 'os']);
    expect(sliceNames(watched.sliced)).toEqual(['os', 'apps.chat', 'apps.notes']);
    take(watched);

    const forwarded = studio.events.next((m) => m.event === 'stateChanged');
    fake.mutate({ apps: { chat: { sent: ['hi'] }, notes: { list: ['a', 'b'] } } });
    const { data } = await forwarded;
    // The clock and notes did not change: only the chat slice travels, and the studio puts the tree together.
    expect(Object.keys(data.state.sliced.json)).toEqual(['apps.chat']);
    expect(JSON.parse(take(data.state).json)).toEqual(fake.state.data);

    // A second studio holds nothing: it gets every slice.
    const late = await connectStudio(server);
    expect(Object.keys((await watchState(late, { deviceId: 'p1' })).state.sliced.json)).toHaveLength(3);
    // A studio that lost its slices asks again and gets them all.
    expect(Object.keys((await watchState(studio, { deviceId: 'p1', resend: true })).state.sliced.json)).toHaveLength(3);
    expect(Object.keys((await watchState(studio, { deviceId: 'p1' })).state.sliced.json)).toHaveLength(0);
  });

  it('a studio that starts watching gets the device\'s newest frame at once; frames-only watches get no state', async () => {
    const server = await bridge();
    const fake = await connectFakeDevice(server, 'p1');
    server.studio.emitFrame('p1', 'OLD', { episodeId: 'ep1', step: 1 });
    server.studio.emitFrame('p1', 'NEW', { episodeId: 'ep1', step: 2 });
    const studio = await connectStudio(server);
    const frame = studio.events.next((m) => m.event === 'frame');
    const watched = await studio.peer.call('watch', { deviceId: 'p1', framesOnly: true });
    expect(watched.device.deviceId).toBe('p1');
    expect((await frame).data).toEqual({ deviceId: 'p1', jpeg: 'NEW', episodeId: 'ep1', step: 2 });
    fake.mutate({ n: 1 });
    await server.device('p1')!.call('ping', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(studio.events.messages.some((m: any) => m.event === 'stateChanged')).toBe(false);
  });

  it('coalesces state fetches: one in flight per device, ending on the latest revision', async () => {
    const server = await bridge();
    // Each getState after watch's own parks here until the test releases it.
    const parked = channel<() => void>();
    let fetches = 0;
    const fake = await connectFakeDevice(server, 'p1', {
      handlers: {
        getState: async () => {
          const snapshot = { json: JSON.stringify(fake.state.data), route: fake.state.route, revision: fake.state.revision };
          if (++fetches > 1) await new Promise<void>((release) => parked.push(release));
          return snapshot;
        },
      },
    });
    const studio = await connectStudio(server);
    const take = studioSlices();
    take((await watchState(studio, { deviceId: 'p1' })).state);
    fake.mutate({ n: 1 });
    const releaseFirst = await parked.next();
    for (let i = 2; i <= 6; i++) fake.mutate({ n: i });
    await server.device('p1')!.call('ping', {}); // the five events have reached the bridge
    releaseFirst();
    const first = (await studio.events.next((m) => m.event === 'stateChanged')).data.state;
    expect(take(first).revision).toBe(2);
    (await parked.next())();
    const last = await studio.events.next((m) => m.event === 'stateChanged');
    expect(last.data.state.revision).toBe(7);
    expect(JSON.parse(take(last.data.state).json).n).toBe(6);
    expect(fetches).toBe(3); // watch + one per burst, not one per event
  });

  it('sends frames only to studios watching the device', async () => {
    const server = await bridge();
    await connectFakeDevice(server, 'p1');
    const watcher = await connectStudio(server);
    const other = await connectStudio(server);
    await watcher.peer.call('watch', { deviceId: 'p1' });
    server.studio.emitFrame('p1', 'AAAA');
    server.studio.broadcast('runEnded', { runId: 'r1', runDir: 'runs/r1', agent: 'oracle', tasks: 1, startedAt: 'now' });
    expect((await watcher.events.next((m) => m.event === 'frame')).data).toEqual({ deviceId: 'p1', jpeg: 'AAAA' });
    await other.events.next((m) => m.event === 'runEnded');
    expect(other.events.messages.some((m: any) => m.event === 'frame')).toBe(false);
  });

  it('drops a studio\'s watches when it disconnects', async () => {
    const server = await bridge();
    await connectFakeDevice(server, 'p1');
    const studio = await connectStudio(server);
    await studio.peer.call('watch', { deviceId: 'p1' });
    const zero = once<[string, number]>((cb) => server.studio.onWatchChange((id, n) => cb([id, n])));
    studio.ws.close();
    expect(await zero).toEqual(['p1', 0]);
    expect(server.studio.watchers('p1')).toBe(0);
  });

  it('refuses to watch an unknown device or with bad params', async () => {
    const server = await bridge();
    const studio = await connectStudio(server);
    const missing = await studio.peer.call('watch', { deviceId: 'nope' }).catch((e) => e);
    expect(missing).toBeInstanceOf(PhonegymError);
    expect(missing.code).toBe('device_not_found');
    const bad = await studio.peer.call('watch', { deviceId: 5 as unknown as string }).catch((e) => e);
    expect(bad.code).toBe('invalid_params');
  });

  it('delegates tasks to the backend, with a clear error when there is none', async () => {
    const server = await bridge();
    const studio = await connectStudio(server);
    const err = await studio.peer.call('listTasks', {}).catch((e) => e);
    expect(err.code).toBe('no_backend');
    expect(err.message).toMatch(/no task runner attached/);
    await expect(studio.peer.call('history', {})).resolves.toEqual({ episodes: [] });

    const calls: unknown[] = [];
    server.setBackend(fakeBackend(calls));
    expect((await studio.peer.call('listTasks', {})).tasks[0].id).toBe('chat.SendMessage');
    await expect(studio.peer.call('setupTask', { deviceId: 'p1', taskId: 'chat.SendMessage', seed: 3 })).resolves.toEqual({ episode, initial });
    await expect(studio.peer.call('judge', { deviceId: 'p1', answer: '42' })).resolves.toEqual({ verdict });
    await expect(studio.peer.call('history', {})).resolves.toEqual({ episodes: [{ info: episode }] });
    expect(calls).toEqual([['setupTask', { deviceId: 'p1', taskId: 'chat.SendMessage', seed: 3 }], ['judge', { deviceId: 'p1', answer: '42' }]]);
    const badSeed = await studio.peer.call('setupTask', { deviceId: 'p1', taskId: 't', seed: -1 }).catch((e) => e);
    expect(badSeed.code).toBe('invalid_params');
  });

  it('broadcasts runner events to every studio and tracks the episode on each device', async () => {
    const server = await bridge();
    await connectFakeDevice(server, 'p1');
    const a = await connectStudio(server);
    const b = await connectStudio(server);
    server.studio.episodeStarted(episode, slicesOfJson(initial.json)!, initial.route, initial.revision);
    for (const s of [a, b]) expect((await s.events.next((m) => m.event === 'episodeStarted')).data.info.episodeId).toBe('ep1');
    expect((await a.peer.call('listDevices', {})).devices[0].episode).toEqual(episode);
    server.studio.broadcast('episodeEnded', { episodeId: 'ep1', deviceId: 'p1', status: 'completed', stopReason: 'complete', steps: 3 });
    await a.events.next((m) => m.event === 'episodeEnded');
    expect((await a.peer.call('listDevices', {})).devices[0].episode).toBeUndefined();
  });
});
