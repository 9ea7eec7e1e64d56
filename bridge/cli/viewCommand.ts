/** `phonegym view <run-dir> [--port P]`: the run viewer on one run folder, until Ctrl+C. */
import { resolve } from 'node:path';
import { ensureWebBuild } from '../build/webBuild.ts';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { readMeta } from '../runner/runFolder.ts';
import { startViewServer } from '../view/viewServer.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';

const VIEW_FLAGS = {
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const VIEW_HELP = `phonegym view RUN_DIR [--port P]   look at a run in the browser

  RUN_DIR                   a folder written by phonegym run (finished, running or interrupted)
  --port P                  the port on 127.0.0.1 (default: a free one)

Prints the viewer's address and serves the folder read-only until Ctrl+C: the episodes with
filters, each replayed step by step (the screenshot with the action drawn on it, the thought and
raw reply, the state it changed), the judge's goals and the whole episode's diff.
Keys: ← → step, space plays, j / k change episode.`;

export async function cmdView(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('view', argv, VIEW_FLAGS, { positionals: true });
  if (v.help) {
    console.log(VIEW_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`view takes one run folder (got ${positionals.length}), e.g. phonegym view runs/20261129_101500`);
  const dir = resolve(positionals[0]!);
  readMeta(dir); // not a run folder: said before the web build, which can take a while on a fresh checkout
  const port = v.port === undefined ? 0 : intFlag('port', v.port, { min: 0, max: 65535 })!;
  const web = await ensureWebBuild({ log: (l) => console.error(l) });
  // The server reads and checks the folder before it serves anything: one it cannot read is refused, by name.
  const server = await startViewServer(dir, { webDir: web.dir, port });
  console.log(`viewer: ${server.url}  (${server.episodes} episodes of ${shownPath(dir)}; Ctrl+C to stop)`);
  await new Promise<void>((done) => process.once('SIGINT', () => done()));
  await server.close();
  return 0;
}
