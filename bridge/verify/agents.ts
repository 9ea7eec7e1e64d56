/**
 * Agents for `phonegym verify`, built on the real oracle agent (never a re-implementation):
 *
 * - `WatchedAgent` passes another agent through and remembers its terminal action, so a failing
 *   oracle's abort reason can be reported.
 * - `OracleThenStray` runs the task's oracle; when the oracle says it is done (complete/answer),
 *   it first runs a stray change through the UI, with a second oracle agent whose "solution" is
 *   the stray script, and then hands the oracle's own terminal action to the episode loop. The
 *   episode's verdict therefore judges the oracle's work plus one undeclared change.
 */
import type { Action } from '../protocol/actions.ts';
import { isTerminalAction } from '../protocol/actions.ts';
import type { Agent, AgentObservation, AgentReply, EpisodeContext } from '../agents/types.ts';
import { createAgent } from '../agents/registry.ts';
import { requireState } from '../env/types.ts';
import { judge } from '../judge/judge.ts';
import { matchPath } from '../judge/paths.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import type { OracleUi } from '../tasks/api.ts';
import { buildJudgeSpec } from '../tasks/judging.ts';
import type { StrayChange, StrayPlan } from './strayChanges.ts';

type Terminal = Extract<Action, { type: 'answer' | 'complete' | 'abort' }>;
type ToAgentSpace = (p: { x: number; y: number }) => { x: number; y: number };

/**
 * An abort from the oracle is a failure, except the answer of a task that cannot be done (text
 * mode: ABORT with the reason); a failing oracle script always aborts with "oracle failed: …".
 */
export function oracleFailed(a: Terminal, ep: EpisodeContext): boolean {
  if (a.type !== 'abort') return false;
  return ep.task.def.answer?.infeasible !== true || (a.reason ?? '').startsWith('oracle failed:');
}

export class WatchedAgent implements Agent {
  readonly name: string;
  terminal: Terminal | null = null;
  /** A session's next episode, passed through when the inner agent takes one (the runner restarts it otherwise). */
  readonly nextGoal?: (ep: EpisodeContext) => void | Promise<void>;
  constructor(private inner: Agent) {
    this.name = inner.name;
    if (inner.nextGoal) {
      this.nextGoal = (ep) => {
        this.terminal = null;
        return inner.nextGoal!(ep);
      };
    }
  }
  start(ep: EpisodeContext) {
    this.terminal = null;
    return this.inner.start?.(ep);
  }
  async act(obs: AgentObservation, ep: EpisodeContext): Promise<AgentReply> {
    const reply = await this.inner.act(obs, ep);
    if ('action' in reply && isTerminalAction(reply.action)) this.terminal = reply.action;
    return reply;
  }
  end(ep: EpisodeContext) {
    return this.inner.end?.(ep);
  }
}

/** What happened to the stray change in one episode. */
export interface StrayOutcome {
  /** The plan that ran (null: the oracle never finished, or no stray change applies). */
  plan: StrayPlan | null;
  /** The first stray change (in the app's order) whose dry run the task's judge flagged (empty: none was). */
  flaggedInDryRun: string[];
  /** Candidates tried in the dry run, with their paths. */
  tried: { id: string; path: string }[];
  /** The oracle's own terminal action (abort when it failed). */
  oracleTerminal: Terminal | null;
  /** The oracle's script failed (or aborted on a task that can be done): no stray change ran. */
  oracleFailed: boolean;
  /** The stray script failed (its error), or did not finish before the step budget. */
  error: string | null;
  finished: boolean;
  /**
   * Where the oracle ended: the phone it left (the observation its terminal action answered) and
   * every action it took, the terminal one included. What its own episode would be judged on.
   */
  oracleEnd: { start: Moment; observation: AgentObservation; actions: Action[] } | null;
}

export class OracleThenStray implements Agent {
  readonly name = 'oracle+stray';
  private oracle: Agent;
  private stray: Agent;
  private phase: 'oracle' | 'stray' | 'final' = 'oracle';
  private initial: Moment | null = null;
  private strayCtx: EpisodeContext | null = null;
  private oracleActions: Action[] = [];
  outcome: StrayOutcome = OracleThenStray.emptyOutcome();

  constructor(private candidates: readonly StrayChange[], toSpace: ToAgentSpace) {
    this.oracle = createAgent('oracle', { coordsFromCss: toSpace });
    this.stray = createAgent('oracle', { coordsFromCss: toSpace });
  }

  private static emptyOutcome(): StrayOutcome {
    return { plan: null, flaggedInDryRun: [], tried: [], oracleTerminal: null, oracleFailed: false, error: null, finished: false, oracleEnd: null };
  }

  start(ep: EpisodeContext) {
    this.phase = 'oracle';
    this.initial = null;
    this.strayCtx = null;
    this.oracleActions = [];
    this.outcome = OracleThenStray.emptyOutcome();
    return this.oracle.start?.(ep);
  }

  /** A session's next episode: the oracle solves it from the phone as it is; the stray change waits for the last episode. */
  nextGoal(ep: EpisodeContext) {
    this.initial = null;
    this.oracleActions = [];
    return this.oracle.nextGoal?.(ep);
  }

