/**
 * The wire protocol between the bridge and its clients (the phone page as a *device*,
 * the studio as a *studio*). JSON text frames, one message per frame.
 *
 *   client → bridge   { t: 'hello', protocol, role, deviceId? }
 *   bridge → client   { t: 'welcome', protocol, sessionId }     or an error + close
 *   either way        { t: 'call', id, method, params }  →  { t: 'result', id, result } | { t: 'error', id, error }
 *   either way        { t: 'event', event, data }
 *
 * Methods take one params object and return a Promise (Playwright's TestServerInterface style).
 */
import type { EpisodeStatus, StopReason, Summary } from './runFolder.ts';
import type { Verdict } from './verdict.ts';

/** The judge's verdict travels in studio messages; its types live in ./verdict.ts. */
export type { GoalCheck, StateChange, Verdict } from './verdict.ts';
import type { SerializedError } from './errors.ts';
import type { PhoneState, Route, UiNode } from './state.ts';
import type { SlicedState, SnapshotParts } from './slices.ts';
import type { TaskProblem } from './taskProblem.ts';

export type { TaskProblem } from './taskProblem.ts';
import type { DemoOp, DemoView, InputCapture } from './demo.ts';

/** Recording a demonstration as a task's oracle: its types live in ./demo.ts. */
export type { DemoOp, DemoStepView, DemoVerify, DemoVerifySeed, DemoView, FieldRef, InputCapture } from './demo.ts';

export const PROTOCOL_VERSION = 1;
/** Frames larger than this are refused (by ws `maxPayload` on the bridge and by the peer parser). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_CALL_TIMEOUT_MS = 15_000;

export type ClientRole = 'device' | 'studio';

/** WebSocket close codes the bridge uses (docs/protocol.md). */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  policyViolation: 1008,
  tooBig: 1009,
  /** A newer connection took this device id; the page must not reconnect (two tabs would fight). */
  replaced: 4001,
} as const;

export type WireMessage =
  | { t: 'hello'; protocol: number; role: ClientRole; deviceId?: string; info?: Record<string, unknown> }
  | { t: 'welcome'; protocol: number; sessionId: string }
  | { t: 'call'; id: number; method: string; params?: unknown }
  | { t: 'result'; id: number; result?: unknown }
  | { t: 'error'; id: number | null; error: SerializedError }
  | { t: 'event'; event: string; data?: unknown };

// ---------------------------------------------------------------------------------------------
// Device: the phone page serves these calls from the bridge.

export interface StateSnapshot {
  /**
   * The state tree as a JSON string (moving strings is ~10x faster than structured objects).
   * Empty on the wire when the call named the slices it holds (`have`): the state is then in
   * `sliced`, and the bridge's DeviceConnection puts the whole string back before any caller sees it.
   */
  json: string;
  /** Only on the wire: the state as slices (bridge/protocol/slices.ts). */
  sliced?: SlicedState;
  route: Route;
  revision: number;
}

/** Slice versions the bridge already holds (`os`, `apps.chat`, …): the page sends only the others. */
export type HaveSlices = Record<string, string>;

export interface Observation {
  state: StateSnapshot;
  tree: UiNode[];
}

/**
 * Something the world does to the phone while an agent works, not the agent: a scripted contact's
 * message arriving (interactive tasks). The page applies it with the app's own rules, in one
 * state update, without remounting the screen.
 */
export type EnvironmentEvent = { kind: 'chat.incoming'; chatId: string; from: string; text: string };

/**
 * A reset's or a restore's observation in the same round trip (state, route and, unless `tree` is
 * false, the UI tree): taken without waiting for a frame when nothing on the phone moves, which
 * gives what a settled observation gives (simulator-apps/os/settle.ts `stillWithoutFrame`).
 */
export interface ObserveAfterReplace {
  tree?: boolean;
  have?: HaveSlices;
}

/** A whole state for reset/setState: one JSON string, or slices (bridge/protocol/slices.ts). */
export type StateParams = { stateJson: string; sliced?: undefined } | { sliced: SlicedState; stateJson?: undefined };

