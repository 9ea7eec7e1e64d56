/**
 * Writes one episode's trajectory folder: `trajectory.json` plus `step_NNN.jpg` per step
 * (`step_000.jpg` is the initial screen), and the initial and final states for replay. Every
 * text that can carry a model's reply (raw reply, thought, the strings of an action, a format
 * error, the row's answer and error) is kept as its head with a note of its size
 * (`REPLY_LIMITS`): a runaway reply must not be written out whole, once per copy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action } from '../protocol/actions.ts';
import { describeAction } from '../protocol/actions.ts';
import type { EnvironmentEvent, Verdict } from '../protocol/messages.ts';
import { changedSlices, diffStates } from '../judge/diff.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import type { Observation } from '../env/types.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { StepChange, TrajectoryDoc, TrajectoryStep } from '../protocol/trajectory.ts';
import type { StepUsage } from '../agents/types.ts';
import { scrub } from '../secrets.ts';
import { keepHead, keepHeadOf, REPLY_LIMITS } from '../agents/replyLimits.ts';
import { writeStateFile } from './stateFiles.ts';

/** The most changes one step records, and the longest value kept beside a change. */
export const STEP_CHANGES = 200;
export const STEP_VALUE_BYTES = 400;

const small = (v: unknown) => v === undefined || JSON.stringify(v).length <= STEP_VALUE_BYTES;

/** Whether two trees are the same: by their slices' versions where both have them, else by their JSON. */
function sameTree(beforeJson: string | null, afterJson: string | null, vb?: Record<string, string>, va?: Record<string, string>): boolean {
  if (!vb || !va) return beforeJson === afterJson;
  const names = Object.keys(vb);
  return names.length === Object.keys(va).length && names.every((n) => vb[n] === va[n]);
}

/** A step's state patch: the changed paths between two trees, values kept only when small. */
export function stepChanges(
  before: PhoneState | null,
  after: PhoneState | null,
  beforeJson: string | null,
  afterJson: string | null,
  versions?: { before?: Record<string, string>; after?: Record<string, string> },
): { changes?: StepChange[]; changes_cut?: number } {
  if (!before || !after || sameTree(beforeJson, afterJson, versions?.before, versions?.after)) return {};
  const all = diffStates(...changedSlices(before, after, versions?.before, versions?.after));
  if (!all.length) return {};
  const changes = all.slice(0, STEP_CHANGES).map((c): StepChange => ({
    path: c.path,
    kind: c.kind,
    ...(c.before !== undefined && small(c.before) ? { before: c.before } : {}),
    ...(c.after !== undefined && small(c.after) ? { after: c.after } : {}),
  }));
  return { changes, ...(all.length > STEP_CHANGES ? { changes_cut: all.length - STEP_CHANGES } : {}) };
}

/** `<suite>_<Task>[_i<k>][_t<k>]`: instance and trial suffixes only when the run has more than one. */
export function trajectoryDirName(taskId: string, instance: number, trial: number, multiInstance: boolean, multiTrial: boolean): string {
  return taskId.replace('.', '_') + (multiInstance ? `_i${instance}` : '') + (multiTrial ? `_t${trial}` : '');
}

/**
 * The row as the run folder keeps it: its answer and its error (which may quote the reply) and
 * the VLM judge's reasons and error capped like every stored reply text.
 */
export function capRowTexts(row: ResultRow): ResultRow {
  const vlm = row.vlm_judge;
  const keptVlm = !vlm ? vlm : 'error' in vlm ? { ...vlm, error: keepHead(vlm.error, REPLY_LIMITS.errorBytes) } : { ...vlm, reasons: keepHead(vlm.reasons) };
  return { ...row, answer: keepHeadOf(row.answer), error: keepHeadOf(row.error, REPLY_LIMITS.errorBytes), vlm_judge: keptVlm };
}

