/**
 * The studio's client store against an in-memory bridge speaking the real protocol (RpcPeer on
 * both ends of a memory transport pair): handshake, history fill, the run's events, follow,
 * watching, Author mode, reconnects and hostile input.
 *
 * Long file: every question is asked of the one client against the one fake bridge below.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { PROTOCOL_VERSION, type DeviceInfo, type EpisodeEnd, type EpisodeInfo, type RunInfo, type StateSnapshot, type StepInfo, type StudioEvents, type StudioState, type StudioMethods, type Verdict, type WireMessage } from '../../bridge/protocol/messages.ts';
import { RpcPeer, memoryTransportPair, type Transport } from '../../bridge/protocol/rpc.ts';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import { splitTree } from '../../bridge/protocol/slices.ts';
import { StudioClient, stepPicture, type EpisodeRecord } from '../../web/studio/studioClient.svelte.ts';

type BridgePeer = RpcPeer<StudioMethods, Record<string, never>, Record<string, never>, StudioEvents>;

const AUTHOR = 'studio-0123456789ab';
const run: RunInfo = { runId: 'r1', runDir: 'runs/r1', agent: 'oracle', tasks: 4, startedAt: '2026-01-01T00:00:00Z' };

function info(n: number, deviceId = 'p1'): EpisodeInfo {
  return { episodeId: `ep${n}`, taskId: `chat.Task${n}`, goal: `goal ${n}`, deviceId, instance: 0, trial: 0, seed: n, maxSteps: 15, startedAt: '2026-01-01T00:00:00Z' };
}

function snap(state: unknown, revision: number): StateSnapshot {
  return { json: JSON.stringify(state), route: { app: 'chat', path: '/' }, revision };
}

/** A state as the hub sends a studio that holds none of its slices: every slice's JSON. */
function whole(state: unknown, revision: number): StudioState {
  const { layout, json } = splitTree(state as Record<string, unknown>);
  return { route: { app: 'chat', path: '/' }, revision, sliced: { ...layout, json } };
}

function verdict(over: Partial<Verdict> = {}): Verdict {
  return { success: true, clean: true, progress: 1, passed: true, goals: [{ name: 'sent', passed: true }], issues: [], warnings: [], expectedChanges: [], unexpectedChanges: [], ...over };
}

function end(n: number, over: Partial<EpisodeEnd> = {}): EpisodeEnd {
  return { episodeId: `ep${n}`, status: 'completed', stopReason: 'complete', steps: 3, verdict: verdict(), answer: null, error: null, ...over };
}

const state0 = { os: { time: { timestamp: 1 } }, apps: { chat: { threads: [{ id: 't1', unread: 2 }, { id: 't2', unread: 0 }] } } };
const state1 = { os: { time: { timestamp: 2 } }, apps: { chat: { threads: [{ id: 't1', unread: 0 }, { id: 't2', unread: 0 }] } } };

/** A bridge on the far end of a memory transport, with canned answers and a record of calls. */
class FakeBridge {
  calls: { method: string; params: unknown }[] = [];
  hellos: WireMessage[] = [];
  history: Awaited<ReturnType<StudioMethods['history']>> = { run, episodes: [] };
  devices: DeviceInfo[] = [];
  peers: BridgePeer[] = [];
  /** Sent instead of a welcome when set. */
  refuse: { message: string; code: string } | null = null;
  welcomeProtocol = PROTOCOL_VERSION;
  deviceStates = new Map<string, StateSnapshot>();
  /** How long a fork's replay takes. */
  forkMs = 0;
  /** What `episodeSteps` answers, by episode id (others: refused, as the bridge refuses an unknown id). */
  steps = new Map<string, StepInfo[]>();

