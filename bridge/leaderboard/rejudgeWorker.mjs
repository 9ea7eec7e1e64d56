// A worker thread of the leaderboard's re-judge (rejudge.ts rejudgeRunInWorkers): checks one share
// of a run's rows with the builder's own task registry and posts the checks back.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  const { checkShare } = await import('./rejudge.ts');
  const { loadRegistry } = await import('../tasks/registry.ts');
  parentPort.postMessage({ checks: checkShare(workerData, await loadRegistry()) });
} catch (e) {
  parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
