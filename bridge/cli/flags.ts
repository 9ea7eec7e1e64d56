/**
 * Flag parsing for every command, strict: an unknown flag fails with the nearest valid name.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { MAX_VARIANT } from '../protocol/robustness.ts';
import { didYouMean } from '../protocol/suggest.ts';
import type { Selection } from '../tasks/registry.ts';

export type FlagSpec = NonNullable<ParseArgsConfig['options']>;

/**
 * `--parallel -3` as `--parallel=-3`: a value that looks like a negative number belongs to the
 * string flag before it (parseArgs would call it an ambiguous option), so its range check speaks.
 */
function attachNegativeValues(argv: string[], options: FlagSpec): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function parseFlags<const T extends FlagSpec>(command: string, argv: string[], options: T, opts: { positionals?: boolean } = {}) {
  try {
    return parseArgs({ args: attachNegativeValues(argv, options), options, strict: true, allowPositionals: opts.positionals ?? false });
  } catch (e) {
    const msg = (e as Error).message;
    const unknown = /Unknown option '(--?[^']+)'/.exec(msg);
    if (unknown) {
      const names = Object.keys(options).map((n) => `--${n}`);
      throw new UsageError(`unknown flag ${unknown[1]} for \`phonegym ${command}\`${didYouMean(unknown[1], names)}. Run \`phonegym ${command} --help\` for the list.`);
    }
    const positional = /Unexpected argument '([^']+)'/.exec(msg);
    if (positional) throw new UsageError(`unexpected argument "${positional[1]}" for \`phonegym ${command}\`. Flags take the form --name value.`);
    throw new UsageError(`${msg.replace(/\.$/, '')} (phonegym ${command})`);
  }
}

export function intFlag(name: string, v: string | undefined, opts: { min?: number; max?: number } = {}): number | undefined {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw new UsageError(`--${name} must be a whole number (got "${v}")`);
  const n = Number(v);
  if (opts.min !== undefined && n < opts.min) throw new UsageError(`--${name} must be at least ${opts.min} (got ${n})`);
  if (opts.max !== undefined && n > opts.max) throw new UsageError(`--${name} must be at most ${opts.max} (got ${n})`);
  return n;
}

export function numberFlag(name: string, v: string | undefined, opts: { min?: number; max?: number } = {}): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v.trim());
  if (!v.trim() || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number (got "${v}")`);
  if (opts.min !== undefined && n < opts.min) throw new UsageError(`--${name} must be at least ${opts.min} (got ${n})`);
  if (opts.max !== undefined && n > opts.max) throw new UsageError(`--${name} must be at most ${opts.max} (got ${n})`);
  return n;
}

/** An http(s) URL, else a clear error naming the flag. */
export function urlFlag(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`--${name} must be a URL such as http://127.0.0.1:8000/v1 (got "${v}")`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`--${name} must start with http:// or https:// (got "${v}")`);
  if (u.username || u.password) throw new UsageError(`--${name} must not carry credentials: put the key in an environment variable and name it with --api-key-env`);
  return v;
}

/** The name of an environment variable (never its value). */
export function envNameFlag(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) throw new UsageError(`--${name} takes the NAME of an environment variable, such as MY_API_KEY (got something else): the key itself must never be on a command line`);
  return v;
}

/** `--out FILE` as an absolute path, refused when it names a folder or its folder does not exist; `example` is a file name to suggest. */
export function outFileFlag(v: string, example: string): string {
  const out = resolve(v);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out ${v} is a folder; name the file to write, e.g. --out ${shownPath(out)}/${example}`);
  if (!existsSync(dirname(out))) throw new UsageError(`--out ${v}: the folder ${shownPath(dirname(out))} does not exist`);
  return out;
}

/** `--variant V[,V...]`: looks (simulator-apps/os/look.ts), each a whole number 0-9999; absent: [0]. */
export function variantsFlag(v: string | undefined): number[] {
  if (v === undefined) return [0];
  const list = listFlag(v).map((x) => intFlag('variant', x, { min: 0, max: MAX_VARIANT })!);
  if (list.length === 0) throw new UsageError('--variant needs at least one number, e.g. --variant 0,1');
  return [...new Set(list)];
}

export function listFlag(v: string | undefined): string[] {
  return v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

export function choiceFlag<T extends string>(name: string, v: string | undefined, choices: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (!choices.includes(v as T)) throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got "${v}")${didYouMean(v, choices)}`);
  return v as T;
}

/** The flags that select tasks, shared by every command that takes a selection. */
export const SELECTION_FLAGS = {
  suite: { type: 'string' },
  'task-id': { type: 'string' },
  'task-ids': { type: 'string' },
  split: { type: 'string' },
  'filter-difficulty': { type: 'string' },
  'filter-objective': { type: 'string' },
  'filter-app': { type: 'string' },
} satisfies FlagSpec;

type SelectionValues = { [K in keyof typeof SELECTION_FLAGS]?: string };

export function selectionFromFlags(v: SelectionValues): Selection {
  return {
    suites: listFlag(v.suite),
    taskIds: [...listFlag(v['task-ids']), ...(v['task-id'] ? [v['task-id']] : [])],
    split: v.split ?? null,
    difficulties: listFlag(v['filter-difficulty']),
    objectives: listFlag(v['filter-objective']),
    apps: listFlag(v['filter-app']),
  };
}

export const SELECTION_HELP = `  --suite a,b               suites (default: all)
  --task-id ID              one task, e.g. chat.PinChat
  --task-ids ID,ID          several tasks
  --split NAME[+NAME]       tasks listed in tasks/splits/NAME.txt (+ is a union)
  --filter-difficulty L1,L2 --filter-objective query,action --filter-app chat`;