  async act(obs: AgentObservation, ep: EpisodeContext): Promise<AgentReply> {
    if (this.initial === null) this.initial = { state: requireState(obs, 'verify').state, route: obs.route, ...(obs.sliceVersions ? { sliceVersions: obs.sliceVersions } : {}) };
    if (this.phase === 'oracle') {
      const reply = await this.oracle.act(obs, ep);
      if ('action' in reply) this.oracleActions.push(reply.action);
      if (!('action' in reply) || !isTerminalAction(reply.action)) return reply;
      this.outcome.oracleTerminal = reply.action;
      this.outcome.oracleEnd = { start: this.initial, observation: obs, actions: [...this.oracleActions] };
      if (oracleFailed(reply.action, ep)) {
        this.outcome.oracleFailed = true;
        this.phase = 'final';
        return reply;
      }
      // In a session the stray change goes into the last episode, whose verdict the row's judge is.
      if (ep.session && ep.session.episode < ep.session.episodes) return reply;
      const plan = this.choose(obs, ep, reply.action.type === 'answer' ? reply.action.text : null);
      if (!plan) {
        this.phase = 'final';
        return reply;
      }
      this.outcome.plan = plan;
      this.phase = 'stray';
      // The second oracle agent runs the stray script as if it were the task's solution.
      this.strayCtx = { ...ep, task: { ...ep.task, def: { ...ep.task.def, oracle: (ui: OracleUi) => plan.run(ui) } } };
      await this.stray.start?.(this.strayCtx);
    }
    if (this.phase === 'stray') {
      const reply = await this.stray.act(obs, this.strayCtx!);
      if ('action' in reply && !isTerminalAction(reply.action)) return reply;
      if ('formatError' in reply) this.outcome.error = reply.formatError;
      else if (reply.action.type === 'abort') this.outcome.error = (reply.action.reason ?? 'the stray script aborted').replace(/^oracle failed: /, '');
      this.outcome.finished = true;
      this.phase = 'final';
    }
    return { action: this.outcome.oracleTerminal!, thought: 'oracle+stray: the oracle\'s own last word, after the stray change' };
  }

  end(ep: EpisodeContext) {
    this.oracle.end?.(ep);
    if (this.strayCtx) this.stray.end?.(this.strayCtx);
  }

  /**
   * Dry run: applies each candidate to a copy of the oracle's final state and asks the task's own
   * judge whether the change is flagged; the first flagged one runs for real. When none is (the
   * task declares them all as expected), the first candidate runs anyway, so the real verdict
   * shows what the judge makes of it.
   */
  private choose(obs: AgentObservation, ep: EpisodeContext, answer: string | null): StrayPlan | null {
    const state = requireState(obs, 'verify').state;
    const plans: { id: string; app: string; plan: StrayPlan }[] = [];
    for (const c of this.candidates) {
      const plan = c.plan(state, ep.params);
      if (plan) plans.push({ id: c.id, app: c.app, plan });
    }
    this.outcome.tried = plans.map((p) => ({ id: p.id, path: p.plan.path }));
    if (plans.length === 0) return null;
    // The first candidate the judge flags is the one run: a dry run each, in order, until one is
    // (a copy of the app's slice and a judge each, so stopping there spares most of them).
    const spec = buildJudgeSpec(ep.task, ep.params, ep.evalMode);
    const versions = obs.sliceVersions;
    const initVersions = this.initial!.sliceVersions;
    for (const { id, app, plan } of plans) {
      // A stray change writes its app's slice only (tasks/_shared/stray.ts): that slice is copied,
      // the rest read through, and the judge walks the slices that changed, this one marked so.
      const name = `apps.${app}`;
      const sliced = versions?.[name] !== undefined && initVersions !== undefined;
      const draft = sliced ? withSliceCopied(state, app) : structuredClone(state);
      plan.apply(draft);
      try {
        const marked = sliced ? { versions: { init: initVersions, final: { ...versions, [name]: `${versions![name]}+stray` } } } : {};
        const v = judge(spec, { init: this.initial!.state, final: draft, initRoute: this.initial!.route, route: obs.route, answer, actions: [], ...marked });
        if (v.unexpectedChanges.some((c) => matchPath(`${plan.path}.**`, c.path))) {
          this.outcome.flaggedInDryRun.push(id);
          break;
        }
      } catch {
        // The task's judge code throws: the real run reports it.
      }
    }
    const first = this.outcome.flaggedInDryRun[0];
    return (plans.find((p) => p.id === first) ?? plans[0]).plan;
  }
}

/** A moment of the episode as the judge takes it: the state, the route and, where the phone gives them, the slices' versions. */
type Moment = { state: PhoneState; route: Route; sliceVersions?: Record<string, string> };

/**
 * `state` with app `app`'s slice deeply copied and every other part read through to `state` (a
 * lazily parsed tree is not parsed for them): a draft for an edit of that app alone.
 */
function withSliceCopied(state: PhoneState, app: string): PhoneState {
  const through = (to: Record<string, unknown>, from: Record<string, unknown>, key: string) => Object.defineProperty(to, key, { enumerable: true, configurable: true, get: () => from[key] });
  const tree = state as unknown as Record<string, unknown>;
  const apps = tree.apps as Record<string, unknown>;
  const draftApps: Record<string, unknown> = {};
  for (const id of Object.keys(apps)) {
    if (id === app) draftApps[id] = structuredClone(apps[id]);
    else through(draftApps, apps, id);
  }
  const draft: Record<string, unknown> = {};
  for (const key of Object.keys(tree)) {
    if (key === 'apps') draft.apps = draftApps;
    else through(draft, tree, key);
  }
  return draft as unknown as PhoneState;
}
