/**
 * Where a task file failed to load, and why, from what the import threw: a syntax error from the
 * TypeScript loader (esbuild under tsx, Babel under Playwright's test runner), a V8 syntax or link
 * error (an import that names no export), a module that cannot be found, or an exception thrown
 * while the module ran. The place is the file at fault (the task file or a module it imports),
 * with a 1-based line and column where they are known.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withoutVersion } from './taskModules.ts';

export interface LoadErrorPlace {
  /** Absolute path of the file at fault. */
  file: string;
  line?: number;
  column?: number;
}

export interface DescribedLoadError {
  /** What went wrong, without the place. */
  reason: string;
  at: LoadErrorPlace;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

function pathOf(text: string): string {
  const plain = withoutVersion(text);
  return plain.startsWith('file:') ? fileURLToPath(plain) : plain;
}

function lines(text: string): string[] {
  return text.replace(ANSI, '').split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The 1-based line of the first line of `file` matching `re`, if any. */
function lineMatching(file: string, re: RegExp): number | undefined {
  try {
    const i = readFileSync(file, 'utf8').split('\n').findIndex((l) => re.test(l));
    return i >= 0 ? i + 1 : undefined;
  } catch {
    return undefined;
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line importing `specifier` (or a file of that name) in `file`. */
function importLine(file: string, specifier: string): number | undefined {
  const name = specifier.split(/[\\/]/).pop()!.replace(/\.[cm]?[jt]sx?$/, '');
  return lineMatching(file, new RegExp(`(from|import)\\s*\\(?\\s*['"][^'"]*${escapeRe(name)}(\\.[cm]?[jt]sx?)?['"]`));
}

/** The first stack frame under the task root, else the first in a file that is not Node's or a package's. */
function firstOwnFrame(stack: string, root: string): LoadErrorPlace | undefined {
  const frames: LoadErrorPlace[] = [];
  for (const l of stack.split('\n')) {
    const m = /\(?((?:file:\/\/)?\/[^():]+?(?:\?[^():]*)?):(\d+):(\d+)\)?\s*$/.exec(l.trim());
    if (m && !m[1].includes('/node_modules/')) frames.push({ file: pathOf(m[1]), line: Number(m[2]), column: Number(m[3]) });
  }
  return frames.find((f) => f.file.startsWith(root)) ?? frames[0];
}

/** What the import of `taskFile` (a file under `root`) threw, described. */
export function describeImportError(e: unknown, taskFile: string, root: string): DescribedLoadError {
  const err = e as Partial<Error & { code: string; errors: { text: string; location?: { file: string; line: number; column: number } | null }[] }>;
  const message = String(err?.message ?? e).replace(ANSI, '');
  const stack = String(err?.stack ?? '').replace(ANSI, '');

  // esbuild (tsx): its errors, each with a location whose column counts from 0.
  const first = Array.isArray(err?.errors) ? err.errors[0] : undefined;
  if (first?.location) return { reason: first.text, at: { file: pathOf(first.location.file), line: first.location.line, column: first.location.column + 1 } };
  const esbuild = lines(message).map((l) => /^(.*?):(\d+):(\d+): ERROR: (.*)$/.exec(l)).find(Boolean);
  if (esbuild) return { reason: esbuild[4], at: { file: pathOf(esbuild[1]), line: Number(esbuild[2]), column: Number(esbuild[3]) + 1 } };

  // Babel (Playwright's loader): "SyntaxError: /path/X.ts: Unexpected token (3:10)", column from 0.
  const babel = /^(?:SyntaxError: )?(\/[^:]+): (.*?) \((\d+):(\d+)\)$/m.exec(message);
  if (babel) return { reason: babel[2], at: { file: pathOf(babel[1]), line: Number(babel[3]), column: Number(babel[4]) + 1 } };

  if (err?.code === 'ERR_MODULE_NOT_FOUND') {
    const m = /Cannot find (?:module|package) '([^']+)' imported from (.+)$/m.exec(message);
    if (m) {
      const importer = pathOf(m[2].trim());
      return { reason: `cannot find ${m[1].startsWith('/') ? withoutVersion(m[1]).split('/').pop() : m[1]}: is the import's path right?`, at: { file: importer, line: importLine(importer, m[1]) } };
    }
  }

  // V8 at link or parse time: "/path/X.ts:1\n<source line>\n   ^\n\nSyntaxError: …".
  const v8 = /^((?:file:\/\/)?\/[^\n:]+?):(\d+)\n(.*)\n(\s*)\^/.exec(stack);
  if (v8 && err?.name === 'SyntaxError') return { reason: message, at: { file: pathOf(v8[1]), line: Number(v8[2]), column: v8[4].length + 1 } };
  if (err?.name === 'SyntaxError') return { reason: message, at: { file: taskFile } };

  // Thrown while the module ran: the first frame in the task's own files.
  const frame = firstOwnFrame(stack, root);
  const name = err?.name && err.name !== 'Error' ? `${err.name}: ` : '';
  return { reason: `threw ${name}${lines(message)[0] ?? 'an error'}`, at: frame ?? { file: taskFile } };
}

/** Where a definition that fails validation is: the line of its `export default`. */
export function definitionPlace(taskFile: string): LoadErrorPlace {
  const line = lineMatching(taskFile, /^\s*export\s+default\b/);
  return line ? { file: taskFile, line } : { file: taskFile };
}
