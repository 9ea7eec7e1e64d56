/**
 * Splits: whitelists of task ids in `tasks/splits/<name>.txt`, one id per line (`#` starts a
 * comment). `--split test+payment` is the union of two splits. Every id must exist: a stale line
 * is an error naming the file and line. Two directives:
 *
 *   @include <split>       every id of another split (a split made of others, e.g. `test`)
 *   @seeds held-out|train  the instance seeds a run of this split draws (see `streamSeed`):
 *                          held-out seeds are never a train seed, so `test-new-instance` (the
 *                          train templates on held-out seeds) shares no phone with training
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { REPO_ROOT } from '../paths.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { SEED_STREAMS, type SeedStream } from './seeds.ts';

export function splitNames(root: string): string[] {
  const dir = join(root, 'splits');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
}

export interface Split {
  ids: Set<string>;
  /** The seed stream its runs draw from, or null (any seed: `--sample-seed` as given). */
  seeds: SeedStream | null;
}

/** The task ids of `spec` (`a` or `a+b+…`), checked against the known ids, and the seed stream they share. */
export function readSplit(root: string, spec: string, knownIds: readonly string[]): Split {
  const names = splitNames(root);
  const out: Split = { ids: new Set(), seeds: null };
  const streams = new Map<string, SeedStream | null>();
  const read = (name: string, from: string[]): void => {
    if (!names.includes(name)) {
      const where = from.length ? `${from.at(-1)}: ` : '';
      throw new UsageError(`${where}unknown split "${name}"${didYouMean(name, names)}. Splits: ${names.join(', ') || `(none: add ${relative(REPO_ROOT, join(root, 'splits'))}/<name>.txt)`}`);
    }
    if (from.some((f) => f.startsWith(`${name}.txt`))) throw new UsageError(`split "${name}" includes itself (${[...from, name].join(' → ')}): remove the @include that closes the circle`);
    const file = join(root, 'splits', `${name}.txt`);
    const shown = relative(REPO_ROOT, file);
    let seeds: SeedStream | null = null;
    readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) return;
      const at = `${shown}:${i + 1}`;
      const directive = /^@(\S+)\s*(.*)$/.exec(line);
      if (directive) {
        const [, word, arg] = directive;
        if (word === 'include') return read(arg!, [...from, `${name}.txt:${i + 1}`]);
        if (word === 'seeds') {
          if (!(SEED_STREAMS as readonly string[]).includes(arg!)) throw new UsageError(`${at}: @seeds takes ${SEED_STREAMS.join(' or ')}, got "${arg}"`);
          seeds = arg as SeedStream;
          return;
        }
        throw new UsageError(`${at}: unknown directive @${word} (a split knows @include <split> and @seeds ${SEED_STREAMS.join('|')})`);
      }
      if (!knownIds.includes(line)) throw new UsageError(`${at}: unknown task id "${line}"${didYouMean(line, knownIds)}. Fix or remove the line.`);
      out.ids.add(line);
    });
    if (from.length === 0) streams.set(name, seeds);
  };
  for (const name of spec.split('+').map((s) => s.trim()).filter(Boolean)) read(name, []);
  const distinct = [...new Set(streams.values())];
  if (distinct.length > 1) {
    throw new UsageError(`--split ${spec} joins splits drawn from different seeds (${[...streams].map(([n, s]) => `${n}: ${s ?? 'any'}`).join(', ')}): run them apart`);
  }
  out.seeds = distinct[0] ?? null;
  return out;
}

/** The task ids of `spec` (see `readSplit`). */
export function resolveSplit(root: string, spec: string, knownIds: readonly string[]): Set<string> {
  return readSplit(root, spec, knownIds).ids;
}
