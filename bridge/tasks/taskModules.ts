/**
 * Fresh imports of task modules, for hot reload in the studio. Node keeps every ES module it
 * evaluated, by URL, for the life of the process, and offers no way to drop one: a task file can
 * only be evaluated again under another URL, and so must every module between it and the edit
 * (`X.ts?v=2` still imports the cached `./_helpers.ts`). The hooks in reloadHooks.mjs give each
 * module under a task root a versioned URL; this module decides the versions.
 *
 * A module's version goes up when its content hash differs from the one it was loaded with, and
 * so does every module under the roots that imports it (directly or through others), learnt from
 * the resolutions the hooks saw. Nothing else is evaluated again: a reload without an edit loads
 * nothing, and an edit loads the edited file and its importers, once. That is the memory a reload
 * costs; modules outside the roots (the task API, the apps' logic) are never loaded twice.
 *
 * Once a root is known, every import of a module under it in this process resolves to the
 * module's current version, a plain `loadRegistry` too. Under a bundler's module runner (vitest)
 * imports bypass Node's hooks: the task file itself is versioned (its URL carries the version)
 * but the modules it imports are not; Playwright's test loader keeps the first compilation of a
 * file whatever is saved later, so a studio hot-reloads only where tsx loads the tasks.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { resolve as resolvePath, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

const PARAM = 'phonegym-hot';

interface HookReport {
  id: number;
  edges: [string, string][];
  loaded: [string, number, string | null][];
}

function contentHash(path: string): string | null {
  try {
    return createHash('sha1').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}

/** The URL a task module is imported under at `version` (its query carries the version). */
function versionedUrl(path: string, version: number): string {
  return `${pathToFileURL(path).href}?${PARAM}=${version}`;
}

/** A path from a versioned URL or a file name with the reloader's query, as people read it. */
export function withoutVersion(text: string): string {
  return text.replace(new RegExp(`\\?${PARAM}=\\d+`, 'g'), '');
}

class TaskModules {
  private port: MessagePort | null = null;
  private roots = new Set<string>();
  /** Absent: 1, the first version a module is loaded under through the hooks. */
  private versions = new Map<string, number>();
  /** The content hash each module had when its current version was loaded. */
  private stamps = new Map<string, string | null>();
  /** Module → the modules under the roots it imports. */
  private deps = new Map<string, Set<string>>();
  /** Task files whose last import threw (a reload tries them again when anything changed). */
  private failed = new Set<string>();
  private nextId = 1;
  /** Module versions the hooks have loaded so far (what reloads cost, for tests and docs/tasks.md). */
  loads = 0;
  private waiting = new Map<number, (r: HookReport) => void>();

  version(path: string): number {
    return this.versions.get(resolvePath(path)) ?? 1;
  }

  /**
   * Before a batch of imports under `root`: bumps the version of every module whose file
   * changed since it was loaded (and of its importers), and tells the hooks. `files` are the
   * task files about to be imported. Returns the modules whose version went up.
   */
  async refresh(root: string, files: string[]): Promise<Set<string>> {
    const prefix = resolvePath(root) + sep;
    const taskFiles = files.map((f) => resolvePath(f));
    this.roots.add(prefix);
    await this.send({});
    for (const f of this.failed) if (!existsSync(f)) this.failed.delete(f);
    const known = new Set([...this.stamps.keys()].filter((p) => p.startsWith(prefix)));
    const edited = [...known].filter((p) => contentHash(p) !== this.stamps.get(p));
    // A file that failed may have failed for a reason outside itself (a missing import now written).
    const unknownFiles = taskFiles.some((f) => !known.has(f) && !this.failed.has(f));
    if (edited.length > 0 || unknownFiles) edited.push(...[...this.failed].filter((f) => f.startsWith(prefix)));
    const bumped = this.withImporters(edited);
    for (const p of bumped) {
      this.versions.set(p, this.version(p) + 1);
      this.stamps.delete(p);
    }
    await this.send({ versions: [...bumped].map((p) => [p, this.version(p)]) });
    return bumped;
  }

  /** Imports a task file at its current version (call `refresh` first). */
  async import(file: string): Promise<unknown> {
    const path = resolvePath(file);
    const version = this.version(path);
    if (!this.stamps.has(path)) this.stamps.set(path, contentHash(path));
    try {
      const mod = await import(versionedUrl(path, version));
      this.failed.delete(path);
      return mod;
    } catch (e) {
      this.failed.add(path);
      throw e;
    }
  }

  /** After a batch of imports: learns what the hooks saw (imports, the hashes of files loaded). */
  async settle(): Promise<void> {
    if (this.port) await this.send({});
  }

  private withImporters(paths: Iterable<string>): Set<string> {
    const importers = new Map<string, string[]>();
    for (const [parent, children] of this.deps) for (const c of children) importers.set(c, [...(importers.get(c) ?? []), parent]);
    const out = new Set<string>();
    const visit = (p: string) => {
      if (out.has(p)) return;
      out.add(p);
      for (const parent of importers.get(p) ?? []) visit(parent);
    };
    for (const p of paths) visit(p);
    return out;
  }

  /** One round trip to the hooks: they apply the update, then report what they saw since the last one. */
  private async send(update: { versions?: [string, number][] }): Promise<void> {
    const port = this.hooks();
    const id = this.nextId++;
    const report = await new Promise<HookReport>((resolve) => {
      this.waiting.set(id, resolve);
      // Held while an answer is due (a script awaiting a reload must not exit under it), never after.
      port.ref();
      port.postMessage({ id, roots: [...this.roots], ...update });
    });
    // Imports only accumulate: one dropped since costs a needless reload, never a stale module.
    for (const [parent, child] of report.edges) {
      if (!this.deps.has(parent)) this.deps.set(parent, new Set());
      this.deps.get(parent)!.add(child);
    }
    for (const [path, version, hash] of report.loaded) {
      this.loads++;
      if (version === this.version(path)) this.stamps.set(path, hash);
    }
  }

  private hooks(): MessagePort {
    if (this.port) return this.port;
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (r: HookReport) => {
      this.waiting.get(r.id)?.(r);
      this.waiting.delete(r.id);
      if (this.waiting.size === 0) port1.unref();
    });
    register(new URL('./reloadHooks.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] });
    this.port = port1;
    return port1;
  }
}

/** One per process: the hooks and the versions are the process's, whichever registry asks. */
export const taskModules = new TaskModules();
