/**
 * The `Env` interface: one phone, as the runner, the agents, verify and the studio session know
 * it. `SimulatorEnv` (a Playwright page showing the simulated phone) is the first implementation;
 * a real device over ADB plugs in behind the same interface. What a backend cannot do is said by
 * its `capabilities`, never by a method that throws at random: a real phone has no state tree, so
 * its observations carry `state: null` and the state judge cannot run on it.
 *
 * This module imports only the protocol: agents and the runner depend on it, not on a backend.
 */
import type { Action } from '../protocol/actions.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { PhoneStart, PhoneState, Route, UiNode } from '../protocol/state.ts';
import type { CoordConfig } from './coords.ts';

export interface Observation {
  /** JPEG bytes of the screen the agent sees (empty when screenshots are off). */
  screenshot: Buffer;
  /** The phone's state tree; null on a backend without one (`capabilities.state` false). */
  state: PhoneState | null;
  stateJson: string | null;
  route: Route;
  tree: UiNode[];
  /** Increases with every change the phone makes; 0 where the backend does not count. */
  revision: number;
  /** Each state slice's content version (`os`, `apps.chat`…), where the backend moves slices: equal versions, equal JSON. */
  sliceVersions?: Record<string, string>;
}

/** An observation from a backend with a state tree (what the state judge and task setup need). */
export interface StatefulObservation extends Observation {
  state: PhoneState;
  stateJson: string;
}

export function hasState(o: Observation): o is StatefulObservation {
  // Its JSON says whether there is a tree without reading `state`, which would parse a lazily parsed one (SimulatorEnv).
  return typeof o.stateJson === 'string' && (Object.getOwnPropertyDescriptor(o, 'state')?.get !== undefined || o.state !== null);
}

/**
 * `o` with more fields, its lazily parsed `state` (SimulatorEnv) kept lazy: a spread would read
 * it, parsing the tree on every step whether or not anyone looks.
 */
export function withFields<O extends Observation, E extends object>(o: O, extra: E): O & E {
  const out = Object.defineProperties({}, Object.getOwnPropertyDescriptors(o)) as O;
  return Object.assign(out, extra);
}

export interface EnvCapabilities {
  /** A JSON state tree: reset to an instance's state, the state judge, state diffs in the studio. */
  state: boolean;
  /** `snapshot()` and `restore()` of the whole phone, in place. */
  snapshot: boolean;
  /** `deliver()`: the world acts on the phone (interactive tasks' scripted contacts). */
  events: boolean;
}

/** What an observation carries besides the state: each part costs the phone work, so a caller that reads none of it asks for none. */
export interface ObserveOptions {
  /** Virtual time that passes before the phone is read (ms). */
  advanceMs?: number;
  /** Off: an empty screenshot, and none is taken (default on, unless `Env.screenshots` is off). */
  screenshot?: boolean;
  /** Off: an empty UI tree, and none is built (default on). */
  tree?: boolean;
}

export interface StepResult {
  observation: Observation;
  /** The action in CSS pixels of the phone, as it was performed (what the studio draws). */
  cssAction: Action;
}

export interface Env {
  /** The device id: unique among the envs of one run. */
  readonly deviceId: string;
  readonly capabilities: EnvCapabilities;
  /** The coordinate space actions arrive in and the screenshot scale. */
  readonly coords: CoordConfig;
  /** Off: observations carry an empty screenshot (verify's `--no-screenshots`). */
  screenshots: boolean;
  /** Screenshots this env has taken: frames a run skips are frames this does not count. */
  readonly captures: number;
  /** CSS pixels of the phone → the agent's coordinate space (oracles compute taps in CSS pixels). */
  coordsFromCss(p: { x: number; y: number }): { x: number; y: number };
  /** Replaces the phone's whole state (needs `capabilities.state`) and goes to `route` (default: home). */
  reset(state: PhoneState | string, route?: Route): Promise<void>;
  openApp(app: string): Promise<void>;
  /**
   * Brings a phone without a state tree to a task's start (a real phone: an app opened fresh, a
   * deep link), where `reset` cannot write one. Backends with a state tree need not have it.
   */
  start?(at: PhoneStart): Promise<void>;
  /** Needs `capabilities.events`. */
  deliver(events: EnvironmentEvent[]): Promise<void>;
  /** Waits until the phone is still (advancing its clock by `advanceMs` first), then observes it. */
  observe(opts?: ObserveOptions): Promise<Observation>;
  /** Performs one action through real input and returns the next observation. */
  step(action: Action, opts?: Omit<ObserveOptions, 'advanceMs'>): Promise<StepResult>;
  screenshot(): Promise<Buffer>;
  /** An opaque id for the whole phone as it is now (needs `capabilities.snapshot`). */
  snapshot(): Promise<string>;
  /** Brings the phone back to a snapshot, in place (needs `capabilities.snapshot`). */
  restore(snapshot: string): Promise<void>;
}

/**
 * Where the runner gets its envs: the simulator's `EnvPool` (warm pages, crash replacement) or a
 * set of devices. Workers acquire one env each and give it back; a broken one is replaced.
 */
export interface EnvSource<E extends Env = Env> {
  /** How many envs can run at once. */
  readonly size: number;
  acquire(): Promise<E>;
  release(env: E): void;
  /** The env cannot run another episode (its page crashed, its device went away). */
  isBroken(env: E): boolean;
  /**
   * The run-error code for what happened to a broken env (docs/errors.md), or null; may wait until
   * the backend knows. `cause`: the error the episode failed with, a hint of where to look.
   */
  failureCode(env: E, cause?: unknown): Promise<string | null>;
  /** A working env in place of a broken one (rejects when none can be had). */
  replace(env: E): Promise<E>;
}

/** The observation's state, or a clear error naming who needed it (a backend without a state tree). */
export function requireState(o: Observation, who: string): StatefulObservation {
  if (hasState(o)) return o;
  throw new Error(`${who} needs the phone's state tree, and this device has none (a real phone): use the simulator, or a VLM judge for real devices`);
}
