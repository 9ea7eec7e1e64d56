/**
 * Task setup (spec section 2, phase 1), shared by the episode runner and the studio's Set up:
 * seed state → prepare → sample → postSample → push the state to the phone in one reset that
 * lands on the start app's first screen. The hooks edit a plain JSON draft in Node; the phone is
 * written once and draws once.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { PhoneState, Route } from '../protocol/state.ts';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { lazyTree, splitTree, stateJsonOf, type TreeSplit } from '../protocol/slices.ts';
import type { Env } from '../env/types.ts';
import type { Rng as RngLike } from '../tasks/api.ts';
import { goalText, type LoadedTask } from '../tasks/registry.ts';
import { answerFields, installSheet, type EvalMode } from '../tasks/grounded.ts';
import { defaultParams, sampleParams } from '../tasks/sampler.ts';
import { APPS, findApp } from '../../simulator-apps/catalog.ts';
import { applyLook } from '../../simulator-apps/os/look.ts';
import { applyContentSwaps, chooseContentSwaps, movedRecords, type ContentSwap } from '../../simulator-apps/os/lookContent.ts';
import { applyRenames, chooseRenames, type PersonRename } from '../../simulator-apps/os/lookNames.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const LAUNCHER_APPS = APPS.map((a) => a.id);

/** What setup needs from a phone: satisfied by SimulatorEnv and by a bare device connection. */
export interface SetupTarget {
  reset(state: PhoneState | string, route?: Route): Promise<void>;
  openApp(app: string): Promise<void>;
}

/** How an instance is set up besides its task and seed. */
export interface InstanceOptions {
  /** `grounded` (default) puts a query task's answer sheet on the phone. */
  evalMode?: EvalMode;
  /** Parameters given explicitly (the env server's sessions), replacing the sampled ones. */
  params?: Record<string, unknown>;
  /** The look (../../simulator-apps/os/look.ts): 0, the default, is the phone as designed. */
  variant?: number;
}

export interface PreparedInstance {
  params: Record<string, unknown>;
  state: PhoneState;
  stateJson: string;
  rng: RngLike;
  /** What the look did to the people's names (variant 0: nothing). */
  names: NameChange;
  /** What the look did to the content of records the task does not refer to (variant 0: nothing). */
  content: ContentChange;
}

/**
 * A look's renaming of the people a task does not refer to (../../simulator-apps/os/lookNames.ts):
 * `none` in variant 0 or with nobody to rename; `kept` when the task's hooks, run again on the
 * renamed phone, drew other parameters or another goal (the task depends on a renamed record),
 * so the instance keeps its names and only its drawing changes.
 */
export type NameChange =
  | { kind: 'none' }
  | { kind: 'renamed'; renames: PersonRename[] }
  | { kind: 'kept'; reason: string };

/**
 * A look's passing round of content among records a task does not refer to
 * (../../simulator-apps/os/lookContent.ts): `moved` says how many records show another's content
 * (and the moves);
 * `kept` when the hooks, run again on the changed phone, drew other parameters or another goal.
 */
export type ContentChange = { kind: 'none' } | { kind: 'moved'; records: number; swaps: ContentSwap[] } | { kind: 'kept'; reason: string };

/** An instance before the answer sheet and the look: its state after the hooks, its parameters, its random stream. */
interface HookedInstance {
  state: PhoneState;
  p: Record<string, unknown>;
  rng: Rng;
}

/**
 * Runs the hooks in Node and returns the initial state; deterministic in `seed`. In grounded
 * mode a query task's empty answer sheet is put on the phone last.
 */
export function prepareInstance(task: LoadedTask, seed: number, { evalMode = 'grounded', params: given, variant = 0 }: InstanceOptions = {}): PreparedInstance {
  const seedState = seedPhone(seed);
  let instance = runHooks(task, seed, variant === 0 ? seedState : seedPhone(seed), given);
  let names: NameChange = { kind: 'none' };
  let content: ContentChange = { kind: 'none' };
  if (variant !== 0) ({ instance, names, content } = lookedInstance(task, seed, variant, seedState, instance, given));
  const { state, p, rng } = instance;
  if (evalMode === 'grounded' && task.def.answer) installSheet(state, task.id, goalText(task, p), answerFields(task.def, p));
  // Last, so the look changes nothing the hooks or the sampler saw.
  applyLook(state, variant, LAUNCHER_APPS);
  return { params: p, state, stateJson: stateJsonOf(state as unknown as Record<string, unknown>), rng, names, content };
}

