/** `phonegym leaderboard build <run-dir>... --out <site-dir>` and `phonegym leaderboard check <run-dir>`. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureWebBuild } from '../build/webBuild.ts';
import { rejudgeRunInWorkers } from '../leaderboard/rejudge.ts';
import { startSiteServer } from '../leaderboard/serve.ts';
import { buildSite } from '../leaderboard/site.ts';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { configOfRun, readRunFolder } from '../runner/runFolder.ts';
import { loadRegistry } from '../tasks/registry.ts';
import { intFlag, parseFlags, type FlagSpec } from './flags.ts';
import { reproduceCommand } from './runFlags.ts';

const FLAGS = {
  out: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const HELP = `phonegym leaderboard build RUN_DIR... --out SITE_DIR   a static leaderboard site from run folders
phonegym leaderboard check RUN_DIR                       would this run be accepted? (exit 1 if not)
phonegym leaderboard serve SITE_DIR [--port P]           look at a built site on 127.0.0.1 before publishing

The site is plain files (index.html, tasks/, runs/<run>/ with each run's report and data, the run
viewer): any static host serves it, e.g. GitHub Pages or a bucket. Runs are ranked together only
when their results are comparable (task set and hash, app build, step budgets, eval mode,
observation, judge mode, run-folder schema); the others get boards of their own that say why.
Every row is re-judged from its saved initial and final state with the task's own judge: a run is
"verified" when every verdict comes out the same, "mismatch" otherwise. A folder that cannot be
read is refused with its path and the reason; the others still build.

To publish, upload SITE_DIR as it is to any static host (docs/leaderboard.md). The pages need an
http origin, not file://: look at them first with phonegym leaderboard serve SITE_DIR.`;

export async function cmdLeaderboard(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values: v, positionals } = parseFlags('leaderboard', rest, FLAGS, { positionals: true });
  if (v.help || sub === undefined || sub === '--help' || sub === '-h') {
    console.log(HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'check') {
    if (positionals.length !== 1) throw new UsageError('leaderboard check takes one run folder, e.g. phonegym leaderboard check runs/20261129_101500');
    const folder = readRunFolder(positionals[0]!);
    const check = await rejudgeRunInWorkers(folder, await loadRegistry());
    for (const c of check.rows) if (!c.ok) console.log(`mismatch ${c.key}: ${c.reason}`);
    console.log(`${check.provenance}: ${check.verified} of ${check.rows.length} rows re-judged to the same verdict${check.mismatched ? `; ${check.mismatched} would be flagged` : ''}`);
    return check.provenance === 'verified' ? 0 : 1;
  }
  if (sub === 'serve') {
    if (positionals.length !== 1) throw new UsageError('leaderboard serve takes one site folder, e.g. phonegym leaderboard serve site');
    const port = v.port === undefined ? 0 : intFlag('port', v.port, { min: 0, max: 65535 })!;
    const server = await startSiteServer(resolve(positionals[0]!), port);
    console.log(`leaderboard: ${server.url}  (${shownPath(resolve(positionals[0]!))}, read-only; Ctrl+C to stop)`);
    await new Promise<void>((done) => process.once('SIGINT', () => done()));
    await server.close();
    return 0;
  }
  if (sub !== 'build') throw new UsageError(`leaderboard ${sub}: the subcommands are build, check and serve`);
  if (!v.out) throw new UsageError('leaderboard build needs --out SITE_DIR, the folder to write the site to');
  if (!positionals.length) throw new UsageError('leaderboard build needs run folders, e.g. phonegym leaderboard build runs/* --out site');
  const out = resolve(v.out);
  if (existsSync(join(out, 'meta.json'))) throw new UsageError(`--out ${v.out} is a run folder; give the site a folder of its own`);
  for (const d of positionals) if (out === resolve(d) || out.startsWith(resolve(d) + '/')) throw new UsageError(`--out ${v.out} lies inside the run folder ${d}; give the site a folder of its own`);
  const t0 = performance.now();
  const web = await ensureWebBuild({ log: (l) => console.error(l) });
  const site = await buildSite({ dirs: positionals, out, registry: await loadRegistry(), webDir: web.dir, reproduce: (e) => reproduceCommand(configOfRun(e.meta), e.meta.sample_seed) });
  for (const r of site.refused) console.error(`refused ${r.dir}: ${r.reason}`);
  for (const e of site.entries) console.log(`${e.check.provenance.padEnd(8)} ${e.slug}: ${e.rows.length} episodes, SR ${(e.summary.success_rate * 100).toFixed(1)}%${e.check.mismatched ? `, ${e.check.mismatched} row(s) judged otherwise` : ''}`);
  console.log(`site: ${shownPath(site.out)} (${site.entries.length} run(s) on ${site.boards.length} board(s)${site.refused.length ? `, ${site.refused.length} refused` : ''}) in ${((performance.now() - t0) / 1000).toFixed(2)} s; look at it with phonegym leaderboard serve ${shownPath(site.out)}`);
  return site.refused.length ? 1 : 0;
}
