/**
 * The oracle: runs the task's own UI-only solution (`task.oracle(ui, p)`). The solution is an
 * async script; each `ui.*` call becomes one action handed to the episode loop, and the script
 * resumes with the observation that action produced. So oracle steps are recorded, counted and
 * judged exactly like any other agent's.
 */
import { requireState } from '../env/types.ts';
import { Deferred } from '../protocol/deferred.ts';
import type { Action } from '../protocol/actions.ts';
import { describeAction } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import { VIEWPORT, type UiNode } from '../protocol/state.ts';
import type { AnswerField, OracleAnswer, OracleQuery, OracleUi } from '../tasks/api.ts';
import { answerFields } from '../tasks/grounded.ts';
import type { Agent, AgentFactory, AgentObservation, AgentReply, EpisodeContext } from './types.ts';

export class OracleError extends PhonegymError {
  override name = 'OracleError';
}


class EpisodeOver extends Error {}

/** Smallest visible height (CSS px) at which the oracle taps an element instead of scrolling to it. */
const MIN_TAPPABLE = 24;

export function matches(n: UiNode, q: OracleQuery | string): boolean {
  const query: OracleQuery = typeof q === 'string' ? (q.includes('.') && !q.includes(' ') ? { key: q } : { text: q }) : q;
  if (query.key !== undefined) {
    if (!n.key) return false;
    if (query.key.endsWith('*') ? !n.key.startsWith(query.key.slice(0, -1)) : n.key !== query.key) return false;
  }
  if (query.text !== undefined && n.text.trim() !== query.text) return false;
  if (query.textIncludes !== undefined && !n.text.includes(query.textIncludes)) return false;
  if (query.role !== undefined && n.role !== query.role) return false;
  return true;
}

function describeQuery(q: OracleQuery | string): string {
  return typeof q === 'string' ? JSON.stringify(q) : JSON.stringify(q);
}

function center(n: UiNode): { x: number; y: number } {
  return { x: Math.round(n.bounds.x + n.bounds.w / 2), y: Math.round(n.bounds.y + n.bounds.h / 2) };
}

/** Tap/type positions are in CSS pixels; convert to the env's declared space when it is not pixels@1x. */
type ToAgentSpace = (p: { x: number; y: number }) => { x: number; y: number };

class OracleDriver implements OracleUi {
  constructor(private agent: OracleAgent, private toSpace: ToAgentSpace) {}

  get obs(): AgentObservation {
    return this.agent.current!;
  }
  get state() {
    return requireState(this.obs, 'the oracle').state;
  }
  get route() {
    return this.obs.route;
  }
  get tree() {
    return this.obs.tree;
  }

  find(q: OracleQuery | string): UiNode | undefined {
    return this.tree.find((n) => matches(n, q));
  }
  findAll(q: OracleQuery | string): UiNode[] {
    return this.tree.filter((n) => matches(n, q));
  }

  private require(q: OracleQuery | string): UiNode {
    const n = this.find(q);
    if (!n) {
      const keys = this.tree.filter((x) => x.key).map((x) => x.key).slice(0, 40).join(', ');
      throw new OracleError(`oracle: nothing on screen matches ${describeQuery(q)} (route ${this.route.app}${this.route.path}; keys on screen: ${keys || 'none'})`);
    }
    return n;
  }

  async tap(q: OracleQuery | string): Promise<void> {
    const p = this.toSpace(center(this.require(q)));
    await this.agent.emit({ type: 'tap', ...p });
  }
  async longPress(q: OracleQuery | string): Promise<void> {
    const p = this.toSpace(center(this.require(q)));
    await this.agent.emit({ type: 'long_press', ...p });
  }
  async type(q: OracleQuery | string, text: string, opts: { clear?: boolean } = {}): Promise<void> {
    const p = this.toSpace(center(this.require(q)));
    await this.agent.emit({ type: 'type', text, ...p, ...(opts.clear ? { clear: true } : {}) });
  }
  async pressEnter(): Promise<void> {
    await this.agent.emit({ type: 'key', key: 'enter' });
  }
  async back(): Promise<void> {
    await this.agent.emit({ type: 'key', key: 'back' });
  }
  async home(): Promise<void> {
    await this.agent.emit({ type: 'key', key: 'home' });
  }
  async openApp(app: string): Promise<void> {
    await this.agent.emit({ type: 'open_app', app });
  }

