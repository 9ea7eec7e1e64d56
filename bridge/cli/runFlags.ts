/**
 * `phonegym run`'s flags as one typed table: each flag's name, value, help, the `RunConfig` key it
 * fills and how its text becomes that value. Parsing, `--help` and resolving (and a resume's
 * check of which keys were given) all come from this table, so a flag is spelled once.
 */
import { agentNames } from '../agents/registry.ts';
import { findFormat } from '../agents/formats/index.ts';
import { ISOLATIONS } from '../env/envPool.ts';
import { UsageError } from '../protocol/errors.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { DEFAULT_CONFIG, resultKeys, type RunConfig } from '../runner/config.ts';
import { parseShard } from '../runner/plan.ts';
import { REPORTERS } from '../runner/progress.ts';
import { EVAL_MODES } from '../tasks/grounded.ts';
import { choiceFlag, envNameFlag, intFlag, listFlag, numberFlag, parseFlags, urlFlag, variantsFlag, type FlagSpec } from './flags.ts';

type Group = 'selection' | 'run' | 'scale' | 'model' | 'judge';

export interface RunFlag<K extends keyof RunConfig = keyof RunConfig> {
  name: string;
  /** The RunConfig key the flag fills. */
  key: K;
  /** What the value looks like in help (`N`, `DIR`); absent for a switch. */
  value?: string;
  help: string;
  group: Group;
  /** The flag's text → its value (undefined: the default). Throws a UsageError naming the flag. */
  parse(text: string): RunConfig[K] | undefined;
}

const int = (name: string, min: number, max: number) => (t: string) => intFlag(name, t, { min, max });
const list = (t: string) => listFlag(t);
const text = (t: string) => t;

