/**
 * `phonegym studio [--port P] [--runs DIR]`: the studio without a run, until Ctrl+C. Author mode
 * (set a task up on the studio's own phone, act by hand, judge) and the run folders of DIR, each
 * opened in the run viewer.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureWebBuild } from '../build/webBuild.ts';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { StudioSession } from '../runner/studioSession.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { loadRegistry } from '../tasks/registry.ts';
import { RUNS_PREFIX, runsRoute } from '../view/runsRoute.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';

const STUDIO_FLAGS = {
  port: { type: 'string' },
  runs: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const STUDIO_HELP = `phonegym studio [--port P] [--runs DIR]   the studio, without a run

  --port P                  the bridge's port on 127.0.0.1 (default: a free one)
  --runs DIR                the run folders its Runs tab lists and opens in the viewer (default runs)

Author mode: pick a task, Set up puts the studio's own phone in its initial state (a seed of
your choice), act in the phone by hand, Judge checks the goals and the diff.
Runs: every run folder of DIR, each opened in the run viewer (the one phonegym view serves).
To watch an agent live, use phonegym run --studio instead.`;

export async function cmdStudio(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('studio', argv, STUDIO_FLAGS, { positionals: true });
  if (v.help) {
    console.log(STUDIO_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`studio takes no folder (got ${positionals.join(' ')}); to look at one run use phonegym view DIR, or --runs DIR for a directory of runs`);
  const port = v.port === undefined ? 0 : intFlag('port', v.port, { min: 0, max: 65535 })!;
  const runsDir = resolve(v.runs ?? 'runs');
  if (v.runs !== undefined && !existsSync(runsDir)) throw new UsageError(`--runs ${v.runs}: no such directory; give the directory that holds your run folders`);
  const registry = await loadRegistry();
  const web = await ensureWebBuild({ log: (l) => console.error(l) });
  const bridge = await BridgeServer.start({ staticDir: web.dir, port });
  bridge.mount(RUNS_PREFIX, runsRoute(runsDir));
  new StudioSession(bridge, registry, undefined, { runsDir });
  console.log(`studio: ${bridge.studioUrl()}#author`);
  console.log(`  ${registry.tasks.length} tasks to author; run folders of ${shownPath(runsDir)} in its Runs tab. Ctrl+C to stop.`);
  await new Promise<void>((done) => process.once('SIGINT', () => done()));
  await bridge.close();
  return 0;
}
