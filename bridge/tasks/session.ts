/**
 * Session templates (docs/tasks.md, "Sessions"): a task whose instance is two or more episodes
 * played in order on one phone by one agent, under `isolation = "persistent"`. The task's own goal,
 * judge and oracle are the first episode; `nextEpisodes` holds the rest. Each later episode is
 * seen by the rest of the bridge as a task of its own (`sessionEpisodes`): same id, parameters and
 * budget, its own goal, judge, answer sheet and oracle, so the judge, the grounded sheet and the
 * oracle agent need not know sessions exist.
 */
import type { TaskDefinition } from './types.ts';

/** A loaded task as this module needs it (registry.ts's `LoadedTask`, which imports this module). */
export interface TaskEntry {
  id: string;
  suite: string;
  name: string;
  file: string;
  def: TaskDefinition<any>;
}

/** The tag every session template carries (and only they): `phonegym list` counts them by it. */
export const SESSION_TAG = 'session';
/** The longest a session lets time pass between two episodes (`elapseMs`): a week. */
export const MAX_ELAPSE_MS = 7 * 24 * 3600_000;
/** Episodes in a session, the first included. */
export const SESSION_EPISODES = { min: 2, max: 4 } as const;

export function isSession(task: Pick<TaskEntry, 'def'>): boolean {
  return (task.def.nextEpisodes?.length ?? 0) > 0;
}

/** The episodes of `task` as tasks, in the order they are played: `[task]` for a task that is no session. */
export function sessionEpisodes(task: TaskEntry): TaskEntry[] {
  const later = task.def.nextEpisodes ?? [];
  return [task, ...later.map((_, i) => episodeTask(task, i + 2))];
}

/** Fields of a task definition that belong to one episode: a later episode brings its own (or none). */
type EpisodeOwnKey = 'goal' | 'objective' | 'startApp' | 'criteria' | 'checkGoals' | 'isSuccessful' | 'expectedChanges' | 'answer' | 'interaction' | 'oracle';

/** Episode `n` (1-based, n ≥ 2) of a session as a task: the session's shared fields with the episode's own. */
export function episodeTask(task: TaskEntry, n: number): TaskEntry {
  const episode = task.def.nextEpisodes?.[n - 2];
  if (!episode) throw new Error(`${task.id} has no episode ${n}`);
  // Setup hooks ran once, for the whole session; a later episode's start is the phone as the one before left it.
  const { nextEpisodes: _later, prepare: _prepare, postSample: _postSample, goal: _goal, objective: _objective, startApp: _startApp, criteria: _criteria, checkGoals: _checks, isSuccessful: _isSuccessful, expectedChanges: _expected, answer: _answer, interaction: _interaction, oracle: _oracle, ...shared } = task.def;
  const { between: _between, elapseMs: _elapse, ...own } = episode;
  const def: TaskDefinition<any> = { ...shared, ...own };
  return { id: task.id, suite: task.suite, name: task.name, file: task.file, def };
}

/** The goal of a whole session, for places that show one text per task (list, rows): each episode's goal, numbered. */
export function sessionGoalText(goals: string[]): string {
  return goals.length === 1 ? goals[0]! : goals.map((g, i) => `(${i + 1}) ${g}`).join('\n');
}

/** What is wrong with a definition's session part (empty: nothing); `validate` checks one episode as a task. */
export function sessionProblems(def: Partial<TaskDefinition>, validate: (def: unknown) => string[]): string[] {
  const tagged = def.tags?.includes(SESSION_TAG) ?? false;
  if (def.nextEpisodes === undefined) return tagged ? [`the tag "${SESSION_TAG}" is for session templates: give \`nextEpisodes\`, or drop the tag`] : [];
  if (!Array.isArray(def.nextEpisodes) || def.nextEpisodes.length < SESSION_EPISODES.min - 1 || def.nextEpisodes.length > SESSION_EPISODES.max - 1) {
    return [`\`nextEpisodes\` must list ${SESSION_EPISODES.min - 1} to ${SESSION_EPISODES.max - 1} later episodes (a session has ${SESSION_EPISODES.min}-${SESSION_EPISODES.max})`];
  }
  const problems: string[] = [];
  if (!tagged) problems.push(`a session template carries the tag "${SESSION_TAG}" (add it to \`tags\`)`);
  if (def.interaction !== undefined) problems.push('a session template cannot be interactive (`interaction`): its episodes follow one another instead');
  def.nextEpisodes.forEach((e, i) => {
    if (typeof e !== 'object' || e === null) return void problems.push(`episode ${i + 2}: not an object with goal, objective, a judge and an oracle`);
    if (e.between !== undefined && typeof e.between !== 'function') problems.push(`episode ${i + 2}: \`between\` must be a function of { state, p, seed, episode }`);
    if ('interaction' in e) problems.push(`episode ${i + 2}: an episode cannot be interactive (\`interaction\`)`);
    if (e.elapseMs !== undefined && !(Number.isInteger(e.elapseMs) && e.elapseMs >= 0 && e.elapseMs <= MAX_ELAPSE_MS)) problems.push(`episode ${i + 2}: \`elapseMs\` must be a whole number of milliseconds from 0 to ${MAX_ELAPSE_MS} (7 days; got ${JSON.stringify(e.elapseMs)})`);
    // An episode is checked as the task it is played as (its own goal, objective, judge and oracle).
    const asTask = { goal: e.goal, objective: e.objective, difficulty: def.difficulty, apps: def.apps, maxSteps: def.maxSteps, criteria: e.criteria, checkGoals: e.checkGoals, isSuccessful: e.isSuccessful, answer: e.answer, oracle: e.oracle };
    problems.push(...validate(asTask).map((m) => `episode ${i + 2}: ${m}`));
  });
  return problems;
}
