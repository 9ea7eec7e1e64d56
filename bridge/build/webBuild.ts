/**
 * Builds the browser pages (phone, studio) with Vite when their sources changed, and names the
 * build by a content hash of those sources: the `app_build` hash recorded in every run's meta.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, WEB_DIST } from '../paths.ts';

const HASH_FILE = '.build-hash';
const BUILD_FLAVOUR = 'production';
const SOURCE_ROOTS = ['web', 'simulator-apps', 'bridge/protocol', 'bridge/judge', 'vite.config.ts', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', '.git']);

function listFiles(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isFile()) {
    out.push(path);
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (SKIP.has(name) || name.endsWith('.test.ts')) continue;
    listFiles(join(path, name), out);
  }
}

/** sha256 over the relative paths and contents of everything that goes into the web build. */
export function webSourceHash(): string {
  const files: string[] = [];
  for (const r of SOURCE_ROOTS) listFiles(join(REPO_ROOT, r), files);
  const h = createHash('sha256');
  // The flavour goes into the name, so a dev-mode build an earlier version left is never reused.
  h.update(`${BUILD_FLAVOUR}\0`);
  for (const f of files) {
    h.update(relative(REPO_ROOT, f).replaceAll('\\', '/'));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

export interface WebBuild {
  dir: string;
  hash: string;
  built: boolean;
}

export function currentWebBuild(): { dir: string; hash: string } | null {
  const file = join(WEB_DIST, HASH_FILE);
  if (!existsSync(file)) return null;
  return { dir: WEB_DIST, hash: readFileSync(file, 'utf8').trim() };
}

/** Builds dist/web unless it is already built from the current sources. */
export async function ensureWebBuild(opts: { force?: boolean; log?: (s: string) => void } = {}): Promise<WebBuild> {
  const hash = webSourceHash();
  const current = currentWebBuild();
  if (!opts.force && current?.hash === hash && existsSync(join(WEB_DIST, 'phone.html'))) {
    return { dir: WEB_DIST, hash, built: false };
  }
  opts.log?.('building the phone and studio pages (vite)…');
  const { build } = await import('vite');
  // Build beside the live folder and swap, so a concurrent reader never sees a half-written build.
  const tmp = `${WEB_DIST}.tmp-${process.pid}`;
  // Always a production build. Vite and Svelte take the flavour from NODE_ENV when it is set, and
  // vitest sets it to "test": a build made inside a test run compiled every component in Svelte's
  // dev mode (its checks and tracing make a reset ~1.4x slower), and the hash then kept that
  // build for every later run, bench and user.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: tmp, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(join(tmp, HASH_FILE), hash + '\n');
  const old = `${WEB_DIST}.old-${process.pid}`;
  if (existsSync(WEB_DIST)) renameSync(WEB_DIST, old);
  renameSync(tmp, WEB_DIST);
  rmSync(old, { recursive: true, force: true });
  return { dir: WEB_DIST, hash, built: true };
}
