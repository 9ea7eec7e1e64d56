/**
 * Where exported rows go, one JSON line at a time so no more than one episode's screenshots are
 * ever held: a file written under a temporary name beside it and renamed into place at the end
 * (a reader never sees half an export, an interrupted one leaves the old file as it was), or
 * standard output.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PhonegymError } from '../protocol/errors.ts';

export interface JsonlSink {
  write(row: unknown): Promise<void>;
  /** The output is whole: rename it into place. */
  commit(): void;
  /** The export failed: leave nothing behind. */
  abort(): void;
  readonly bytes: number;
}

/** A JSON line: `JSON.stringify` escapes what must be, leaves every other character as it was. */
function line(row: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(row)}\n`, 'utf8');
}

export function fileSink(out: string): JsonlSink {
  const partial = join(dirname(out), `.${basename(out)}.${process.pid}.partial`);
  const fd = openSync(partial, 'w');
  let bytes = 0;
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    async write(row) {
      const b = line(row);
      let at = 0;
      while (at < b.length) at += writeSync(fd, b, at);
      bytes += b.length;
    },
    commit() {
      close();
      renameSync(partial, out);
    },
    abort() {
      close();
      rmSync(partial, { force: true });
    },
    get bytes() {
      return bytes;
    },
  };
}

/** Standard output, waiting for a full pipe to drain rather than holding the export in memory. */
export function stdoutSink(stream: NodeJS.WritableStream = process.stdout): JsonlSink {
  let bytes = 0;
  let rows = 0;
  // Kept from the first failure on (a reader that went away: EPIPE), so no write error goes unhandled.
  let failed: Error | null = null;
  const waiters = new Set<() => void>();
  stream.on('error', (e: Error) => {
    failed ??= e;
    for (const wake of waiters) wake();
  });
  const stopped = () =>
    new PhonegymError(`standard output was closed after ${rows} row${rows === 1 ? '' : 's'} (${(failed as NodeJS.ErrnoException).code ?? failed!.message}): the program reading it stopped. Use --out FILE for the whole export`, { code: 'output_closed' });
  return {
    async write(row) {
      if (failed) throw stopped();
      const b = line(row);
      const flowing = stream.write(b);
      if (!flowing) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            stream.off('drain', wake);
            resolve();
          };
          waiters.add(wake);
          stream.once('drain', wake);
        });
      }
      if (failed) throw stopped();
      bytes += b.length;
      rows++;
    },
    commit() {},
    abort() {},
    get bytes() {
      return bytes;
    },
  };
}
