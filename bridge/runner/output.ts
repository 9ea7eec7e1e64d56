/**
 * Result files: every JSONL line goes out in one `write` on a file opened for appending, so lines
 * from parallel episodes never interleave and a crash can cut at most the last line, which the
 * readers here drop (and `repairJsonl` removes before a resume appends).
 */
import { scrub } from '../secrets.ts';
import { closeSync, existsSync, openSync, readFileSync, writeSync, ftruncateSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from './types.ts';

export interface ErrorEntry {
  task_id: string;
  instance: number;
  trial_id: number;
  attempt: number;
  status: string;
  error_code: string | null;
  error: string | null;
  trajectory: string;
  /** True when the runner ran the episode again after this error. */
  retried: boolean;
}

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
  return { task_id: row.task_id, instance: row.instance, trial_id: row.trial_id, attempt, status: row.status, error_code: row.error_code, error: row.error, trajectory: row.trajectory, retried };
}

/** The whole lines of a JSONL file, parsed; a cut last line (a killed writer) is skipped. */
export function readJsonl<T>(file: string): { rows: T[]; partialTail: boolean } {
  if (!existsSync(file)) return { rows: [], partialTail: false };
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  const rows: T[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    try {
      rows.push(JSON.parse(line) as T);
    } catch {
      throw new Error(`${file}:${i + 1}: not a JSON line (${line.slice(0, 60)}…); the file was edited or written by something else`);
    }
  }
  return { rows, partialTail: tail.trim().length > 0 };
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
