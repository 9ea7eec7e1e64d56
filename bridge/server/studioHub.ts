/**
 * Studio clients: serves StudioMethods (device questions from the registry, task questions from
 * the runner's backend), forwards the state of watched devices, and fans the runner's events
 * out to every studio. An event the same for every studio is serialised once.
 *
 * States move in slices, only those a studio lacks (./studioSlices.ts): a step that moves the
 * clock and one app sends those two slices.
 *
 * Frames are lossy but the latest one is not: a studio that falls behind skips intermediate
 * frames, and the newest frame of each device it watches is sent as soon as its socket drains.
 *
 * Long file: one handler table for every studio method, each beside the wire checks that guard it.
 */
import { PhonegymError } from '../protocol/errors.ts';
import type { DeviceInfo, EpisodeInfo, EpisodeEnd, ForkAnswer, ForkParams, RunControls, RunInfo, StateSnapshot, StepInfo, StudioEvents, StudioMethods, StudioState, TaskInfo, Verdict, WireMessage } from '../protocol/messages.ts';
import { MAX_VARIANT } from '../protocol/robustness.ts';
import { SliceStore } from '../protocol/slices.ts';
import { isStateSnapshot, slicesOfJson, STUDIO_SENT_SLICE_CHARS, toStudioState, type SliceSource } from './studioSlices.ts';

export { slicesOfJson, type SliceSource } from './studioSlices.ts';
import { RpcPeer } from '../protocol/rpc.ts';
import { DEMO_OPS, type DemoOp, type DemoView } from '../protocol/demo.ts';
import type { DeviceConnectionImpl, DeviceRegistry } from './deviceRegistry.ts';
import type { WsTransport } from './wsTransport.ts';

/** Implemented by the runner and injected; the bridge works without one (device methods only). */
export interface StudioBackend {
  listTasks(): Promise<TaskInfo[]>;
  setupTask(p: { deviceId: string; taskId: string; seed?: number; variant?: number }): Promise<{ episode: EpisodeInfo; initial: StateSnapshot }>;
  judge(p: { deviceId: string; answer?: string }): Promise<{ verdict: Verdict }>;
  history(): Promise<{ run?: RunInfo; episodes: { info: EpisodeInfo; end?: EpisodeEnd }[]; controls?: RunControls }>;
  /** An episode's steps so far (the studio fills in what it did not see). */
  episodeSteps?(p: { episodeId: string }): Promise<{ steps: StepInfo[] }>;
  /** The state the current episode on this device started from (sent with `watch` for the diff). */
  initialState?(deviceId: string): StateSnapshot | undefined;
  /** The bridge is closing: release what the backend holds for studios (the task watcher). */
  close?(): void | Promise<void>;
  /** The run's demo controls; absent without a run that can be controlled. */
  runControl?(p: { action: 'pause' | 'resume' | 'step' | 'stop' | 'pace'; deviceId?: string; paceMs?: number }): Promise<{ controls: RunControls }>;
  /** Recording a demonstration on an interactive phone (bridge/runner/demoSession.ts). */
  demo?(p: { deviceId: string; op: DemoOp }): Promise<{ demo: DemoView }>;
  saveDemo?(p: { deviceId: string; replaceOracle?: boolean }): Promise<{ demo: DemoView }>;
  /** Continuing an episode of the run by hand from one of its steps (bridge/runner/fork.ts). */
  forkEpisode?(p: ForkParams): Promise<ForkAnswer>;
  forkToAgent?(p: { episodeId: string; step: number }): Promise<{ episodeId: string }>;
}

type StudioPeer = RpcPeer<StudioMethods, Record<string, never>, Record<string, never>, StudioEvents>;

interface StudioClient {
  sessionId: string;
  peer: StudioPeer;
  transport: WsTransport;
  /** Watched devices: frames always, the state unless `framesOnly` (the device grid). */
  watching: Map<string, { framesOnly: boolean }>;
  /** Slice versions this studio was sent (versions only; the studio keeps the JSON). */
  sent: SliceStore;
  /** The newest frame per device held back while the socket was behind, sent once it drains. */
  pendingFrames: Map<string, StudioEvents['frame']>;
  drainTimer: ReturnType<typeof setInterval> | null;
}

