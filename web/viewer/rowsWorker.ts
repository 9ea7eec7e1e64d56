/**
 * Parses a run's rows off the main thread: a 10,000-episode `rows.jsonl` is tens of megabytes of
 * JSON, and each line is checked against the run-folder contract. Posts back the rows, or the
 * contract's message naming the line that is wrong.
 */
import { checkResultRow, parseJsonl } from '../../bridge/protocol/runFolder.ts';

self.onmessage = async (e: MessageEvent<{ url: string }>) => {
  try {
    const res = await fetch(e.data.url, { cache: 'no-store' });
    if (!res.ok) throw new Error(`${e.data.url}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    const text = await res.text();
    const { rows } = parseJsonl(text, 'rows.jsonl', checkResultRow);
    postMessage({ rows });
  } catch (err) {
    postMessage({ error: (err as Error).message });
  }
};
