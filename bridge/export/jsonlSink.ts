/**
 * Where exported rows go, one JSON line at a time so no more than one episode's screenshots are
 * ever held: a file written under a temporary name beside it and renamed into place at the end
 * (a reader never sees half an export, an interrupted one leaves the old file as it was), or
 * standard output.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

export function stdoutSink(stream: NodeJS.WritableStream = process.stdout): JsonlSink {
  let bytes = 0;
  return {
    async write(row) {
      const b = line(row);
      bytes += b.length;
      // Wait for a full pipe to drain rather than buffering the whole export in memory.
      if (!stream.write(b)) await new Promise<void>((resolve, reject) => {
        const done = (e?: Error) => {
          stream.off('drain', done);
          stream.off('error', done);
          if (e) reject(e);
          else resolve();
        };
        stream.once('drain', done);
        stream.once('error', done);
      });
    },
    commit() {},
    abort() {},
    get bytes() {
      return bytes;
    },
  };
}
