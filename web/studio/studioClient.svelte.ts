/**
 * The studio's one client of the bridge: the connection (hello/welcome, reconnect with
 * backoff), the only place that parses bridge events, and the state every component reads.
 *
 * Components read `$state` fields and call methods; they never see the socket. Large values
 * (state trees, frames, episode lists) are `$state.raw` and replaced, not mutated, so a
 * 200 KB state is not wrapped in proxies.
 *
 * Watching: the bridge sends a device's state and frames only to studios watching it. The
 * client watches exactly the device of what is on screen: in Watch mode the selected
 * episode's device while it runs, in Author mode the studio's own interactive phone once it
 * is listed in `devicesChanged` (see `reconcileWatches`).
 *
 * Long file: the connection, the event handlers and the views they feed are one state machine
 * around one peer; splitting it is open work (the Watch and Author halves could each be a module).
 */
import { PROTOCOL_VERSION, type DeviceInfo, type EpisodeEnd, type EpisodeInfo, type RunControls, type RunInfo, type StateChange, type StateSnapshot, type StepInfo, type StudioEvents, type StudioMethods, type StudioState, type TaskInfo, type Verdict } from '../../bridge/protocol/messages.ts';
import { assembleJson, KEPT_SLICE_CHARS, SliceStore, slicedProblem, sliceNames } from '../../bridge/protocol/slices.ts';
import { RpcPeer, type Transport } from '../../bridge/protocol/rpc.ts';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import type { JsonValue, Route } from '../../bridge/protocol/state.ts';
import { diffStates } from '../../bridge/judge/diff.ts';
import { highlightOf, type ChangeHighlight } from './jsonTree.ts';
import { episodeStatus, type EpisodeStatus } from './verdictView.ts';
import { createGlyphLoader, type GlyphLoader } from './glyphs.ts';
import { afterTasksChanged, reloadedNote } from './taskReload.ts';
import { DemoRecording } from './demoRecording.svelte.ts';

export type ConnectionState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open'; sessionId: string }
  | { kind: 'waiting'; attempt: number; retryAt: number; reason: string }
  /** Retrying cannot help (wrong token, another protocol version): the user must act. */
  | { kind: 'failed'; reason: string };

export type StudioMode = 'watch' | 'author' | 'runs';

export interface EpisodeRecord {
  info: EpisodeInfo;
  end?: EpisodeEnd;
  /** The latest verdict: live from `progress`, final from `episodeEnded`. */
  verdict?: Verdict;
  steps: StepInfo[];
  /** Kept for the last KEEP_EPISODE_DATA episodes so a finished one still shows its phone and state. */
  initialJson?: string;
  finalJson?: string;
  finalRoute?: Route;
  finalRevision?: number;
  frame?: string;
  /** The screenshot after each step while the studio watched (index = step; 0 the first screen), for the timeline. */
  frames?: (string | undefined)[];
  /** Local clock time of the end, for the follow dwell. */
  endedAtMs?: number;
}

/** Which step a frame shows: the screenshot the agent got after `step` of `episodeId`. */
export interface FrameTag {
  episodeId: string;
  step: number;
}

export interface DeviceView {
  deviceId: string;
  device: DeviceInfo | null;
  state: JsonValue | null;
  json: string | null;
  revision: number;
  route: Route | null;
  /** The diff base: the episode's initial state. */
  initial: JsonValue | null;
  /** The last frame as a data URL, and which step it shows (null: an untagged screencast frame). */
  frame: string | null;
  frameTag: FrameTag | null;
  /** What the last state update changed, and a counter that restarts the highlight. */
  highlight: ChangeHighlight;
  highlightToken: number;
}

export interface AuthorSession {
  deviceId: string;
  /** The interactive phone is shown once Author mode was opened, and kept while the tab lives. */
  activated: boolean;
  deviceReady: boolean;
  episode: EpisodeInfo | null;
  verdict: Verdict | null;
  /** The state revision the verdict was computed at (stale once the phone changes). */
  verdictRevision: number | null;
  busy: 'setup' | 'judge' | null;
  error: string | null;
  /** The run's episode and step the task set up was forked from (Continue from here), or null. */
  forkedFrom: { episodeId: string; step: number; run?: string } | null;
}

/** What the right-hand panels and the phone show. */
export interface Inspected {
  kind: 'episode' | 'author';
  /** The episode (Watch mode) or the task set up (Author mode), if any. */
  info: EpisodeInfo | null;
  record: EpisodeRecord | null;
  live: boolean;
  deviceId: string | null;
  state: JsonValue | null;
  initial: JsonValue | null;
  revision: number | null;
  route: Route | null;
  frame: string | null;
  /** Which step the frame shows; with `behind`, the steps taken since (the picture is stale). */
  frameTag: FrameTag | null;
  behind: number;
  verdict: Verdict | null;
  verdictStale: boolean;
  end: EpisodeEnd | null;
  highlight: ChangeHighlight | null;
  highlightToken: number;
}

export interface StudioClientOptions {
  /** Opens a new connection to the bridge's studio endpoint. */
  openTransport: () => Transport;
  /** The id of the studio's own interactive phone. */
  authorDeviceId: string;
  /** Delay before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
  /** How long a finished episode stays on screen before Follow jumps to the next one. */
  followDwellMs?: number;
  /** How long to wait for `welcome` after the socket is asked to open. */
  handshakeTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Loads the CJK glyphs a text needs before it is shown (see glyphs.ts); the page's fonts by default. */
  loadGlyphs?: GlyphLoader;
  /** Reads a file the bridge serves (a run folder's state files), relative to the page; `fetch` by default. */
  fetchText?: (url: string) => Promise<string>;
}

type Peer = RpcPeer<Record<string, never>, StudioMethods, StudioEvents>;

const KEEP_EPISODE_DATA = 40;
/** Ended episodes whose states the studio read back from the run folder and keeps (about 1 MB each). */
const KEEP_READ_STATES = 8;
/**
 * Calls that do real work on a phone get longer than the usual bound: a fork replays every step
 * up to the one picked (a 45-step episode, or a loaded host, takes well over 15 s), and a
 * setup may wait for the studio's own phone to boot.
 */