export interface DeviceMethods {
  /** Protocol-level liveness check. */
  ping(params: Record<string, never>): Promise<{ now: number }>;
  getState(params: { have?: HaveSlices }): Promise<StateSnapshot>;
  /**
   * Replace the whole state in-page (no reload). Route defaults to home; the back stack is cleared.
   * The state comes as `stateJson` or as slices (`sliced`); a slice the page neither got nor kept
   * is named in `missing`, and nothing changed: send again with its JSON.
   */
  reset(params: StateParams & { route?: Route; observe?: ObserveAfterReplace }): Promise<{ revision: number; route?: Route; missing?: string[]; observation?: Observation }>;
  /** Replace the state but keep the route and back stack (task hooks adjusting data). */
  setState(params: StateParams): Promise<{ revision: number; route?: Route; missing?: string[] }>;
  /** An opaque snapshot of the whole phone (state, navigation, overlays, scroll offsets, focus, the apps' memory: simulator-apps/os/wholeSnapshot.ts), restorable with `restore` on any page. */
  /** With `have` (a sliced page): on the wire, `snapshot` is empty and the snapshot comes in `parts`; the bridge's DeviceConnection puts the string together. */
  snapshot(params: { have?: HaveSlices }): Promise<{ snapshot: string; parts?: SnapshotParts }>;
  /**
   * Brings the phone to a `snapshot` in place. Sliced pages take it in parts too (`parts`, the way
   * `reset` takes `sliced`): a slice the page neither got nor kept is named in `missing`, and nothing changed.
   */
  restore(params: ({ snapshot: string; parts?: undefined } | { parts: SnapshotParts; snapshot?: undefined }) & { observe?: ObserveAfterReplace }): Promise<{ revision: number; route?: Route; missing?: string[]; observation?: Observation }>;
  uiTree(params: Record<string, never>): Promise<{ nodes: UiNode[] }>;
  /** State + route + UI tree as they are now, without waiting for anything. */
  observe(params: { tree?: boolean; have?: HaveSlices }): Promise<Observation>;
  openApp(params: { app: string }): Promise<{ route: Route }>;
  /** Back / home / recent pressed on the system navigation bar. */
  navigate(params: { key: 'back' | 'home' | 'recent' }): Promise<{ route: Route }>;
  /**
   * Wait until the phone has settled: fonts loaded, a frame rendered, no running
   * animation or scroll momentum. Optionally advance the virtual clock first.
   * With `observe`, also returns the state and the UI tree (one round trip per step).
   */
  settle(params: { advanceMs?: number; observe?: boolean; tree?: boolean; have?: HaveSlices; frameless?: boolean }): Promise<{ revision: number; route: Route; observation?: Observation }>;
  /**
   * The finger that is down has been held `ms` (virtual time): long presses whose threshold that
   * reaches fire now. Agent pages never fire a long press from a wall-clock timer.
   */
  holdElapsed(params: { ms: number }): Promise<{ fired: number }>;
  /** Applies environment events in order (see `EnvironmentEvent`); the phone shows a notification. */
  deliver(params: { events: EnvironmentEvent[] }): Promise<{ revision: number }>;
}

export interface DeviceEvents {
  stateChanged: { revision: number };
  routeChanged: { route: Route; revision: number };
  /** The page's console errors and uncaught exceptions. */
  log: { level: 'error' | 'warn' | 'info'; message: string };
  /** Interactive pages only: one input of the person at the phone, for a demonstration being recorded. */
  userInput: InputCapture;
}

export type DeviceMethodName = keyof DeviceMethods;

// ---------------------------------------------------------------------------------------------
// Studio: the studio page calls these on the bridge and receives the events below.

export interface DeviceInfo {
  deviceId: string;
  /** `agent` pages are driven by the runner; `interactive` ones by a person in the studio. */
  kind: 'agent' | 'interactive';
  route: Route;
  revision: number;
  episode?: EpisodeInfo;
}

export interface TaskInfo {
  id: string;
  suite: string;
  name: string;
  goal: string;
  difficulty: string;
  objective: string;
  apps: string[];
  /** The task's file, as the bridge's user reads it (relative to the folder phonegym runs in, else absolute). */
  file?: string;
  /** Its file (or a module it imports) failed to load: listed, marked broken, and not set up. */
  broken?: TaskProblem;
}

