// Node module hooks behind the task reloader (taskModules.ts registers them once per process).
// Plain JavaScript: they load in Node's hooks thread before any TypeScript loader may apply.
//
// A file under a task root resolves to `file:///…/X.ts?phonegym-hot=N`, N its current version:
// an edited module, and every module that imports it, gets a new URL and is evaluated again,
// while every other module (the bridge, the apps, packages) resolves as it always does and stays
// the one instance the bridge uses. The versions come from the main thread over a MessagePort;
// back go the imports seen (who imports whom under the roots) and a hash of each file as it was
// loaded, so the main thread knows what an edit invalidates.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const PARAM = 'phonegym-hot';
/** Roots with a trailing separator. */
let roots = [];
const versions = new Map();
/** Since the last message from the main thread: [parent, child] paths, and [path, version, hash]. */
let edges = [];
let loaded = [];

export function initialize(data) {
  const port = data.port;
  port.on('message', (msg) => {
    if (msg.roots) roots = msg.roots;
    for (const [path, version] of msg.versions ?? []) versions.set(path, version);
    port.postMessage({ id: msg.id, edges, loaded });
    edges = [];
    loaded = [];
  });
}

function underRoots(url) {
  if (!url.startsWith('file:')) return null;
  const path = fileURLToPath(url);
  return roots.some((r) => path.startsWith(r)) && !path.includes(`${sep}node_modules${sep}`) ? path : null;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  const path = underRoots(result.url);
  if (path === null) return result;
  const url = new URL(result.url);
  url.searchParams.set(PARAM, String(versions.get(path) ?? 1));
  const parent = context.parentURL ? underRoots(context.parentURL) : null;
  if (parent !== null) edges.push([parent, path]);
  return { ...result, url: url.href };
}

export async function load(url, context, nextLoad) {
  const path = url.includes(`${PARAM}=`) ? underRoots(url) : null;
  if (path !== null) {
    let hash = null;
    try {
      hash = createHash('sha1').update(readFileSync(path)).digest('hex');
    } catch {
      /* gone: the next loader says so */
    }
    loaded.push([path, Number(new URL(url).searchParams.get(PARAM)), hash]);
  }
  return nextLoad(url, context);
}