/** One entry per flag, in the order `--help` shows them. */
export const RUN_FLAG_TABLE: readonly RunFlag[] = [
  { name: 'suite', key: 'suites', value: 'a,b', help: 'suites (default: all)', group: 'selection', parse: list },
  { name: 'task-ids', key: 'taskIds', value: 'ID,ID', help: 'several tasks', group: 'selection', parse: list },
  { name: 'task-id', key: 'taskIds', value: 'ID', help: 'one task, e.g. chat.PinChat', group: 'selection', parse: (t) => [t] },
  { name: 'split', key: 'split', value: 'NAME[+NAME]', help: 'tasks listed in tasks/splits/NAME.txt (+ is a union)', group: 'selection', parse: text },
  { name: 'filter-difficulty', key: 'filterDifficulty', value: 'L1,L2', help: 'only these difficulties', group: 'selection', parse: list },
  { name: 'filter-objective', key: 'filterObjective', value: 'query,action', help: 'only these objectives', group: 'selection', parse: list },
  { name: 'filter-app', key: 'filterApp', value: 'chat', help: 'only tasks that use these apps', group: 'selection', parse: list },
  { name: 'tasks-root', key: 'tasksRoot', value: 'DIR', help: "where the suites are (default: the manifest's [tasks] root, tasks/)", group: 'selection', parse: text },
  { name: 'manifest', key: 'manifest', value: 'FILE', help: 'the environment manifest (default: phonegym.toml of this checkout; a task root\'s phonegym.toml also picks that root)', group: 'selection', parse: text },

  { name: 'agent', key: 'agent', value: 'NAME', help: `${agentNames().join(' | ')} (default oracle)`, group: 'run', parse: (t) => agentName(t) },
  { name: 'run-dir', key: 'runDir', value: 'DIR', help: 'where to write (default runs/<YYYYMMDD_HHMMSS>)', group: 'run', parse: text },
  { name: 'max-steps', key: 'maxSteps', value: 'N', help: "every task's whole step budget, exactly N, the 答题卡 sheet included (default: the task's own or by difficulty, +15 for a grounded answer task)", group: 'run', parse: int('max-steps', 1, 1000) },
  { name: 'sample-n', key: 'sampleN', value: 'N', help: 'instances per task (default 1)', group: 'run', parse: int('sample-n', 1, 10_000) },
  { name: 'sample-seed', key: 'sampleSeed', value: 'S', help: 'base seed; without it one is drawn and recorded in meta.json', group: 'run', parse: int('sample-seed', 0, 0xffffffff) },
  { name: 'variant', key: 'variants', value: 'V[,V...]', help: 'looks every instance runs in: 0 the phone as designed (default), 1 every dimension changed at once, 2+ drawn from the number (docs/tasks.md)', group: 'run', parse: (t) => variantsFlag(t) },
  { name: 'repeat-n', key: 'repeatN', value: 'R', help: 'trials per instance (default 1)', group: 'run', parse: int('repeat-n', 1, 1000) },
  { name: 'pass-k', key: 'passK', value: '1,4,8', help: 'k values for pass@k when --repeat-n > 1', group: 'run', parse: (t) => listFlag(t).map((k) => intFlag('pass-k', k, { min: 1 })!) },
  { name: 'loop-detect', key: 'loopDetect', value: 'N', help: 'N identical actions in a row end the episode (default off)', group: 'run', parse: int('loop-detect', 0, 1000) },
  { name: 'eval-mode', key: 'evalMode', value: 'MODE', help: "grounded (query answers on the phone's 答题卡 sheet, the default) | text (the ANSWER action)", group: 'run', parse: (t) => choiceFlag('eval-mode', t, EVAL_MODES) },
  { name: 'env', key: 'env', value: 'ENV', help: 'simulator (the default: phonegym\'s phone pages) | adb (phones over ADB: --device, docs/devices.md)', group: 'run', parse: (t) => choiceFlag('env', t, ['simulator', 'adb'] as const) },
  { name: 'device', key: 'devices', value: 'SERIAL', help: 'a phone for --env adb, by its adb serial or HOST:PORT (a comma list for several; phonegym devices lists them)', group: 'run', parse: list },
  { name: 'adb-port', key: 'adbPort', value: 'P', help: 'the adb server\'s port (default ANDROID_ADB_SERVER_PORT or 5037; none there: one started on a free port)', group: 'run', parse: int('adb-port', 1, 65535) },
  { name: 'coords', key: 'coords', value: 'SPACE', help: "pixels | norm1000 | norm1: the agent's coordinate space", group: 'run', parse: (t) => choiceFlag('coords', t, ['pixels', 'norm1000', 'norm1'] as const) },
  { name: 'screenshot-scale', key: 'screenshotScale', value: 'S', help: '1 (360x800) or 3 (1080x2400)', group: 'run', parse: (t) => screenshotScale(t) },
  { name: 'jpeg-quality', key: 'jpegQuality', value: 'Q', help: 'screenshot quality 1-100 (default 80)', group: 'run', parse: int('jpeg-quality', 1, 100) },
  { name: 'no-screenshots', key: 'screenshots', help: 'trajectories without step pictures; the oracle and tree-only agents then take no screenshot at all (faster; docs/training.md)', group: 'run', parse: () => false },
  { name: 'studio', key: 'studio', help: 'serve the studio and print its URL', group: 'run', parse: () => true },
  { name: 'studio-wait', key: 'studioWait', value: 'S', help: 'with --studio, wait up to S seconds for it to connect (default 30)', group: 'run', parse: int('studio-wait', 0, 3600) },
  { name: 'pace', key: 'pace', value: 'MS', help: 'pause after each step while a studio watches (default 500, 0 = off)', group: 'run', parse: int('pace', 0, 10_000) },
  { name: 'reporter', key: 'reporter', value: 'R', help: 'line (default: a line per episode) | dot (a character each) | json (an object each on stdout, the rest on stderr)', group: 'run', parse: (t) => choiceFlag('reporter', t, REPORTERS) },
  { name: 'keep-open', key: 'keepOpen', help: 'keep the studio up after the run until Ctrl+C', group: 'run', parse: () => true },
  { name: 'port', key: 'port', value: 'P', help: 'bridge port (default: a free one)', group: 'run', parse: int('port', 0, 65535) },
  { name: 'strict', key: 'strict', help: 'a task file that fails to load is fatal', group: 'run', parse: () => true },

  { name: 'parallel', key: 'parallel', value: 'N', help: 'N episodes at once, one warm page each (default 1; with --processes K: K)', group: 'scale', parse: int('parallel', 1, 512) },
  { name: 'processes', key: 'processes', value: 'K', help: 'K shard processes sharing --parallel and --browsers (default 1)', group: 'scale', parse: int('processes', 1, 256) },
  { name: 'isolation', key: 'isolation', value: 'LEVEL', help: 'pages (default: one context, many pages) | contexts | browsers', group: 'scale', parse: (t) => choiceFlag('isolation', t, ISOLATIONS) },
  { name: 'browsers', key: 'browsers', value: 'B', help: 'browsers the pages are spread over (pages/contexts; default 1 per process)', group: 'scale', parse: int('browsers', 1, 256) },
  { name: 'browser-endpoint', key: 'browserEndpoint', value: 'WS', help: 'run the pages in a Playwright browser server (ws://host:port/…)', group: 'scale', parse: (t) => browserEndpoint(t) },
  { name: 'episode-timeout', key: 'episodeTimeout', value: 'S', help: 'wall-clock limit per episode; a hung episode ends as timeout (default off)', group: 'scale', parse: int('episode-timeout', 0, 86_400) },
  { name: 'retries', key: 'retries', value: 'R', help: 'run an episode again after a crashed page or browser, up to R times (default 0)', group: 'scale', parse: int('retries', 0, 100) },
  { name: 'shard', key: 'shard', value: 'i/K', help: "run this machine's part i of K of the task instances; join with phonegym merge", group: 'scale', parse: (t) => parseShard(t) },

  { name: 'model-name', key: 'modelName', value: 'M', help: 'the model an OpenAI-compatible endpoint serves (--agent openai)', group: 'model', parse: text },
  { name: 'base-url', key: 'baseUrl', value: 'URL', help: 'its API root (default https://api.openai.com/v1), e.g. http://127.0.0.1:8000/v1', group: 'model', parse: (t) => urlFlag('base-url', t) },
  { name: 'api-key-env', key: 'apiKeyEnv', value: 'NAME', help: 'the environment variable holding the key (default OPENAI_API_KEY)', group: 'model', parse: (t) => envNameFlag('api-key-env', t) },
  { name: 'agent-format', key: 'agentFormat', value: 'F', help: 'phonegym (JSON or function calls) or a GUI-model grammar (docs/agent-formats.md)', group: 'model', parse: (t) => findFormat(t).name },
  { name: 'observation', key: 'observation', value: 'O', help: 'screenshot (default) | tree | both: what the model is shown', group: 'model', parse: (t) => choiceFlag('observation', t, ['screenshot', 'tree', 'both'] as const) },
  { name: 'temperature', key: 'temperature', value: 'T', help: 'sampling temperature (default 0)', group: 'model', parse: (t) => numberFlag('temperature', t, { min: 0, max: 2 }) },
  { name: 'max-tokens', key: 'maxTokens', value: 'N', help: 'reply budget per step (default 1024)', group: 'model', parse: int('max-tokens', 1, 1_000_000) },
  { name: 'image-detail', key: 'imageDetail', value: 'D', help: "low | high | auto: the image part's detail hint (default: not sent)", group: 'model', parse: (t) => choiceFlag('image-detail', t, ['low', 'high', 'auto'] as const) },
  { name: 'price-in', key: 'priceIn', value: 'P', help: 'dollars per million prompt tokens: cost per step and episode (with --price-out)', group: 'model', parse: (t) => numberFlag('price-in', t, { min: 0 }) },
  { name: 'price-out', key: 'priceOut', value: 'P', help: 'dollars per million completion tokens (with --price-in)', group: 'model', parse: (t) => numberFlag('price-out', t, { min: 0 }) },
  { name: 'model-timeout', key: 'modelTimeout', value: 'S', help: 'per request (default 120)', group: 'model', parse: int('model-timeout', 1, 3600) },
  { name: 'model-retries', key: 'modelRetries', value: 'R', help: '429/5xx/timeouts retried with backoff (default 4)', group: 'model', parse: int('model-retries', 0, 20) },
  { name: 'replay', key: 'replay', value: 'PATH', help: '--agent replay: the trajectory.json (or its folder) to replay', group: 'model', parse: text },
  { name: 'max-rounds', key: 'maxRounds', value: 'R', help: 'feedback rounds: a COMPLETE the judge fails goes back to the agent, up to R in all (default 1)', group: 'model', parse: int('max-rounds', 1, 20) },
  { name: 'agent-connect-timeout', key: 'agentConnectTimeout', value: 'S', help: '--agent remote: wait S seconds for a client (default 120)', group: 'model', parse: int('agent-connect-timeout', 1, 86_400) },
  { name: 'agent-turn-timeout', key: 'agentTurnTimeout', value: 'S', help: '--agent remote: seconds a client may take per turn (default 300)', group: 'model', parse: int('agent-turn-timeout', 1, 86_400) },

  { name: 'judge-mode', key: 'judgeMode', value: 'M', help: 'auto (default: the state judge) | state | vlm | both (both judges; agreement in the summary)', group: 'judge', parse: (t) => choiceFlag('judge-mode', t, ['auto', 'state', 'vlm', 'both'] as const) },
  { name: 'judge-model', key: 'judgeModel', value: 'M', help: "the VLM judge's model (default: --model-name)", group: 'judge', parse: text },
  { name: 'judge-base-url', key: 'judgeBaseUrl', value: 'URL', help: "the VLM judge's API root (default: --base-url)", group: 'judge', parse: (t) => urlFlag('judge-base-url', t) },
  { name: 'judge-api-key-env', key: 'judgeApiKeyEnv', value: 'NAME', help: "the variable holding the VLM judge's key (default: --api-key-env)", group: 'judge', parse: (t) => envNameFlag('judge-api-key-env', t) },
  { name: 'max-images', key: 'maxImages', value: 'N', help: 'screenshots the VLM judge sees at most (default 10; first and last always)', group: 'judge', parse: int('max-images', 1, 100) },
];