  open = (): Transport => {
    const [client, bridge] = memoryTransportPair();
    const record = <P, R>(method: string, r: (p: P) => R) => (p: P) => {
      this.calls.push({ method, params: p });
      return r(p);
    };
    const index = this.peers.length;
    const peer: BridgePeer = new RpcPeer<StudioMethods, Record<string, never>, Record<string, never>, StudioEvents>(bridge, {
      handlers: {
        history: record('history', () => this.history),
        episodeSteps: record('episodeSteps', (p: { episodeId: string }) => {
          const steps = this.steps.get(p.episodeId);
          if (!steps) throw new PhonegymError(`episodeSteps: no episode "${p.episodeId}" in this run`, { code: 'episode_not_found' });
          return { steps };
        }),
        listDevices: record('listDevices', () => ({ devices: this.devices })),
        listTasks: record('listTasks', () => ({ tasks: [{ id: 'chat.B', suite: 'chat', name: 'B', goal: 'b', difficulty: 'L1', objective: 'action', apps: ['chat'] }, { id: 'chat.A', suite: 'chat', name: 'A', goal: 'a', difficulty: 'L2', objective: 'query', apps: ['chat'] }] })),
        watch: record('watch', (p: { deviceId: string }) => {
          const state = this.deviceStates.get(p.deviceId);
          if (!state) throw new PhonegymError(`watch: no device "${p.deviceId}" is connected`, { code: 'device_not_found' });
          // As the hub does: the state as an event first, the answer after it.
          peer.emit('stateChanged', { deviceId: p.deviceId, state: whole(JSON.parse(state.json), state.revision), initial: whole(state0, 0) });
          return { device: { deviceId: p.deviceId, kind: 'agent' as const, route: state.route, revision: state.revision } };
        }),
        unwatch: record('unwatch', () => ({})),
        setupTask: record('setupTask', (p: { deviceId: string; taskId: string; seed?: number }) => ({ episode: { ...info(99, p.deviceId), taskId: p.taskId, seed: p.seed ?? 0 }, initial: snap(state0, 5) })),
        forkEpisode: record('forkEpisode', async (p: { deviceId: string; step: number; episodeId?: string }) => {
          await new Promise((r) => setTimeout(r, this.forkMs));
          return { episode: { ...info(98, p.deviceId), episodeId: `${p.episodeId}@${p.step}` }, initial: snap(state0, 3), from: { episodeId: p.episodeId ?? '', step: p.step } };
        }),
        judge: record('judge', () => ({ verdict: verdict({ success: true, clean: false, passed: false, unexpectedChanges: [{ path: 'apps.chat.threads[t2].unread', kind: 'changed', before: 0, after: 1 }] }) })),
      },
      onControl: (msg) => {
        this.hellos.push(msg);
        if (this.refuse) {
          peer.sendRaw({ t: 'error', id: null, error: { name: 'ProtocolError', message: this.refuse.message, code: this.refuse.code } });
          // As a socket does: the error frame arrives before the close.
          queueMicrotask(() => peer.close(this.refuse!.code));
          return;
        }
        peer.sendRaw({ t: 'welcome', protocol: this.welcomeProtocol, sessionId: `s${index}` });
      },
    });
    this.peers.push(peer);
    return client;
  };

  get peer(): BridgePeer {
    return this.peers.at(-1)!;
  }

  emit<K extends keyof StudioEvents & string>(event: K, data: StudioEvents[K]): void {
    this.peer.emit(event, data);
  }

  called(method: string): unknown[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }
}

let client: StudioClient | null = null;

function start(bridge: FakeBridge, opts: Partial<ConstructorParameters<typeof StudioClient>[0]> = {}): StudioClient {
  client = new StudioClient({ openTransport: bridge.open, authorDeviceId: AUTHOR, followDwellMs: 0, backoffMs: () => 0, ...opts });
  client.connect();
  return client;
}

async function until(check: () => void): Promise<void> {
  await vi.waitFor(() => {
    flushSync();
    check();
  }, { timeout: 20_000, interval: 1 });
}

afterEach(() => {
  client?.dispose();
  client = null;
});

