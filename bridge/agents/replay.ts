/**
 * The `replay` agent: plays back the actions of a recorded `trajectory.json`, in order, in the
 * coordinate space they were recorded in. Useful to reproduce an episode on a new build, to turn
 * a person's recorded demonstration into a check, or to compare judges on the same actions.
 * When the recording runs out, it stops with COMPLETE (unless its last action already ended it).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_TYPES, type Action } from '../protocol/actions.ts';
import { UsageError } from '../protocol/errors.ts';
import type { Agent, AgentFactory, AgentFactoryOptions, AgentReply } from './types.ts';

interface RecordedTrajectory {
  format?: string;
  task_id?: string;
  instance?: number;
  seed?: number;
  steps: { action: Action; thought?: string }[];
}

export interface LoadedTrajectory {
  file: string;
  taskId: string | null;
  /** The task instance and its seed the episode ran on (a run replays exactly that instance). */
  instance: number | null;
  seed: number | null;
  actions: Action[];
}

/** The actions of a trajectory file (or of the `trajectory.json` in a folder), checked. */
export function loadTrajectory(path: string): LoadedTrajectory {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'trajectory.json') : path;
  if (!existsSync(file)) throw new UsageError(`--replay: ${file} does not exist. Give a trajectory.json from a run folder (runs/<run>/trajectory/<episode>/trajectory.json) or its folder`);
  let doc: RecordedTrajectory;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--replay: ${file} is not valid JSON (${(e as Error).message})`);
  }
  if (!doc || !Array.isArray(doc.steps)) throw new UsageError(`--replay: ${file} has no "steps" array; is it a phonegym trajectory.json?`);
  const actions = doc.steps.map((s, i) => {
    const a = s?.action;
    if (!a || typeof a !== 'object' || !ACTION_TYPES.includes(a.type)) throw new UsageError(`--replay: ${file}: step ${i + 1} has no valid action (got ${JSON.stringify(a)?.slice(0, 80)})`);
    return a;
  });
  const whole = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
  return { file, taskId: typeof doc.task_id === 'string' ? doc.task_id : null, instance: whole(doc.instance), seed: whole(doc.seed), actions };
}

export class ReplayAgent implements Agent {
  readonly name = 'replay';
  /** It plays back recorded actions, whatever the phone shows. */
  readonly observes = { screenshot: false, tree: false };
  private next = 0;

  constructor(private readonly actions: Action[]) {}

  start(): void {
    this.next = 0;
  }

  async act(): Promise<AgentReply> {
    const a = this.actions[this.next++];
    return { action: a ?? { type: 'complete' }, ...(a ? {} : { thought: 'the recording ended' }) };
  }
}

export const replayAgent: AgentFactory = {
  name: 'replay',
  description: 'replays the actions of a recorded trajectory.json (--replay PATH)',
  create(opts: AgentFactoryOptions): Agent {
    if (typeof opts.trajectory !== 'string' || !opts.trajectory) throw new UsageError('--agent replay needs --replay PATH: a trajectory.json written by an earlier run (or the folder holding it)');
    return new ReplayAgent(loadTrajectory(opts.trajectory).actions);
  },
};
