/**
 * Paths into the state tree as the studio shows them: `apps.chat.threads[3].title`,
 * `apps["my-app"]`. The empty string is the root. One format for the tree, the local diff
 * and the change highlights, so a changed path can be looked up directly.
 */
export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function childPath(parent: string, key: PathSegment): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

export function pathOf(segments: readonly PathSegment[]): string {
  let p = '';
  for (const s of segments) p = childPath(p, s);
  return p;
}

/** Every proper prefix of the path, root ('') included, nearest last. */
export function ancestorPaths(segments: readonly PathSegment[]): string[] {
  const out = [''];
  let p = '';
  for (let i = 0; i < segments.length - 1; i++) {
    p = childPath(p, segments[i]!);
    out.push(p);
  }
  return out;
}

/**
 * Reads a path as a judge or a person may write it (`apps.chat.threads[3].title`,
 * `apps.chat.threads.3.title`, `apps/chat/threads/3`, `apps["my-app"]`) and resolves it
 * against `root`, so it can be revealed in the tree. Returns the segments of the deepest
 * node that exists.
 */
export function resolvePath(root: unknown, path: string): PathSegment[] {
  const raw = splitPath(path);
  const out: PathSegment[] = [];
  let node = root;
  for (const s of raw) {
    if (Array.isArray(node)) {
      const i = Number(s);
      if (!Number.isInteger(i) || i < 0 || i >= node.length) break;
      out.push(i);
      node = node[i];
    } else if (typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, s)) {
      out.push(s);
      node = (node as Record<string, unknown>)[s];
    } else {
      break;
    }
  }
  return out;
}

function splitPath(path: string): string[] {
  const out: string[] = [];
  const re = /\[("(?:[^"\\]|\\.)*")\]|\[([^\]]*)\]|([^.[\]/]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(JSON.parse(m[1]) as string);
    else if (m[2] !== undefined) out.push(m[2]);
    else if (m[3] !== undefined) out.push(m[3]);
  }
  return out;
}
