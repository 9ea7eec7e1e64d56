/**
 * `phonegym serve`: the env server for trainers, until Ctrl+C or SIGTERM. It starts the bridge
 * (loopback, for its own phone pages), a pool of N warm pages, and the env server on --host:--port.
 * The token is the bridge's: --token or PHONEGYM_TOKEN, else a random one printed once (never
 * written to a file).
 */
import { ensureWebBuild, webSourceHash } from '../build/webBuild.ts';
import { EnvPool } from '../env/envPool.ts';
import { UsageError } from '../protocol/errors.ts';
import { EnvServer } from '../serve/envServer.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { DEFAULT_CONFIG } from '../runner/config.ts';
import { environmentOfRun, envIdOfRun } from '../runner/runEnvironment.ts';
import { loadRegistry, resolveTasksRoot } from '../tasks/registry.ts';
import { chromiumOrOffer } from './chromiumOffer.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';

const SERVE_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  pages: { type: 'string' },
  'idle-timeout': { type: 'string' },
  token: { type: 'string' },
  'tasks-root': { type: 'string' },
  'max-snapshots': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const SERVE_HELP = `phonegym serve [flags]   an env server for trainers: sessions you reset, step, snapshot and fork

  --port P                  the port (default 8765; 0 picks a free one)
  --host H                  the interface (default 127.0.0.1; 0.0.0.0 in a container behind a Service)
  --pages N                 phones in the pool = sessions at once (default 4); the next create gets 429
  --idle-timeout S          close sessions untouched for S seconds and reclaim their phones (default 300; 0 = never)
  --token T                 the secret clients send (Authorization: Bearer T); default PHONEGYM_TOKEN, else a random one, printed
  --tasks-root DIR          where the suites are (default tasks/)
  --max-snapshots N         snapshots kept, least recently used out first (default 256)

It prints the URL it serves on; GET / says what it is and how to use it. HTTP+JSON under /v1,
OpenEnv's WebSocket protocol at /ws, /health and /ready for orchestrators (docs/training.md).`;

export async function cmdServe(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('serve', argv, SERVE_FLAGS, { positionals: true });
  if (v.help) {
    console.log(SERVE_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`serve takes no positional arguments (got ${positionals.join(' ')}); see phonegym serve --help`);
  const port = intFlag('port', v.port, { min: 0, max: 65535 }) ?? 8765;
  const pages = intFlag('pages', v.pages, { min: 1, max: 64 }) ?? 4;
  const idleTimeoutS = intFlag('idle-timeout', v['idle-timeout'], { min: 0 }) ?? 300;
  const maxSnapshots = intFlag('max-snapshots', v['max-snapshots'], { min: 1 }) ?? undefined;
  const host = v.host ?? '127.0.0.1';
  const token = v.token ?? process.env.PHONEGYM_TOKEN;
  if (token !== undefined && (token.length < 8 || /\s/.test(token))) throw new UsageError('--token (or PHONEGYM_TOKEN) must be at least 8 characters without spaces');
  // The environment it serves, by the id every run of it carries (`phonegym env info`).
  const { config: rooted, loaded } = environmentOfRun({ ...DEFAULT_CONFIG, tasksRoot: v['tasks-root'] ?? null });
  const registry = await loadRegistry({ root: resolveTasksRoot(rooted.tasksRoot) });
  if (registry.tasks.length === 0) throw new UsageError(`no tasks found under ${resolveTasksRoot(rooted.tasksRoot)}: give --tasks-root DIR with suites in it`);
  await chromiumOrOffer();
  const web = await ensureWebBuild({ log: (l) => console.error(l) });
  // The bridge stays on loopback whatever --host says: only this process's pages talk to it.
  const bridge = await BridgeServer.start({ staticDir: web.dir, ...(token ? { token } : {}) });
  let pool: EnvPool | null = null;
  let server: EnvServer | null = null;
  try {
    pool = await EnvPool.open({ bridge, size: pages, shardPrefix: 'serve' });
    server = await EnvServer.start({ pool, tasks: registry.tasks, envId: envIdOfRun(loaded.environment, registry, webSourceHash()), tokenMatches: (t) => bridge.tokenMatches(t), host, port, idleTimeoutS, maxSnapshots, log: (l) => console.error(l) });
    console.log(server.url);
    console.log(`phonegym serve: ${server.envId}, ${pages} phones, ${registry.tasks.length} tasks; sessions idle ${idleTimeoutS || '∞'} s are closed. GET ${server.url}/ says how to use it.`);
    if (!token) console.log(`  token: ${bridge.token}  (send it as "Authorization: Bearer <token>"; set PHONEGYM_TOKEN or --token to choose it)`);
    await new Promise<void>((done) => {
      process.once('SIGINT', () => done());
      process.once('SIGTERM', () => done());
    });
    return 0;
  } finally {
    await server?.close();
    await pool?.close();
    await bridge.close();
  }
}