const SLOW_CALLS: Partial<Record<keyof StudioMethods, number>> = { forkEpisode: 180_000, setupTask: 60_000 };

/** Step frames kept per episode for its timeline (about 40 KB each). */
const KEEP_FRAMES = 300;
/**
 * The slices the studio keeps: twice what the hub records as sent (bridge/server/studioHub.ts),
 * touched in the same order, so it always holds every slice the hub leaves out.
 */
const KEPT_STUDIO_SLICE_CHARS = 2 * KEPT_SLICE_CHARS;
const MAX_NOTICES = 30;
const EMPTY_HIGHLIGHT: ChangeHighlight = { paths: new Set(), within: new Set() };

export function defaultBackoff(attempt: number): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(attempt - 1, 5));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** A random device id for the studio's interactive phone: `studio-` + 12 hex digits. */
export function newStudioDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return 'studio-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class StudioClient {
  connection = $state<ConnectionState>({ kind: 'connecting', attempt: 1 });
  mode = $state<StudioMode>('watch');
  run = $state.raw<RunInfo | null>(null);
  episodes = $state.raw<EpisodeRecord[]>([]);
  devices = $state.raw<DeviceInfo[]>([]);
  tasks = $state.raw<TaskInfo[]>([]);
  tasksState = $state<'idle' | 'loading' | 'loaded' | 'error'>('idle');
  /** Device id → what the bridge sent for it while watched. */
  views = $state.raw<Record<string, DeviceView>>({});
  follow = $state(true);
  selectedEpisodeId = $state<string | null>(null);
  author = $state<AuthorSession>({ deviceId: '', activated: false, deviceReady: false, episode: null, verdict: null, verdictRevision: null, busy: null, error: null, forkedFrom: null });
  /** What the last reload of the task files did to the task set up on the phone (taskReload.ts). */
  reloadNote = $state<string | null>(null);
  /** Recent problems worth showing (malformed events, failed calls), newest last. */
  notices = $state.raw<{ at: number; message: string }[]>([]);
  /** The run's demo controls as the bridge last said (null: no run to control). */
  controls = $state.raw<RunControls | null>(null);
  /** Watch mode shows every running device in a grid (frames only), the selected one enlarged. */
  grid = $state(false);
  /** Bytes of state this studio received, and how many whole states they stood for (the slices' saving). */
  stateBytes = $state.raw({ received: 0, whole: 0, updates: 0 });
  /** The demonstration recorded on the interactive phone (Author mode's Record). */
  readonly demo = new DemoRecording({ call: (method, params) => this.call(method, params), deviceId: () => this.author.deviceId });

  readonly selected = $derived(this.episodes.find((e) => e.info.episodeId === this.selectedEpisodeId) ?? null);

  readonly counts = $derived.by(() => {
    const c: Record<EpisodeStatus, number> = { running: 0, passed: 0, failed: 0, unclean: 0, error: 0 };
    // An episode stopped from the studio ends as cancelled: not done (`--resume` runs it again) and
    // not in the success rate, as the CLI's summary counts it.
    // An agent's continuation of an episode from a step (Hand to the agent) is not one of the run's.
    let cancelled = 0;
    const own = this.episodes.filter((e) => !e.info.forkOf);
    for (const e of own) {
      if (e.end?.status === 'cancelled') cancelled++;
      else c[episodeStatus(e.end).status]++;
    }
    const done = own.length - c.running - cancelled;
    return { ...c, cancelled, done, total: Math.max(this.run?.tasks ?? 0, own.length), successRate: done > 0 ? c.passed / done : null };
  });

  readonly inspected = $derived.by((): Inspected | null => (this.mode === 'author' ? this.inspectAuthor() : this.inspectEpisode()));

  // Frames replace `inspected` many times a second; these keep their identity until the state does.
  private readonly shownState = $derived(this.inspected?.state ?? null);
  private readonly shownInitial = $derived(this.inspected?.initial ?? null);

  /** Changes from the diff base to the shown state (the judge's diff): what the Diff tab lists before a verdict exists. */
  readonly localChanges = $derived.by((): StateChange[] | null => {
    const state = this.shownState;
    const initial = this.shownInitial;
    return state !== null && initial !== null ? diffStates(initial, state) : null;
  });

  private peer: Peer | null = null;
  private readonly opts: Required<StudioClientOptions>;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private dwellTimer: ReturnType<typeof setTimeout> | null = null;
  private handshakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Devices we asked the bridge to watch (on this connection), and whether for frames only. */
  private watching = new Map<string, boolean>();
  /** `episodeId@steps taken` of the step fills asked for, and the episodes with one under way (fillSteps). */
  private stepsAsked = new Set<string>();
  private stepsAsking = new Set<string>();
  /** Ended episodes whose states were read from the run folder, oldest first (fillStates), and those being read. */
  private statesRead: string[] = [];
  private statesReading = new Set<string>();
  /** The next watch asks the hub to send every slice again (after `resync`). */
  private resendNext = false;
  /** State slices by version, as the hub sent them (see KEPT_STUDIO_SLICE_CHARS). */
  private slices = new SliceStore(KEPT_STUDIO_SLICE_CHARS);
  private disposed = false;
  private parsedFinal = new WeakMap<EpisodeRecord, { state: JsonValue | null; initial: JsonValue | null }>();
  /** Events waiting for glyphs (and every event after them, to keep the order). */
  private eventQueue: Promise<void> | null = null;

  constructor(opts: StudioClientOptions) {
    this.opts = {
      backoffMs: defaultBackoff,
      followDwellMs: 1500,
      handshakeTimeoutMs: 10_000,
      callTimeoutMs: 15_000,
      loadGlyphs: createGlyphLoader(globalThis.document?.fonts),
      fetchText: fetchText,
      ...opts,
    };
    this.author.deviceId = opts.authorDeviceId;
  }

  // -------------------------------------------------------------------------------------------
  // Connection

  connect(): void {
    if (this.disposed) return;
    this.clearTimer('retry');
    const attempt = this.connection.kind === 'waiting' || this.connection.kind === 'connecting' ? this.connection.attempt : 1;
    this.connection = { kind: 'connecting', attempt };
    let transport: Transport;
    try {
      transport = this.opts.openTransport();
    } catch (e) {
      this.scheduleRetry(attempt, (e as Error).message);
      return;
    }
    let refusal: string | null = null;
    const peer: Peer = new RpcPeer(transport, {
      label: 'studio',
      timeoutMs: this.opts.callTimeoutMs,
      onControl: (msg) => {
        if (msg.t !== 'welcome' || this.peer !== peer) return;
        if (msg.protocol !== PROTOCOL_VERSION) {
          refusal = `protocol mismatch: the bridge speaks protocol ${msg.protocol}, this studio ${PROTOCOL_VERSION}: reload the page`;
          peer.close('protocol mismatch');
          return;
        }
        this.clearTimer('handshake');
        this.connection = { kind: 'open', sessionId: msg.sessionId };
        void this.sync(peer);
      },
      onBadMessage: (reason) => {
        // Before the welcome, an error from the bridge is why it refuses us.
        if (this.connection.kind !== 'open' && reason.startsWith('peer reported: ')) refusal = reason.slice('peer reported: '.length);
        else this.notice(reason);
      },
    });
    this.peer = peer;
    this.watching = new Map();
    // A new connection is a new hub record: it sends every slice again.
    this.slices = new SliceStore(KEPT_STUDIO_SLICE_CHARS);
    this.eventQueue = null;
    this.subscribe(peer);
    peer.onClose((reason) => {
      if (this.peer !== peer) return;
      this.peer = null;
      this.clearTimer('handshake');
      if (this.disposed) return;
      const why = refusal ?? reason;
      if (/protocol.?mismatch|unauthori[sz]ed/i.test(why)) this.connection = { kind: 'failed', reason: why };
      else this.scheduleRetry(this.connection.kind === 'open' ? 1 : attempt, why);
    });
    this.handshakeTimer = setTimeout(() => {
      if (this.peer === peer && this.connection.kind !== 'open') peer.close('no welcome from the bridge');
    }, this.opts.handshakeTimeoutMs);
    peer.sendRaw({ t: 'hello', protocol: PROTOCOL_VERSION, role: 'studio' });
  }

  /** Retry now (the "Retry" button). */
  reconnect(): void {
    if (this.peer) return;
    this.connection = { kind: 'connecting', attempt: 1 };
    this.connect();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer('retry');
    this.clearTimer('dwell');
    this.clearTimer('handshake');
    this.peer?.close('studio closed');
    this.peer = null;
  }

  private scheduleRetry(prevAttempt: number, reason: string): void {
    const attempt = prevAttempt + 1;
    const delay = this.opts.backoffMs(attempt - 1);
    this.connection = { kind: 'waiting', attempt, retryAt: Date.now() + delay, reason };
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private clearTimer(which: 'retry' | 'dwell' | 'handshake'): void {
    const key = `${which}Timer` as const;
    const t = this[key];
    if (t) clearTimeout(t);
    this[key] = null;
  }

  /** After every welcome: the history, the devices, and the watches of what is on screen. */
  private async sync(peer: Peer): Promise<void> {
    try {
      // Each answer takes its place among the events as it arrives: an episode's end sent after
      // the history must not be applied before it (its episode not yet known, the end was lost
      // and the studio showed a finished episode as running).
      const history = peer.call('history', {}).then((h) =>
        this.inOrder(JSON.stringify(h), () => {
          if (this.peer !== peer) return;
          this.applyHistory(h.run ?? null, h.episodes);
          this.controls = isObj(h.controls) ? h.controls : null;
        }),
      );
      const devices = peer.call('listDevices', {}).then((d) =>
        this.inOrder('', () => {
          if (this.peer === peer) this.setDevices(d.devices);
        }),
      );
      await Promise.all([history, devices]);
      if (this.peer !== peer) return;
      if (this.author.activated && this.tasksState !== 'loaded') void this.loadTasks();
      this.reconcileWatches();
    } catch (e) {
      this.notice(`could not load the run history: ${(e as Error).message}`);
    }
  }

  private call<K extends keyof StudioMethods & string>(method: K, params: Parameters<StudioMethods[K]>[0]): ReturnType<StudioMethods[K]> {
    if (!this.peer || this.connection.kind !== 'open') {
      return Promise.reject(new PhonegymError(`not connected to the bridge (${method})`, { code: 'connection_closed' })) as ReturnType<StudioMethods[K]>;
    }
    const timeoutMs = SLOW_CALLS[method];
    return this.peer.call(method, params as never, timeoutMs ? { timeoutMs } : {}) as ReturnType<StudioMethods[K]>;
  }

  /** Resolves once the glyphs of `text` are loaded (at once when they already are). */
  private async glyphs(text: string): Promise<void> {
    await this.opts.loadGlyphs(text);
  }

  /** Applies an event (or an answer) now, or after the glyphs it shows and the events before it. */
  private inOrder(text: string, apply: () => void): Promise<void> {
    const load = this.opts.loadGlyphs(text);
    if (!load && !this.eventQueue) return Promise.resolve(apply());
    const next = (this.eventQueue ?? Promise.resolve())
      .then(() => load)
      .then(apply)
      .catch((e: Error) => this.notice(`could not apply an event: ${e.message}`));
    this.eventQueue = next;
    void next.then(() => {
      if (this.eventQueue === next) this.eventQueue = null;
    });
    return next;
  }

  private notice(message: string): void {
    this.notices = [...this.notices.slice(-(MAX_NOTICES - 1)), { at: Date.now(), message }];
  }

  // -------------------------------------------------------------------------------------------
  // Events: the one place that reads what the bridge sends.

  private subscribe(peer: Peer): void {
    const on = <K extends keyof StudioEvents & string, T = StudioEvents[K]>(
      event: K,
      check: (d: unknown) => boolean,
      handle: (d: T) => void,
      textOf: (d: T) => string = (d) => JSON.stringify(d),
      /** Runs at once, in arrival order (slices must be taken in the order the hub sent them). */
      prepare: (d: StudioEvents[K]) => T | null = (d) => d as unknown as T,
    ) =>
      peer.on(event, (data) => {
        if (this.peer !== peer) return;
        if (!check(data)) return this.notice(`ignored a malformed ${event} event from the bridge`);
        const ready = prepare(data as StudioEvents[K]);
        if (ready === null) return;
        this.inOrder(textOf(ready), () => {
          if (this.peer === peer) handle(ready);
        });
      });
    on('runStarted', isRunInfo, (d) => this.onRunStarted(d));
    on('runEnded', isRunInfo, (d) => (this.run = d));
    on('devicesChanged', (d) => isObj(d) && Array.isArray(d.devices), (d) => this.setDevices(d.devices));
    on<'episodeStarted', { info: EpisodeInfo; initial: StateSnapshot | undefined }>(
      'episodeStarted',
      (d) => isObj(d) && isEpisodeInfo(d.info),
      (d) => this.onEpisodeStarted(d.info, d.initial),
      (d) => d.initial?.json ?? '',
      (d) => {
        const initial = this.take(d.initial);
        if (initial === 'missing') this.resync(d.info.deviceId);
        return { info: d.info, initial: typeof initial === 'string' ? undefined : initial };
      },
    );
    on('sessionGoal', (d) => isObj(d) && isEpisodeInfo(d.info), (d) => this.updateEpisode(d.info.episodeId, (e) => ({ ...e, info: d.info })));
    on('step', isStepInfo, (d) => this.onStep(d));
    on('progress', (d) => isObj(d) && typeof d.episodeId === 'string' && isVerdict(d.verdict), (d) => this.onProgress(d));
    on('episodeEnded', (d) => isObj(d) && typeof d.episodeId === 'string' && typeof d.status === 'string', (d) => this.onEpisodeEnded(d));
    on<'stateChanged', { deviceId: string; state: StateSnapshot; initial?: StateSnapshot }>(
      'stateChanged',
      (d) => isObj(d) && typeof d.deviceId === 'string' && isObj(d.state),
      (d) => this.onStateChanged(d.deviceId, d.state, d.initial),
      (d) => `${d.state.json}${d.initial?.json ?? ''}`,
      (d) => {
        const initial = d.initial === undefined ? undefined : this.take(d.initial);
        const state = this.take(d.state);
        if (state === 'malformed' || initial === 'malformed') this.notice('ignored a malformed stateChanged event from the bridge');
        else if (state === 'missing' || initial === 'missing') this.resync(d.deviceId);
        return typeof state === 'string' || typeof initial === 'string' ? null : { deviceId: d.deviceId, state, ...(initial ? { initial } : {}) };
      },
    );
    on('frame', (d) => isObj(d) && typeof d.deviceId === 'string' && typeof d.jpeg === 'string', (d) => this.onFrame(d), () => '');
    on('tasksChanged', (d) => isObj(d) && Array.isArray(d.tasks) && Array.isArray(d.changed), (d) => this.onTasksChanged(d));
    on('demoChanged', (d) => isObj(d) && isObj(d.demo) && typeof d.demo.deviceId === 'string' && Array.isArray(d.demo.steps), (d) => this.demo.apply(d.demo));
    on('controls', (d) => isObj(d) && typeof d.paused === 'boolean' && typeof d.paceMs === 'number', (d) => (this.controls = { ...d, waiting: Array.isArray(d.waiting) ? d.waiting.filter((x): x is string => typeof x === 'string') : [] }));
  }

  /**
   * A state as the hub sent it, whole again: the slices it carries are kept, the others come
   * from those kept; `missing` when it names a slice this studio does not hold.
   */
  private take(st: StudioState | undefined): StateSnapshot | 'malformed' | 'missing' {
    if (!isObj(st) || typeof st.revision !== 'number' || !isObj(st.route) || slicedProblem(st.sliced)) return 'malformed';
    const { sliced } = st;
    const parts = new Map<string, string>();
    let received = 0;
    for (const name of sliceNames(sliced)) {
      const version = sliced.versions[name]!;
      const sent = sliced.json[name];
      const json = sent ?? this.slices.get(version);
      if (json === undefined) return 'missing';
      if (sent !== undefined) received += sent.length;
      this.slices.put(version, json);
      parts.set(name, json);
    }
    const json = assembleJson(sliced, (name) => parts.get(name)!);
    const b = this.stateBytes;
    this.stateBytes = { received: b.received + received, whole: b.whole + json.length, updates: b.updates + 1 };
    return { json, route: st.route, revision: st.revision };
  }

  /** A state that could not be put together: watch the device again, which sends it whole. */
  private resync(deviceId: string): void {
    this.notice(`the state of ${deviceId} named a slice this studio does not hold; asking for it again`);
    this.slices = new SliceStore(KEPT_STUDIO_SLICE_CHARS);
    this.resendNext = true;
    if (!this.watching.has(deviceId) || !this.peer) return;
    this.watching.delete(deviceId);
    this.reconcileWatches();
  }

  private onRunStarted(run: RunInfo): void {
    if (this.run && this.run.runId !== run.runId) {
      this.episodes = [];
      this.selectedEpisodeId = null;
    }
    this.run = run;
  }

  private applyHistory(run: RunInfo | null, list: { info: EpisodeInfo; end?: EpisodeEnd }[]): void {
    if (run) this.run = run;
    const known = new Map(this.episodes.map((e) => [e.info.episodeId, e]));
    const merged: EpisodeRecord[] = [];
    for (const h of list) {
      if (!isEpisodeInfo(h.info) || this.isAuthorDevice(h.info.deviceId)) continue;
      const prev = known.get(h.info.episodeId);
      known.delete(h.info.episodeId);
      const end = h.end ?? prev?.end;
      merged.push({ ...prev, steps: prev?.steps ?? [], info: h.info, end, verdict: end?.verdict ?? prev?.verdict });
    }
    // Episodes that arrived as events while the history call was in flight.
    for (const e of known.values()) merged.push(e);
    this.episodes = merged;
    if (this.follow) this.followLatest(false);
  }

  private onEpisodeStarted(info: EpisodeInfo, initial: StateSnapshot | undefined): void {
    if (this.isAuthorDevice(info.deviceId)) return;
    const initialJson = isSnapshot(initial) ? initial.json : undefined;
    const prev = this.episodes.find((e) => e.info.episodeId === info.episodeId);
    const record: EpisodeRecord = { ...prev, info, steps: prev?.steps ?? [], initialJson };
    this.episodes = prev ? this.episodes.map((e) => (e === prev ? record : e)) : [...this.episodes, record];
    this.trimKeptData();
    // A device starting a new episode: its diff base is the new initial state.
    const view = this.views[info.deviceId];
    if (view && initialJson !== undefined) this.putView({ ...view, initial: parseJson(initialJson) ?? null });
    if (this.follow) this.followLatest(true);
  }

  private onStep(step: StepInfo): void {
    this.updateEpisode(step.episodeId, (e) => ({ ...e, steps: [...e.steps, step] }));
    // The first step seen of an episode already under way shows the gap before it.
    const sel = this.selected;
    if (this.mode === 'watch' && sel?.info.episodeId === step.episodeId) this.fillSteps(sel);
  }

  /**
   * The selected episode's steps this studio did not see (it connected late, or its connection
   * dropped), asked of the bridge once per count of steps taken and merged in step order.
   */
  private fillSteps(rec: EpisodeRecord): void {
    const peer = this.peer;
    const taken = stepsTaken(rec);
    const key = `${rec.info.episodeId}@${taken}`;
    if (!peer || this.stepsAsked.has(key) || this.stepsAsking.has(rec.info.episodeId) || new Set(rec.steps.map((s) => s.index)).size >= taken) return;
    this.stepsAsked.add(key);
    this.stepsAsking.add(rec.info.episodeId);
    const done = () => this.stepsAsking.delete(rec.info.episodeId);
    peer.call('episodeSteps', { episodeId: rec.info.episodeId }).finally(done).then(
      (r) => {
        const got = Array.isArray(r?.steps) ? r.steps.filter((s) => isStepInfo(s) && s.episodeId === rec.info.episodeId) : [];
        this.updateEpisode(rec.info.episodeId, (e) => {
          const seen = new Set(e.steps.map((s) => s.index));
          const missed = got.filter((s) => !seen.has(s.index));
          return missed.length ? { ...e, steps: [...missed, ...e.steps].sort((a, b) => a.index - b.index) } : e;
        });
      },
      // Forgotten (an old episode of a long run) or not kept by this runner: the gap stays, as it says.
      () => {},
    );
  }

  /**
   * An ended episode this studio did not watch (or whose states it let go): its initial and final
   * states from the run folder, for the State and Diff tabs. Kept for the few read last.
   */
  private fillStates(rec: EpisodeRecord): void {
    const folder = runFolderOf(rec);
    const id = rec.info.episodeId;
    if (!rec.end || !folder || rec.finalJson !== undefined || this.statesReading.has(id)) return;
    this.statesReading.add(id);
    const read = async (name: string) => {
      const text = await this.opts.fetchText(`${folder}${name}`);
      if (text.length > MAX_STATE_FILE_CHARS || parseJson(text) === undefined) throw new Error(`${name} is not a state`);
      return text;
    };
    Promise.all([read('initial_state.json'), read('final_state.json')]).then(
      ([initialJson, finalJson]) => {
        this.updateEpisode(id, (e) => (e.finalJson !== undefined ? e : { ...e, initialJson, finalJson }));
        this.statesRead = [...this.statesRead.filter((x) => x !== id), id];
        while (this.statesRead.length > KEEP_READ_STATES) {
          const old = this.statesRead.shift()!;
          if (old !== this.selectedEpisodeId) this.updateEpisode(old, ({ initialJson: _i, finalJson: _f, ...rest }) => rest);
        }
      },
      // Not in the folder (a run error before the first screen): the panel says it was not recorded.
      () => {},
    ).finally(() => this.statesReading.delete(id));
  }

  private onProgress(p: StudioEvents['progress']): void {
    if (this.isAuthorDevice(p.deviceId)) {
      // A bridge that judges the interactive phone live: show it as the current verdict.
      this.author.verdict = p.verdict;
      this.author.verdictRevision = this.views[p.deviceId]?.revision ?? null;
      return;
    }
    this.updateEpisode(p.episodeId, (e) => (e.end ? e : { ...e, verdict: p.verdict }));
  }

  private onEpisodeEnded(end: StudioEvents['episodeEnded']): void {
    if (this.isAuthorDevice(end.deviceId)) return;
    const { deviceId, ...episodeEnd } = end;
    const view = this.views[deviceId];
    this.updateEpisode(end.episodeId, (e) => ({
      ...e,
      end: episodeEnd,
      verdict: end.verdict ?? e.verdict,
      endedAtMs: Date.now(),
      // What the phone looked like at the end, for when the episode is selected later.
      ...(view && view.json !== null ? { finalJson: view.json, finalRoute: view.route ?? undefined, finalRevision: view.revision } : {}),
      ...(view?.frame && (view.frameTag === null || view.frameTag.episodeId === end.episodeId) ? { frame: view.frame } : {}),
    }));
    if (this.follow && end.episodeId === this.selectedEpisodeId) this.followLatest(true);
    else this.reconcileWatches();
  }

  private onStateChanged(deviceId: string, snap: StateSnapshot, initialSnap?: StateSnapshot): void {
    // Events arrive in order on one socket; revisions may restart when a device is reset.
    const view = this.views[deviceId] ?? (this.watching.has(deviceId) ? { ...emptyView(deviceId), initial: this.initialFromEpisodes(deviceId) } : undefined);
    if (!view) return;
    const state = parseJson(snap.json);
    if (state === undefined) return this.notice(`the state of ${deviceId} is not valid JSON`);
    const initial = initialSnap ? parseJson(initialSnap.json) ?? view.initial : view.initial;
    // The first state after a watch is a new base, not a change to highlight.
    const highlight = view.state === null || initialSnap ? EMPTY_HIGHLIGHT : highlightOf(diffStates(view.state, state));
    this.putView({ ...view, initial, state, json: snap.json, revision: snap.revision, route: snap.route, highlight, highlightToken: view.highlightToken + 1 });
  }

  private onFrame(f: StudioEvents['frame']): void {
    // A frame may come before the answer to `watch` is applied: it starts the device's view.
    const view = this.views[f.deviceId] ?? (this.watching.has(f.deviceId) ? emptyView(f.deviceId) : undefined);
    if (!view) return;
    const frame = `data:image/jpeg;base64,${f.jpeg}`;
    const tag = typeof f.episodeId === 'string' && typeof f.step === 'number' ? { episodeId: f.episodeId, step: f.step } : null;
    this.putView({ ...view, frame, frameTag: tag });
    // The episode's timeline keeps the screen after each step it was shown.
    if (tag && tag.step >= 0 && tag.step <= KEEP_FRAMES) {
      this.updateEpisode(tag.episodeId, (e) => {
        const frames = [...(e.frames ?? [])];
        frames[tag.step] = frame;
        return { ...e, frames };
      });
    }
  }

  private setDevices(devices: DeviceInfo[]): void {
    this.devices = devices.filter((d) => isObj(d) && typeof d.deviceId === 'string');
    const ready = this.devices.some((d) => d.deviceId === this.author.deviceId);
    if (ready !== this.author.deviceReady) this.author.deviceReady = ready;
    if (!ready) this.watching.delete(this.author.deviceId);
    this.reconcileWatches();
  }

  // -------------------------------------------------------------------------------------------
  // Demo controls: the bridge answers with the new controls and tells every studio.

  private async control(p: Parameters<StudioMethods['runControl']>[0]): Promise<void> {
    try {
      const { controls } = await this.call('runControl', p);
      this.controls = controls;
    } catch (e) {
      this.notice(`${p.action} failed: ${(e as Error).message}`);
    }
  }

  pause(): Promise<void> {
    return this.control({ action: 'pause' });
  }

  resume(): Promise<void> {
    return this.control({ action: 'resume' });
  }

  /** One action on the device shown (or on every paused device), then paused again. */
  stepOnce(deviceId?: string): Promise<void> {
    return this.control({ action: 'step', ...(deviceId ? { deviceId } : {}) });
  }

  /** Ends the episode running on `deviceId` as cancelled (`--resume` runs it again). */
  stopEpisode(deviceId: string): Promise<void> {
    return this.control({ action: 'stop', deviceId });
  }

  setPace(ms: number): Promise<void> {
    return this.control({ action: 'pace', paceMs: Math.max(0, Math.min(60_000, Math.round(ms))) });
  }

  setGrid(on: boolean): void {
    this.grid = on;
    this.reconcileWatches();
  }

  /** The devices the grid shows: those running an episode, in device order. */
  readonly gridDevices = $derived(this.devices.filter((d) => d.kind === 'agent' && d.episode));

  // -------------------------------------------------------------------------------------------
  // Watch mode

  setMode(mode: StudioMode): void {
    this.mode = mode;
    if (mode === 'author' && !this.author.activated) {
      this.author.activated = true;
      // Before the welcome, `sync` loads them.
      if (this.tasksState === 'idle' && this.connection.kind === 'open') void this.loadTasks();
    }
    this.reconcileWatches();
  }

  /** Shows an episode; a manual choice stops following the run. */
  selectEpisode(episodeId: string): void {
    this.follow = false;
    this.clearTimer('dwell');
    this.selectedEpisodeId = episodeId;
    this.reconcileWatches();
  }

  setFollow(on: boolean): void {
    this.follow = on;
    if (on) this.followLatest(false);
  }

  /**
   * Follow: stay on the followed episode while it runs (parallel runs do not make the view
   * jump); once it ends, move to the latest running one, after a short dwell so the verdict
   * can be seen; with nothing running, stay on the newest episode.
   */
  private followLatest(dwell: boolean): void {
    const current = this.selected;
    if (current && !current.end) return this.reconcileWatches();
    const running = this.episodes.filter((e) => !e.end);
    const target = (running.at(-1) ?? (current ? null : this.episodes.at(-1)))?.info.episodeId ?? null;
    if (target === null || target === this.selectedEpisodeId) return this.reconcileWatches();
    const wait = dwell && current?.endedAtMs ? current.endedAtMs + this.opts.followDwellMs - Date.now() : 0;
    this.clearTimer('dwell');
    if (wait > 0) {
      this.dwellTimer = setTimeout(() => {
        this.dwellTimer = null;
        if (this.follow) this.followLatest(false);
      }, wait);
      return;
    }
    this.selectedEpisodeId = target;
    this.reconcileWatches();
  }

  /**
   * Watches exactly the devices whose live data is on screen, unwatches the rest: the selected
   * episode's device (state and frames), in the grid every running device (frames only), in
   * Author mode the studio's own phone.
   */
  private reconcileWatches(): void {
    const peer = this.peer;
    if (!peer || this.connection.kind !== 'open') return;
    const wanted = new Map<string, boolean>();
    if (this.mode === 'watch') {
      if (this.grid) for (const d of this.gridDevices) wanted.set(d.deviceId, true);
      const sel = this.selected;
      if (sel && !sel.end) wanted.set(sel.info.deviceId, false);
      if (sel) {
        this.fillSteps(sel);
        this.fillStates(sel);
      }
    } else if (this.author.activated && this.author.deviceReady) {
      wanted.set(this.author.deviceId, false);
    }
    for (const id of [...this.watching.keys()]) {
      if (wanted.has(id)) continue;
      this.watching.delete(id);
      peer.call('unwatch', { deviceId: id }).catch(() => {});
    }
    for (const [id, framesOnly] of wanted) {
      if (this.watching.get(id) === framesOnly) continue;
      this.watching.set(id, framesOnly);
      const resend = this.resendNext;
      this.resendNext = false;
      // The state follows as a stateChanged event (with the episode's initial state); the answer names the device.
      peer.call('watch', { deviceId: id, ...(framesOnly ? { framesOnly } : {}), ...(resend ? { resend } : {}) }).then(
        (r) => {
          if (this.peer !== peer || this.watching.get(id) !== framesOnly) return;
          const old = this.views[id] ?? { ...emptyView(id), initial: this.initialFromEpisodes(id) };
          this.putView({ ...old, device: r.device ?? null });
        },
        (e: Error) => {
          this.watching.delete(id);
          this.notice(`could not watch ${id}: ${e.message}`);
        },
      );
    }
  }

  private initialFromEpisodes(deviceId: string): JsonValue | null {
    const running = this.episodes.findLast((e) => e.info.deviceId === deviceId && !e.end);
    return running?.initialJson ? parseJson(running.initialJson) ?? null : null;
  }

  // -------------------------------------------------------------------------------------------
  // Author mode

  async loadTasks(): Promise<void> {
    this.tasksState = 'loading';
    try {
      const { tasks } = await this.call('listTasks', {});
      await this.glyphs(JSON.stringify(tasks));
      this.tasks = [...tasks].sort((a, b) => a.id.localeCompare(b.id));
      this.tasksState = 'loaded';
    } catch (e) {
      this.tasksState = 'error';
      this.notice(`could not list tasks: ${(e as Error).message}`);
    }
  }

  /** Task files changed on disk: the list follows, and the task set up on the phone is set up again with its seed. */
  private onTasksChanged({ tasks, changed }: StudioEvents['tasksChanged']): void {
    this.tasks = [...tasks].sort((a, b) => a.id.localeCompare(b.id));
    this.tasksState = 'loaded';
    const plan = afterTasksChanged(this.author.episode, this.tasks, changed, this.author.busy !== null);
    if (plan && 'note' in plan) this.reloadNote = plan.note;
    else if (plan) {
      const { taskId, seed } = plan.setupAgain;
      void this.setupTask(taskId, seed).then(() => {
        if (!this.author.error) this.reloadNote = reloadedNote(seed);
      });
    }
  }

  /** `variant`: the look to draw the phone in (absent: the one of the last set up, 0 at first). */
  async setupTask(taskId: string, seed: number | undefined, variant = this.author.episode?.variant ?? 0): Promise<void> {
    const deviceId = this.author.deviceId;
    this.author.busy = 'setup';
    this.author.error = null;
    this.reloadNote = null;
    try {
      const r = await this.call('setupTask', { deviceId, taskId, ...(seed !== undefined ? { seed } : {}), ...(variant ? { variant } : {}) });
      await this.glyphs(`${JSON.stringify(r.episode)}${r.initial.json}`);
      this.author.episode = r.episode;
      this.author.verdict = null;
      this.author.verdictRevision = null;
      this.author.forkedFrom = null;
      const initial = parseJson(r.initial.json) ?? null;
      const view = this.views[deviceId];
      // Right after setup the phone shows exactly the initial state: the diff base and the state.
      this.putView({ ...(view ?? emptyView(deviceId)), initial, state: initial, json: r.initial.json, revision: r.initial.revision, route: r.initial.route });
    } catch (e) {
      this.author.error = `Set up failed: ${(e as Error).message}`;
    } finally {
      this.author.busy = null;
    }
  }

  /**
   * Continue from here: an episode at `step` on the author's phone (Author mode opens, and its
   * phone is waited for), the task set up as the episode had it: an episode of the watched run
   * (`{ episodeId }`) or one of a run folder (`{ run }`, from the run viewer of the Runs tab).
   * Judge judges from the episode's initial state, and the diff is against it.
   */
  async forkEpisode(source: { episodeId: string } | { run: { folder: string; trajectory: string } }, step: number): Promise<void> {
    this.setMode('author');
    this.author.busy = 'setup';
    this.author.error = null;
    this.reloadNote = null;
    try {
      for (let waited = 0; !this.author.deviceReady; waited += 50) {
        if (waited > 30_000) throw new Error("the studio's own phone did not connect; reload the page");
        await new Promise((r) => setTimeout(r, 50));
      }
      const deviceId = this.author.deviceId;
      const r = await this.call('forkEpisode', { deviceId, step, ...source });
      await this.glyphs(`${JSON.stringify(r.episode)}${r.initial.json}`);
      this.author.episode = r.episode;
      this.author.verdict = null;
      this.author.verdictRevision = null;
      this.author.forkedFrom = r.from;
      const view = this.views[deviceId];
      // The diff's base is the episode's initial state; the phone's own state follows as it changes.
      this.putView({ ...(view ?? emptyView(deviceId)), initial: parseJson(r.initial.json) ?? null });
    } catch (e) {
      this.author.error = `Continue from step ${step} failed: ${(e as Error).message}`;
    } finally {
      this.author.busy = null;
    }
  }

  /**
   * Hand it to the agent: the run's agent goes on from `step` of a run's episode, as a new episode
   * on one of the run's pages; Watch follows it once it starts.
   */
  async forkToAgent(episodeId: string, step: number): Promise<void> {
    try {
      const r = await this.call('forkToAgent', { episodeId, step });
      // Shown as soon as it starts (it waits for a free page of the run).
      this.selectEpisode(r.episodeId);
    } catch (e) {
      this.notice(`Hand to the agent from step ${step} failed: ${(e as Error).message}`);
    }
  }

  async judge(answer: string): Promise<void> {
    const deviceId = this.author.deviceId;
    this.author.busy = 'judge';
    this.author.error = null;
    const revision = this.views[deviceId]?.revision ?? null;
    try {
      const trimmed = answer.trim();
      const { verdict } = await this.call('judge', { deviceId, ...(trimmed ? { answer: trimmed } : {}) });
      await this.glyphs(JSON.stringify(verdict));
      this.author.verdict = verdict;
      this.author.verdictRevision = revision;
    } catch (e) {
      this.author.error = `Judge failed: ${(e as Error).message}`;
    } finally {
      this.author.busy = null;
    }
  }

  // -------------------------------------------------------------------------------------------
  // What is on screen

  private inspectEpisode(): Inspected | null {
    const rec = this.selected;
    if (!rec) return null;
    const live = !rec.end;
    const view = live ? this.views[rec.info.deviceId] : undefined;
    if (view) {
      // A picture of another episode (the device's previous one) is never shown as this one's.
      const own = view.frameTag === null || view.frameTag.episodeId === rec.info.episodeId;
      const frame = own ? view.frame : null;
      const tag = own ? view.frameTag : null;
      return {
        kind: 'episode', info: rec.info, record: rec, live, deviceId: view.deviceId,
        state: view.state, initial: view.initial ?? this.parsedOf(rec).initial, revision: view.revision, route: view.route,
        frame, frameTag: tag, behind: tag ? Math.max(0, lastScreenStep(rec) - tag.step) : 0,
        verdict: rec.verdict ?? null, verdictStale: false, end: null,
        highlight: view.highlight, highlightToken: view.highlightToken,
      };
    }
    const parsed = this.parsedOf(rec);
    return {
      kind: 'episode', info: rec.info, record: rec, live, deviceId: rec.info.deviceId,
      state: parsed.state, initial: parsed.initial, revision: rec.finalRevision ?? null, route: rec.finalRoute ?? null,
      frame: rec.frame ?? null, frameTag: null, behind: 0, verdict: rec.verdict ?? null, verdictStale: false, end: rec.end ?? null,
      highlight: null, highlightToken: 0,
    };
  }

  private inspectAuthor(): Inspected {
    const a = this.author;
    const view = this.views[a.deviceId];
    return {
      kind: 'author', info: a.episode, record: null, live: true, deviceId: a.deviceId,
      state: view?.state ?? null, initial: a.episode ? view?.initial ?? null : null, revision: view?.revision ?? null, route: view?.route ?? null,
      frame: null, frameTag: null, behind: 0, verdict: a.verdict, verdictStale: a.verdict !== null && view !== undefined && a.verdictRevision !== view.revision, end: null,
      highlight: view?.highlight ?? null, highlightToken: view?.highlightToken ?? 0,
    };
  }

  private parsedOf(rec: EpisodeRecord): { state: JsonValue | null; initial: JsonValue | null } {
    let p = this.parsedFinal.get(rec);
    if (!p) {
      p = { state: rec.finalJson ? parseJson(rec.finalJson) ?? null : null, initial: rec.initialJson ? parseJson(rec.initialJson) ?? null : null };
      this.parsedFinal.set(rec, p);
    }
    return p;
  }

  // -------------------------------------------------------------------------------------------

  isAuthorDevice(deviceId: string): boolean {
    return deviceId === this.author.deviceId;
  }

  private putView(view: DeviceView): void {
    this.views = { ...this.views, [view.deviceId]: view };
  }

  private updateEpisode(episodeId: string, f: (e: EpisodeRecord) => EpisodeRecord): void {
    let hit = false;
    const next = this.episodes.map((e) => {
      if (e.info.episodeId !== episodeId) return e;
      hit = true;
      return f(e);
    });
    if (hit) this.episodes = next;
  }

  /** Keeps big per-episode data (states, frames) for the newest episodes only. */
  private trimKeptData(): void {
    const n = this.episodes.length;
    if (n <= KEEP_EPISODE_DATA) return;
    const old = this.episodes[n - KEEP_EPISODE_DATA - 1]!;
    if (old.initialJson === undefined && old.finalJson === undefined && old.frame === undefined && old.frames === undefined) return;
    this.updateEpisode(old.info.episodeId, ({ initialJson: _i, finalJson: _f, frame: _fr, frames: _frs, ...rest }) => rest);
  }
}

