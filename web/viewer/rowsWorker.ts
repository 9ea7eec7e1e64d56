/**
 * Parses a run's rows off the main thread as they arrive: a 10,000-episode `rows.jsonl` is ten
 * megabytes of JSON, and each line is checked against the run-folder contract. The first rows are
 * posted as soon as they are read (the list shows them while the rest comes), then the others in
 * large batches; the last message says `done`. On a bad line it posts the contract's message,
 * which names the line.
 */
import { checkResultRow, parseJsonl, type ResultRow } from '../../bridge/protocol/runFolder.ts';

/** The first batch is small (the first screenful sooner); later ones large (fewer messages, fewer renders). */
const FIRST_BATCH = 200;
const LATER_BATCH = 3000;

export type RowsMessage = { rows: ResultRow[]; done: boolean } | { error: string };

async function bodyOf(msg: { url: string; body?: ReadableStream<Uint8Array> }): Promise<ReadableStream<Uint8Array>> {
  if (msg.body) return msg.body;
  const res = await fetch(msg.url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${msg.url}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  if (!res.body) throw new Error(`${msg.url}: the response has no body`);
  return res.body;
}

self.onmessage = async (e: MessageEvent<{ url: string; body?: ReadableStream<Uint8Array> }>) => {
  const post = (m: RowsMessage) => postMessage(m);
  try {
    const reader = (await bodyOf(e.data)).getReader();
    const decoder = new TextDecoder();
    let pending = '';
    let line = 1;
    let batch: ResultRow[] = [];
    let posted = 0;
    for (;;) {
      const { value, done } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const cut = done ? pending.length : pending.lastIndexOf('\n') + 1;
      if (cut > 0) {
        const piece = pending.slice(0, cut);
        pending = pending.slice(cut);
        // At the end, a last line without its newline is one still being written: left out, as parseJsonl leaves it.
        batch.push(...parseJsonl(piece, 'rows.jsonl', checkResultRow, line).rows);
        for (let at = piece.indexOf('\n'); at >= 0; at = piece.indexOf('\n', at + 1)) line++;
      }
      if (done || batch.length >= (posted ? LATER_BATCH : FIRST_BATCH)) {
        post({ rows: batch, done });
        posted += batch.length;
        batch = [];
      }
      if (done) return;
    }
  } catch (err) {
    post({ error: (err as Error).message });
  }
};