export interface EpisodeInfo {
  episodeId: string;
  taskId: string;
  goal: string;
  deviceId: string;
  instance: number;
  trial: number;
  seed: number;
  /** The look (`--variant`); absent: 0, the phone as designed. */
  variant?: number;
  maxSteps: number;
  startedAt: string;
  /** An agent's continuation of an episode of the run from a step (Hand to the agent): not one of the run's episodes. */
  forkOf?: { episodeId: string; step: number };
  /**
   * A session template (several goals on one phone, each after the one before passed): the goals
   * given so far with the step each began at (1-based; `goal` is the last). Absent for a task.
   */
  session?: { episodes: number; goals: { goal: string; firstStep: number }[] };
  /**
   * Where the run folder's pictures of this episode are served, relative to the studio page
   * (`runs/<run>/trajectory/<episode>/`): `step_NNN.jpg` is the screen after step N, `step_000.jpg`
   * the first. Absent when the run writes no pictures or the bridge does not serve its folder.
   */
  pictures?: string;
}

export interface StepInfo {
  episodeId: string;
  deviceId: string;
  /** 1-based: step n is the episode's n-th action (the trajectory's `step_00n.jpg` is the screen after it). */
  index: number;
  action: string;
  /** Where a pointer action landed, in CSS pixels, for the studio's tap marker. */
  point?: { x: number; y: number };
  /** A swipe's or drag's start (the end is `point`), for the animated stroke. */
  from?: { x: number; y: number };
  /** Text this step typed (capped), shown on the phone as it is typed. */
  text?: string;
  /** The agent's thought and raw reply for this step, capped like the trajectory keeps them. */
  thought?: string;
  reply?: string;
  /** The episode ended with this action (complete, answer, abort): the screen did not change. */
  terminal?: boolean;
  route: Route;
  revision: number;
}

/**
 * A device's state as a studio receives it: the layout with every slice's version, and the JSON
 * of only the slices this studio does not hold yet (bridge/protocol/slices.ts). A step that
 * moves the clock and one app sends those two slices, not the whole tree.
 */
export interface StudioState {
  route: Route;
  revision: number;
  sliced: SlicedState;
}

/** The run's demo controls (`runControl`): every studio is told when they change. */
export interface RunControls {
  /** Paused: each device stops before its next action until resumed or stepped. */
  paused: boolean;
  /** The pause after each step while a studio watches (the run's `--pace`, changeable live). */
  paceMs: number;
  /** Whether this bridge runs episodes it can control (false for `phonegym studio` without a run). */
  available: boolean;
  /** The devices waiting before their next action (paused): Step moves one of these. */
  waiting: string[];
}

export interface EpisodeEnd {
  episodeId: string;
  status: EpisodeStatus;
  stopReason: StopReason;
  steps: number;
  verdict?: Verdict;
  answer?: string | null;
  error?: string | null;
}

