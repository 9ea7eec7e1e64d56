/**
 * `phonegym export`'s mechanism: a run folder's episodes as training records, one JSON line per
 * episode, streamed into a sink. Which episodes each format takes:
 *
 * - both: every finished episode; a cancelled one (never finished) is skipped;
 * - `sft`: only passed episodes unless `all`; never an infrastructure error (run_error,
 *   eval_error, rejected: not the agent's behaviour), as prime-rl's own SFT exporter drops them.
 */
import type { ResultRow } from '../protocol/runFolder.ts';
import type { RunFolder } from '../runner/runFolder.ts';
import { readEpisode, SkippedEpisode } from './episodes.ts';
import type { JsonlSink } from './jsonlSink.ts';
import { sftRecord, verifiersRecord, type ExportFormat } from './records.ts';

export interface ExportOptions {
  format: ExportFormat;
  /** Keep only the last N screenshots as images (null: all). */
  lastImages: number | null;
  /** sft: failed episodes too. */
  all: boolean;
}

export interface ExportResult {
  written: number;
  /** Skipped episodes by reason. */
  skipped: Record<string, number>;
  /** One example per reason (the first met), for the user to look at. */
  examples: Record<string, string>;
  bytes: number;
}

/** Why `row` is not exported in `opts`, or null. */
function leftOut(row: ResultRow, opts: ExportOptions): string | null {
  if (row.status === 'cancelled') return 'cancelled';
  if (opts.format !== 'sft') return null;
  if (row.status === 'run_error' || row.status === 'eval_error' || row.status === 'rejected') return 'infrastructure error';
  if (!row.passed && !opts.all) return 'not passed (--all keeps them)';
  return null;
}

export async function exportRun(folder: RunFolder, opts: ExportOptions, sink: JsonlSink): Promise<ExportResult> {
  const result: ExportResult = { written: 0, skipped: {}, examples: {}, bytes: 0 };
  const skip = (reason: string, example: string) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
    result.examples[reason] ??= example;
  };
  for (const row of folder.rows) {
    const why = leftOut(row, opts);
    if (why) {
      skip(why, `${row.task_id}#${row.instance}#${row.trial_id}`);
      continue;
    }
    let record: unknown;
    try {
      const ep = readEpisode(folder, row);
      record = opts.format === 'verifiers' ? verifiersRecord(ep, folder.meta, opts.lastImages) : sftRecord(ep, folder.meta, opts.lastImages);
    } catch (e) {
      if (!(e instanceof SkippedEpisode)) throw e;
      skip(e.reason, e.detail);
      continue;
    }
    await sink.write(record);
    result.written++;
    // Reading and writing files is synchronous: let signals (Ctrl+C) in between episodes.
    await new Promise((resolve) => setImmediate(resolve));
  }
  result.bytes = sink.bytes;
  return result;
}

/** The one-line account printed at the end. */
export function exportSummary(r: ExportResult, where: string): string {
  const mb = r.bytes >= 1024 * 1024 ? `${(r.bytes / 1024 / 1024).toFixed(1)} MB` : `${(r.bytes / 1024).toFixed(1)} KB`;
  const skipped = Object.entries(r.skipped);
  const total = skipped.reduce((n, [, c]) => n + c, 0);
  const why = skipped.map(([reason, n]) => `${n} ${reason}`).join(', ');
  return `export: ${r.written} episode${r.written === 1 ? '' : 's'} written to ${where} (${r.bytes} bytes, ${mb}); ${total ? `${total} skipped: ${why}` : 'none skipped'}`;
}