  async scrollTo(q: OracleQuery | string, opts: { within?: OracleQuery | string; maxSwipes?: number } = {}): Promise<UiNode> {
    const max = opts.maxSwipes ?? 16;
    let direction = 1; // 1 = reveal what is below
    let lastSignature = '';
    for (let i = 0; i <= max; i++) {
      const area = opts.within ? this.require(opts.within).bounds : { x: 0, y: 120, w: VIEWPORT.width, h: VIEWPORT.height - 280 };
      // The tree clips bounds to what is visible: a row tall enough to tap counts as in view, and so
      // does a smaller one (a line of text) clear of the area's edges, where nothing clips it.
      const n = this.find(q);
      if (n && (n.bounds.h >= MIN_TAPPABLE || (n.bounds.h > 0 && n.bounds.y > area.y && n.bounds.y + n.bounds.h < area.y + area.h))) return n;
      const signature = this.tree.map((x) => `${x.text}@${x.bounds.y}`).join('|');
      if (signature === lastSignature) {
        if (direction === -1) break; // the list moved neither way
        direction = -1;
      }
      lastSignature = signature;
      // A clipped target tells which way to go; otherwise search downwards first, then upwards.
      const toward = n ? (n.bounds.y < area.y + area.h / 2 ? -1 : 1) : direction;
      const x = area.x + area.w / 2;
      // 40% of the area a swipe: on a real phone (adb's `input swipe`) a longer drag flings, and
      // would skip rows; 16 swipes go from the bottom of a long list back to its top.
      const span = area.h * 0.4;
      const mid = area.y + area.h / 2;
      const from = this.toSpace({ x, y: Math.round(mid + (toward * span) / 2) });
      const to = this.toSpace({ x, y: Math.round(mid - (toward * span) / 2) });
      await this.agent.emit({ type: 'drag', x1: from.x, y1: from.y, x2: to.x, y2: to.y });
    }
    throw new OracleError(`oracle: could not scroll ${describeQuery(q)} into view after ${max} swipes`);
  }
}

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  /** Its moves come from the UI tree (and the state): it never looks at the screen. */
  readonly observes = { screenshot: false, tree: true };
  current: AgentObservation | null = null;
  private nextReply: Deferred<AgentReply> | null = null;
  private resume: Deferred<void> | null = null;
  private started = false;
  /** Set when the script has ended: asked again, the oracle repeats its last word. */
  private final: Action | null = null;
  private toSpace: ToAgentSpace;

  constructor(toSpace: ToAgentSpace = (p) => p) {
    this.toSpace = toSpace;
  }

  start(): void {
    this.current = null;
    this.nextReply = null;
    this.resume = null;
    this.started = false;
    this.final = null;
  }

  /** A session's next episode: that episode's own solution (`ep.task` is the episode), from the phone as it is. */
  nextGoal(): void {
    this.end();
    this.start();
  }

  act(obs: AgentObservation, ep: EpisodeContext): Promise<AgentReply> {
    this.current = obs;
    if (this.final) return Promise.resolve({ action: this.final });
    const reply = new Deferred<AgentReply>();
    this.nextReply = reply;
    if (!this.started) {
      this.started = true;
      void this.run(ep);
    } else {
      const r = this.resume;
      this.resume = null;
      r?.resolve();
    }
    return reply.promise;
  }

  /** Hands one action to the loop and waits for the observation it produced. */
  emit(action: Action): Promise<void> {
    const reply = this.nextReply;
    if (!reply) throw new EpisodeOver('the episode is over');
    this.nextReply = null;
    const resume = new Deferred<void>();
    this.resume = resume;
    reply.resolve({ action, thought: `oracle: ${describeAction(action)}` });
    return resume.promise;
  }

  end(): void {
    // The loop stopped (budget, loop detection): unblock the script so it can finish quietly.
    this.resume?.reject(new EpisodeOver('the episode is over'));
    this.resume = null;
  }

  private async run(ep: EpisodeContext): Promise<void> {
    const ui = new OracleDriver(this, this.toSpace);
    let final: Action;
    try {
      const answer = await ep.task.def.oracle(ui, ep.params);
      final = await this.deliver(ui, ep, answer ?? undefined);
    } catch (e) {
      if (e instanceof EpisodeOver) return;
      final = { type: 'abort', reason: `oracle failed: ${(e as Error).message}` };
    }
    this.final = final;
    this.nextReply?.resolve({ action: final });
    this.nextReply = null;
  }

  /**
   * Hands in the solution's answer the way the run evaluates it: on the phone's answer sheet
   * through the UI (grounded), or as the ANSWER action's text; "cannot be done" as the sheet's
   * switch with a reason, or ABORT with the reason.
   */
  private async deliver(ui: OracleDriver, ep: EpisodeContext, answer: OracleAnswer | undefined): Promise<Action> {
    const def = ep.task.def;
    if (answer === undefined) return { type: 'complete' };
    const fields = answerFields(def, ep.params);
    const infeasible = typeof answer === 'object' && 'infeasible' in answer ? String(answer.infeasible) : null;
    if (ep.evalMode === 'grounded' && def.answer) {
      await fillAnswerSheet(ui, fields, answer, infeasible);
      return { type: 'complete' };
    }
    if (infeasible !== null) return { type: 'abort', reason: infeasible };
    if (typeof answer === 'string') return { type: 'answer', text: answer };
    const values = answer as Record<string, string>;
    return { type: 'answer', text: fields.map((f) => `${f.label}：${values[f.id] ?? ''}`).join('；') };
  }
}

/** Opens 答题卡 from the launcher, fills every field (or the 无法完成 switch) and submits. */
async function fillAnswerSheet(ui: OracleUi, fields: AnswerField[], answer: OracleAnswer, infeasible: string | null): Promise<void> {
  await ui.home();
  await ui.tap('app.answers');
  if (infeasible !== null) {
    await ui.tap('answers.infeasible');
    await ui.scrollTo('answers.reason');
    await ui.type('answers.reason', infeasible, { clear: true });
  } else {
    for (const f of fields) {
      const value = typeof answer === 'string' ? answer : ((answer as Record<string, string>)[f.id] ?? '');
      if (f.type === 'choice') {
        const i = (f.choices ?? []).indexOf(value);
        if (i < 0) throw new OracleError(`oracle: "${value}" is not one of the choices of field ${f.id}`);
        await ui.scrollTo(`answers.choice.${f.id}.${i}`);
        await ui.tap(`answers.choice.${f.id}.${i}`);
      } else {
        await ui.scrollTo(`answers.field.${f.id}`);
        await ui.type(`answers.field.${f.id}`, value, { clear: true });
      }
    }
  }
  await ui.scrollTo('answers.submit');
  await ui.tap('answers.submit');
}

export const oracleAgent: AgentFactory = {
  name: 'oracle',
  description: "runs each task's own UI-only solution (must pass every task)",
  // The oracle computes taps in CSS pixels; the env says how to express them in the agent's space.
  create: (opts) => new OracleAgent(typeof opts.coordsFromCss === 'function' ? (opts.coordsFromCss as ToAgentSpace) : undefined),
};