describe('connecting', () => {
  it('says hello as a studio, and after the welcome loads the history and the devices', async () => {
    const bridge = new FakeBridge();
    bridge.history = { run, episodes: [{ info: info(1), end: end(1) }, { info: info(2), end: end(2, { verdict: verdict({ success: false, passed: false, progress: 0.5 }) }) }] };
    const c = start(bridge);
    expect(c.connection.kind).toBe('connecting');
    await until(() => expect(c.connection).toEqual({ kind: 'open', sessionId: 's0' }));
    expect(bridge.hellos).toEqual([{ t: 'hello', protocol: PROTOCOL_VERSION, role: 'studio' }]);
    await until(() => expect(c.episodes.map((e) => e.info.episodeId)).toEqual(['ep1', 'ep2']));
    expect(bridge.called('listDevices')).toHaveLength(1);
    expect(c.run?.agent).toBe('oracle');
    expect(c.counts).toMatchObject({ passed: 1, failed: 1, running: 0, done: 2, total: 4, successRate: 0.5 });
  });

  it('leaves an episode stopped from the studio out of done and out of the success rate, as the CLI does', async () => {
    const bridge = new FakeBridge();
    bridge.history = { run, episodes: [{ info: info(1), end: end(1) }, { info: info(2), end: end(2, { status: 'cancelled', verdict: undefined, stopReason: 'cancelled' }) }] };
    const c = start(bridge);
    await until(() => expect(c.episodes).toHaveLength(2));
    expect(c.counts).toMatchObject({ passed: 1, error: 0, cancelled: 1, done: 1, total: 4, successRate: 1 });
  });

  it('follows the running episode from the history and watches its device', async () => {
    const bridge = new FakeBridge();
    bridge.deviceStates.set('p1', snap(state1, 7));
    bridge.history = { run, episodes: [{ info: info(1), end: end(1) }, { info: info(2) }] };
    const c = start(bridge);
    await until(() => expect(c.selectedEpisodeId).toBe('ep2'));
    await until(() => expect(c.inspected?.state).toEqual(state1));
    expect(bridge.called('watch')).toEqual([{ deviceId: 'p1' }]);
    expect(c.inspected).toMatchObject({ live: true, revision: 7, initial: state0 });
  });

  it('reconnects after the socket closes and syncs again', async () => {
    const bridge = new FakeBridge();
    const c = start(bridge);
    await until(() => expect(c.connection.kind).toBe('open'));
    bridge.peer.close('bridge restarted');
    await until(() => expect(c.connection).toEqual({ kind: 'open', sessionId: 's1' }));
    expect(bridge.called('history')).toHaveLength(2);
  });

  it('counts attempts and waits with the backoff while the bridge is away', async () => {
    const bridge = new FakeBridge();
    let opens = 0;
    const backoff = vi.fn(() => 60_000);
    const c = start(bridge, {
      backoffMs: backoff,
      openTransport: () => {
        opens++;
        throw new Error('no connection to the bridge');
      },
    });
    expect(opens).toBe(1);
    expect(c.connection).toMatchObject({ kind: 'waiting', attempt: 2, reason: 'no connection to the bridge' });
    expect(backoff).toHaveBeenCalledWith(1);
  });

  it('stops retrying when the bridge refuses the protocol version, and says why', async () => {
    const bridge = new FakeBridge();
    bridge.refuse = { message: 'protocol mismatch: the client speaks protocol 1, this bridge speaks 2', code: 'protocol_mismatch' };
    const c = start(bridge);
    await until(() => expect(c.connection.kind).toBe('failed'));
    expect(c.connection).toMatchObject({ reason: expect.stringContaining('protocol mismatch') });
    expect(bridge.peers).toHaveLength(1);
  });

  it('refuses a welcome with another protocol version', async () => {
    const bridge = new FakeBridge();
    bridge.welcomeProtocol = PROTOCOL_VERSION + 1;
    const c = start(bridge);
    await until(() => expect(c.connection.kind).toBe('failed'));
    expect(c.connection).toMatchObject({ reason: expect.stringContaining('reload the page') });
  });
});

