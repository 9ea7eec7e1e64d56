/**
 * One RunConfig: every flag resolved into one typed object, recorded whole in meta.json
 * (secrets never enter it).
 */
import type { CoordSpace } from '../protocol/actions.ts';
import type { Isolation } from '../env/envPool.ts';
import type { EvalMode } from '../tasks/grounded.ts';
import type { ReporterName } from './progress.ts';

export interface RunConfig {
  suites: string[];
  taskIds: string[];
  /** `tasks/splits/<name>.txt`, or a union `a+b`. */
  split: string | null;
  filterDifficulty: string[];
  filterObjective: string[];
  filterApp: string[];
  /** The folder of suites (default: the manifest's `[tasks] root`, tasks/). */
  tasksRoot: string | null;
  /** `--manifest FILE`: the environment manifest (default: the checkout's phonegym.toml). */
  manifest: string | null;
  agent: string;
  runDir: string | null;
  maxSteps: number | null;
  sampleN: number;
  sampleSeed: number | null;
  repeatN: number;
  /** `--variant`: the looks every instance runs in (simulator-apps/os/look.ts); [0] is the phone as designed. */
  variants: number[];
  passK: number[];
  loopDetect: number;
  /** How query tasks are answered: the phone's answer sheet (grounded) or the ANSWER action's text. */
  evalMode: EvalMode;
  /** Where episodes run: simulator pages, or phones over ADB (`devices`; docs/devices.md). */
  env: 'simulator' | 'adb';
  /** `--device SERIAL`: the phones of an `--env adb` run, one episode each at a time. */
  devices: string[];
  /** The adb server's port (null: ANDROID_ADB_SERVER_PORT or 5037, else one started on a free port). */
  adbPort: number | null;
  coords: CoordSpace;
  /** 1 = screenshots at CSS size (360x800), 3 = device size (1080x2400). */
  screenshotScale: 1 | 3;
  jpegQuality: number;
  /**
   * Off (`--no-screenshots`): trajectories keep no step pictures, and a screenshot is taken only
   * for an agent that reads it; the oracle's and tree-only agents' steps then take none (faster).
   */
  screenshots: boolean;
  studio: boolean;
  /** With --studio: how long to wait for a studio to start watching before the first episode (s). */
  studioWait: number;
  /** With a studio watching: a pause after each step so people can follow (ms). Never used unwatched. */
  pace: number;
  keepOpen: boolean;
  /** What the terminal shows per finished episode: a line, a character, or a JSON object (stdout). */
  reporter: ReporterName;
  port: number;
  strict: boolean;
  /** Episodes at once in one process (one page each). */
  parallel: number;
  /** Shards in separate processes; `parallel` and `browsers` are divided across them. */
  processes: number;
  isolation: Isolation;
  /** Browsers the pages are spread over (pages/contexts); null = one per process. */
  browsers: number | null;
  /** A Playwright browser server to run the pages in (ws://…), instead of launching Chromium. */
  browserEndpoint: string | null;
  /** Wall-clock limit per episode in seconds (0 = none); a hung episode ends as `timeout`. */
  episodeTimeout: number;
  /** Infrastructure errors (crashed page or browser) retried this many times per episode. */
  retries: number;
  /** This machine's part of the task instances: index (1-based) of count. */
  shard: { index: number; count: number } | null;

  // Model-driven agents (`--agent openai`; docs/agents.md). Keys are never here: only the NAME
  // of the environment variable that holds one.
  modelName: string | null;
  /** The API root of an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1. */
  baseUrl: string | null;
  apiKeyEnv: string;
  temperature: number;
  maxTokens: number;
  /** What the model is shown: the screenshot, the UI tree as text, or both. */
  observation: 'screenshot' | 'tree' | 'both';
  imageDetail: 'low' | 'high' | 'auto' | null;
  /** The conversation and reply grammar (docs/agent-formats.md). */
  agentFormat: string;
  /** Dollars per million prompt / completion tokens, for cost per step and episode. */
  priceIn: number | null;
  priceOut: number | null;
  /** Per model request (s), and retries of 429/5xx/timeouts with backoff. */
  modelTimeout: number;
  modelRetries: number;
  /** `--agent replay`: a trajectory.json (or its folder) whose actions are replayed. */
  replay: string | null;
  /** Feedback rounds (seed 003): the judge's findings go back to the agent up to R rounds in all. */
  maxRounds: number;
  /** `--agent remote`: how long to wait for a client to connect, and for it to answer a turn (s). */
  agentConnectTimeout: number;
  agentTurnTimeout: number;

