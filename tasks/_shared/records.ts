/**
 * Small pure pieces every suite's samplers and checks share: new records between two states,
 * one pick from a list that may be empty.
 */
import type { Rng } from '../../bridge/tasks/types.ts';

/** Records in `after` whose id is not in `before` (what a task added), in `after`'s order. */
export function addedRecords<T extends { id: string }>(before: readonly T[], after: readonly T[]): T[] {
  const ids = new Set(before.map((x) => x.id));
  return after.filter((x) => !ids.has(x.id));
}

/** One of `items`, or null when there is none (a sampler that finds nothing yields no instance). */
export function pickOrNull<T>(rng: Rng, items: readonly T[]): T | null {
  return items.length ? rng.pick(items) : null;
}

/** The record with this id; a task that names a record that is not there is broken, so this throws (`no <what> <id>`). */
export function byId<T extends { id: string }>(items: readonly T[], id: string, what: string): T {
  const x = items.find((r) => r.id === id);
  if (!x) throw new Error(`no ${what} ${id}`);
  return x;
}

/** Those of `items` whose name no other item has and that satisfy `where`, in order (a goal that names one is unambiguous). */
export function uniquelyNamed<T>(items: readonly T[], nameOf: (x: T) => string, where: (x: T) => boolean = () => true): T[] {
  const count = new Map<string, number>();
  for (const x of items) count.set(nameOf(x), (count.get(nameOf(x)) ?? 0) + 1);
  return items.filter((x) => count.get(nameOf(x)) === 1 && where(x));
}

/** One of a look-alike pair, drawn, and its twin (a trap's goal names the one; the other must stay untouched). */
export function oneAndTwin<T>(rng: Rng, pair: readonly T[]): [T, T] {
  const i = rng.int(0, 1);
  return [pair[i], pair[1 - i]];
}
