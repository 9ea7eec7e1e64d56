/**
 * An interactive task's scripted counterpart (a contact who answers, a shop that confirms): asked
 * after every step what the world does next. The episode loop and a fork's replay share it.
 */
import { PhonegymError } from '../protocol/errors.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { PhoneState } from '../protocol/state.ts';
import type { LoadedTask } from '../tasks/registry.ts';

export interface InteractionRun {
  memory: Record<string, unknown>;
  delivered: EnvironmentEvent[];
  done: boolean;
}

/** Asks an interactive task's script what the world does after step `step`; a throwing script is `interaction_error`. */
export function interactionEvents(task: LoadedTask, params: Record<string, unknown>, run: InteractionRun, init: PhoneState, state: PhoneState, step: number): EnvironmentEvent[] {
  if (run.done || !task.def.interaction) return [];
  let reply;
  try {
    reply = task.def.interaction.respond({ p: params, init, state, delivered: run.delivered, memory: run.memory, step });
  } catch (e) {
    throw new PhonegymError(`the task's interaction script threw at step ${step}: ${(e as Error).message}`, { code: 'interaction_error' });
  }
  if (reply?.done) run.done = true;
  const events = reply?.events ?? [];
  run.delivered.push(...events);
  return events;
}