  // Judging (spec section 8; docs/judge.md).
  /** auto: the state judge (a VLM only where no state check exists) | state | vlm | both. */
  judgeMode: 'auto' | 'state' | 'vlm' | 'both';
  /** The VLM judge's model, endpoint and key variable: each defaults to the agent's (spec section 8). */
  judgeModel: string | null;
  judgeBaseUrl: string | null;
  judgeApiKeyEnv: string | null;
  /** Screenshots the VLM judge sees at most (evenly sampled, first and last always in). */
  maxImages: number;
}

/**
 * Flags that only say how a run executes, not what it runs or how it is judged: a resume or a
 * merge may differ in these. Every other key must match.
 */
export const EXECUTION_KEYS = ['manifest', 'devices', 'adbPort', 'runDir', 'studio', 'studioWait', 'pace', 'keepOpen', 'screenshots', 'reporter', 'port', 'strict', 'parallel', 'processes', 'isolation', 'browsers', 'browserEndpoint', 'retries', 'shard', 'apiKeyEnv', 'judgeApiKeyEnv', 'modelTimeout', 'modelRetries', 'agentConnectTimeout', 'agentTurnTimeout'] as const satisfies readonly (keyof RunConfig)[];

/** The keys of a config that decide what runs and how it is judged (see EXECUTION_KEYS). */
export function resultKeys(): (keyof RunConfig)[] {
  return (Object.keys(DEFAULT_CONFIG) as (keyof RunConfig)[]).filter((k) => !(EXECUTION_KEYS as readonly string[]).includes(k));
}

/** The result-deciding keys on which two configs differ, each with both values. */
export function configDifferences(a: RunConfig, b: RunConfig): { key: keyof RunConfig; a: unknown; b: unknown }[] {
  const out: { key: keyof RunConfig; a: unknown; b: unknown }[] = [];
  for (const key of resultKeys()) {
    const va = a[key] ?? DEFAULT_CONFIG[key];
    const vb = b[key] ?? DEFAULT_CONFIG[key];
    if (JSON.stringify(va) !== JSON.stringify(vb)) out.push({ key, a: va, b: vb });
  }
  return out;
}

export const DEFAULT_CONFIG: RunConfig = {
  suites: [],
  taskIds: [],
  split: null,
  filterDifficulty: [],
  filterObjective: [],
  filterApp: [],
  tasksRoot: null,
  manifest: null,
  agent: 'oracle',
  runDir: null,
  maxSteps: null,
  sampleN: 1,
  sampleSeed: null,
  repeatN: 1,
  variants: [0],
  passK: [1],
  loopDetect: 0,
  evalMode: 'grounded',
  env: 'simulator',
  devices: [],
  adbPort: null,
  coords: 'pixels',
  screenshotScale: 1,
  jpegQuality: 80,
  screenshots: true,
  studio: false,
  studioWait: 30,
  pace: 500,
  keepOpen: false,
  reporter: 'line',
  port: 0,
  strict: false,
  parallel: 1,
  processes: 1,
  isolation: 'pages',
  browsers: null,
  browserEndpoint: null,
  episodeTimeout: 0,
  retries: 0,
  shard: null,
  modelName: null,
  baseUrl: null,
  apiKeyEnv: 'OPENAI_API_KEY',
  temperature: 0,
  maxTokens: 1024,
  observation: 'screenshot',
  imageDetail: null,
  agentFormat: 'phonegym',
  priceIn: null,
  priceOut: null,
  modelTimeout: 120,
  modelRetries: 4,
  replay: null,
  maxRounds: 1,
  agentConnectTimeout: 120,
  agentTurnTimeout: 300,
  judgeMode: 'auto',
  judgeModel: null,
  judgeBaseUrl: null,
  judgeApiKeyEnv: null,
  maxImages: 10,
};
