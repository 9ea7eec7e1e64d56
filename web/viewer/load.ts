/** Fetching a run's files for the viewer: meta and rows (rows parsed in a Web Worker), trajectories. */
import type { ResultRow, RunMeta } from '../../bridge/protocol/runFolder.ts';
import { checkMeta } from '../../bridge/protocol/runFolder.ts';
import type { TrajectoryDoc } from '../../bridge/protocol/trajectory.ts';

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}${res.status === 404 ? ' (not in this run folder)' : ''} ${(await res.text()).slice(0, 300)}`);
  return res.text();
}

export async function loadMeta(base: string): Promise<RunMeta> {
  return checkMeta(JSON.parse(await fetchText(`${base}meta.json`)), 'meta.json');
}

export function loadRows(base: string): Promise<ResultRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rowsWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ rows?: ResultRow[]; error?: string }>) => {
      worker.terminate();
      if (e.data.rows) resolve(e.data.rows);
      else reject(new Error(e.data.error ?? 'the rows could not be read'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'the rows worker failed'));
    };
    worker.postMessage({ url: new URL(`${base}rows.jsonl`, location.href).href });
  });
}

export async function loadTrajectory(url: string): Promise<TrajectoryDoc> {
  const doc = JSON.parse(await fetchText(url)) as TrajectoryDoc;
  if (!doc || !Array.isArray(doc.steps)) throw new Error(`${url} is not a trajectory.json (no steps)`);
  return doc;
}
