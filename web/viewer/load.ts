/** Fetching a run's files for the viewer: meta and rows (rows parsed in a Web Worker, in batches), trajectories. */
import type { ResultRow, RunMeta } from '../../bridge/protocol/runFolder.ts';
import { checkMeta } from '../../bridge/protocol/runFolder.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';
import type { RowsMessage } from './rowsWorker.ts';

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}${res.status === 404 ? ' (not in this run folder)' : ''} ${(await res.text()).slice(0, 300)}`);
  return res.text();
}

export async function loadMeta(base: string): Promise<RunMeta> {
  return checkMeta(JSON.parse(await fetchText(`${base}meta.json`)), 'meta.json');
}

/**
 * A run's rows, read and checked in a Web Worker and handed over in batches as they arrive (the
 * first few hundred at once, so the list shows while the rest comes). The page starts the download
 * itself and gives the worker the body as a stream (no wait for the worker to start); a browser
 * that cannot hand a stream over lets the worker fetch it. Resolves when the last batch is in.
 */
export function loadRows(base: string, onRows: (rows: ResultRow[], done: boolean) => void): Promise<void> {
  const url = new URL(`${base}rows.jsonl`, location.href).href;
  const response = fetch(url, { cache: 'no-store' });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rowsWorker.ts', import.meta.url), { type: 'module' });
    const stop = (e?: Error) => {
      worker.terminate();
      if (e) reject(e);
      else resolve();
    };
    worker.onmessage = (e: MessageEvent<RowsMessage>) => {
      if ('error' in e.data) return stop(new Error(e.data.error));
      onRows(e.data.rows, e.data.done);
      if (e.data.done) stop();
    };
    worker.onerror = (e) => stop(new Error(e.message || 'the rows worker failed'));
    response.then(
      async (res) => {
        if (!res.ok) return stop(new Error(`${url}: HTTP ${res.status}${res.status === 404 ? ' (not in this run folder)' : ''} ${(await res.text()).slice(0, 300)}`));
        try {
          worker.postMessage({ url, body: res.body }, res.body ? [res.body] : []);
        } catch {
          worker.postMessage({ url }); // streams cannot be handed over here: the worker fetches the rows again
        }
      },
      (e: Error) => stop(new Error(`${url}: ${e.message}`)),
    );
  });
}

export async function loadTrajectory(url: string): Promise<TrajectoryDoc> {
  const doc = JSON.parse(await fetchText(url)) as TrajectoryDoc;
  if (!doc || !Array.isArray(doc.steps)) throw new Error(`${url} is not a trajectory.json (no steps)`);
  return doc;
}