/** A studio watching more devices than this is a bug or hostile; the grid view shows far fewer. */
const MAX_WATCHES_PER_STUDIO = 256;
/** Frames are lossy: a studio this far behind skips frames rather than queueing them. */
const FRAME_BACKLOG_BYTES = 1024 * 1024;
/** How often a studio that fell behind is checked for a drained socket. */
const DRAIN_POLL_MS = 40;
function invalid(method: string, message: string): PhonegymError {
  return new PhonegymError(`${method}: ${message}`, { code: 'invalid_params', details: { method } });
}

/** Params come from the wire: their declared type is a hope, not a fact. */
function requireString(method: string, params: object, key: string): string {
  const v = Object.hasOwn(params, key) ? (params as Record<string, unknown>)[key] : undefined;
  if (typeof v !== 'string' || v.length === 0 || v.length > 200) throw invalid(method, `params.${key} must be a non-empty string`);
  return v;
}

export class StudioHub {
  private clients = new Set<StudioClient>();
  private watchCounts = new Map<string, number>();
  private watchListeners = new Set<(deviceId: string, watchers: number) => void>();
  private connectListeners = new Set<() => void>();
  /** Per device: a change counter and whether a getState is in flight (see noteChange). */
  private pumps = new Map<string, { seq: number; fetching: boolean }>();
  /** The episode running on each device, learnt from the runner's broadcasts. */
  private episodes = new Map<string, EpisodeInfo>();
  /** Each device's newest frame: a studio that starts watching gets it at once. */
  private lastFrames = new Map<string, StudioEvents['frame']>();

  constructor(private ctx: { registry: DeviceRegistry; backend: () => StudioBackend | undefined; log: (line: string) => void }) {
    ctx.registry.onChange(({ type, device }) => {
      if (type === 'added') this.followDevice(device);
      else {
        this.lastFrames.delete(device.id);
        if (!this.pumps.get(device.id)?.fetching) this.pumps.delete(device.id);
      }
      this.broadcastDevices();
    });
  }

  /** Connected studios. */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Sends an event to every studio. The runner's episodeStarted/episodeEnded also tell the hub
   * which episode runs on which device (listDevices reports it).
   */
  broadcast<K extends Exclude<keyof StudioEvents, 'episodeStarted' | 'stateChanged'>>(event: K, data: StudioEvents[K]): void {
    this.sendTo(this.clients, event, data);
    if (event === 'episodeEnded') {
      const end = data as StudioEvents['episodeEnded'];
      if (this.episodes.get(end.deviceId)?.episodeId === end.episodeId) {
        this.episodes.delete(end.deviceId);
        this.broadcastDevices();
      }
    }
  }

  /** An episode began on a device: every studio gets its initial state, in the slices it lacks. */
  episodeStarted(info: EpisodeInfo, initial: SliceSource, route: StudioState['route'], revision: number): void {
    for (const c of this.clients) {
      if (c.transport.closed) continue;
      this.sendOne(c, 'episodeStarted', { info, initial: toStudioState(c, initial, route, revision) });
    }
    this.episodes.set(info.deviceId, info);
    this.broadcastDevices();
  }

  /** The episode running on a device, if any (author calls are refused there). */
  episodeOn = (deviceId: string): EpisodeInfo | undefined => this.episodes.get(deviceId);

  watchers(deviceId: string): number {
    return this.watchCounts.get(deviceId) ?? 0;
  }

  /**
   * A frame, sent to the studios watching the device. One that is behind gets it once its socket
   * drains, unless a newer frame of the device replaces it first: intermediate frames are dropped,
   * the current one never is.
   */
  emitFrame(deviceId: string, jpegBase64: string, tag?: { episodeId: string; step: number }): void {
    const frame: StudioEvents['frame'] = { deviceId, jpeg: jpegBase64, ...(tag ? { episodeId: tag.episodeId, step: tag.step } : {}) };
    this.lastFrames.set(deviceId, frame);
    let text: string | undefined;
    for (const c of this.clients) {
      if (!c.watching.has(deviceId) || c.transport.closed) continue;
      if (c.transport.bufferedAmount < FRAME_BACKLOG_BYTES && !c.pendingFrames.size) {
        text ??= JSON.stringify({ t: 'event', event: 'frame', data: frame } satisfies WireMessage);
        this.sendText(c, text);
      } else {
        c.pendingFrames.set(deviceId, frame);
        this.drainLater(c);
      }
    }
  }

