/**
 * The sampler sweep: every template's setup (prepare → sample → postSample) run in Node over many
 * base seeds, with no browser, to find the instances a template cannot make: a parameter left
 * null or undefined, a goal that reads "undefined", a sampler that throws, or a start that already
 * meets the goal (doing nothing would pass). Verify proves a template on a few seeds through the
 * real phone; the sweep asks the cheap questions of hundreds, so a template tuned to seeds 1-3
 * does not pass for sound.
 *
 * Speed: a phone's initial state seeds every app (milliseconds each). The sweep's states seed an
 * app's slice the first time anything reads it, so a chat task never pays for the railway timetable.
 */
import type { PhoneState } from '../protocol/state.ts';
import { phoneSeeds } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { goalText, type LoadedTask } from '../tasks/registry.ts';
import { defaultParams, sampleParams, SamplingError } from '../tasks/sampler.ts';
import { instanceSeed } from '../tasks/seeds.ts';
import { judgeTask } from '../tasks/judging.ts';
import { answerFields, installSheet } from '../tasks/grounded.ts';
import { isSession, sessionEpisodes } from '../tasks/session.ts';

export interface SweepProblem {
  taskId: string;
  baseSeed: number;
  seed: number;
  /** What is wrong with this instance, in words a task author acts on. */
  problem: string;
}

/**
 * The phone of `seed` with each app's slice made on first read (the same JSON as
 * `createInitialState(seed)` once every slice has been read: each app seeds from its own fork).
 */
export function lazyInitialState(seed: number): PhoneState {
  const { os, apps: makers } = phoneSeeds(seed);
  const apps: PhoneState['apps'] = {};
  const settle = (id: string, value: unknown) => Object.defineProperty(apps, id, { value, enumerable: true, configurable: true, writable: true });
  for (const [id, make] of makers) {
    Object.defineProperty(apps, id, {
      enumerable: true,
      configurable: true,
      get: () => {
        const slice = make();
        settle(id, slice);
        return slice;
      },
      set: (v: unknown) => settle(id, v),
    });
  }
  return { os, apps };
}

const BAD_TEXT = /undefined|\bnull\b|NaN|\[object Object\]/;

/** The problems of one template on the given base seeds (instance 0 of each), none when it is sound. */
export function sweepTemplate(task: LoadedTask, baseSeeds: readonly number[]): SweepProblem[] {
  const problems: SweepProblem[] = [];
  for (const baseSeed of baseSeeds) {
    const seed = instanceSeed(baseSeed, task.id, 0);
    const say = (problem: string) => problems.push({ taskId: task.id, baseSeed, seed, problem });
    const state = lazyInitialState(seed);
    const rng = new Rng(seed);
    const ctx = { state, p: defaultParams(task.def) as Record<string, unknown>, rng, seed };
    try {
      task.def.prepare?.(ctx);
      ctx.p = sampleParams(task.def, ctx.state, rng, { taskId: task.id, seed });
      task.def.postSample?.(ctx);
    } catch (e) {
      say(e instanceof SamplingError ? e.message : `setup threw: ${(e as Error).message}`);
      continue;
    }
    const empty = Object.entries(ctx.p).filter(([name, v]) => !name.startsWith('_') && (v === undefined || v === null || (typeof v === 'number' && !Number.isFinite(v))));
    if (empty.length) say(`parameter${empty.length > 1 ? 's' : ''} ${empty.map(([n, v]) => `${n} = ${String(v)}`).join(', ')}`);
    let goal: string;
    try {
      goal = goalText(task, ctx.p);
    } catch (e) {
      say(`the goal text threw: ${(e as Error).message}`);
      continue;
    }
    if (BAD_TEXT.test(goal)) say(`the goal reads ${JSON.stringify(goal)}`);
    if (empty.length) continue;
    // Doing nothing must not pass: the start, judged as if it were the end, fails.
    try {
      if (task.def.answer) installSheet(ctx.state, task.id, goal, answerFields(task.def, ctx.p));
      const at = { state: ctx.state, route: { app: task.def.startApp ?? 'home', path: '/' } };
      const v = judgeTask(task, ctx.p, 'grounded', at, at, null, []);
      if (v.passed) say('the start already meets the goal: doing nothing would pass');
    } catch (e) {
      say(`judging the start threw: ${(e as Error).message}`);
    }
    if (isSession(task)) sweepLaterEpisodes(task, ctx.state, ctx.p, seed, say);
  }
  return problems;
}

/**
 * A session's later episodes (bridge/tasks/session.ts), each on the setup's state as if the
 * episodes before did nothing: its goal reads right, its `between` runs, and its start does not
 * already meet its goal.
 */
function sweepLaterEpisodes(task: LoadedTask, state: PhoneState, p: Record<string, unknown>, seed: number, say: (problem: string) => void): void {
  // Edited in place: the first episode's checks are done with it, and a copy would seed every app.
  sessionEpisodes(task).slice(1).forEach((episode, i) => {
    const n = i + 2;
    let goal: string;
    try {
      goal = goalText(episode, p);
      task.def.nextEpisodes![i]!.between?.({ state, p, seed, episode: n });
    } catch (e) {
      return say(`episode ${n}: its goal or \`between\` threw: ${(e as Error).message}`);
    }
    if (BAD_TEXT.test(goal)) say(`episode ${n}: the goal reads ${JSON.stringify(goal)}`);
    try {
      if (episode.def.answer) installSheet(state, episode.id, goal, answerFields(episode.def, p));
      const at = { state, route: { app: episode.def.startApp ?? 'home', path: '/' } };
      if (judgeTask(episode, p, 'grounded', at, at, null, []).passed) say(`episode ${n}: its start already meets its goal: doing nothing would pass`);
    } catch (e) {
      say(`episode ${n}: judging its start threw: ${(e as Error).message}`);
    }
  });
}

/** `count` base seeds from `from` on (the sweep's default: 1…200). */
export const baseSeeds = (count = 200, from = 1): number[] => Array.from({ length: count }, (_, i) => from + i);
