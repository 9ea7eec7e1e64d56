/**
 * Splits: whitelists of task ids in `tasks/splits/<name>.txt`, one id per line (`#` starts a
 * comment). `--split test+payment` is the union of two splits. Every id must exist: a stale line
 * is an error naming the file and line.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { REPO_ROOT } from '../paths.ts';
import { didYouMean } from '../protocol/suggest.ts';

export function splitNames(root: string): string[] {
  const dir = join(root, 'splits');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
}

/** The task ids of `spec` (`a` or `a+b+…`), checked against the known ids. */
export function resolveSplit(root: string, spec: string, knownIds: readonly string[]): Set<string> {
  const names = splitNames(root);
  const ids = new Set<string>();
  for (const name of spec.split('+').map((s) => s.trim()).filter(Boolean)) {
    if (!names.includes(name)) {
      throw new UsageError(`unknown split "${name}"${didYouMean(name, names)}. Splits: ${names.join(', ') || `(none: add ${relative(REPO_ROOT, join(root, 'splits'))}/<name>.txt)`}`);
    }
    const file = join(root, 'splits', `${name}.txt`);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((raw, i) => {
      const id = raw.replace(/#.*/, '').trim();
      if (!id) return;
      if (!knownIds.includes(id)) {
        throw new UsageError(`${relative(REPO_ROOT, file)}:${i + 1}: unknown task id "${id}"${didYouMean(id, knownIds)}. Fix or remove the line.`);
      }
      ids.add(id);
    });
  }
  return ids;
}
