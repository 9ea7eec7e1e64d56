/**
 * One RunConfig: every flag resolved into one typed object, recorded whole in meta.json
 * (secrets never enter it).
 */
import type { CoordSpace } from '../protocol/actions.ts';
import type { Isolation } from '../env/envPool.ts';
import type { EvalMode } from '../tasks/grounded.ts';

export interface RunConfig {
  suites: string[];
  taskIds: string[];
  /** `tasks/splits/<name>.txt`, or a union `a+b`. */
  split: string | null;
  filterDifficulty: string[];
  filterObjective: string[];
  filterApp: string[];
  agent: string;
  runDir: string | null;
  maxSteps: number | null;
  sampleN: number;
  sampleSeed: number | null;
  repeatN: number;
  passK: number[];
  loopDetect: number;
  /** How query tasks are answered: the phone's answer sheet (grounded) or the ANSWER action's text. */
  evalMode: EvalMode;
  coords: CoordSpace;
  /** 1 = screenshots at CSS size (360x800), 3 = device size (1080x2400). */
  screenshotScale: 1 | 3;
  jpegQuality: number;
  studio: boolean;
  /** With --studio: how long to wait for a studio to start watching before the first episode (s). */
  studioWait: number;
  /** With a studio watching: a pause after each step so people can follow (ms). Never used unwatched. */
  pace: number;
  keepOpen: boolean;
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
}

/**
 * Flags that only say how a run executes, not what it runs or how it is judged: a resume or a
 * merge may differ in these. Every other key must match.
 */
export const EXECUTION_KEYS = ['runDir', 'studio', 'studioWait', 'pace', 'keepOpen', 'port', 'strict', 'parallel', 'processes', 'isolation', 'browsers', 'browserEndpoint', 'retries', 'shard'] as const satisfies readonly (keyof RunConfig)[];

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
  agent: 'oracle',
  runDir: null,
  maxSteps: null,
  sampleN: 1,
  sampleSeed: null,
  repeatN: 1,
  passK: [1],
  loopDetect: 0,
  evalMode: 'grounded',
  coords: 'pixels',
  screenshotScale: 1,
  jpegQuality: 80,
  studio: false,
  studioWait: 30,
  pace: 500,
  keepOpen: false,
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
};