/** Flags of `run` that fill no RunConfig key. */
const COMMAND_FLAGS = {
  resume: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const GROUP_TITLES: Record<Group, string> = {
  selection: '',
  run: '',
  scale: 'at scale (docs/scale.md)',
  model: 'model agents (docs/agents.md; the key is read from an environment variable, never a flag)',
  judge: 'judging (docs/judge.md)',
};

function agentName(t: string): string {
  if (!agentNames().includes(t)) throw new UsageError(`unknown agent "${t}"${didYouMean(t, agentNames())}. Agents: ${agentNames().join(', ')}`);
  return t;
}

function screenshotScale(t: string): 1 | 3 {
  const scale = intFlag('screenshot-scale', t);
  if (scale !== 1 && scale !== 3) throw new UsageError(`--screenshot-scale must be 1 or 3 (got ${scale})`);
  return scale;
}

function browserEndpoint(t: string): string {
  if (!/^wss?:\/\//.test(t)) throw new UsageError(`--browser-endpoint must be a ws:// or wss:// address of a Playwright browser server (got "${t}"); start one with \`npx playwright run-server --port 3000\``);
  return t;
}

/** The table as `node:util` parseArgs options. */
export function runFlagOptions(): FlagSpec {
  const options: FlagSpec = { ...COMMAND_FLAGS };
  for (const f of RUN_FLAG_TABLE) options[f.name] = { type: f.value === undefined ? 'boolean' : 'string' };
  return options;
}

export function runHelp(): string {
  const lines = ['phonegym run [flags]      run agents on tasks and write a run folder', ''];
  let group: Group | null = null;
  for (const f of RUN_FLAG_TABLE) {
    if (f.group !== group) {
      if (GROUP_TITLES[f.group]) lines.push('', GROUP_TITLES[f.group]);
      group = f.group;
    }
    const flag = `--${f.name}${f.value ? ` ${f.value}` : ''}`;
    lines.push(`  ${flag.padEnd(24)}  ${f.help}`);
    if (f.name === 'shard') lines.push(`  ${'--resume DIR'.padEnd(24)}  finish an interrupted run folder: keep its rows, run what is missing`);
  }
  return lines.join('\n');
}

export interface ResolvedRun {
  config: RunConfig;
  /** The config keys set by flags on this command line. */
  given: Set<keyof RunConfig>;
  resume: string | null;
}

/** `phonegym run`'s command line → one RunConfig (defaults where a flag is absent). */
export function resolveRunConfig(argv: string[]): ResolvedRun | 'help' {
  const { values } = parseFlags('run', argv, runFlagOptions());
  const v = values as Record<string, string | boolean | undefined>;
  if (v.help) return 'help';
  const config = { ...DEFAULT_CONFIG, taskIds: [] as string[] } as Record<keyof RunConfig, unknown>;
  const given = new Set<keyof RunConfig>();
  for (const f of RUN_FLAG_TABLE) {
    const raw = v[f.name];
    if (raw === undefined) continue;
    // A switch gives what its entry says it means (`--no-screenshots` turns a key off).
    const value = typeof raw === 'boolean' ? (raw ? f.parse('') : undefined) : f.parse(raw);
    if (value === undefined) continue;
    given.add(f.key);
    // --task-id and --task-ids both add to the task list.
    config[f.key] = f.key === 'taskIds' ? [...(config.taskIds as string[]), ...(value as string[])] : value;
  }
  const c = config as unknown as RunConfig;
  if (!given.has('parallel')) c.parallel = c.processes;
  if ((c.priceIn === null) !== (c.priceOut === null)) throw new UsageError('give both --price-in and --price-out (dollars per million prompt and completion tokens), or neither');
  if (c.agent === 'openai' && !c.modelName) throw new UsageError('--agent openai needs --model-name: the model your endpoint serves (e.g. gpt-4o, or Qwen/Qwen2.5-VL-7B-Instruct on a vLLM server at --base-url)');
  if (c.agent === 'replay' && !c.replay) throw new UsageError('--agent replay needs --replay PATH: a trajectory.json written by an earlier run (or the folder holding it)');
  return { config: c, given, resume: (v.resume as string | undefined) ?? null };
}

/** Keys that do not change a run's results but are needed to run it again as it ran. */
const REPRODUCE_EXTRA: ReadonlySet<keyof RunConfig> = new Set(['apiKeyEnv', 'judgeApiKeyEnv', 'shard', 'strict']);

const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);

function flagValueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (value && typeof value === 'object' && 'index' in value && 'count' in value) return `${(value as { index: number }).index}/${(value as { count: number }).count}`;
  return String(value);
}

/**
 * The `phonegym run` command line that makes a run with this config again: every flag that
 * decides results and differs from its default (the table's first spelling of its key), and the
 * seed always, drawn or not. Where it wrote, how many pages and the studio are left out.
 */
export function reproduceCommand(config: RunConfig, sampleSeed: number): { command: string; flags: string[] } {
  const keys = new Set<keyof RunConfig>([...resultKeys(), ...REPRODUCE_EXTRA]);
  const flags: string[] = [];
  const done = new Set<keyof RunConfig>();
  for (const f of RUN_FLAG_TABLE) {
    if (done.has(f.key) || !keys.has(f.key)) continue;
    done.add(f.key);
    const value = f.key === 'sampleSeed' ? sampleSeed : config[f.key];
    if (value === null || value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    if (f.key !== 'sampleSeed' && JSON.stringify(value) === JSON.stringify(DEFAULT_CONFIG[f.key])) continue;
    flags.push(f.value === undefined ? `--${f.name}` : `--${f.name} ${shellWord(flagValueText(value))}`);
  }
  return { command: ['phonegym run', ...flags].join(' '), flags };
}
