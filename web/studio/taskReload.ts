/**
 * What a reload of the task files (the bridge's `tasksChanged`) means for Author mode: the task
 * set up on the phone changed, so it is set up again with the same seed, or it cannot be (it
 * broke, it is gone, or the author is in the middle of a call), and the studio says which.
 */
import type { EpisodeInfo, TaskInfo } from '../../bridge/protocol/messages.ts';

/** Set the task up again, or just say why not; null when the task set up did not change. */
export type ReloadPlan = { setupAgain: { taskId: string; seed: number } } | { note: string } | null;

export function afterTasksChanged(episode: EpisodeInfo | null, tasks: TaskInfo[], changed: string[], busy: boolean): ReloadPlan {
  if (!episode || !changed.includes(episode.taskId)) return null;
  const id = episode.taskId;
  const task = tasks.find((t) => t.id === id);
  if (!task) return { note: `${id} is gone from the task files; the phone keeps its last set-up.` };
  if (task.broken) return { note: `${id} no longer loads; the phone keeps its last set-up.` };
  if (busy) return { note: `${id} changed on disk: press Set up again.` };
  return { setupAgain: { taskId: id, seed: episode.seed } };
}

export function reloadedNote(seed: number): string {
  return `The task file changed: set up again with seed ${seed}.`;
}
