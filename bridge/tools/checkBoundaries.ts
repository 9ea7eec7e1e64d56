/**
 * The import boundaries (who may import whom), checked in `npm run check`:
 *   bridge/protocol  → nothing outside itself (the wire types everyone shares)
 *   bridge/judge     → bridge/protocol only: a pure module, no Node, browser, Svelte or Playwright
 *   simulator-apps   → no Node built-ins, no Node-only packages, of bridge/ only bridge/protocol
 *   web              → the same, and the pure judge too (the studio diffs and resolves paths with it)
 *   bridge (Node)    → never a .svelte component or .svelte.ts rune module
 *   tasks            → the task API, judge helpers, protocol and the apps' pure modules only
 *   Node → phone     → only the isomorphic modules `simulator-apps/ISOMORPHIC.list` names, and
 *                      those import only the protocol and each other (so they run in Node as is)
 *   inside bridge/   → each folder's `DEPS.list` names the folders its files may import
 *   everywhere       → no import circles (type imports count: a circle of types is a circle of ideas)
 * and determinism: no Math.random in the apps or the tasks (a seeded Rng makes every choice);
 * and size: a source file over 400 lines says at its top why it is one file (`checkFileSizes`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../paths.ts';

const TOP_FOLDERS = ['bridge', 'simulator-apps', 'web', 'tasks'];
const NODE_ONLY_PACKAGES = ['playwright', 'playwright-core', '@playwright/test', 'ws', '@devicefarmer/adbkit', 'tsx', 'vite', 'vitest'];
const IMPORT_RE = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const ISOMORPHIC_LIST = 'simulator-apps/ISOMORPHIC.list';

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|svelte|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

interface Import {
  spec: string;
  /** The repo-relative file for a relative import; null for a package. */
  target: string | null;
}

interface Module {
  file: string;
  imports: Import[];
}

const isNodeBuiltin = (s: string) => s.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'child_process', 'http', 'net', 'url', 'util', 'stream', 'zlib', 'worker_threads'].includes(s);
const isTest = (f: string) => /\.test\.ts$/.test(f);
const isBrowserModule = (f: string) => /\.svelte$/.test(f) || /\.svelte\.ts$/.test(f);
const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');

