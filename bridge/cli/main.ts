/**
 * The `phonegym` command line: run, list, build, doctor. Bad input fails with a clear message
 * (what, where, what to do) before any browser starts.
 */
import { chromiumOrOffer } from './chromiumOffer.ts';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { findChromium, INSTALL_HINT } from '../env/browser.ts';
import { ensureWebBuild } from '../build/webBuild.ts';
import { dirname, resolve } from 'node:path';
import { DEFAULT_CONFIG, EXECUTION_KEYS, type RunConfig } from '../runner/config.ts';
import { preflight } from '../runner/preflight.ts';
import { configOfRun, readMeta } from '../runner/runFolder.ts';
import { shardProcessMain } from '../runner/shardProcess.ts';
import { cmdMerge } from './mergeCommand.ts';
import { cmdReport } from './reportCommand.ts';
import { cmdExport } from './exportCommand.ts';
import { cmdView } from './viewCommand.ts';
import { cmdDevices } from './devicesCommand.ts';
import { cmdEnv } from './envCommand.ts';
import { cmdStudio } from './studioCommand.ts';
import { cmdServe } from './serveCommand.ts';
import { cmdVirtualDevice } from './virtualDeviceCommand.ts';
import { RUNS_PREFIX, runsRoute } from '../view/runsRoute.ts';
import { cmdLeaderboard } from './leaderboardCommand.ts';
import { runEvaluation } from '../runner/run.ts';
import { loadRegistry, resolveMaxSteps, selectTasks } from '../tasks/registry.ts';
import { loadEnvironment } from '../manifest/load.ts';
import { sessionEpisodes } from '../tasks/session.ts';
import { instanceCount } from '../tasks/sampler.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { choiceFlag, intFlag, parseFlags, SELECTION_FLAGS, SELECTION_HELP, selectionFromFlags, type FlagSpec } from './flags.ts';
import { cmdVerify } from './verifyCommand.ts';
import { cmdNewTask } from './newTask.ts';
import { resolveRunConfig, runHelp, type ResolvedRun } from './runFlags.ts';
import { EVAL_MODES } from '../tasks/grounded.ts';

