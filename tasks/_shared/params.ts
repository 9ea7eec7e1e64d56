/**
 * Parameter builders every suite's helpers use: one draw that yields a record, spread into
 * parameters named as its fields (`_chat` → chatId, contactId, contactName).
 */
import type { ParamSpec, Rng } from '../../bridge/tasks/types.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

/**
 * The parameter `name` (a virtual `_…` one): `draw` picks one record (or null when the state has
 * none that fits), and each of `fields` becomes the parameter of the same name.
 */
export function spreadParam(name: string, fields: readonly string[], draw: (state: PhoneState, rng: Rng) => object | null): Record<string, ParamSpec> {
  return { [name]: { sampler: draw, fields: Object.fromEntries(fields.map((f) => [f, f])) } };
}

/** The parameter `name`: one of `choices` (records with the same fields), drawn uniformly, each field a parameter. */
export function oneOfParam(name: string, choices: readonly Record<string, unknown>[]): Record<string, ParamSpec> {
  return spreadParam(name, Object.keys(choices[0]), (_state, rng) => rng.pick(choices));
}