  private drainLater(c: StudioClient): void {
    if (c.drainTimer) return; // one poll per studio
    c.drainTimer = setInterval(() => {
      if (c.transport.closed) return this.stopDrain(c);
      if (c.transport.bufferedAmount >= FRAME_BACKLOG_BYTES) return;
      const frames = [...c.pendingFrames.values()];
      c.pendingFrames.clear();
      this.stopDrain(c);
      for (const f of frames) if (c.watching.has(f.deviceId)) this.sendOne(c, 'frame', f);
    }, DRAIN_POLL_MS);
    c.drainTimer.unref?.();
  }

  private stopDrain(c: StudioClient): void {
    clearInterval(c.drainTimer ?? undefined);
    c.drainTimer = null;
  }

  /** Called whenever a device's watcher count changes: the runner starts/stops its screencast. */
  onWatchChange(cb: (deviceId: string, watchers: number) => void): () => void {
    this.watchListeners.add(cb);
    return () => this.watchListeners.delete(cb);
  }

  /** Called when a studio completes its handshake (a demo run waits for the first one). */
  onConnect(cb: () => void): () => void {
    this.connectListeners.add(cb);
    return () => this.connectListeners.delete(cb);
  }

  deviceInfo(device: DeviceConnectionImpl): DeviceInfo {
    const episode = this.episodes.get(device.id);
    return { ...device.info(), ...(episode ? { episode } : {}) };
  }

  /** Takes over a socket that completed the studio handshake. */
  attach(transport: WsTransport, sessionId: string): void {
    const client: StudioClient = {
      sessionId,
      transport,
      watching: new Map(),
      sent: new SliceStore(STUDIO_SENT_SLICE_CHARS, false),
      pendingFrames: new Map(),
      drainTimer: null,
      peer: undefined as unknown as StudioPeer,
    };
    client.peer = new RpcPeer<StudioMethods, Record<string, never>, Record<string, never>, StudioEvents>(transport, {
      label: `studio ${sessionId.slice(0, 8)}`,
      handlers: this.handlersFor(client),
      onBadMessage: (reason) => {
        this.ctx.log(`studio ${sessionId.slice(0, 8)}: ${reason}`);
        transport.noteBadMessage();
      },
      onControl: (msg) => client.peer.sendRaw({ t: 'error', id: null, error: { name: 'ProtocolError', message: `unexpected "${msg.t}" after the handshake`, code: 'bad_message' } }),
    });
    this.clients.add(client);
    for (const cb of this.connectListeners) cb();
    client.peer.onClose((reason) => {
      this.clients.delete(client);
      this.stopDrain(client);
      for (const id of client.watching.keys()) this.changeWatchers(id, -1);
      client.watching.clear();
      this.ctx.log(`studio ${sessionId.slice(0, 8)} disconnected (${reason})`);
    });
  }

  closeAll(reason: string, code: number): void {
    for (const c of this.clients) {
      c.transport.close(code, reason);
      c.peer.close(reason);
    }
  }