const LIST_FLAGS = {
  ...SELECTION_FLAGS,
  'sample-n': { type: 'string' },
  'judge-mode': { type: 'string' },
  'judge-model': { type: 'string' },
  'eval-mode': { type: 'string' },
  'real-phones': { type: 'boolean' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

/** Every command, for the did-you-mean of an unknown one. */
const COMMANDS = ['run', 'list', 'verify', 'merge', 'view', 'studio', 'report', 'export', 'leaderboard', 'serve', 'devices', 'virtual-device', 'env', 'new-task', 'build', 'doctor'];

const MAIN_HELP = `phonegym — a browser-first simulator and evaluator for mobile GUI agents

  phonegym run [flags]      run an agent on tasks (phonegym run --help)
  phonegym list [flags]     list tasks with their taxonomy (--json for tools)
  phonegym new-task s/Name   write a commented starting file tasks/s/Name.ts
  phonegym verify [flags]   prove tasks sound: oracle passes, noop fails, stray changes caught
  phonegym merge DIRS… --run-dir OUT   join the run folders of --shard i/K runs into one
  phonegym view DIR [--port P]   look at a run in the browser: episodes, replays, goals, diffs
  phonegym studio [--runs DIR]   the studio without a run: author tasks by hand, open run folders
  phonegym serve [--port P] [--pages N]   an env server for trainers: HTTP, OpenEnv's WebSocket, forks
  phonegym report DIR [--format md|html] [--out FILE]   the run report of a run folder
  phonegym export DIR --format verifiers|sft [--out FILE]   a run's episodes as training records (JSONL)
  phonegym leaderboard build DIRS… --out SITE | check DIR   a static leaderboard from run folders
  phonegym virtual-device [--port P]   a phone that adb connects to (adb connect 127.0.0.1:P)
  phonegym devices [--connect HOST:PORT]   the phones adb knows: serial, state, model, screen
  phonegym env check | info [--manifest FILE]   the environment manifest (phonegym.toml): validate it, or its env id and services
  phonegym build            build the phone and studio pages
  phonegym doctor           check the machine: Node, Chromium, the web build`;

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

async function cmdRun(argv: string[]): Promise<number> {
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
    const out = await runEvaluation(config, {
      signal: controller.signal,
      keepOpenUntil,
      resume: resolved.resume ?? undefined,
      // The studio's Runs tab: this run's folder and its neighbours, each in the run viewer.
      studioRuns: (runDir) => ({ dir: dirname(runDir), routes: [[RUNS_PREFIX, runsRoute(dirname(runDir))]] }),
    });
    if (out.interrupted) return 130; // interrupted, as shells expect
    // Unfinished episodes (a shard process died) or run errors: the run did not do all it should.
    return out.unfinished > 0 || out.rows.some((r) => r.status === 'run_error') ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function cmdList(argv: string[]): Promise<number> {
  const { values: v } = parseFlags('list', argv, LIST_FLAGS);
  if (v.help) {
    console.log(`phonegym list [flags]     the selected tasks with their taxonomy\n\n${SELECTION_HELP}\n  --sample-n N              count instances as a run with --sample-n N would\n  --json                    a JSON array (id, suite, name, difficulty, objective, apps, tags, episodes, instances, max_steps, rejected)\n  --judge-mode M, --judge-model M, --eval-mode M   show which tasks a run with these flags would reject, and why\n  --real-phones             … on real phones over ADB (no state tree): simulator-only tasks are rejected; JSON gives each task's real_phone start\n  --strict                  a task file that fails to load is fatal`);
    return 0;
  }
  const registry = await loadRegistry({ strict: v.strict ?? false });
  const tasks = selectTasks(registry, selectionFromFlags(v));
  const sampleN = intFlag('sample-n', v['sample-n'], { min: 1 }) ?? 1;
  const judging = {
    judgeMode: choiceFlag('judge-mode', v['judge-mode'], ['auto', 'state', 'vlm', 'both'] as const) ?? DEFAULT_CONFIG.judgeMode,
    judgeModel: v['judge-model'] ?? null,
    modelName: null,
    evalMode: choiceFlag('eval-mode', v['eval-mode'], EVAL_MODES) ?? DEFAULT_CONFIG.evalMode,
  };
  const phones = { state: !v['real-phones'] };
  // Session templates run only where the manifest keeps state across a session's episodes.
  const { isolation } = loadEnvironment().environment;
  const rows = tasks.map((t) => ({
    id: t.id,
    suite: t.suite,
    name: t.name,
    difficulty: t.def.difficulty,
    objective: t.def.objective,
    apps: t.def.apps,
    tags: t.def.tags ?? [],
    // A session template's episodes (docs/tasks.md, "Sessions"); 1 for any other task.
    episodes: sessionEpisodes(t).length,
    instances: instanceCount(t.def, sampleN),
    max_steps: resolveMaxSteps(t),
    file: t.file,
    // How it starts on a real phone (an app, a deep link), or null: simulator-only.
    real_phone: t.def.realPhone ?? null,
    // What a run with these flags would do with it: null, or why it would be rejected.
    rejected: preflight(t, judging, phones, isolation)?.reason ?? null,
  }));
  if (v.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const w = Math.max(4, ...rows.map((r) => r.id.length));
    console.log(`${'task'.padEnd(w)}  level  objective  apps        steps  instances`);
    for (const r of rows) console.log(`${r.id.padEnd(w)}  ${r.difficulty.padEnd(5)}  ${r.objective.padEnd(9)}  ${r.apps.join(',').padEnd(10)}  ${String(r.max_steps).padStart(5)}  ${String(r.instances).padStart(9)}${r.episodes > 1 ? `  session of ${r.episodes} episodes` : ''}${r.rejected ? `  rejected: ${r.rejected}` : ''}`);
    const rejected = rows.filter((r) => r.rejected).length;
    const sessions = rows.filter((r) => r.episodes > 1).length;
    console.log(`\n${rows.length} task(s)${sessions ? `, ${sessions} of them session templates` : ''}${rejected ? `, ${rejected} of them rejected by a run with these flags` : ''}`);
  }
  for (const e of registry.errors) console.error(`warning: ${e.file}: ${e.message}`);
  return 0;
}

async function cmdDoctor(argv: string[]): Promise<number> {
  const quiet = argv.includes('--quiet');
  const say = (s: string) => console.log(`phonegym: ${s}`);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) say(`Node ${process.version} is too old; phonegym needs Node 20 or newer.`);
  let chromium;
  try {
    chromium = findChromium();
  } catch (e) {
    say((e as Error).message);
    return 0;
  }
  if (chromium) {
    if (!quiet) say(`Chromium: ${chromium.path} (${chromium.source})`);
  } else say(`no Chromium found. ${INSTALL_HINT}`);
  if (!quiet) say(`Node ${process.version}`);
  return 0;
}

async function cmdBuild(): Promise<number> {
  const b = await ensureWebBuild({ force: true, log: (s) => console.log(s) });
  console.log(`built ${b.dir} (app build ${b.hash})`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        return await cmdRun(rest);
      case 'list':
        return await cmdList(rest);
      case 'new-task':
        return await cmdNewTask(rest);
      case 'verify':
        return await cmdVerify(rest);
      case 'build':
        return await cmdBuild();
      case 'doctor':
        return await cmdDoctor(rest);
      case 'merge':
        return await cmdMerge(rest);
      case 'report':
        return await cmdReport(rest);
      case 'export':
        return await cmdExport(rest);
      case 'view':
        return await cmdView(rest);
      case 'studio':
        return await cmdStudio(rest);
      case 'serve':
        return await cmdServe(rest);
      case 'leaderboard':
        return await cmdLeaderboard(rest);
      case 'virtual-device':
        return await cmdVirtualDevice(rest);
      case 'devices':
        return await cmdDevices(rest);
      case 'env':
        return await cmdEnv(rest);
      case '__shard': {
        // A shard process forked by `run --processes K` (not for people).
        const code = await shardProcessMain();
        process.disconnect?.();
        return code;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(MAIN_HELP);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command "${command}"${didYouMean(command, COMMANDS)}. Commands: ${COMMANDS.join(', ')}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`phonegym: ${e.message}`);
      return 2;
    }
    if (e instanceof PhonegymError) {
      console.error(`phonegym: ${e.message}`);
      return 1;
    }
    console.error(e);
    return 1;
  }
}
