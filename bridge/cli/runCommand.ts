/**
 * `phonegym run`: an evaluation (or a resumed one) from the command line, Ctrl+C finishing the
 * files first; and `resumeConfig`, the folder's own config with this command line's execution flags.
 */
import { resolve } from 'node:path';
import { chromiumOrOffer } from './chromiumOffer.ts';
import { UsageError } from '../protocol/errors.ts';
import { EXECUTION_KEYS, type RunConfig } from '../runner/config.ts';
import { configOfRun, readMeta } from '../runner/runFolder.ts';
import { runsBeside } from '../view/runsRoute.ts';
import { resolveRunConfig, runHelp, type ResolvedRun } from './runFlags.ts';

/**
 * The config of a resumed run: the folder's own, with execution flags from this command line.
 * A result flag given here that differs from the folder's is refused, naming it.
 */
export function resumeConfig(dir: string, r: ResolvedRun): RunConfig {
  const base = configOfRun(readMeta(resolve(dir)));
  const out: RunConfig = { ...base, runDir: null };
  const clashes: string[] = [];
  for (const key of r.given) {
    const mine = JSON.stringify(r.config[key]);
    if ((EXECUTION_KEYS as readonly string[]).includes(key) && key !== 'shard') (out as unknown as Record<string, unknown>)[key] = r.config[key];
    else if (mine !== JSON.stringify(base[key])) clashes.push(`${key}: ${JSON.stringify(base[key])} there, ${mine} here`);
  }
  if (r.given.has('processes') && !r.given.has('parallel')) out.parallel = Math.max(out.parallel, out.processes);
  if (clashes.length) throw new UsageError(`cannot resume ${dir} with other flags (${clashes.join('; ')}). A resume keeps the folder's flags; leave these out, or start a new run`);
  return out;
}

export async function cmdRun(argv: string[]): Promise<number> {
  const resolved = resolveRunConfig(argv);
  if (resolved === 'help') {
    console.log(runHelp());
    return 0;
  }
  const config = resolved.resume ? resumeConfig(resolved.resume, resolved) : resolved.config;
  // No browser, no run; at a terminal, the offer to fetch Playwright's (before anything starts).
  if (!config.browserEndpoint && config.env !== 'adb') await chromiumOrOffer();
  const controller = new AbortController();
  let interrupted = 0;
  let release: () => void = () => {};
  const keepOpenUntil = new Promise<void>((r) => (release = r));
  const onSigint = () => {
    interrupted++;
    if (interrupted === 1) {
      console.error('\nstopping: finishing the files (Ctrl+C again to force)');
      controller.abort();
      release();
    } else process.exit(130);
  };
  process.on('SIGINT', onSigint);
  try {
    // The runner (the env, the agents, the judge) is loaded once the flags are known to be sound.
    const { runEvaluation } = await import('../runner/run.ts');
    const out = await runEvaluation(config, {
      signal: controller.signal,
      keepOpenUntil,
      resume: resolved.resume ?? undefined,
      // The studio's Runs tab: this run's folder and its neighbours, each in the run viewer.
      studioRuns: runsBeside,
    });
    if (out.interrupted) return 130; // interrupted, as shells expect
    // Unfinished episodes (a shard process died) or run errors: the run did not do all it should.
    return out.unfinished > 0 || out.rows.some((r) => r.status === 'run_error') ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