  private handlersFor(client: StudioClient): StudioHandlers {
    const backend = (method: string): StudioBackend => {
      const b = this.ctx.backend();
      if (!b) throw new PhonegymError(`${method}: this bridge has no task runner attached (start it through the phonegym CLI, e.g. \`phonegym studio\`)`, { code: 'no_backend', details: { method } });
      return b;
    };
    return {
      listDevices: () => ({ devices: this.ctx.registry.list().map((d) => this.deviceInfo(d)) }),
      listTasks: async () => ({ tasks: await backend('listTasks').listTasks() }),
      watch: async (params) => {
        const deviceId = requireString('watch', params, 'deviceId');
        const framesOnly = (params as { framesOnly?: unknown }).framesOnly === true;
        if ((params as { resend?: unknown }).resend === true) client.sent.clear();
        const device = this.ctx.registry.get(deviceId);
        if (!device) throw new PhonegymError(`watch: no device "${deviceId}" is connected (listDevices shows the connected ones)`, { code: 'device_not_found', details: { deviceId } });
        if (!client.watching.has(deviceId)) {
          if (client.watching.size >= MAX_WATCHES_PER_STUDIO) throw invalid('watch', `a studio may watch at most ${MAX_WATCHES_PER_STUDIO} devices`);
          this.changeWatchers(deviceId, +1);
        }
        // Watch before fetching so a change during the fetch is forwarded too.
        client.watching.set(deviceId, { framesOnly });
        // The current picture right away, after this answer (a frame waits for no step).
        const frame = this.lastFrames.get(deviceId);
        if (frame) setImmediate(() => client.watching.has(deviceId) && this.sendOne(client, 'frame', frame));
        if (framesOnly) return { device: this.deviceInfo(device) };
        const state = await this.fetchState(device);
        let initial: StateSnapshot | undefined;
        try {
          initial = this.ctx.backend()?.initialState?.(deviceId);
        } catch (e) {
          this.ctx.log(`backend.initialState(${deviceId}) threw: ${(e as Error)?.message ?? e}`);
        }
        const initialSource = initial ? slicesOfJson(initial.json) : null;
        const stateSource = device.slices() ?? slicesOfJson(state.json);
        if (!stateSource) throw new PhonegymError(`device "${deviceId}" sent a state that is not a JSON object`, { code: 'bad_message', details: { deviceId } });
        // As an event, now: the slices reach the studio in the order they are recorded as sent.
        this.sendOne(client, 'stateChanged', {
          deviceId,
          ...(initial && initialSource ? { initial: toStudioState(client, initialSource, initial.route, initial.revision) } : {}),
          state: toStudioState(client, stateSource, state.route, state.revision),
        });
        return { device: this.deviceInfo(device) };
      },
      unwatch: (params) => {
        const deviceId = requireString('unwatch', params, 'deviceId');
        client.pendingFrames.delete(deviceId);
        if (client.watching.delete(deviceId)) this.changeWatchers(deviceId, -1);
        return {};
      },
      setupTask: (params) => {
        const deviceId = requireString('setupTask', params, 'deviceId');
        const taskId = requireString('setupTask', params, 'taskId');
        const seed = (params as { seed?: unknown }).seed;
        if (seed !== undefined && !(Number.isSafeInteger(seed) && (seed as number) >= 0)) throw invalid('setupTask', 'params.seed must be a non-negative integer');
        const variant = (params as { variant?: unknown }).variant;
        if (variant !== undefined && !(Number.isSafeInteger(variant) && (variant as number) >= 0 && (variant as number) <= MAX_VARIANT)) throw invalid('setupTask', `params.variant must be a whole number from 0 to ${MAX_VARIANT}`);
        return backend('setupTask').setupTask({ deviceId, taskId, ...(seed !== undefined ? { seed: seed as number } : {}), ...(variant ? { variant: variant as number } : {}) });
      },
      judge: (params) => {
        const deviceId = requireString('judge', params, 'deviceId');
        const answer = (params as { answer?: unknown }).answer;
        if (answer !== undefined && typeof answer !== 'string') throw invalid('judge', 'params.answer must be a string');
        return backend('judge').judge({ deviceId, ...(answer !== undefined ? { answer } : {}) });
      },
      demo: (params) => {
        const deviceId = requireString('demo', params, 'deviceId');
        const op = (params as { op?: unknown }).op;
        if (!DEMO_OPS.includes(op as DemoOp)) throw invalid('demo', `params.op must be one of ${DEMO_OPS.join(', ')}`);
        const b = backend('demo');
        if (!b.demo) throw new PhonegymError('demo: this runner cannot record demonstrations', { code: 'no_backend', details: { method: 'demo' } });
        return b.demo({ deviceId, op: op as DemoOp });
      },
      saveDemo: (params) => {
        const deviceId = requireString('saveDemo', params, 'deviceId');
        const replaceOracle = (params as { replaceOracle?: unknown }).replaceOracle;
        if (replaceOracle !== undefined && typeof replaceOracle !== 'boolean') throw invalid('saveDemo', 'params.replaceOracle must be true or false');
        const b = backend('saveDemo');
        if (!b.saveDemo) throw new PhonegymError('saveDemo: this runner cannot save demonstrations', { code: 'no_backend', details: { method: 'saveDemo' } });
        return b.saveDemo({ deviceId, ...(replaceOracle !== undefined ? { replaceOracle } : {}) });
      },
      forkEpisode: (params) => {
        const deviceId = requireString('forkEpisode', params, 'deviceId');
        const { step, run, episodeId } = params as { step?: unknown; run?: unknown; episodeId?: unknown };
        if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) throw invalid('forkEpisode', 'params.step must be a step number (0 or more)');
        const b = backend('forkEpisode');
        if (!b.forkEpisode) throw new PhonegymError('forkEpisode: this runner cannot continue episodes', { code: 'no_backend', details: { method: 'forkEpisode' } });
        if (run !== undefined) {
          const r = run as { folder?: unknown; trajectory?: unknown } | null;
          if (!r || typeof r !== 'object' || typeof r.folder !== 'string' || typeof r.trajectory !== 'string') throw invalid('forkEpisode', 'params.run must be { folder, trajectory }: a run folder of the Runs tab and a row\'s trajectory');
          return b.forkEpisode({ deviceId, step, run: { folder: r.folder, trajectory: r.trajectory } });
        }
        if (typeof episodeId !== 'string' || !episodeId) throw invalid('forkEpisode', 'params.episodeId (an episode of the run) or params.run (one of a run folder) is needed');
        return b.forkEpisode({ deviceId, step, episodeId });
      },
      forkToAgent: (params) => {
        const episodeId = requireString('forkToAgent', params, 'episodeId');
        const step = (params as { step?: unknown }).step;
        if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) throw invalid('forkToAgent', 'params.step must be a step number (0 or more)');
        const b = backend('forkToAgent');
        if (!b.forkToAgent) throw new PhonegymError('forkToAgent: this runner has no agent to hand an episode to', { code: 'no_backend', details: { method: 'forkToAgent' } });
        return b.forkToAgent({ episodeId, step });
      },
      episodeSteps: (params) => {
        const episodeId = requireString('episodeSteps', params, 'episodeId');
        const b = backend('episodeSteps');
        if (!b.episodeSteps) throw new PhonegymError('episodeSteps: this runner keeps no steps', { code: 'no_backend', details: { method: 'episodeSteps' } });
        return b.episodeSteps({ episodeId });
      },
      history: async () => {
        const b = this.ctx.backend();
        // No runner means no runs: an empty history is the truthful answer, not an error.
        return b ? b.history() : { episodes: [] };
      },
      runControl: async (params) => {
        const action = (params as { action?: unknown }).action;
        if (!['pause', 'resume', 'step', 'stop', 'pace'].includes(action as string)) throw invalid('runControl', 'params.action must be one of pause, resume, step, stop, pace');
        const deviceId = Object.hasOwn(params, 'deviceId') ? requireString('runControl', params, 'deviceId') : undefined;
        const paceMs = (params as { paceMs?: unknown }).paceMs;
        if (action === 'pace' && !(Number.isSafeInteger(paceMs) && (paceMs as number) >= 0 && (paceMs as number) <= 60_000)) throw invalid('runControl', 'params.paceMs must be an integer from 0 to 60000');
        if (action === 'stop' && deviceId === undefined) throw invalid('runControl', 'stop needs params.deviceId: the device whose episode to stop');
        const b = this.ctx.backend();
        if (!b?.runControl) throw new PhonegymError('runControl: no run is going on that can be controlled', { code: 'no_run', details: {} });
        return b.runControl({ action: action as 'pause', ...(deviceId !== undefined ? { deviceId } : {}), ...(action === 'pace' ? { paceMs: paceMs as number } : {}) });
      },
    };
  }

  private async fetchState(device: DeviceConnectionImpl): Promise<StateSnapshot> {
    const state = await device.call('getState', {});
    if (!isStateSnapshot(state)) throw new PhonegymError(`device "${device.id}" returned a malformed state snapshot`, { code: 'bad_message', details: { deviceId: device.id } });
    return state;
  }

  private followDevice(device: DeviceConnectionImpl): void {
    // Route changes are part of the snapshot, so they are forwarded like state changes.
    device.on('stateChanged', () => this.noteChange(device.id));
    device.on('routeChanged', () => this.noteChange(device.id));
    // A reconnecting page (same id) may come back with another state: refresh its watchers.
    this.noteChange(device.id);
  }

  /**
   * Coalesces state forwarding: at most one getState in flight per device; a change seen during
   * a fetch triggers one more fetch afterwards, so watchers always end on the latest state.
   */
  private noteChange(deviceId: string): void {
    if (this.stateWatchers(deviceId).length === 0) return;
    let pump = this.pumps.get(deviceId);
    if (!pump) this.pumps.set(deviceId, (pump = { seq: 0, fetching: false }));
    pump.seq++;
    if (!pump.fetching) void this.runPump(deviceId, pump);
  }

  private async runPump(deviceId: string, pump: { seq: number; fetching: boolean }): Promise<void> {
    pump.fetching = true;
    try {
      let fetched = -1;
      while (fetched !== pump.seq && this.stateWatchers(deviceId).length > 0) {
        fetched = pump.seq;
        const device = this.ctx.registry.get(deviceId);
        if (!device || device.closed) return;
        let state: StateSnapshot;
        try {
          state = await this.fetchState(device);
        } catch (e) {
          this.ctx.log(`device ${deviceId}: could not fetch state for studio watchers: ${(e as Error)?.message ?? e}`);
          return;
        }
        const source = device.slices() ?? slicesOfJson(state.json);
        if (!source) continue;
        for (const c of this.stateWatchers(deviceId)) this.sendOne(c, 'stateChanged', { deviceId, state: toStudioState(c, source, state.route, state.revision) });
      }
    } finally {
      pump.fetching = false;
      if (!this.ctx.registry.get(deviceId)) this.pumps.delete(deviceId);
    }
  }

  /** Studios watching a device's state (not only its frames). */
  private stateWatchers(deviceId: string): StudioClient[] {
    return [...this.clients].filter((c) => c.watching.get(deviceId)?.framesOnly === false && !c.transport.closed);
  }

  private changeWatchers(deviceId: string, delta: number): void {
    const n = Math.max(0, this.watchers(deviceId) + delta);
    if (n === 0) this.watchCounts.delete(deviceId);
    else this.watchCounts.set(deviceId, n);
    for (const cb of this.watchListeners) {
      try {
        cb(deviceId, n);
      } catch (e) {
        this.ctx.log(`watch listener threw: ${(e as Error)?.message ?? e}`);
      }
    }
  }

  private broadcastDevices(): void {
    this.broadcast('devicesChanged', { devices: this.ctx.registry.list().map((d) => this.deviceInfo(d)) });
  }

  private sendTo<K extends keyof StudioEvents>(targets: Iterable<StudioClient>, event: K, data: StudioEvents[K]): void {
    let text: string | undefined;
    for (const c of targets) {
      if (c.transport.closed) continue;
      text ??= JSON.stringify({ t: 'event', event, data } satisfies WireMessage);
      this.sendText(c, text);
    }
  }

  private sendOne<K extends keyof StudioEvents>(c: StudioClient, event: K, data: StudioEvents[K]): void {
    if (!c.transport.closed) this.sendText(c, JSON.stringify({ t: 'event', event, data } satisfies WireMessage));
  }

  private sendText(c: StudioClient, text: string): void {
    try {
      c.transport.send(text);
    } catch {
      /* closing: its close handler cleans up */
    }
  }
}

type StudioHandlers = {
  [K in keyof StudioMethods]: (p: Parameters<StudioMethods[K]>[0]) => Awaited<ReturnType<StudioMethods[K]>> | ReturnType<StudioMethods[K]>;
};
