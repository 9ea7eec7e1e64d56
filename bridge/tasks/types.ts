/**
 * The task API's types: what a task definition, its oracle and a suite's stray changes are made
 * of. Types only (no code), imported by the task API (`api.ts`), the declarative criteria
 * (`criteria.ts`) and the suites under `tasks/`, so none of them imports another for a type.
 */
import type { PhoneStart, PhoneState, Route, UiNode } from '../protocol/state.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { Criterion, JudgeInput } from '../judge/judge.ts';
import type { AnswerFieldType, ExpectedAnswer } from '../judge/answers.ts';

export type Difficulty = 'L1' | 'L2' | 'L3' | 'L4';
export type Objective = 'query' | 'action';
export type StepBudget = 15 | 30 | 45 | 60;

/** A seeded random source. Tasks and apps never use Math.random. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  chance(p: number): boolean;
}

/** How one parameter is drawn (spec section 4): sampler > fields+source > source > type > default. */
export interface ParamSpec {
  type?: 'enum' | 'int' | 'float' | 'bool' | 'string';
  /** enum: the values to draw from. */
  values?: readonly (string | number | boolean)[];
  min?: number;
  max?: number;
  /** string: a regular expression the drawn string matches. */
  pattern?: string;
  /** Candidates from the state: `apps.chat.contacts[*].name`, or the spec's shorthand `apps.chat.contacts[name]`. */
  source?: string;
  /** With `source` pointing at records: pick one record and spread fields (param name → record field). */
  fields?: Record<string, string>;
  /** A custom draw: a function of (state, rng), or the name of a method on the task definition. */
  sampler?: ((state: PhoneState, rng: Rng) => unknown) | string;
  /** Optional filter on `source` candidates (records or values). */
  where?: (candidate: any, state: PhoneState) => boolean;
  default?: unknown;
}

export interface SetupContext<P> {
  /** The phone state being set up: edit it in place. */
  state: PhoneState;
  /** Parameters: defaults only in `prepare`, final values in `postSample`. */
  p: P;
  rng: Rng;
  seed: number;
}

export interface OracleQuery {
  /** `data-ui` key, exact (`chat.send`) or a prefix ending in `*` (`chat.item.*`). */
  key?: string;
  /** Visible text, exact after trimming. */
  text?: string;
  /** Visible text contains this. */
  textIncludes?: string;
  role?: string;
}

/** What an oracle solution drives. Every method is one (or a few) real UI actions, recorded as steps. */
export interface OracleUi {
  /** The latest observation. */
  readonly state: PhoneState;
  readonly route: Route;
  readonly tree: readonly UiNode[];
  find(q: OracleQuery | string): UiNode | undefined;
  findAll(q: OracleQuery | string): UiNode[];
  tap(q: OracleQuery | string): Promise<void>;
  longPress(q: OracleQuery | string): Promise<void>;
  /** Types into the element (tapping it first), optionally clearing it. */
  type(q: OracleQuery | string, text: string, opts?: { clear?: boolean }): Promise<void>;
  pressEnter(): Promise<void>;
  back(): Promise<void>;
  home(): Promise<void>;
  openApp(app: string): Promise<void>;
  /** Swipes the list under `within` (or the screen) until `q` is fully visible. */
  scrollTo(q: OracleQuery | string, opts?: { within?: OracleQuery | string; maxSwipes?: number }): Promise<UiNode>;
}

/** One field of a query task's answer sheet. */
export interface AnswerField {
  /** Stable id (`region`, `departure`), unique within the task. */
  id: string;
  /** What the sheet shows, in the language of the apps: `地区`. */
  label: string;
  /** A hint under the label: `如 四川 成都`. */
  hint?: string;
  type: AnswerFieldType;
  /** For `choice` fields. */
  choices?: string[];
}

/**
 * A query task's answer. In grounded mode (the default) the phone's 答题卡 app shows these fields;
 * the agent fills them through the UI and submits; the judge reads the submitted sheet. In text
 * mode the ANSWER action's text is matched instead.
 */