function emptyView(deviceId: string): DeviceView {
  return { deviceId, device: null, state: null, json: null, revision: 0, route: null, initial: null, frame: null, frameTag: null, highlight: EMPTY_HIGHLIGHT, highlightToken: 0 };
}

/** How many steps the episode has taken: its final count once ended, else the newest seen. */
export function stepsTaken(rec: EpisodeRecord): number {
  return rec.end ? rec.end.steps : Math.max(rec.steps.length, rec.steps.at(-1)?.index ?? 0);
}

/**
 * The screen after step `index` (0: the first): the frame this studio received, else the run
 * folder's picture of it, when the bridge serves the folder.
 */
export function stepPicture(rec: EpisodeRecord, index: number): string | null {
  const folder = runFolderOf(rec);
  return rec.frames?.[index] ?? (folder ? `${folder}step_${String(index).padStart(3, '0')}.jpg` : null);
}

/** The episode's folder in the run folder as the bridge serves it, or null. */
function runFolderOf(rec: EpisodeRecord): string | null {
  const folder = rec.info.pictures;
  return folder && RUN_PICTURES.test(folder) && !folder.includes('..') ? folder : null;
}

/** A run folder's state file is under 1 MB (bench); past this, something else is being served. */
const MAX_STATE_FILE_CHARS = 8_000_000;

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

