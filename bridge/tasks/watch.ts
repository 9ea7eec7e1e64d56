/**
 * Watches task roots for saved module files: one `fs.watch` per folder, since a folder's watch
 * sees a file replaced by a rename (how many editors save) where a watch on the file loses it,
 * and folders are few where files are many (inotify watches are a per-user budget). The bursts an
 * editor or a formatter makes (write, chmod, rename; many files at once) are reported once,
 * `debounceMs` after the last event or `maxWaitMs` after the first. Like a server, the watcher
 * keeps its process alive until `close()` releases every watch (the studio session closes it
 * with the bridge).
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { extname, join, sep } from 'node:path';

export interface TaskRootWatcher {
  /** Folders watched now (0 once closed). */
  readonly folders: number;
  close(): void;
}

export interface WatchOptions {
  debounceMs?: number;
  maxWaitMs?: number;
  /** A folder that cannot be watched (the system's watch limit, permissions); the others go on. */
  onError?: (message: string) => void;
}

const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.json']);
/** Hidden files, backups (`x.ts~`), vim's probe file `4913`, packages. */
const ignored = (name: string) => name.startsWith('.') || name.endsWith('~') || /^\d+$/.test(name) || name === 'node_modules';

/** Calls `onChange` with the changed files and folders (absolute, sorted) after each burst of changes. */
export function watchTaskRoots(roots: string[], onChange: (paths: string[]) => void, opts: WatchOptions = {}): TaskRootWatcher {
  const debounceMs = opts.debounceMs ?? 150;
  const maxWaitMs = opts.maxWaitMs ?? 1000;
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt = 0;
  let closed = false;

  const flush = () => {
    timer = null;
    if (closed || pending.size === 0) return;
    const paths = [...pending].sort();
    pending.clear();
    onChange(paths);
  };

  const note = (path: string) => {
    pending.add(path);
    const now = Date.now();
    if (timer === null) firstAt = now;
    else clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - now)));
  };

  const unwatchTree = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d === dir || d.startsWith(dir + sep)) {
        w.close();
        watchers.delete(d);
      }
    }
  };

  const watchFolder = (dir: string) => {
    if (closed || watchers.has(dir)) return;
    let w: FSWatcher;
    try {
      w = watch(dir, (_event, name) => onEvent(dir, name === null ? null : String(name)));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC') opts.onError?.(`cannot watch ${dir}: the system's limit of file watches is reached (raise fs.inotify.max_user_watches); edits there need ↻`);
      else if (code !== 'ENOENT') opts.onError?.(`cannot watch ${dir}: ${(e as Error).message}`);
      return;
    }
    // A watched folder that goes away may report an error before its parent reports the removal.
    w.on('error', () => unwatchTree(dir));
    watchers.set(dir, w);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory() && !ignored(e.name)) watchFolder(join(dir, e.name));
  };

  const onEvent = (dir: string, name: string | null) => {
    if (closed) return;
    // No name: the kernel's queue overflowed or cannot say; something in the folder changed.
    if (name === null) return note(dir);
    if (ignored(name)) return;
    const path = join(dir, name);
    let isFolder = false;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      /* removed */
    }
    if (isFolder) {
      if (!watchers.has(path)) {
        watchFolder(path);
        note(path);
      }
    } else if (watchers.has(path)) {
      unwatchTree(path);
      note(path);
    } else if (MODULE_EXTENSIONS.has(extname(name))) note(path);
  };

  for (const r of roots) watchFolder(r);

  return {
    get folders() {
      return watchers.size;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
