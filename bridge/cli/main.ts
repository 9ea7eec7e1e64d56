/**
 * The `phonegym` command line: run, list, build, doctor. Bad input fails with a clear message
 * (what, where, what to do) before any browser starts.
 */
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { agentNames } from '../agents/registry.ts';
import { findChromium, INSTALL_HINT } from '../env/browser.ts';
import { ensureWebBuild } from '../build/webBuild.ts';
import { resolve } from 'node:path';
import { DEFAULT_CONFIG, EXECUTION_KEYS, type RunConfig } from '../runner/config.ts';
import { preflight } from '../runner/preflight.ts';
import { ISOLATIONS } from '../env/envPool.ts';
import { parseShard } from '../runner/plan.ts';
import { configOfRun, readMeta } from '../runner/resume.ts';
import { shardProcessMain } from '../runner/shardProcess.ts';
import { cmdMerge } from './mergeCommand.ts';
import { runEvaluation } from '../runner/run.ts';
import { loadRegistry, resolveMaxSteps, selectTasks } from '../tasks/registry.ts';
import { instanceCount } from '../tasks/sampler.ts';
import { EVAL_MODES } from '../tasks/grounded.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { findFormat } from '../agents/formats/index.ts';
import { choiceFlag, envNameFlag, intFlag, listFlag, numberFlag, parseFlags, urlFlag, SELECTION_FLAGS, SELECTION_HELP, selectionFromFlags, type FlagSpec } from './flags.ts';
import { cmdVerify } from './verifyCommand.ts';
import { cmdNewTask } from './newTask.ts';

