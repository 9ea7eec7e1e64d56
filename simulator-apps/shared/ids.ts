/**
 * Record ids as the apps mint them: a prefix and a zero-padded serial (`c_07`, `b_0123`). A new
 * id is one past the largest serial in use with that prefix, so deleting a record never makes
 * an id come back while a later one exists, and a seeded state gives the same ids every time.
 */

/** The largest serial among `ids` that start with `prefix` (0 when there is none). */
export function maxSuffix(ids: Iterable<string>, prefix: string): number {
  let max = 0;
  for (const id of ids) {
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isSafeInteger(n) && n > max) max = n;
  }
  return max;
}

/** `nextId(['c_01', 'c_07'], 'c_', 2)` → `c_08`. */
export function nextId(ids: Iterable<string>, prefix: string, width: number): string {
  return `${prefix}${String(maxSuffix(ids, prefix) + 1).padStart(width, '0')}`;
}
