/**
 * The import boundaries (who may import whom), checked in `npm run check`:
 *   bridge/protocol  → nothing outside itself (the wire types everyone shares)
 *   bridge/judge     → bridge/protocol only: a pure module, no Node, browser, Svelte or Playwright
 *   simulator-apps, web → no Node built-ins, no Node-only packages, of bridge/ only bridge/protocol
 *   bridge (Node)    → never a .svelte component or .svelte.ts rune module
 *   tasks            → the task API, judge helpers, protocol and the apps' pure modules only
 * and determinism: no Math.random in the apps or the tasks (a seeded Rng makes every choice).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../paths.ts';

const NODE_ONLY_PACKAGES = ['playwright', 'playwright-core', '@playwright/test', 'ws', '@devicefarmer/adbkit', 'tsx', 'vite', 'vitest'];
const IMPORT_RE = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|svelte|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

interface Rule {
  scope: string;
  check(spec: string, target: string | null, file: string): string | null;
}

const isNodeBuiltin = (s: string) => s.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'child_process', 'http', 'net', 'url', 'util', 'stream', 'zlib', 'worker_threads'].includes(s);
const isTest = (f: string) => /\.test\.ts$/.test(f);

const rules: Rule[] = [
  {
    scope: 'bridge/protocol/',
    check: (spec, target) => (target === null ? `imports the package "${spec}"` : !target.startsWith('bridge/protocol/') ? `imports ${target}` : null),
  },
  {
    scope: 'bridge/judge/',
    check: (spec, target) =>
      target === null ? `imports the package "${spec}" (the judge is pure)` : !target.startsWith('bridge/protocol/') && !target.startsWith('bridge/judge/') ? `imports ${target} (the judge may import only bridge/protocol)` : null,
  },
  ...['simulator-apps/', 'web/'].map((scope) => ({
    scope,
    check: (spec: string, target: string | null) => {
      if (target === null) {
        if (isNodeBuiltin(spec)) return `imports the Node built-in "${spec}" (browser code)`;
        if (NODE_ONLY_PACKAGES.some((p) => spec === p || spec.startsWith(p + '/'))) return `imports the Node-only package "${spec}"`;
        return null;
      }
      if (target.startsWith('bridge/') && !target.startsWith('bridge/protocol/')) return `imports ${target} (browser code reaches the bridge only through bridge/protocol)`;
      if (target.startsWith('tasks/')) return `imports ${target}`;
      return null;
    },
  })),
  {
    scope: 'bridge/',
    check: (_spec, target) => (target && (/\.svelte$/.test(target) || /\.svelte\.ts$/.test(target)) ? `imports the browser module ${target}` : null),
  },
  {
    scope: 'tasks/',
    check: (spec, target) => {
      if (target === null) return isNodeBuiltin(spec) || NODE_ONLY_PACKAGES.includes(spec) ? `imports "${spec}" (tasks are pure definitions)` : null;
      if (/\.svelte(\.ts)?$/.test(target)) return `imports the browser module ${target}`;
      const ok = ['bridge/tasks/api.ts', 'bridge/judge/', 'bridge/protocol/', 'simulator-apps/', 'tasks/'].some((p) => target.startsWith(p));
      return ok ? null : `imports ${target} (tasks may import the task API, judge helpers, protocol and app data modules)`;
    },
  },
];

export function checkBoundaries(root = REPO_ROOT): string[] {
  const problems: string[] = [];
  const rel = (p: string) => relative(root, p).replaceAll('\\', '/');
  for (const top of ['bridge', 'simulator-apps', 'web', 'tasks']) {
    let files: string[] = [];
    try {
      files = walk(join(root, top));
    } catch {
      continue;
    }
    for (const file of files) {
      if (isTest(file)) continue;
      const r = rel(file);
      const src = readFileSync(file, 'utf8');
      if ((top === 'simulator-apps' || top === 'tasks') && /Math\.random\s*\(/.test(src.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) {
        problems.push(`${r}: calls Math.random (use the seeded Rng: the same seed must give the same state)`);
      }
      for (const m of src.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2];
        const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : null;
        for (const rule of rules) {
          if (!r.startsWith(rule.scope)) continue;
          const why = rule.check(spec, target, r);
          if (why) problems.push(`${r}: ${why}`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const problems = checkBoundaries();
  if (problems.length) {
    console.error(`import boundaries violated (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