export interface AnswerSpec<P> {
  fields: AnswerField[] | ((p: P) => AnswerField[]);
  /** The right value per field id (a list means any of them). */
  expected?(p: P, input: JudgeInput): Record<string, ExpectedAnswer>;
  /** The honest answer is "this cannot be done": submit the sheet's 无法完成 switch, or ABORT with a reason. */
  infeasible?: boolean;
}

/** What an oracle returns for a query task: one field's text, a value per field, or why it cannot be done. */
export type OracleAnswer = string | Record<string, string> | { infeasible: string };

/**
 * An interactive task's scripted counterpart (seed 004: the task owns the interaction). After
 * every step the agent takes on the phone, the runner shows the task the state; the task may make
 * the world answer (a colleague's chat message arriving) and decides when the exchange is over.
 * The script must be deterministic in `p` and the state: the same actions get the same answers.
 */
export interface Interaction<P> {
  respond(ctx: InteractionContext<P>): InteractionReply | void;
}

export interface InteractionContext<P> {
  p: P;
  /** The state when the agent started. */
  init: PhoneState;
  /** The state after the step just taken. */
  state: PhoneState;
  /** Every event delivered so far in this episode, oldest first. */
  delivered: readonly EnvironmentEvent[];
  /** The task's own notes between calls within one episode (starts empty). */
  memory: Record<string, unknown>;
  /** The number of the step just taken (1-based). */
  step: number;
}

export interface InteractionReply {
  /** Delivered to the phone now, in order, before the agent sees the screen again. */
  events?: EnvironmentEvent[];
  /** The exchange is over: `respond` is not called again in this episode. */
  done?: boolean;
}

/**
 * One later episode of a session template (docs/tasks.md, "Sessions"): a new goal given to the same
 * agent on the same phone after the episode before it ended. It has its own goal, judge and oracle;
 * its judge diffs from this episode's own start (the end of the one before, after `between`).
 */
export interface SessionEpisode<P> {
  goal: string | ((p: P) => string);
  objective: Objective;
  /** Where the phone is when this episode starts: an app id, or `home` (the default). */
  startApp?: string;
  /**
   * Changes the phone between the episode before and this one, the way time would (the clock moves
   * on, a message is recalled, a code expires), so the fact cannot simply be looked up again.
   * Edits `ctx.state`, a plain JSON draft of the phone as the episode before left it.
   */
  between?(ctx: BetweenContext<P>): void;
  /**
   * Time that passes before this episode (ms), after `between`: the phone's own clock moves on, so
   * the apps act as they would (an alarm rings, an unpaid order lapses, a code expires) before the
   * agent sees the phone, and none of it counts as the agent's doing.
   */
  elapseMs?: number;
  criteria?(p: P, input: JudgeInput): CriteriaSpec;
  checkGoals?(input: JudgeInput, p: P): Criterion[];
  isSuccessful?(input: JudgeInput, p: P): boolean;
  expectedChanges?(input: JudgeInput, p: P): string[];
  answer?: AnswerSpec<P>;
  oracle(ui: OracleUi, p: P): Promise<OracleAnswer | void>;
}

export interface BetweenContext<P> {
  /** The phone as the episode before left it: edit it in place. */
  state: PhoneState;
  p: P;
  seed: number;
  /** The episode about to start (1-based: 2 for the first later episode). */
  episode: number;
}