/** `a` with each of its strings (a typed text, an answer, a reason) capped. */
function capAction(a: Action): Action {
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(a)) {
    if (typeof v !== 'string') continue;
    const kept = keepHead(v);
    if (kept !== v) (out ??= { ...a })[k] = kept;
  }
  return (out as Action | null) ?? a;
}

export class TrajectoryRecorder {
  private steps: TrajectoryStep[] = [];
  private t0 = performance.now();
  private hasInitial = false;
  private meta: { goal: string; params: Record<string, unknown> } = { goal: '', params: {} };
  private formatErr: { step: number; error: string; raw?: string } | null = null;
  private rounds: { round: number; after_step: number; passed: boolean; feedback: string; delivered: boolean }[] = [];
  readonly dir: string;

  /**
   * `frames` off (`--no-screenshots`): no `step_NNN.jpg`, whatever the observations carry; the
   * trajectory keeps its actions, routes and state changes, and the viewer shows it without pictures.
   */
  constructor(private readonly runDir: string, readonly relDir: string, private taskId: string, readonly frames = true) {
    this.dir = join(runDir, relDir);
    mkdirSync(this.dir, { recursive: true });
  }

  private shot(index: number, jpeg: Buffer): string | null {
    return this.picture(`step_${String(index).padStart(3, '0')}.jpg`, jpeg);
  }

  /** A screen as a file of the episode, unless frames are off or the observation carries none. */
  private picture(name: string, jpeg: Buffer): string | null {
    if (!this.frames || jpeg.length === 0) return null;
    writeFileSync(join(this.dir, name), jpeg);
    return name;
  }

  begin(info: { goal: string; params: Record<string, unknown>; initial: Observation }): void {
    this.meta = { goal: info.goal, params: info.params };
    this.t0 = performance.now();
    this.hasInitial = this.shot(0, info.initial.screenshot) !== null;
  }

  step(s: { index: number; action: Action; cssAction: Action; observation: Observation | null; previous?: Observation | null; thought?: string; raw?: string; note?: string; usage?: StepUsage; events?: EnvironmentEvent[] }): void {
    const o = s.observation;
    const action = capAction(s.action);
    this.steps.push({
      index: s.index,
      action,
      css_action: capAction(s.cssAction),
      text: describeAction(action),
      ...(s.thought ? { thought: keepHead(s.thought) } : {}),
      ...(s.raw ? { raw: keepHead(s.raw) } : {}),
      ...(s.note ? { note: s.note } : {}),
      ...(s.usage ? { usage: s.usage } : {}),
      ...(s.events ? { events: s.events } : {}),
      route: o?.route ?? null,
      revision: o?.revision ?? null,
      screenshot: o ? this.shot(s.index, o.screenshot) : null,
      ...(o && s.previous ? stepChanges(s.previous.state, o.state, s.previous.stateJson, o.stateJson, { before: s.previous.sliceVersions, after: o.sliceVersions }) : {}),
      t_ms: Math.round(performance.now() - this.t0),
    });
  }

  private episodes: NonNullable<TrajectoryDoc['episodes']> = [];

  /**
   * A session's episode `episode` (≥ 2) begins, before step `firstStep`: its goal and the screen it
   * starts on, and the states the judge needs again (a re-judge): the one before's end (`ended`,
   * before `between`) and this one's start (`sessionStateFiles`).
   */
  episode(e: { episode: number; goal: string; firstStep: number; initial: Observation; ended: Observation; initialRoute: Route | null }): void {
    if (this.episodes.length === 0) this.episodes.push({ episode: 1, goal: this.meta.goal, first_step: 1, screenshot: this.hasInitial ? 'step_000.jpg' : null, initial_route: e.initialRoute, final_route: null });
    this.episodes[this.episodes.length - 1]!.final_route = e.ended.route;
    if (e.ended.state) writeStateFile(this.runDir, join(this.dir, `episode_${e.episode - 1}_final_state.json`), e.ended.state, e.ended.stateJson ?? undefined, e.ended.sliceVersions);
    if (e.initial.state) writeStateFile(this.runDir, join(this.dir, `episode_${e.episode}_initial_state.json`), e.initial.state, e.initial.stateJson ?? undefined, e.initial.sliceVersions);
    this.episodes.push({ episode: e.episode, goal: e.goal, first_step: e.firstStep, screenshot: this.picture(`episode_${e.episode}.jpg`, e.initial.screenshot), initial_route: e.initial.route, final_route: null });
  }