/** A list file's entries: one per line, `#` starts a comment. */
function listEntries(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** `simulator-apps/*\/logic.ts` style globs: `*` is one path segment. */
function globRe(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
}

type Rule = (m: Module, i: Import) => string | null;

const rules: { scope: string; rule: Rule }[] = [
  {
    scope: 'bridge/protocol/',
    rule: (_m, i) => (i.target === null ? `imports the package "${i.spec}"` : !i.target.startsWith('bridge/protocol/') ? `imports ${i.target}` : null),
  },
  {
    scope: 'bridge/judge/',
    rule: (_m, i) =>
      i.target === null ? `imports the package "${i.spec}" (the judge is pure)` : !i.target.startsWith('bridge/protocol/') && !i.target.startsWith('bridge/judge/') ? `imports ${i.target} (the judge may import only bridge/protocol)` : null,
  },
  ...['simulator-apps/', 'web/'].map((scope) => ({
    scope,
    rule: (_m: Module, i: Import) => {
      if (i.target === null) {
        if (isNodeBuiltin(i.spec)) return `imports the Node built-in "${i.spec}" (browser code)`;
        if (NODE_ONLY_PACKAGES.some((p) => i.spec === p || i.spec.startsWith(p + '/'))) return `imports the Node-only package "${i.spec}"`;
        return null;
      }
      const reach = scope === 'web/' ? ['bridge/protocol/', 'bridge/judge/'] : ['bridge/protocol/'];
      if (i.target.startsWith('bridge/') && !reach.some((r) => i.target!.startsWith(r))) return `imports ${i.target} (${scope === 'web/' ? 'web code reaches the bridge only through bridge/protocol and the pure bridge/judge' : 'browser code reaches the bridge only through bridge/protocol'})`;
      if (i.target.startsWith('tasks/')) return `imports ${i.target}`;
      return null;
    },
  })),
  {
    scope: 'bridge/',
    rule: (_m, i) => (i.target && isBrowserModule(i.target) ? `imports the browser module ${i.target}` : null),
  },
  {
    scope: 'tasks/',
    rule: (_m, i) => {
      if (i.target === null) return isNodeBuiltin(i.spec) || NODE_ONLY_PACKAGES.includes(i.spec) ? `imports "${i.spec}" (tasks are pure definitions)` : null;
      if (isBrowserModule(i.target)) return `imports the browser module ${i.target}`;
      const ok = ['bridge/tasks/api.ts', 'bridge/tasks/types.ts', 'bridge/judge/', 'bridge/protocol/', 'simulator-apps/', 'tasks/'].some((p) => i.target!.startsWith(p));
      return ok ? null : `imports ${i.target} (tasks may import the task API, judge helpers, protocol and app data modules)`;
    },
  },
];

/** Node code (bridge/, tasks/) reaches the phone only through its declared isomorphic modules. */
function isomorphicRules(root: string): Rule[] {
  const path = join(root, ISOMORPHIC_LIST);
  if (!existsSync(path)) return [];
  const globs = listEntries(path).map(globRe);
  const isomorphic = (f: string) => !isBrowserModule(f) && globs.some((g) => g.test(f));
  return [
    (m, i) => {
      const node = m.file.startsWith('bridge/') || m.file.startsWith('tasks/');
      if (!node || !i.target?.startsWith('simulator-apps/') || isomorphic(i.target)) return null;
      return `imports ${i.target}, which is not one of the phone's isomorphic modules (${ISOMORPHIC_LIST}): Node may import only those`;
    },
    (m, i) => {
      if (!isomorphic(m.file)) return null;
      if (i.target === null) return `imports the package "${i.spec}" (an isomorphic module imports only the protocol and other isomorphic modules)`;
      if (i.target.startsWith('bridge/protocol/') || isomorphic(i.target)) return null;
      return `imports ${i.target} (an isomorphic module imports only bridge/protocol and the modules ${ISOMORPHIC_LIST} names)`;
    },
  ];
}

/**
 * `bridge/<folder>/DEPS.list` names the folders (or files) its files may import besides their own
 * folder; a subfolder without one follows its parent's. A bridge folder without any is refused,
 * so a new folder has to say where it stands.
 */
function depsRules(root: string, modules: Module[]): { rule: Rule; problems: string[] } {
  const problems: string[] = [];
  const lists = new Map<string, string[]>();
  if (!existsSync(join(root, 'bridge'))) return { rule: () => null, problems };
  const folders = readdirSync(join(root, 'bridge')).filter((n) => statSync(join(root, 'bridge', n)).isDirectory());
  const anyList = folders.some((n) => existsSync(join(root, 'bridge', n, 'DEPS.list')));
  if (!anyList) return { rule: () => null, problems };
  for (const name of folders) {
    const path = join(root, 'bridge', name, 'DEPS.list');
    if (!existsSync(path)) {
      if (modules.some((m) => m.file.startsWith(`bridge/${name}/`) && /\.(ts|mjs)$/.test(m.file))) problems.push(`bridge/${name}/: has no DEPS.list (name the folders its files may import, one per line)`);
      continue;
    }
    lists.set(`bridge/${name}/`, listEntries(path));
  }
  const rule: Rule = (m, i) => {
    if (!m.file.startsWith('bridge/') || i.target === null || !/^(bridge|simulator-apps|tasks)\//.test(i.target)) return null;
    const folder = [...lists.keys()].find((f) => m.file.startsWith(f));
    if (!folder || i.target.startsWith(folder)) return null;
    const allowed = lists.get(folder)!;
    if (allowed.some((a) => i.target === a || i.target!.startsWith(a.endsWith('.ts') ? a : `${a}/`))) return null;
    return `imports ${i.target} (${folder}DEPS.list allows ${allowed.join(', ') || 'nothing outside the folder'})`;
  };
  return { rule, problems };
}

/** Every circle of imports, each once, as `a → b → … → a` (Tarjan's strongly connected components). */
export function importCircles(modules: Module[]): string[][] {
  const edges = new Map(modules.map((m) => [m.file, [...new Set(m.imports.map((i) => i.target).filter((t): t is string => t !== null && t !== m.file))]]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(shortestCycle(component.sort(), edges));
  };
  for (const m of [...edges.keys()].sort()) if (!index.has(m)) visit(m);
  return circles;
}

/** The shortest circle through the component's first file (a readable witness of the component). */
function shortestCycle(component: string[], edges: Map<string, string[]>): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component, start];
}

export function readModules(root: string): Module[] {
  const rel = (p: string) => relative(root, p).replaceAll('\\', '/');
  const modules: Module[] = [];
  for (const top of TOP_FOLDERS) {
    if (!existsSync(join(root, top))) continue;
    for (const file of walk(join(root, top))) {
      if (isTest(file)) continue;
      const src = stripComments(readFileSync(file, 'utf8'));
      const imports = [...src.matchAll(IMPORT_RE)].map((m) => {
        const spec = m[1] ?? m[2]!;
        return { spec, target: spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : null };
      });
      modules.push({ file: rel(file), imports });
    }
  }
  return modules;
}

export function checkBoundaries(root = REPO_ROOT): string[] {
  const modules = readModules(root);
  const deps = depsRules(root, modules);
  const problems = [...deps.problems];
  const global = [...isomorphicRules(root), deps.rule];
  for (const m of modules) {
    if ((m.file.startsWith('simulator-apps/') || m.file.startsWith('tasks/')) && /Math\.random\s*\(/.test(stripComments(readFileSync(join(root, m.file), 'utf8')))) {
      problems.push(`${m.file}: calls Math.random (use the seeded Rng: the same seed must give the same state)`);
    }
    for (const i of m.imports) {
      for (const { scope, rule } of rules) {
        if (!m.file.startsWith(scope)) continue;
        const why = rule(m, i);
        if (why) problems.push(`${m.file}: ${why}`);
      }
      for (const rule of global) {
        const why = rule(m, i);
        if (why) problems.push(`${m.file}: ${why}`);
      }
    }
  }
  for (const circle of importCircles(modules)) problems.push(`import circle: ${circle.join(' → ')} (break it: move what both need into a third module)`);
  return problems;
}

/** A source file longer than this says at its top why (the words `Long file:` and a reason). */
export const MAX_FILE_LINES = 400;

/** Source files (tests included) over MAX_FILE_LINES lines without a written reason in their first 20 lines. */
export function checkFileSizes(root = REPO_ROOT): string[] {
  const problems: string[] = [];
  for (const top of [...TOP_FOLDERS, 'test']) {
    if (!existsSync(join(root, top))) continue;
    for (const file of walk(join(root, top))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      if (lines.length <= MAX_FILE_LINES) continue;
      if (lines.slice(0, 20).some((l) => /Long file: \S/.test(l))) continue;
      problems.push(`${relative(root, file).replaceAll('\\', '/')}: ${lines.length} lines, over ${MAX_FILE_LINES}: split it, or say at its top why not ("Long file: <reason>")`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const problems = [...checkBoundaries(), ...checkFileSizes()];
  if (problems.length) {
    console.error(`house rules violated (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