export interface TaskDefinition<P extends Record<string, unknown> = Record<string, unknown>> {
  /** Defaults to the file name. PascalCase. */
  name?: string;
  /** What the agent is told, in the language of the apps. */
  goal: string | ((p: P) => string);
  difficulty: Difficulty;
  objective: Objective;
  /** Apps the task touches (the run's per-app tables count the episode for each). */
  apps: string[];
  tags?: string[];
  maxSteps?: StepBudget;
  /** Where the phone is when the agent starts: an app id, or `home` (the default). */
  startApp?: string;
  /**
   * How the task starts on a real phone (no state tree: its setup cannot be written there): an
   * Android package to open fresh, or a deep link. Without it the task is simulator-only, and a run
   * on real phones rejects it before it starts (docs/devices.md).
   */
  realPhone?: PhoneStart;
  params?: { [K in keyof P]?: ParamSpec } & Record<string, ParamSpec>;
  /** Hard ceiling on instances (spec: sample_max). */
  sampleMax?: number;
  prepare?(ctx: SetupContext<P>): void;
  postSample?(ctx: SetupContext<P>): void;
  teardown?(ctx: { p: P; seed: number }): void | Promise<void>;
  /**
   * The goal declaratively: state paths (or `route.app` / `route.path`) with the value or matcher
   * (`match.oneOf`, `match.contains`, …) each must have at the end. Their paths are expected
   * changes. Use this, `checkGoals`, or both (their criteria are joined).
   */
  criteria?(p: P, input: JudgeInput): CriteriaSpec;
  /** The goal as named criteria of your own; progress is the fraction passed. */
  checkGoals?(input: JudgeInput, p: P): Criterion[];
  /** Used only when checkGoals returns []. */
  isSuccessful?(input: JudgeInput, p: P): boolean;
  /** Wildcard state paths the task is allowed to change, beyond the criteria's own paths. */
  expectedChanges?(input: JudgeInput, p: P): string[];
  /** A query task's answer fields and expected values (see AnswerSpec); grounded answer tasks get 15 more steps. */
  answer?: AnswerSpec<P>;
  /** Interactive tasks: the scripted counterpart that answers while the agent works (see Interaction). */
  interaction?: Interaction<P>;
  /** A solution through the UI only. Query tasks return their answer; the framework submits it (sheet or ANSWER). */
  oracle(ui: OracleUi, p: P): Promise<OracleAnswer | void>;
  /**
   * A session template: the episodes after this one (the task's own goal, judge and oracle are the
   * first), played in order on one phone by one agent that keeps its history. Needs
   * `isolation = "persistent"` in phonegym.toml and the tag `session`; one sampler draws every
   * episode's parameters, so a fact of the first episode is known to the judges of the later ones.
   */
  nextEpisodes?: SessionEpisode<P>[];
  /** Custom samplers referenced by name from params. */
  samplers?: Record<string, (state: PhoneState, rng: Rng) => unknown>;
}

/** A value test in a `criteria` spec (`match.oneOf`, `match.that`, …; see criteria.ts). */
export interface Matcher {
  readonly kind: 'matcher';
  /** How the expectation reads in a verdict: `one of ["a","b"]`. */
  readonly describe: string;
  test(actual: unknown): boolean;
}

/** State paths (or `route.app` / `route.path`) with the value or the matcher each must have at the end. */
export type CriteriaSpec = Record<string, unknown>;

/**
 * One concrete stray change for one state (`phonegym verify`, docs/verify.md): a small edit no task
 * asks for, made through the UI after the oracle, that the task's judge must flag.
 */
export interface StrayPlan {
  /** The state path the change writes, e.g. `apps.chat.me.signature`. */
  path: string;
  /** What the script does, for messages: `我 → 个人信息 → 个性签名: "…"`. */
  description: string;
  /** The same edit on a JSON draft of the state (for the dry run against the task's judge). */
  apply(state: PhoneState): void;
  /** The edit through the UI, from any screen. */
  run(ui: OracleUi): Promise<void>;
}

/** A stray change of one app; each suite lists its own in `tasks/<app>/_stray.ts`. */
export interface StrayChange {
  id: string;
  /** The app whose state the change writes. */
  app: string;
  /** A plan for this state and these task parameters, or null when it does not apply here. */
  plan(state: PhoneState, params: Record<string, unknown>): StrayPlan | null;
}