/** The seed phones made lately, as slices: the episodes of an instance (verify's oracle and noop, a run's trials) set up from one seed. */
const seedSlices = new Map<number, TreeSplit>();

/**
 * `createInitialState(seed)` as a tree whose app slices are parsed when first read: the hooks read
 * the few apps a task is about, and the slices they never read go to the phone as they came
 * (`stateJsonOf` takes them unread), not parsed, written and hashed again. Each call gives its own
 * tree, as a fresh `createInitialState` does.
 */
function seedPhone(seed: number): PhoneState {
  let split = seedSlices.get(seed);
  if (!split) {
    split = splitTree(createInitialState(seed) as unknown as Record<string, unknown>);
    seedSlices.set(seed, split);
    if (seedSlices.size > 8) seedSlices.delete(seedSlices.keys().next().value!);
  }
  return lazyTree(split.layout, split.json) as unknown as PhoneState;
}

/** seed state → prepare → sample → postSample, on the state given. */
function runHooks(task: LoadedTask, seed: number, state: PhoneState, given: Record<string, unknown> | undefined): HookedInstance {
  const rng = new Rng(seed);
  const ctx = { state, p: defaultParams(task.def) as Record<string, unknown>, rng, seed };
  task.def.prepare?.(ctx);
  // Parameters given explicitly (the env server's sessions) replace the sampled ones, after the
  // sampler ran all the same: the seed's random stream stays the one the run would see.
  ctx.p = { ...sampleParams(task.def, ctx.state, rng, { taskId: task.id, seed }), ...checkGivenParams(task, given) };
  task.def.postSample?.(ctx);
  return { state: ctx.state, p: ctx.p, rng };
}

/**
 * The instance in a look: the people its task does not refer to renamed and the records it does
 * not refer to passing their content round, proven safe: the same seed's phone is changed before
 * the hooks run again, and they must draw the very same parameters and goal (then every grounded
 * answer and every check still holds). When both changes together fail that, names alone are
 * tried; when that fails too, the instance keeps its names and content (only its drawing changes).
 */
