// A worker thread of the leaderboard's re-judge (rejudge.ts RejudgeQueue): loads the builder's own
// task registry once, says it is ready, then checks each share of rows it is sent and posts the
// checks back (the queue answers with the next share).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  const { checkShare } = await import('./rejudge.ts');
  const { loadRegistry } = await import('../tasks/registry.ts');
  const registry = await loadRegistry();
  parentPort.on('message', (share) => {
    try {
      parentPort.postMessage({ checks: checkShare(share, registry) });
    } catch (e) {
      parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
