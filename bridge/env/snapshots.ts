/**
 * Snapshots by id, held on the Node side: `take` keeps the whole phone of one env (its page's
 * `snapshot()`: state, route, clock, answer sheet, overlays, scroll offsets, the apps' memory)
 * with what its caller keeps beside it (an episode's scripted contacts, its step count), `restore`
 * brings any env of the pool back to it in place, and `fork` gives n envs in that state at once.
 *
 * The store is bounded (least recently used first out, by count and by bytes) and ids can be
 * released; an id it no longer has is a clear `unknown_snapshot` error, never a silent reset.
 *
 *   const store = new SnapshotStore<EpisodeExtra>();
 *   const id = await store.take(env, extra);
 *   const extra2 = await store.restore(id, otherEnv);
 *   const envs = await forkEnvs(store, id, 8, pool);
 */
import { randomBytes } from 'node:crypto';
import { PhonegymError } from '../protocol/errors.ts';
import type { Env, EnvSource } from './types.ts';

export class SnapshotError extends PhonegymError {
  override name = 'SnapshotError';
}

export interface SnapshotStoreOptions {
  /** How many snapshots are kept (default 256). */
  maxSnapshots?: number;
  /** How many bytes of snapshots are kept (default 256 MB). */
  maxBytes?: number;
}

interface Kept<X> {
  page: string;
  extra: X;
  bytes: number;
}

/** A snapshot taken out of the store by `hold`: restore it with `env.restore(held.page)`. */
export interface HeldSnapshot<X> {
  id: string;
  page: string;
  extra: X;
}

export const DEFAULT_MAX_SNAPSHOTS = 256;
export const DEFAULT_MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

export class SnapshotStore<X = null> {
  /** Insertion order is recency: a use moves an id to the end, eviction takes from the front. */
  private readonly kept = new Map<string, Kept<X>>();
  private bytes = 0;
  readonly maxSnapshots: number;
  readonly maxBytes: number;

  constructor(opts: SnapshotStoreOptions = {}) {
    this.maxSnapshots = opts.maxSnapshots ?? DEFAULT_MAX_SNAPSHOTS;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_SNAPSHOT_BYTES;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Snapshots `env` (needs `capabilities.snapshot`) and keeps `extra` beside it, as given: pass data nobody changes afterwards. */
  async take(env: Env, extra: X): Promise<string> {
    if (!env.capabilities.snapshot) throw new SnapshotError(`${env.deviceId} cannot take snapshots (a real phone has no state tree to capture)`, { code: 'snapshot_unsupported' });
    const page = await env.snapshot();
    const id = `snap_${randomBytes(8).toString('hex')}`;
    const entry = { page, extra, bytes: page.length * 2 };
    this.kept.set(id, entry);
    this.bytes += entry.bytes;
    this.evict(id);
    return id;
  }

  has(id: string): boolean {
    return this.kept.has(id);
  }

  /** Throws the `unknown_snapshot` error when `id` is not kept. */
  assertKept(id: string): void {
    this.use(id);
  }

  /** Brings `env` back to snapshot `id` in place and returns what was kept beside it (the same object: copy before changing it). */
  async restore(id: string, env: Env): Promise<X> {
    const entry = this.use(id);
    await env.restore(entry.page);
    return entry.extra;
  }

  /**
   * Snapshot `id` as it is now, held by the caller: it stays restorable by `restoreHeld` whatever the
   * store evicts later (a fork that brings its phones to the snapshot only when each is first used).
   */
  hold(id: string): HeldSnapshot<X> {
    const entry = this.use(id);
    return { id, page: entry.page, extra: entry.extra };
  }

  /** Forgets `id`; false when it was not kept. */
  release(id: string): boolean {
    const entry = this.kept.get(id);
    if (!entry) return false;
    this.kept.delete(id);
    this.bytes -= entry.bytes;
    return true;
  }

  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }

  private use(id: string): Kept<X> {
    const entry = this.kept.get(id);
    if (!entry) {
      throw new SnapshotError(
        `unknown snapshot id ${JSON.stringify(String(id).slice(0, 80))}: it was never taken here, was released, or was evicted (this store keeps the latest ${this.maxSnapshots} snapshots, at most ${Math.round(this.maxBytes / 1048576)} MB). Take a new snapshot`,
        { code: 'unknown_snapshot' },
      );
    }
    this.kept.delete(id);
    this.kept.set(id, entry);
    return entry;
  }

  /** Drops the least recently used snapshots until the store is within its bounds (never `keep`). */
  private evict(keep: string): void {
    for (const [id, entry] of this.kept) {
      if (this.kept.size <= this.maxSnapshots && this.bytes <= this.maxBytes) return;
      if (id === keep) continue;
      this.kept.delete(id);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * n envs of `source` in snapshot `id`'s state, restored at once (each acquired: the caller
 * releases them). If a restore fails, the envs acquired so far are given back before it throws.
 */
export async function forkEnvs<E extends Env, X>(store: SnapshotStore<X>, id: string, n: number, source: EnvSource<E>): Promise<{ env: E; extra: X }[]> {
  if (!Number.isInteger(n) || n < 1) throw new SnapshotError(`fork needs a whole number of copies, at least 1 (got ${n})`, { code: 'invalid_params' });
  store.assertKept(id); // before any env is taken
  const envs = await Promise.all(Array.from({ length: n }, () => source.acquire()));
  try {
    return await Promise.all(envs.map(async (env) => ({ env, extra: await store.restore(id, env) })));
  } catch (e) {
    for (const env of envs) source.release(env);
    throw e;
  }
}