/** A folder of the bridge's Runs route, relative to the studio page: nothing else is loaded as a picture. */
const RUN_PICTURES = /^runs\/[A-Za-z0-9._%-]+\/trajectory\/[A-Za-z0-9._%/-]+\/$/;

/** The last step of an episode that changed the screen (terminal actions do not): what a current frame shows. */
export function lastScreenStep(rec: EpisodeRecord): number {
  for (let i = rec.steps.length - 1; i >= 0; i--) if (!rec.steps[i]!.terminal) return rec.steps[i]!.index;
  return 0;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isRunInfo(v: unknown): v is RunInfo {
  return isObj(v) && typeof v.runId === 'string';
}

function isStepInfo(v: unknown): v is StepInfo {
  return isObj(v) && typeof v.episodeId === 'string' && typeof v.index === 'number' && typeof v.action === 'string';
}

function isEpisodeInfo(v: unknown): v is EpisodeInfo {
  return isObj(v) && typeof v.episodeId === 'string' && typeof v.taskId === 'string' && typeof v.deviceId === 'string';
}

function isSnapshot(v: unknown): v is StateSnapshot {
  return isObj(v) && typeof v.json === 'string' && typeof v.revision === 'number';
}

function isVerdict(v: unknown): v is Verdict {
  return isObj(v) && Array.isArray(v.goals) && Array.isArray(v.expectedChanges) && Array.isArray(v.unexpectedChanges);
}