  /** A feedback round ended: the agent said it was done after `afterStep`, and the judge's findings. */
  round(r: { round: number; afterStep: number; passed: boolean; feedback: string; delivered: boolean }): void {
    this.rounds.push({ round: r.round, after_step: r.afterStep, passed: r.passed, feedback: r.feedback, delivered: r.delivered });
  }

  /** The JPEG files of this episode so far, in time order (the initial screen first). */
  screenshotFiles(): { name: string; step: number }[] {
    const out: { name: string; step: number }[] = [];
    if (this.hasInitial) out.push({ name: 'step_000.jpg', step: 0 });
    for (const s of this.steps) if (s.screenshot) out.push({ name: s.screenshot, step: s.index });
    return out;
  }

  /** Another file of the episode (e.g. the VLM judge's prompt). */
  writeExtra(name: string, content: string): void {
    writeFileSync(join(this.dir, name), scrub(content));
  }

  /** A model's reply as a file of its own (the VLM judge's), capped like every stored reply. */
  writeReply(name: string, reply: string): void {
    this.writeExtra(name, keepHead(reply));
  }

  formatError(step: number, error: string, raw?: string): void {
    this.formatErr = { step, error: keepHead(error), ...(raw !== undefined ? { raw: keepHead(raw) } : {}) };
  }

  /**
   * `initialJson`/`finalJson`: the states' compact JSON where the caller has it (it spares the
   * recorder a stringify); `initialVersions`/`finalVersions`: their slices' versions, where the
   * phone gives them (the state files are then laid out slice by slice, each slice once).
   */
  finish(r: { row: ResultRow; verdict: Verdict | null; initialState: PhoneState | null; finalState: PhoneState | null; initialJson?: string | null; finalJson?: string | null; initialVersions?: Record<string, string>; finalVersions?: Record<string, string>; initialRoute?: Route | null; finalRoute?: Route | null }): void {
    const doc: TrajectoryDoc = {
      format: 'phonegym.trajectory/1',
      task_id: this.taskId,
      goal: this.meta.goal,
      params: this.meta.params,
      seed: r.row.seed,
      variant: r.row.variant ?? 0,
      instance: r.row.instance,
      trial_id: r.row.trial_id,
      agent: r.row.agent,
      status: r.row.status,
      stop_reason: r.row.stop_reason,
      answer: r.row.answer,
      error: r.row.error,
      format_error: this.formatErr,
      rounds: this.rounds,
      initial_screenshot: this.hasInitial ? 'step_000.jpg' : null,
      steps: this.steps,
      verdict: r.verdict,
      init_state_hash: r.row.init_state_hash,
      initial_route: r.initialRoute ?? null,
      final_route: r.finalRoute ?? null,
      ...(this.episodes.length ? { episodes: this.episodes.map((e, i, all) => (i === all.length - 1 ? { ...e, final_route: r.finalRoute ?? null } : e)) } : {}),
    };
    writeFileSync(join(this.dir, 'trajectory.json'), scrub(JSON.stringify(doc, null, 2)));
    if (r.initialState) writeStateFile(this.runDir, join(this.dir, 'initial_state.json'), r.initialState, r.initialJson ?? undefined, r.initialVersions);
    if (r.finalState) writeStateFile(this.runDir, join(this.dir, 'final_state.json'), r.finalState, r.finalJson ?? undefined, r.finalVersions);
  }
}
