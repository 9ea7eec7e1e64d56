/**
 * One RunConfig: every flag resolved into one typed object, recorded whole in meta.json
 * (secrets never enter it).
 */
import type { CoordSpace } from '../protocol/actions.ts';
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
};
