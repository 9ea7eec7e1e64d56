/**
 * A deep link's back stack, from where each screen is reached: the path's parents up to a tab's
 * root (whose parent is null), then the path, so that back from a screen reached by
 * `reset(route)` walks up the way a user came down. Each app says its screens' parents.
 */
export function stackFromParents(path: string, parentOf: (path: string) => string | null): string[] {
  const parent = parentOf(path);
  return parent === null ? [path] : [...stackFromParents(parent, parentOf), path];
}
