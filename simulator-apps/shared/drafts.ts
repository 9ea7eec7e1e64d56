/**
 * Edit forms keep a draft beside the record it started from; a form is dirty (back asks
 * before it throws the draft away) while the two differ.
 */

/** Deep equality of two plain-JSON drafts (object keys in any order, arrays in order). */
export function sameDraft<T>(a: T, b: T): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameDraft((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
