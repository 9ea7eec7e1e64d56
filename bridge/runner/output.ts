/**
 * Result files: every JSONL line goes out in one `write` on a file opened for appending, so lines
 * from parallel episodes never interleave and a crash can cut at most the last line, which the
 * readers here drop (and `repairJsonl` removes before a resume appends).
 */
import { scrub } from '../secrets.ts';
import { accessSync, closeSync, constants, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { RUN_SCHEMA_VERSION, checkShardHeader, isShardHeader, parseJsonl, type ErrorEntry, type ResultRow, type ShardHeader } from '../protocol/runFolder.ts';
import { shownPath } from '../paths.ts';


/** An append-only JSONL file, one whole line per write. */
export class JsonlAppender {
  private fd: number;
  constructor(readonly file: string) {
    this.fd = openSync(file, 'a');
  }
  append(value: unknown): string {
    const line = scrub(JSON.stringify(value)) + '\n';
    this.appendLine(line);
    return line;
  }
  appendLine(line: string): void {
    writeSync(this.fd, line);
  }
  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      /* already closed */
    }
  }
}

/** A run folder's `results.jsonl` and `errors.jsonl`. */
export class RunWriter {
  readonly results: JsonlAppender;
  readonly errors: JsonlAppender;
  constructor(dir: string) {
    this.results = new JsonlAppender(join(dir, 'results.jsonl'));
    this.errors = new JsonlAppender(join(dir, 'errors.jsonl'));
  }
  row(row: ResultRow): string {
    return this.results.append(row);
  }
  error(entry: ErrorEntry): string {
    return this.errors.append(entry);
  }
  close(): void {
    this.results.close();
    this.errors.close();
  }
}

export function errorEntry(row: ResultRow, attempt: number, retried: boolean): ErrorEntry {
  return { task_id: row.task_id, instance: row.instance, trial_id: row.trial_id, ...(row.variant ? { variant: row.variant } : {}), attempt, status: row.status, error_code: row.error_code, error: row.error, trajectory: row.trajectory, retried };
}

/**
 * The whole lines of a JSONL file, each checked by `check` (the run-folder contract's row or
 * entry check); a cut last line (a killed writer) is skipped, and a shard file's header line is
 * checked and left out. Any other bad line is refused with the file and the line.
 */
export function readJsonl<T = unknown>(file: string, check: (v: unknown, file: string, line: number) => T = (v) => v as T): { rows: T[]; partialTail: boolean } {
  if (!existsSync(file)) return { rows: [], partialTail: false };
  return parseJsonl(readFileSync(file, 'utf8'), shownPath(file), (v, f, line) => {
    if (line === 1 && isShardHeader(v)) {
      checkShardHeader(v, f);
      return undefined;
    }
    return check(v, f, line);
  });
}

/** The first line of a shard's results.jsonl: which version and which shard wrote the file. */
export function shardHeader(shard: string, runId: string): ShardHeader {
  return { schema_version: RUN_SCHEMA_VERSION, shard, run_id: runId };
}

/** Cuts a partial last line off a JSONL file so appends start on a fresh line. */
export function repairJsonl(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r+');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const text = readFileSync(file, 'utf8');
    if (text.endsWith('\n')) return false;
    const keep = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
    ftruncateSync(fd, keep);
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates the folder a command writes into (`--run-dir`), or says in a sentence why it cannot:
 * it is a file, it lies under a file, or this user may not write there. Never a stack trace.
 */
export function prepareOutputDir(dir: string, flag: string): string {
  const shown = `${flag} ${dir}`;
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`${shown} is a file, not a folder: name a folder (it is created when missing)`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') {
      let file = dirname(dir);
      while (!existsSync(file) || statSync(file).isDirectory()) file = dirname(file);
      throw new UsageError(`${shown} lies under ${file}, which is a file: choose a folder path whose parents are folders`);
    }
    throw new UsageError(`${shown} cannot be written (${code ?? (e as Error).message}): choose a folder this user can write, e.g. runs/my-run`);
  }
  return dir;
}