export interface StudioMethods {
  listDevices(params: Record<string, never>): Promise<{ devices: DeviceInfo[] }>;
  listTasks(params: Record<string, never>): Promise<{ tasks: TaskInfo[] }>;
  /**
   * Start receiving a device's frames, and unless `framesOnly` (the device grid) its state. The
   * state arrives as `StudioState` slices; `initial` is the current episode's start. `resend`:
   * the studio lost track of its slices, send every one again.
   */
  watch(params: { deviceId: string; framesOnly?: boolean; resend?: boolean }): Promise<{ device: DeviceInfo }>;
  unwatch(params: { deviceId: string }): Promise<Record<string, never>>;
  /** Interactive mode: set a task up on a device (usually the studio's own embedded phone). */
  /** `variant`: the look the phone is drawn in (0 or absent: as designed). */
  setupTask(params: { deviceId: string; taskId: string; seed?: number; variant?: number }): Promise<{ episode: EpisodeInfo; initial: StateSnapshot }>;
  /** Interactive mode: judge the device's current state against the task set up on it. */
  judge(params: { deviceId: string; answer?: string }): Promise<{ verdict: Verdict }>;
  /**
   * The steps of an episode of the run so far, for a studio that saw only some of them (it
   * connected late, or its connection dropped). Kept for running episodes and the newest ended ones.
   */
  episodeSteps(params: { episodeId: string }): Promise<{ steps: StepInfo[] }>;
  /** The run history so far (episodes started and ended), for a studio that connects late. */
  history(params: Record<string, never>): Promise<{ run?: RunInfo; episodes: { info: EpisodeInfo; end?: EpisodeEnd }[]; controls?: RunControls }>;
  /**
   * Demo controls of the run: pause (each device stops before its next action), resume, step
   * (a paused device, or every paused one, takes one action), stop the episode on a device (it
   * ends as cancelled: `--resume` runs it again), and the per-step delay.
   */
  runControl(params: { action: 'pause' | 'resume' | 'step' | 'stop' | 'pace'; deviceId?: string; paceMs?: number }): Promise<{ controls: RunControls }>;
  /** Interactive mode: start, stop, undo the last step of or clear the demonstration recorded on a device. */
  demo(params: { deviceId: string; op: DemoOp }): Promise<{ demo: DemoView }>;
  /**
   * Interactive mode: save the recording as the task's oracle (`<suite>/<Task>.demo.json`), then
   * verify it on seeds 1-3 (results follow as `demoChanged`). A task's own `oracle(ui, p)` is
   * replaced only with `replaceOracle`.
   */
  saveDemo(params: { deviceId: string; replaceOracle?: boolean }): Promise<{ demo: DemoView }>;
  /**
   * Interactive mode: continue an episode from its step `step` (0: its first screen): the task set
   * up on the device as the episode had it, the phone in the state after that step. Judge then
   * judges from the episode's initial state.
   */
  forkEpisode(params: ForkParams): Promise<ForkAnswer>;
  /**
   * Hand it to the agent: the run's agent continues an episode of the run from its step `step`
   * on one of the run's pages, as a new episode (`forkOf` set) judged from the initial state.
   * Answers once it is queued; it shows in Watch mode as it runs.
   */
  forkToAgent(params: { episodeId: string; step: number }): Promise<{ episodeId: string }>;
}

/** The episode to continue: one of the watched run (`episodeId`) or one in a run folder of the Runs tab (`run`). */
export interface ForkParams {
  deviceId: string;
  step: number;
  episodeId?: string;
  /** A run folder's name in the Runs tab and the row's `trajectory` (`trajectory/<name>`). */
  run?: { folder: string; trajectory: string };
}

export interface ForkAnswer {
  /** The forked episode as the author's phone now holds it (`<episode>@<step>`). */
  episode: EpisodeInfo;
  initial: StateSnapshot;
  /** The episode continued (its id; with `run`, the run folder it was read from) and the step. */
  from: { episodeId: string; step: number; run?: string };
}

export interface RunInfo {
  runId: string;
  runDir: string;
  agent: string;
  tasks: number;
  startedAt: string;
  finishedAt?: string;
  summary?: Summary;
}

export interface StudioEvents {
  devicesChanged: { devices: DeviceInfo[] };
  /**
   * A watched device's state; the first after `watch` also carries the current episode's
   * `initial`. Sent as an event even for `watch` itself, so slices always arrive in the order the
   * hub recorded them as sent.
   */
  stateChanged: { deviceId: string; state: StudioState; initial?: StudioState };
  /**
   * One JPEG of a device's screen, base64: a screencast frame, or (with `episodeId` and `step`)
   * the very screenshot the agent got after that step (0: the episode's first screen).
   */
  frame: { deviceId: string; jpeg: string; episodeId?: string; step?: number };
  runStarted: RunInfo;
  runEnded: RunInfo;
  episodeStarted: { info: EpisodeInfo; initial: StudioState };
  /** A session's next goal on the same phone: the episode's info with the new `goal` and `session`. */
  sessionGoal: { info: EpisodeInfo };
  step: StepInfo;
  /** Live diff and goal progress after each step. */
  progress: { episodeId: string; deviceId: string; verdict: Verdict };
  episodeEnded: EpisodeEnd & { deviceId: string };
  /** Task files changed on disk and were loaded again: the whole list, and the ids whose definition changed (added, edited, broken, mended or gone). */
  tasksChanged: { tasks: TaskInfo[]; changed: string[] };
  controls: RunControls;
  /** A recording changed: a step, a save, verify's progress and results. */
  demoChanged: { demo: DemoView };
}