describe('the run as it happens', () => {
  async function running(): Promise<[StudioClient, FakeBridge]> {
    const bridge = new FakeBridge();
    bridge.deviceStates.set('p1', snap(state0, 1));
    const c = start(bridge);
    await until(() => expect(bridge.called('history')).toHaveLength(1));
    bridge.emit('runStarted', run);
    bridge.emit('episodeStarted', { info: info(1), initial: whole(state0, 1) });
    await until(() => expect(c.inspected?.state).toEqual(state0));
    return [c, bridge];
  }

  it('starts following a new episode and shows its state, steps, frames and live verdict', async () => {
    const [c, bridge] = await running();
    expect(c.selectedEpisodeId).toBe('ep1');
    bridge.emit('frame', { deviceId: 'p1', jpeg: 'AAAA' });
    bridge.emit('stateChanged', { deviceId: 'p1', state: whole(state1, 2) });
    bridge.emit('step', { episodeId: 'ep1', deviceId: 'p1', index: 1, action: 'tap(10, 20)', point: { x: 10, y: 20 }, route: { app: 'chat', path: '/' }, revision: 2 });
    bridge.emit('progress', { episodeId: 'ep1', deviceId: 'p1', verdict: verdict({ success: false, passed: false, progress: 0.5 }) });
    await until(() => expect(c.selected?.verdict?.progress).toBe(0.5));
    const i = c.inspected!;
    expect(i.frame).toBe('data:image/jpeg;base64,AAAA');
    expect(i.state).toEqual(state1);
    expect(i.revision).toBe(2);
    expect(c.selected?.steps.map((s) => s.action)).toEqual(['tap(10, 20)']);
    // The highlight names what this update changed, by the judge's paths, and the containers holding it.
    expect([...i.highlight!.paths].sort()).toEqual(['apps.chat.threads[t1].unread', 'os.time.timestamp']);
    expect(i.highlight!.within.has('apps.chat.threads[t1]')).toBe(true);
    // Without a verdict in the Diff tab, the judge's diff against the initial state is there.
    expect(c.localChanges).toEqual([
      { path: 'apps.chat.threads[t1].unread', kind: 'changed', before: 2, after: 0 },
      { path: 'os.time.timestamp', kind: 'changed', before: 1, after: 2 },
    ]);
  });

  it("follows a session's goals: the episode's goal becomes the next one, and the goals keep where each began", async () => {
    const bridge = new FakeBridge();
    bridge.deviceStates.set('p1', snap(state0, 1));
    const c = start(bridge);
    await until(() => expect(bridge.called('history')).toHaveLength(1));
    bridge.emit('runStarted', run);
    const first: EpisodeInfo = { ...info(1), goal: 'read the code', session: { episodes: 2, goals: [{ goal: 'read the code', firstStep: 1 }] } };
    bridge.emit('episodeStarted', { info: first, initial: whole(state0, 1) });
    bridge.emit('step', { episodeId: 'ep1', deviceId: 'p1', index: 1, action: 'tap(10, 20)', route: { app: 'chat', path: '/' }, revision: 2 });
    bridge.emit('sessionGoal', { info: { ...first, goal: 'send it to 妈妈', session: { episodes: 2, goals: [...first.session!.goals, { goal: 'send it to 妈妈', firstStep: 2 }] } } });
    bridge.emit('step', { episodeId: 'ep1', deviceId: 'p1', index: 2, action: 'tap(30, 40)', route: { app: 'chat', path: '/' }, revision: 3 });
    await until(() => expect(c.selected?.steps).toHaveLength(2));
    expect(c.selected?.info.goal).toBe('send it to 妈妈');
    expect(c.selected?.info.session?.goals).toEqual([{ goal: 'read the code', firstStep: 1 }, { goal: 'send it to 妈妈', firstStep: 2 }]);
    expect(c.episodes).toHaveLength(1);
  });

  it('records the end: status, final verdict, and the last state and frame for later', async () => {
    const [c, bridge] = await running();
    bridge.emit('frame', { deviceId: 'p1', jpeg: 'LAST' });
    bridge.emit('stateChanged', { deviceId: 'p1', state: whole(state1, 2) });
    await until(() => expect(c.inspected?.revision).toBe(2));
    bridge.emit('episodeEnded', { ...end(1, { verdict: verdict({ clean: false, passed: false }) }), deviceId: 'p1' });
    await until(() => expect(c.selected?.end).toBeDefined());
    expect(c.counts).toMatchObject({ unclean: 1, running: 0, done: 1 });
    // Nothing is live any more: the device is unwatched, the stored end is shown.
    await until(() => expect(bridge.called('unwatch')).toEqual([{ deviceId: 'p1' }]));
    expect(c.inspected).toMatchObject({ live: false, state: state1, frame: 'data:image/jpeg;base64,LAST', revision: 2 });
    expect(c.inspected?.end?.status).toBe('completed');
    expect(c.inspected?.verdict?.clean).toBe(false);
  });

  it('moves on to the next episode when following, and stays put when not', async () => {
    const [c, bridge] = await running();
    bridge.emit('episodeEnded', { ...end(1), deviceId: 'p1' });
    bridge.emit('episodeStarted', { info: info(2), initial: whole(state0, 3) });
    await until(() => expect(c.selectedEpisodeId).toBe('ep2'));
    c.selectEpisode('ep1');
    expect(c.follow).toBe(false);
    bridge.emit('episodeStarted', { info: info(3, 'p2'), initial: whole(state0, 1) });
    await until(() => expect(c.episodes).toHaveLength(3));
    expect(c.selectedEpisodeId).toBe('ep1');
    c.setFollow(true);
    expect(c.selectedEpisodeId).toBe('ep3');
  });

  it('keeps the followed episode while a parallel one starts', async () => {
    const [c, bridge] = await running();
    bridge.emit('episodeStarted', { info: info(2, 'p2'), initial: whole(state0, 1) });
    await until(() => expect(c.episodes).toHaveLength(2));
    expect(c.selectedEpisodeId).toBe('ep1');
  });

  it('waits for the dwell before leaving a finished episode', async () => {
    vi.useFakeTimers();
    try {
      const bridge = new FakeBridge();
      const c = start(bridge, { followDwellMs: 1500 });
      for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
      bridge.emit('episodeStarted', { info: info(1), initial: whole(state0, 1) });
      bridge.emit('episodeEnded', { ...end(1), deviceId: 'p1' });
      bridge.emit('episodeStarted', { info: info(2), initial: whole(state0, 1) });
      await vi.advanceTimersByTimeAsync(1000);
      expect(c.selectedEpisodeId).toBe('ep1');
      await vi.advanceTimersByTimeAsync(600);
      expect(c.selectedEpisodeId).toBe('ep2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills in the steps it did not see from the bridge, in order, and shows their screens from the run folder', async () => {
    const step = (episodeId: string, index: number, terminal = false): StepInfo => ({ episodeId, deviceId: 'p1', index, action: terminal ? 'done()' : `tap(${index}, 1)`, route: { app: 'chat', path: '/' }, revision: index, ...(terminal ? { terminal } : {}) });
    const bridge = new FakeBridge();
    bridge.deviceStates.set('p1', snap(state0, 1));
    const pictures = 'runs/r1/trajectory/chat.Task1_i0/';
    bridge.history = { run, episodes: [{ info: { ...info(1), pictures }, end: end(1) }] };
    bridge.steps.set('ep1', [step('ep1', 1), step('ep1', 2), step('ep1', 3, true)]);
    const c = start(bridge);
    // Connected after the episode ended: its steps are asked for and its screens come from the run folder.
    await until(() => expect(c.selected?.steps.map((s) => s.index)).toEqual([1, 2, 3]));
    expect(stepPicture(c.selected!, 2)).toBe(`${pictures}step_002.jpg`);
    expect(stepPicture(c.selected!, 0)).toBe(`${pictures}step_000.jpg`);

    // A running episode seen from its third step: the first two are filled in before it.
    bridge.steps.set('ep2', [step('ep2', 1), step('ep2', 2)]);
    bridge.emit('episodeStarted', { info: info(2), initial: whole(state0, 1) });
    bridge.emit('step', step('ep2', 3));
    c.selectEpisode('ep1');
    c.selectEpisode('ep2');
    await until(() => expect(c.selected?.steps.map((s) => s.index)).toEqual([1, 2, 3]));
    // Asked once for each count of steps taken, however often it is selected.
    c.selectEpisode('ep1');
    c.selectEpisode('ep2');
    flushSync();
    expect(bridge.called('episodeSteps')).toEqual([{ episodeId: 'ep1' }, { episodeId: 'ep2' }]);
    // A frame this studio received is preferred; without a run folder there is no picture.
    bridge.emit('frame', { deviceId: 'p1', jpeg: 'AAAA', episodeId: 'ep2', step: 3 });
    await until(() => expect(stepPicture(c.selected!, 3)).toBe('data:image/jpeg;base64,AAAA'));
    expect(stepPicture(c.selected!, 2)).toBeNull();
  });

  it('reads the initial and final states of an ended episode it did not watch from the run folder', async () => {
    const bridge = new FakeBridge();
    const pictures = 'runs/r1/trajectory/chat.Task1_i0/';
    bridge.history = { run, episodes: [{ info: { ...info(1), pictures }, end: end(1) }, { info: { ...info(2), pictures: 'runs/r1/trajectory/chat.Task2_i0/' }, end: end(2) }] };
    const files: Record<string, string> = { [`${pictures}initial_state.json`]: JSON.stringify(state0), [`${pictures}final_state.json`]: JSON.stringify(state1) };
    const asked: string[] = [];
    const c = start(bridge, {
      fetchText: async (url) => {
        asked.push(url);
        if (!(url in files)) throw new Error(`${url}: 404`);
        return files[url]!;
      },
    });
    await until(() => expect(c.episodes).toHaveLength(2));
    c.selectEpisode('ep1');
    await until(() => expect(c.inspected?.state).toEqual(state1));
    expect(c.inspected?.initial).toEqual(state0);
    expect(c.localChanges!.map((x) => x.path)).toContain('apps.chat.threads[t1].unread');
    // Not in the folder: nothing is shown as its state.
    c.selectEpisode('ep2');
    await until(() => expect(asked).toContain('runs/r1/trajectory/chat.Task2_i0/final_state.json'));
    flushSync();
    expect(c.inspected?.state).toBeNull();
  });

  it('loads pictures only from a run folder of the bridge', () => {
    const rec = (pictures: string): EpisodeRecord => ({ info: { ...info(1), pictures }, steps: [] });
    expect(stepPicture(rec('runs/r1/trajectory/a%20b/'), 4)).toBe('runs/r1/trajectory/a%20b/step_004.jpg');
    for (const bad of ['javascript:alert(1)//', 'http://elsewhere/x/', '/etc/', 'runs/r1/trajectory/../../x/', 'runs/r1/trajectory/a?b/']) expect(stepPicture(rec(bad), 1), bad).toBeNull();
  });

  it('merges a late history with episodes already received as events', async () => {
    const bridge = new FakeBridge();
    bridge.history = { run, episodes: [{ info: info(1), end: end(1) }] };
    const c = start(bridge);
    await until(() => expect(c.episodes).toHaveLength(1));
    bridge.emit('episodeStarted', { info: info(2), initial: whole(state0, 1) });
    bridge.emit('step', { episodeId: 'ep2', deviceId: 'p1', index: 1, action: 'key(back)', route: { app: 'home', path: '/' }, revision: 1 });
    await until(() => expect(c.episodes.at(-1)?.steps).toHaveLength(1));
    bridge.peer.close('restart');
    bridge.history = { run, episodes: [{ info: info(1), end: end(1) }, { info: info(2) }] };
    await until(() => expect(bridge.called('history')).toHaveLength(2));
    await until(() => expect(c.connection.kind).toBe('open'));
    expect(c.episodes.map((e) => [e.info.episodeId, e.steps.length])).toEqual([['ep1', 0], ['ep2', 1]]);
  });

  it('ignores malformed events and says so', async () => {
    const [c, bridge] = await running();
    bridge.peer.sendRaw({ t: 'event', event: 'step', data: { episodeId: 'ep1' } });
    bridge.peer.sendRaw({ t: 'event', event: 'stateChanged', data: { deviceId: 'p1', state: { revision: 9, route: { app: 'x', path: '/' }, sliced: { top: ['os'], apps: [], versions: { os: 'v1' }, json: { os: '{oops' } } } } });
    bridge.peer.sendRaw({ t: 'event', event: 'progress', data: null });
    await until(() => expect(c.notices).toHaveLength(3));
    expect(c.notices[0]!.message).toContain('malformed step');
    expect(c.notices[1]!.message).toContain('not valid JSON');
    expect(c.selected?.steps).toEqual([]);
    expect(c.inspected?.state).toEqual(state0);
  });

  it('shows text with new CJK characters only once their glyphs are loaded, keeping the event order', async () => {
    const bridge = new FakeBridge();
    let release: () => void = () => {};
    const asked: string[] = [];
    const c = start(bridge, {
      loadGlyphs: (text) => {
        if (!text.includes('妈')) return null;
        asked.push(text);
        return new Promise<void>((r) => (release = r));
      },
    });
    await until(() => expect(bridge.called('history')).toHaveLength(1));
    bridge.emit('episodeStarted', { info: info(1), initial: whole(state0, 1) });
    bridge.emit('step', { episodeId: 'ep1', deviceId: 'p1', index: 1, action: 'type("妈妈")', route: { app: 'chat', path: '/' }, revision: 2 });
    bridge.emit('step', { episodeId: 'ep1', deviceId: 'p1', index: 2, action: 'complete()', route: { app: 'chat', path: '/' }, revision: 2 });
    await until(() => expect(asked).toHaveLength(1));
    expect(c.selected?.steps).toEqual([]);
    release();
    await until(() => expect(c.selected?.steps.map((s) => s.index)).toEqual([1, 2]));
  });

  it("applies the history in its place among the events: an end sent after it is not lost while the history's glyphs load", async () => {
    const bridge = new FakeBridge();
    bridge.history = { run, episodes: [{ info: { ...info(1), goal: '给妈妈发消息' } }] };
    let release: () => void = () => {};
    const c = start(bridge, { loadGlyphs: (text) => (text.includes('妈') ? new Promise<void>((r) => (release = r)) : null) });
    await until(() => expect(bridge.called('history')).toHaveLength(1));
    bridge.emit('episodeEnded', { deviceId: 'p1', ...end(1) });
    bridge.emit('episodeStarted', { info: info(2), initial: whole(state0, 1) });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await until(() => expect(c.episodes.map((e) => [e.info.episodeId, e.end?.status ?? 'running'])).toEqual([['ep1', 'completed'], ['ep2', 'running']]));
  });

  it('starts a fresh list when another run starts', async () => {
    const [c, bridge] = await running();
    bridge.emit('runStarted', { ...run, runId: 'r2' });
    await until(() => expect(c.run?.runId).toBe('r2'));
    expect(c.episodes).toEqual([]);
    expect(c.selectedEpisodeId).toBeNull();
  });
});

describe('Author mode', () => {
  async function authoring(): Promise<[StudioClient, FakeBridge]> {
    const bridge = new FakeBridge();
    bridge.deviceStates.set(AUTHOR, snap({}, 0));
    const c = start(bridge);
    await until(() => expect(c.connection.kind).toBe('open'));
    c.setMode('author');
    await until(() => expect(c.tasksState).toBe('loaded'));
    return [c, bridge];
  }

  it('lists tasks sorted by id', async () => {
    const [c] = await authoring();
    expect(c.tasks.map((t) => t.id)).toEqual(['chat.A', 'chat.B']);
  });

  it('watches its own phone only once the bridge lists it', async () => {
    const [c, bridge] = await authoring();
    expect(c.author.deviceReady).toBe(false);
    expect(bridge.called('watch')).toEqual([]);
    bridge.emit('devicesChanged', { devices: [{ deviceId: AUTHOR, kind: 'interactive', route: { app: 'home', path: '/' }, revision: 0 }] });
    await until(() => expect(bridge.called('watch')).toEqual([{ deviceId: AUTHOR }]));
    expect(c.author.deviceReady).toBe(true);
    // Leaving Author mode unwatches it; it stays registered.
    c.setMode('watch');
    await until(() => expect(bridge.called('unwatch')).toEqual([{ deviceId: AUTHOR }]));
  });

  it('sets a task up, diffs against its initial state, judges, and marks the verdict stale on change', async () => {
    const [c, bridge] = await authoring();
    bridge.emit('devicesChanged', { devices: [{ deviceId: AUTHOR, kind: 'interactive', route: { app: 'home', path: '/' }, revision: 0 }] });
    await until(() => expect(c.views[AUTHOR]).toBeDefined());
    await c.setupTask('chat.A', 42);
    expect(bridge.called('setupTask')).toEqual([{ deviceId: AUTHOR, taskId: 'chat.A', seed: 42 }]);
    flushSync();
    expect(c.inspected).toMatchObject({ kind: 'author', state: state0, initial: state0, revision: 5 });
    expect(c.localChanges).toEqual([]);

    bridge.emit('stateChanged', { deviceId: AUTHOR, state: whole(state1, 6) });
    await until(() => expect(c.inspected?.revision).toBe(6));
    expect(c.localChanges?.map((ch) => ch.path)).toEqual(['apps.chat.threads[t1].unread', 'os.time.timestamp']);

    await c.judge('  4 ');
    expect(bridge.called('judge')).toEqual([{ deviceId: AUTHOR, answer: '4' }]);
    flushSync();
    expect(c.inspected?.verdict?.unexpectedChanges).toHaveLength(1);
    expect(c.inspected?.verdictStale).toBe(false);

    bridge.emit('stateChanged', { deviceId: AUTHOR, state: whole(state0, 7) });
    await until(() => expect(c.inspected?.verdictStale).toBe(true));
  });

  it('waits for a fork past the usual call bound: its replay takes as long as the steps it replays', async () => {
    const bridge = new FakeBridge();
    bridge.deviceStates.set(AUTHOR, snap({}, 0));
    bridge.devices = [{ deviceId: AUTHOR, kind: 'interactive', route: { app: 'home', path: '/' }, revision: 0 }];
    bridge.forkMs = 300;
    const c = start(bridge, { callTimeoutMs: 100 });
    await until(() => expect(c.connection.kind).toBe('open'));
    await c.forkEpisode({ episodeId: 'ep1' }, 8);
    expect(c.author.error).toBeNull();
    expect(c.author.forkedFrom).toEqual({ episodeId: 'ep1', step: 8 });
    expect(c.mode).toBe('author');
  });

  it('reports a failed call on the author session, not as a crash', async () => {
    const [c] = await authoring();
    c.dispose();
    await c.setupTask('chat.A', undefined);
    expect(c.author.error).toMatch(/Set up failed: not connected/);
    expect(c.author.busy).toBeNull();
  });

  it('keeps episodes of its own phone out of the run list', async () => {
    const [c, bridge] = await authoring();
    bridge.emit('episodeStarted', { info: info(5, AUTHOR), initial: whole(state0, 1) });
    bridge.emit('episodeStarted', { info: info(6, 'p1'), initial: whole(state0, 1) });
    await until(() => expect(c.episodes.map((e) => e.info.episodeId)).toEqual(['ep6']));
  });

  it('follows tasksChanged: the list updates, and the task set up is set up again with its seed', async () => {
    const [c, bridge] = await authoring();
    bridge.emit('devicesChanged', { devices: [{ deviceId: AUTHOR, kind: 'interactive', route: { app: 'home', path: '/' }, revision: 0 }] });
    await until(() => expect(c.views[AUTHOR]).toBeDefined());
    await c.setupTask('chat.A', 42);
    const a = { id: 'chat.A', suite: 'chat', name: 'A', goal: 'a', difficulty: 'L2', objective: 'query', apps: ['chat'] };
    const b = { ...a, id: 'chat.B', name: 'B', goal: 'b2' };

    // Another task changed: the list follows, the phone is left alone.
    bridge.emit('tasksChanged', { tasks: [b, a], changed: ['chat.B'] });
    await until(() => expect(c.tasks.map((t) => `${t.id}:${t.goal}`)).toEqual(['chat.A:a', 'chat.B:b2']));
    expect(bridge.called('setupTask')).toHaveLength(1);
    expect(c.reloadNote).toBeNull();

    // The task set up changed: set up again with the same seed, and said so.
    bridge.emit('tasksChanged', { tasks: [b, { ...a, goal: 'a2' }], changed: ['chat.A'] });
    await until(() => expect(c.reloadNote).toBe('The task file changed: set up again with seed 42.'));
    expect(bridge.called('setupTask')).toEqual([{ deviceId: AUTHOR, taskId: 'chat.A', seed: 42 }, { deviceId: AUTHOR, taskId: 'chat.A', seed: 42 }]);

    // It broke: listed as broken, and the phone keeps its set-up.
    bridge.emit('tasksChanged', { tasks: [b, { ...a, goal: '', broken: { file: 'tasks/chat/A.ts', line: 3, column: 5, message: 'Expected ";"' } }], changed: ['chat.A'] });
    await until(() => expect(c.reloadNote).toBe('chat.A no longer loads; the phone keeps its last set-up.'));
    expect(c.tasks.find((t) => t.id === 'chat.A')?.broken).toEqual({ file: 'tasks/chat/A.ts', line: 3, column: 5, message: 'Expected ";"' });
    expect(bridge.called('setupTask')).toHaveLength(2);
  });
});
