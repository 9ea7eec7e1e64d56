/**
 * Reading a run folder through its contract (bridge/protocol/runFolder.ts): meta.json of this
 * version, every row and every errors.jsonl entry checked, the shards' files with them. merge,
 * `--resume` and the viewer read folders only through here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { envIdOfMeta } from '../protocol/environment.ts';
import { checkErrorEntry, checkMeta, checkResultRow, RunFolderError, type ErrorEntry, type ResultRow } from '../protocol/runFolder.ts';
import { DEFAULT_CONFIG, type RunConfig } from './config.ts';
import type { RunMeta } from './meta.ts';
import { readJsonl } from './output.ts';
import { episodeKey } from './plan.ts';

export interface RunFolder {
  dir: string;
  meta: RunMeta;
  /** Finished rows, one per episode key (the first seen wins), from the top level and the shards. */
  rows: ResultRow[];
  /** Rows whose episode key was already seen (kept out of `rows`, never lost: resume sets them aside). */
  duplicates: ResultRow[];
  errors: ErrorEntry[];
}

export function readMeta(dir: string): RunMeta {
  const file = join(dir, 'meta.json');
  if (!existsSync(file)) throw new UsageError(`${dir} is not a run folder (no meta.json). Pass the folder \`phonegym run\` printed at its end, e.g. runs/20261129_101500`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new RunFolderError(shownPath(file), null, `not valid JSON (${(e as Error).message}); the run folder is damaged`);
  }
  return checkMeta<RunConfig>(value, shownPath(file));
}

export function shardDirs(dir: string): string[] {
  const root = join(dir, 'shards');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => /^p\d+$/.test(n))
    .sort()
    .map((n) => join(root, n));
}

/** A run folder with every row it holds, deduplicated by episode key. */
export function readRunFolder(dirArg: string): RunFolder {
  const dir = resolve(dirArg);
  const meta = readMeta(dir);
  const seen = new Map<string, ResultRow>();
  const rows: ResultRow[] = [];
  const duplicates: ResultRow[] = [];
  for (const [n, d] of [dir, ...shardDirs(dir)].entries()) {
    for (const r of readJsonl(join(d, 'results.jsonl'), checkResultRow).rows) {
      const k = episodeKey(r);
      const before = seen.get(k);
      if (!before) {
        seen.set(k, r);
        rows.push(r);
      } else if (n === 0 || JSON.stringify(before) !== JSON.stringify(r)) {
        // A shard's copy of a row the parent already appended is the same row, not a duplicate.
        duplicates.push(r);
      }
    }
  }
  return { dir, meta, rows, duplicates, errors: readRunErrors(dir) };
}

/** errors.jsonl of a run folder and its shards, each failed attempt once. */
export function readRunErrors(dir: string): ErrorEntry[] {
  const seen = new Set<string>();
  const out: ErrorEntry[] = [];
  for (const d of [dir, ...shardDirs(dir)]) {
    for (const e of readJsonl(join(d, 'errors.jsonl'), checkErrorEntry).rows) {
      const k = `${episodeKey(e)}@${e.attempt ?? 1}:${e.status}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
  }
  return out;
}

/** The config a resume runs with: the folder's own, with the seed it actually used. */
export function configOfRun(meta: RunMeta): RunConfig {
  return { ...DEFAULT_CONFIG, ...meta.config, sampleSeed: meta.config.sampleSeed ?? meta.sample_seed };
}

/**
 * The env id (`name@version+hash`) a run folder's episodes ran in, from its meta.json; null for a
 * folder written before the manifest. For export and any tool that labels a run's records.
 */
export function envIdOfRunFolder(dir: string): string | null {
  return envIdOfMeta(readMeta(resolve(dir)));
}