const RUN_FLAGS = {
  ...SELECTION_FLAGS,
  agent: { type: 'string' },
  'run-dir': { type: 'string' },
  'max-steps': { type: 'string' },
  'sample-n': { type: 'string' },
  'sample-seed': { type: 'string' },
  'repeat-n': { type: 'string' },
  'pass-k': { type: 'string' },
  'loop-detect': { type: 'string' },
  'eval-mode': { type: 'string' },
  coords: { type: 'string' },
  'screenshot-scale': { type: 'string' },
  'jpeg-quality': { type: 'string' },
  studio: { type: 'boolean' },
  'studio-wait': { type: 'string' },
  pace: { type: 'string' },
  'keep-open': { type: 'boolean' },
  port: { type: 'string' },
  strict: { type: 'boolean' },
  parallel: { type: 'string' },
  processes: { type: 'string' },
  isolation: { type: 'string' },
  browsers: { type: 'string' },
  'browser-endpoint': { type: 'string' },
  'episode-timeout': { type: 'string' },
  retries: { type: 'string' },
  shard: { type: 'string' },
  resume: { type: 'string' },
  'model-name': { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
  temperature: { type: 'string' },
  'max-tokens': { type: 'string' },
  observation: { type: 'string' },
  'image-detail': { type: 'string' },
  'agent-format': { type: 'string' },
  'price-in': { type: 'string' },
  'price-out': { type: 'string' },
  'model-timeout': { type: 'string' },
  'model-retries': { type: 'string' },
  replay: { type: 'string' },
  'max-rounds': { type: 'string' },
  'agent-connect-timeout': { type: 'string' },
  'agent-turn-timeout': { type: 'string' },
  'judge-mode': { type: 'string' },
  'judge-model': { type: 'string' },
  'judge-base-url': { type: 'string' },
  'judge-api-key-env': { type: 'string' },
  'max-images': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

/** Which RunConfig key each run flag sets (a resume compares the flags given with the folder's). */
const FLAG_KEYS: Record<string, keyof RunConfig> = {
  suite: 'suites', 'task-id': 'taskIds', 'task-ids': 'taskIds', split: 'split', 'filter-difficulty': 'filterDifficulty', 'filter-objective': 'filterObjective', 'filter-app': 'filterApp',
  agent: 'agent', 'run-dir': 'runDir', 'max-steps': 'maxSteps', 'sample-n': 'sampleN', 'sample-seed': 'sampleSeed', 'repeat-n': 'repeatN', 'pass-k': 'passK', 'loop-detect': 'loopDetect',
  'eval-mode': 'evalMode', coords: 'coords', 'screenshot-scale': 'screenshotScale', 'jpeg-quality': 'jpegQuality', studio: 'studio', 'studio-wait': 'studioWait', pace: 'pace', 'keep-open': 'keepOpen',
  port: 'port', strict: 'strict', parallel: 'parallel', processes: 'processes', isolation: 'isolation', browsers: 'browsers', 'browser-endpoint': 'browserEndpoint', 'episode-timeout': 'episodeTimeout',
  retries: 'retries', shard: 'shard',
  'model-name': 'modelName', 'base-url': 'baseUrl', 'api-key-env': 'apiKeyEnv', temperature: 'temperature', 'max-tokens': 'maxTokens', observation: 'observation',
  'image-detail': 'imageDetail', 'agent-format': 'agentFormat', 'price-in': 'priceIn', 'price-out': 'priceOut', 'model-timeout': 'modelTimeout', 'model-retries': 'modelRetries',
  replay: 'replay', 'max-rounds': 'maxRounds', 'judge-mode': 'judgeMode', 'judge-model': 'judgeModel', 'judge-base-url': 'judgeBaseUrl', 'judge-api-key-env': 'judgeApiKeyEnv',
  'max-images': 'maxImages', 'agent-connect-timeout': 'agentConnectTimeout', 'agent-turn-timeout': 'agentTurnTimeout',
};

const RUN_HELP = `phonegym run [flags]      run agents on tasks and write a run folder

${SELECTION_HELP}
  --agent NAME              ${agentNames().join(' | ')} (default oracle)
  --run-dir DIR             where to write (default runs/<YYYYMMDD_HHMMSS>)
  --max-steps N             step budget for every task (default: the task's own, or by difficulty)
  --sample-n N              instances per task (default 1)
  --sample-seed S           base seed; without it one is drawn and recorded in meta.json
  --repeat-n R              trials per instance (default 1)
  --pass-k 1,4,8            k values for pass@k when --repeat-n > 1
  --loop-detect N           N identical actions in a row end the episode (default off)
  --eval-mode MODE          grounded (query answers on the phone's 答题卡 sheet, the default) | text (the ANSWER action)
  --coords SPACE            pixels | norm1000 | norm1: the agent's coordinate space
  --screenshot-scale S      1 (360x800) or 3 (1080x2400)
  --jpeg-quality Q          screenshot quality 1-100 (default 80)
  --studio                  serve the studio and print its URL
  --studio-wait S           with --studio, wait up to S seconds for it to connect (default 30)
  --pace MS                 pause after each step while a studio watches (default 500, 0 = off)
  --keep-open               keep the studio up after the run until Ctrl+C
  --port P                  bridge port (default: a free one)
  --strict                  a task file that fails to load is fatal

at scale (docs/scale.md)
  --parallel N              N episodes at once, one warm page each (default 1; with --processes K: K)
  --processes K             K shard processes sharing --parallel and --browsers (default 1)
  --isolation LEVEL         pages (default: one context, many pages) | contexts | browsers
  --browsers B              browsers the pages are spread over (pages/contexts; default 1 per process)
  --browser-endpoint WS     run the pages in a Playwright browser server (ws://host:port/…)
  --episode-timeout S       wall-clock limit per episode; a hung episode ends as timeout (default off)
  --retries R               run an episode again after a crashed page or browser, up to R times (default 0)
  --shard i/K               run this machine's part i of K of the task instances; join with phonegym merge
  --resume DIR              finish an interrupted run folder: keep its rows, run what is missing

model agents (docs/agents.md; the key is read from an environment variable, never a flag)
  --model-name M            the model an OpenAI-compatible endpoint serves (--agent openai)
  --base-url URL            its API root (default https://api.openai.com/v1), e.g. http://127.0.0.1:8000/v1
  --api-key-env NAME        the environment variable holding the key (default OPENAI_API_KEY)
  --agent-format F          phonegym (JSON or function calls) or a GUI-model grammar (docs/agent-formats.md)
  --observation O           screenshot (default) | tree | both: what the model is shown
  --temperature T           sampling temperature (default 0)
  --max-tokens N            reply budget per step (default 1024)
  --image-detail D          low | high | auto: the image part's detail hint (default: not sent)
  --price-in P --price-out P  dollars per million prompt / completion tokens: cost per step and episode
  --model-timeout S         per request (default 120); --model-retries R: 429/5xx/timeouts retried (default 4)
  --replay PATH             --agent replay: the trajectory.json (or its folder) to replay
  --max-rounds R            feedback rounds: a COMPLETE the judge fails goes back to the agent, up to R in all (default 1)
  --agent-connect-timeout S --agent remote: wait S seconds for a client (default 120); --agent-turn-timeout S per turn (default 300)

judging (docs/judge.md)
  --judge-mode M            auto (default: the state judge) | state | vlm | both (both judges; agreement in the summary)
  --judge-model M           the VLM judge's model (default: --model-name); --judge-base-url, --judge-api-key-env likewise default to the agent's
  --max-images N            screenshots the VLM judge sees at most (default 10; first and last always)`;

const LIST_FLAGS = {
  ...SELECTION_FLAGS,
  'sample-n': { type: 'string' },
  'judge-mode': { type: 'string' },
  'judge-model': { type: 'string' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const MAIN_HELP = `phonegym — a browser-first simulator and evaluator for mobile GUI agents

  phonegym run [flags]      run an agent on tasks (phonegym run --help)
  phonegym list [flags]     list tasks with their taxonomy (--json for tools)
  phonegym new-task s/Name   write a commented starting file tasks/s/Name.ts
  phonegym verify [flags]   prove tasks sound: oracle passes, noop fails, stray changes caught
  phonegym merge DIRS… --run-dir OUT   join the run folders of --shard i/K runs into one
  phonegym build            build the phone and studio pages
  phonegym doctor           check the machine: Node, Chromium, the web build`;

export interface ResolvedRun {
  config: RunConfig;
  /** The config keys set by flags on this command line. */
  given: Set<keyof RunConfig>;
  resume: string | null;
}

export function resolveRunConfig(argv: string[]): ResolvedRun | 'help' {
  const { values: v } = parseFlags('run', argv, RUN_FLAGS);
  if (v.help) return 'help';
  const given = new Set(Object.keys(v).filter((f) => v[f as keyof typeof v] !== undefined && FLAG_KEYS[f]).map((f) => FLAG_KEYS[f]!));
  const selection = selectionFromFlags(v);
  const agent = v.agent ?? DEFAULT_CONFIG.agent;
  if (!agentNames().includes(agent)) throw new UsageError(`unknown agent "${agent}"${didYouMean(agent, agentNames())}. Agents: ${agentNames().join(', ')}`);
  const scale = intFlag('screenshot-scale', v['screenshot-scale']);
  if (scale !== undefined && scale !== 1 && scale !== 3) throw new UsageError(`--screenshot-scale must be 1 or 3 (got ${scale})`);
  const seed = intFlag('sample-seed', v['sample-seed'], { min: 0, max: 0xffffffff });
  const processes = intFlag('processes', v.processes, { min: 1, max: 256 }) ?? DEFAULT_CONFIG.processes;
  const endpoint = v['browser-endpoint'] ?? null;
  if (endpoint !== null && !/^wss?:\/\//.test(endpoint)) throw new UsageError(`--browser-endpoint must be a ws:// or wss:// address of a Playwright browser server (got "${endpoint}"); start one with \`npx playwright run-server --port 3000\``);
  const config: RunConfig = {
    ...DEFAULT_CONFIG,
    suites: selection.suites!,
    taskIds: selection.taskIds!,
    split: selection.split ?? null,
    filterDifficulty: selection.difficulties!,
    filterObjective: selection.objectives!,
    filterApp: selection.apps!,
    agent,
    runDir: v['run-dir'] ?? null,
    maxSteps: intFlag('max-steps', v['max-steps'], { min: 1, max: 1000 }) ?? null,
    sampleN: intFlag('sample-n', v['sample-n'], { min: 1, max: 10_000 }) ?? DEFAULT_CONFIG.sampleN,
    sampleSeed: seed ?? null,
    repeatN: intFlag('repeat-n', v['repeat-n'], { min: 1, max: 1000 }) ?? DEFAULT_CONFIG.repeatN,
    passK: v['pass-k'] ? listFlag(v['pass-k']).map((k) => intFlag('pass-k', k, { min: 1 })!) : DEFAULT_CONFIG.passK,
    loopDetect: intFlag('loop-detect', v['loop-detect'], { min: 0, max: 1000 }) ?? DEFAULT_CONFIG.loopDetect,
    evalMode: choiceFlag('eval-mode', v['eval-mode'], EVAL_MODES) ?? DEFAULT_CONFIG.evalMode,
    coords: choiceFlag('coords', v.coords, ['pixels', 'norm1000', 'norm1'] as const) ?? DEFAULT_CONFIG.coords,
    screenshotScale: (scale ?? 1) as 1 | 3,
    jpegQuality: intFlag('jpeg-quality', v['jpeg-quality'], { min: 1, max: 100 }) ?? DEFAULT_CONFIG.jpegQuality,
    studio: v.studio ?? false,
    studioWait: intFlag('studio-wait', v['studio-wait'], { min: 0, max: 3600 }) ?? DEFAULT_CONFIG.studioWait,
    pace: intFlag('pace', v.pace, { min: 0, max: 10_000 }) ?? DEFAULT_CONFIG.pace,
    keepOpen: v['keep-open'] ?? false,
    port: intFlag('port', v.port, { min: 0, max: 65535 }) ?? 0,
    strict: v.strict ?? false,
    parallel: intFlag('parallel', v.parallel, { min: 1, max: 512 }) ?? processes,
    processes,
    isolation: choiceFlag('isolation', v.isolation, ISOLATIONS) ?? DEFAULT_CONFIG.isolation,
    browsers: intFlag('browsers', v.browsers, { min: 1, max: 256 }) ?? null,
    browserEndpoint: endpoint,
    episodeTimeout: intFlag('episode-timeout', v['episode-timeout'], { min: 0, max: 86_400 }) ?? DEFAULT_CONFIG.episodeTimeout,
    retries: intFlag('retries', v.retries, { min: 0, max: 100 }) ?? DEFAULT_CONFIG.retries,
    shard: v.shard !== undefined ? parseShard(v.shard) : null,
    modelName: v['model-name'] ?? null,
    baseUrl: urlFlag('base-url', v['base-url']) ?? null,
    apiKeyEnv: envNameFlag('api-key-env', v['api-key-env']) ?? DEFAULT_CONFIG.apiKeyEnv,
    temperature: numberFlag('temperature', v.temperature, { min: 0, max: 2 }) ?? DEFAULT_CONFIG.temperature,
    maxTokens: intFlag('max-tokens', v['max-tokens'], { min: 1, max: 1_000_000 }) ?? DEFAULT_CONFIG.maxTokens,
    observation: choiceFlag('observation', v.observation, ['screenshot', 'tree', 'both'] as const) ?? DEFAULT_CONFIG.observation,
    imageDetail: choiceFlag('image-detail', v['image-detail'], ['low', 'high', 'auto'] as const) ?? null,
    agentFormat: v['agent-format'] !== undefined ? findFormat(v['agent-format']).name : DEFAULT_CONFIG.agentFormat,
    priceIn: numberFlag('price-in', v['price-in'], { min: 0 }) ?? null,
    priceOut: numberFlag('price-out', v['price-out'], { min: 0 }) ?? null,
    modelTimeout: intFlag('model-timeout', v['model-timeout'], { min: 1, max: 3600 }) ?? DEFAULT_CONFIG.modelTimeout,
    modelRetries: intFlag('model-retries', v['model-retries'], { min: 0, max: 20 }) ?? DEFAULT_CONFIG.modelRetries,
    replay: v.replay ?? null,
    maxRounds: intFlag('max-rounds', v['max-rounds'], { min: 1, max: 20 }) ?? DEFAULT_CONFIG.maxRounds,
    agentConnectTimeout: intFlag('agent-connect-timeout', v['agent-connect-timeout'], { min: 1, max: 86_400 }) ?? DEFAULT_CONFIG.agentConnectTimeout,
    agentTurnTimeout: intFlag('agent-turn-timeout', v['agent-turn-timeout'], { min: 1, max: 86_400 }) ?? DEFAULT_CONFIG.agentTurnTimeout,
    judgeMode: choiceFlag('judge-mode', v['judge-mode'], ['auto', 'state', 'vlm', 'both'] as const) ?? DEFAULT_CONFIG.judgeMode,
    judgeModel: v['judge-model'] ?? null,
    judgeBaseUrl: urlFlag('judge-base-url', v['judge-base-url']) ?? null,
    judgeApiKeyEnv: envNameFlag('judge-api-key-env', v['judge-api-key-env']) ?? null,
    maxImages: intFlag('max-images', v['max-images'], { min: 1, max: 100 }) ?? DEFAULT_CONFIG.maxImages,
  };
  if ((config.priceIn === null) !== (config.priceOut === null)) throw new UsageError('give both --price-in and --price-out (dollars per million prompt and completion tokens), or neither');
  if (config.agent === 'openai' && !config.modelName) throw new UsageError('--agent openai needs --model-name: the model your endpoint serves (e.g. gpt-4o, or Qwen/Qwen2.5-VL-7B-Instruct on a vLLM server at --base-url)');
  if (config.agent === 'replay' && !config.replay) throw new UsageError('--agent replay needs --replay PATH: a trajectory.json written by an earlier run (or the folder holding it)');
  return { config, given, resume: v.resume ?? null };
}

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
    console.log(RUN_HELP);
    return 0;
  }
  const config = resolved.resume ? resumeConfig(resolved.resume, resolved) : resolved.config;
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
    const out = await runEvaluation(config, { signal: controller.signal, keepOpenUntil, resume: resolved.resume ?? undefined });
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
    console.log(`phonegym list [flags]     the selected tasks with their taxonomy\n\n${SELECTION_HELP}\n  --sample-n N              count instances as a run with --sample-n N would\n  --json                    a JSON array (id, suite, name, difficulty, objective, apps, tags, instances, max_steps, rejected)\n  --judge-mode M, --judge-model M   show which tasks a run with these judge flags would reject, and why\n  --strict                  a task file that fails to load is fatal`);
    return 0;
  }
  const registry = await loadRegistry({ strict: v.strict ?? false });
  const tasks = selectTasks(registry, selectionFromFlags(v));
  const sampleN = intFlag('sample-n', v['sample-n'], { min: 1 }) ?? 1;
  const judging = { judgeMode: choiceFlag('judge-mode', v['judge-mode'], ['auto', 'state', 'vlm', 'both'] as const) ?? DEFAULT_CONFIG.judgeMode, judgeModel: v['judge-model'] ?? null, modelName: null };
  const rows = tasks.map((t) => ({
    id: t.id,
    suite: t.suite,
    name: t.name,
    difficulty: t.def.difficulty,
    objective: t.def.objective,
    apps: t.def.apps,
    tags: t.def.tags ?? [],
    instances: instanceCount(t.def, sampleN),
    max_steps: resolveMaxSteps(t),
    file: t.file,
    // What a run with these judge flags would do with it: null, or why it would be rejected.
    rejected: preflight(t, judging)?.reason ?? null,
  }));
  if (v.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const w = Math.max(4, ...rows.map((r) => r.id.length));
    console.log(`${'task'.padEnd(w)}  level  objective  apps        steps  instances`);
    for (const r of rows) console.log(`${r.id.padEnd(w)}  ${r.difficulty.padEnd(5)}  ${r.objective.padEnd(9)}  ${r.apps.join(',').padEnd(10)}  ${String(r.max_steps).padStart(5)}  ${String(r.instances).padStart(9)}${r.rejected ? `  rejected: ${r.rejected}` : ''}`);
    const rejected = rows.filter((r) => r.rejected).length;
    console.log(`\n${rows.length} task(s)${rejected ? `, ${rejected} of them rejected by a run with these flags` : ''}`);
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
        throw new UsageError(`unknown command "${command}"${didYouMean(command, ['run', 'list', 'verify', 'merge', 'new-task', 'build', 'doctor'])}. Commands: run, list, verify, merge, new-task, build, doctor`);
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