function lookedInstance(
  task: LoadedTask,
  seed: number,
  variant: number,
  seedState: PhoneState,
  original: HookedInstance,
  given: Record<string, unknown> | undefined,
): { instance: HookedInstance; names: NameChange; content: ContentChange } {
  const goal = goalText(task, original.p);
  const referred = JSON.stringify(original.p) + goal + JSON.stringify(answerFields(task.def, original.p));
  const renames = chooseRenames(original.state, seed, variant, referred);
  const swaps = chooseContentSwaps(original.state, seed, variant, referred, original.p);
  /** The hooks run again on the seed's phone with `r` and `c` applied: the instance, or why not. */
  const attempt = (r: readonly PersonRename[], c: readonly ContentSwap[]): HookedInstance | string => {
    // On a copy: a seeded state may share objects with the apps' seed data (module constants),
    // which a look must never change for the states made after it.
    const changed = JSON.parse(JSON.stringify(seedState)) as PhoneState;
    applyContentSwaps(changed, c);
    applyRenames(changed, r);
    let again: HookedInstance;
    try {
      again = runHooks(task, seed, changed, given);
    } catch (e) {
      return `its hooks failed on the changed phone: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (!isDeepStrictEqual(again.p, original.p)) return 'its sampler drew other parameters on the changed phone';
    if (goalText(task, again.p) !== goal) return 'its goal reads differently on the changed phone';
    return again;
  };
  const none = { kind: 'none' } as const;
  if (renames.length === 0 && swaps.length === 0) return { instance: original, names: none, content: none };
  const both = attempt(renames, swaps);
  if (typeof both !== 'string') {
    return { instance: both, names: renames.length ? { kind: 'renamed', renames } : none, content: swaps.length ? { kind: 'moved', records: movedRecords(swaps), swaps } : none };
  }
  const contentKept: ContentChange = swaps.length ? { kind: 'kept', reason: both } : none;
  if (swaps.length > 0 && renames.length > 0) {
    const namesOnly = attempt(renames, []);
    if (typeof namesOnly !== 'string') return { instance: namesOnly, names: { kind: 'renamed', renames }, content: contentKept };
    return { instance: original, names: { kind: 'kept', reason: namesOnly }, content: contentKept };
  }
  return { instance: original, names: renames.length ? { kind: 'kept', reason: both } : none, content: contentKept };
}

/** Explicit parameters must be ones the task declares. */
function checkGivenParams(task: LoadedTask, given: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!given) return {};
  const declared = Object.keys(task.def.params ?? {});
  for (const name of Object.keys(given)) {
    if (!declared.includes(name)) throw new UsageError(`${task.id} has no parameter "${name.slice(0, 60)}"${didYouMean(name, declared)} (its parameters: ${declared.join(', ') || 'none'})`);
  }
  return given;
}

export async function setupOnPhone(target: SetupTarget, task: LoadedTask, seed: number, opts: InstanceOptions = {}): Promise<PreparedInstance> {
  const prepared = prepareInstance(task, seed, opts);
  await putOnPhone(target, task, prepared);
  return prepared;
}

/**
 * A prepared instance written to the phone in one reset, straight onto its start app's first
 * screen: the same navigation as opening the app from the launcher (the app in front at its root,
 * the only recent app), in one round trip and one render instead of two of each.
 */
export async function putOnPhone(target: SetupTarget, task: LoadedTask, prepared: Pick<PreparedInstance, 'stateJson'>): Promise<void> {
  const route = startRoute(task);
  await target.reset(prepared.stateJson, route === 'unknown' ? undefined : route);
  // An app this catalog does not know: the phone's own openApp refuses it with its message.
  if (route === 'unknown') await target.openApp(task.def.startApp!);
}

/** Where a task starts: its start app's first screen, the launcher (undefined), or `unknown` for an app this catalog does not have. */
export function startRoute(task: LoadedTask): Route | undefined | 'unknown' {
  const start = task.def.startApp;
  if (!start || start === 'home') return undefined;
  const app = findApp(start);
  return app ? { app: app.id, path: app.rootPath } : 'unknown';
}

/**
 * A task's start on a phone without a state tree (a real phone): its parameters are sampled as
 * on the simulator (the goal names them), but nothing is written to the phone; it is brought to
 * the task's declared `realPhone` start (an app opened fresh, a deep link). Preflight rejects
 * tasks without one before the run starts.
 */
export async function startOnRealPhone(target: Pick<Env, 'deviceId' | 'start'>, task: LoadedTask, seed: number, opts: InstanceOptions = {}): Promise<PreparedInstance> {
  const at = task.def.realPhone;
  if (!at) throw new PhonegymError(`${task.id} is simulator-only (it declares no realPhone start) and ${target.deviceId} has no state tree to set it up in`, { code: 'no_state' });
  if (!target.start) throw new PhonegymError(`${target.deviceId} cannot be brought to a task's start (its env has no start())`, { code: 'env_error' });
  // A real phone has its own look: the variant is the simulator's.
  const prepared = prepareInstance(task, seed, { ...opts, variant: 0 });
  await target.start(at);
  return prepared;
}

/** JSON with object keys sorted: equal states give equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

export function stateHash(state: unknown): string {
  return 'sha256:' + createHash('sha256').update(canonicalJson(state)).digest('hex').slice(0, 32);
}

/** The last few hashes by the state's compact JSON: episodes of one instance start from the same state, and sorting its keys is the cost. */
const hashesByJson = new Map<string, string>();

/** `stateHash` of a state given with its compact JSON (the same text: the same state). */
export function stateHashOfJson(state: unknown, json: string): string {
  let h = hashesByJson.get(json);
  if (h === undefined) {
    h = stateHash(state);
    hashesByJson.set(json, h);
    if (hashesByJson.size > 8) hashesByJson.delete(hashesByJson.keys().next().value!);
  }
  return h;
}
