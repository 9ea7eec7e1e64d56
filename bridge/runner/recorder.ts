/**
 * Writes one episode's trajectory folder: `trajectory.json` plus `step_NNN.jpg` per step
 * (`step_000.jpg` is the initial screen), and the initial and final states for replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action } from '../protocol/actions.ts';
import { describeAction } from '../protocol/actions.ts';
import type { EnvironmentEvent, Verdict } from '../protocol/messages.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import type { Observation } from '../env/types.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { StepUsage } from '../agents/types.ts';
import { scrub } from '../secrets.ts';

export interface TrajectoryStep {
  index: number;
  action: Action;
  /** The action in CSS pixels of the 360x800 viewport, after coordinate mapping. */
  css_action: Action;
  text: string;
  thought?: string;
  raw?: string;
  note?: string;
  /** The model call behind this step (tokens, latency, cost), for model-driven agents. */
  usage?: StepUsage;
  route: Route | null;
  revision: number | null;
  screenshot: string | null;
  t_ms: number;
}

/** `<suite>_<Task>[_i<k>][_t<k>]`: instance and trial suffixes only when the run has more than one. */
export function trajectoryDirName(taskId: string, instance: number, trial: number, multiInstance: boolean, multiTrial: boolean): string {
  return taskId.replace('.', '_') + (multiInstance ? `_i${instance}` : '') + (multiTrial ? `_t${trial}` : '');
}

export class TrajectoryRecorder {
  private steps: TrajectoryStep[] = [];
  private t0 = performance.now();
  private hasInitial = false;
  private meta: { goal: string; params: Record<string, unknown> } = { goal: '', params: {} };
  private formatErr: { step: number; error: string; raw?: string } | null = null;
  private rounds: { round: number; after_step: number; passed: boolean; feedback: string; delivered: boolean }[] = [];
  readonly dir: string;

  constructor(runDir: string, readonly relDir: string, private taskId: string) {
    this.dir = join(runDir, relDir);
    mkdirSync(this.dir, { recursive: true });
  }

  private shot(index: number, jpeg: Buffer): string {
    const name = `step_${String(index).padStart(3, '0')}.jpg`;
    writeFileSync(join(this.dir, name), jpeg);
    return name;
  }

  begin(info: { goal: string; params: Record<string, unknown>; initial: Observation }): void {
    this.meta = { goal: info.goal, params: info.params };
    this.t0 = performance.now();
    if (info.initial.screenshot.length) {
      this.shot(0, info.initial.screenshot);
      this.hasInitial = true;
    }
  }

  step(s: { index: number; action: Action; cssAction: Action; observation: Observation | null; thought?: string; raw?: string; note?: string; usage?: StepUsage; events?: EnvironmentEvent[] }): void {
    const o = s.observation;
    this.steps.push({
      index: s.index,
      action: s.action,
      css_action: s.cssAction,
      text: describeAction(s.action),
      ...(s.thought ? { thought: s.thought } : {}),
      ...(s.raw ? { raw: s.raw } : {}),
      ...(s.note ? { note: s.note } : {}),
      ...(s.usage ? { usage: s.usage } : {}),
      ...(s.events ? { events: s.events } : {}),
      route: o?.route ?? null,
      revision: o?.revision ?? null,
      screenshot: o && o.screenshot.length ? this.shot(s.index, o.screenshot) : null,
      t_ms: Math.round(performance.now() - this.t0),
    });
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

  /** Another file of the episode (e.g. the VLM judge's prompt and reply). */
  writeExtra(name: string, content: string): void {
    writeFileSync(join(this.dir, name), scrub(content));
  }

  formatError(step: number, error: string, raw?: string): void {
    this.formatErr = { step, error, ...(raw !== undefined ? { raw } : {}) };
  }

  finish(r: { row: ResultRow; verdict: Verdict | null; initialState: PhoneState | null; finalState: PhoneState | null }): void {
    const doc = {
      format: 'phonegym.trajectory/1',
      task_id: this.taskId,
      goal: this.meta.goal,
      params: this.meta.params,
      seed: r.row.seed,
      instance: r.row.instance,
      trial_id: r.row.trial_id,
      agent: r.row.agent,
      status: r.row.status,
      stop_reason: r.row.stop_reason,
      answer: r.row.answer,
      error: r.row.error,
      format_error: this.formatErr,
      rounds: this.rounds,
      initial_screenshot: r.initialState ? 'step_000.jpg' : null,
      steps: this.steps,
      verdict: r.verdict,
      init_state_hash: r.row.init_state_hash,
    };
    writeFileSync(join(this.dir, 'trajectory.json'), scrub(JSON.stringify(doc, null, 2)));
    if (r.initialState) writeFileSync(join(this.dir, 'initial_state.json'), JSON.stringify(r.initialState));
    if (r.finalState) writeFileSync(join(this.dir, 'final_state.json'), JSON.stringify(r.finalState));
  }
}
