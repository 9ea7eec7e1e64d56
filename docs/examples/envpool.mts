// A pool of warm phone pages driven from your own code (docs/scale.md, "EnvPool").
// Run from the repository root: node --import tsx docs/examples/envpool.mts
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const web = await ensureWebBuild(); // builds dist/web once; later calls reuse it
const bridge = await BridgeServer.start({ staticDir: web.dir }); // 127.0.0.1, a free port
const pool = await EnvPool.open({ bridge, size: 4, isolation: 'pages' });
try {
  // Every env once: give each phone its own seeded state (an in-page reset, no reload).
  let seed = 1;
  for await (const env of pool) await env.reset(createInitialState(seed++));

  // One env at a time: acquire waits while all four are busy; release hands it back.
  const env = await pool.acquire();
  try {
    await env.openApp('chat');
    const obs = await env.observe();
    console.log(env.deviceId, obs.route, `${obs.screenshot.length} bytes of JPEG, ${obs.tree.length} UI nodes`);
  } finally {
    pool.release(env);
  }

  // use() is acquire + release around a function; here 8 jobs share the 4 pages.
  const routes = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      pool.use(async (env) => {
        await env.reset(createInitialState(100 + i));
        const { observation } = await env.step({ type: 'open_app', app: 'chat' });
        return `job ${i} on ${env.deviceId}: ${observation.route.app} ${observation.route.path}`;
      }),
    ),
  );
  console.log(routes.join('\n'));

  // A broken or suspect env is swapped for a fresh page in the same slot.
  let e = await pool.acquire();
  await e.page.close(); // simulate a crash
  console.log(e.deviceId, 'broken:', pool.isBroken(e), pool.failureCode(e));
  e = await pool.replace(e); // the new env is held as if acquired
  console.log('replaced by', e.deviceId, 'broken:', pool.isBroken(e));
  pool.release(e);
} finally {
  await pool.close();
  await bridge.close();
}
