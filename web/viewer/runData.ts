/**
 * The run viewer's data, without a browser: where a run's files are, what each episode's outcome
 * is, the filters and their choices, and what to draw over a step's screenshot. Everything the
 * viewer shows comes from the run-folder contract (bridge/protocol/runFolder.ts, trajectory.ts);
 * the same files are served by `phonegym view` and written by the leaderboard builder.
 */
import type { Action } from '../../bridge/protocol/actions.ts';
import type { ResultRow } from '../../bridge/protocol/runFolder.ts';
import { isTrajectoryPath, type TrajectoryDoc, type TrajectoryStep } from '../../bridge/protocol/trajectory.ts';

export type Outcome = 'passed' | 'failed' | 'unclean' | 'error';
export const OUTCOMES: Outcome[] = ['passed', 'failed', 'unclean', 'error'];

/** One row's outcome, as the studio's chips name them. */
export function outcomeOf(r: ResultRow): Outcome {
  if (r.status !== 'completed') return 'error';
  if (r.success) return 'passed';
  if (r.goal_success && !r.clean) return 'unclean';
  return 'failed';
}

/**
 * The base URL of a run's data from the page's `?run=`: a relative folder of this site (default
 * `data/`). An absolute URL or a path that climbs out is refused: the page reads only its own site.
 */
export function dataBase(search: string): string {
  const run = new URLSearchParams(search).get('run');
  if (run === null || run === '') return 'data/';
  if (/^[a-z][a-z0-9+.-]*:|^\/|\\/i.test(run) || run.split('/').some((s) => s === '..' || s === '.')) throw new Error(`?run=${run.slice(0, 80)} is not a folder of this site`);
  return run.endsWith('/') ? run : `${run}/`;
}

/**
 * The studio this viewer was opened from (its Runs tab adds `&studio=<token>` to a folder of its
 * `runs/`), so an episode can be continued there: null for `phonegym view` and the leaderboard.
 */
export function studioOf(search: string): { token: string; folder: string } | null {
  const q = new URLSearchParams(search);
  const token = q.get('studio');
  const folder = /^runs\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})\/?$/.exec(q.get('run') ?? '')?.[1];
  return token && folder ? { token, folder } : null;
}

/** The studio's address that continues `r` from `step` in Author mode (web/studio.ts reads it). */
export function forkUrl(studio: { token: string; folder: string }, r: Pick<ResultRow, 'trajectory'>, step: number): string | null {
  if (!isTrajectoryPath(r.trajectory)) return null;
  const hash = new URLSearchParams({ run: studio.folder, trajectory: r.trajectory, step: String(step) });
  return `studio.html?token=${encodeURIComponent(studio.token)}#fork&${hash}`;
}

/** A file of an episode's trajectory folder, or null when the row names no plain folder of the run. */
export function episodeFile(base: string, r: Pick<ResultRow, 'trajectory'>, file: string): string | null {
  if (!isTrajectoryPath(r.trajectory) || !/^[\w.-]+$/.test(file) || file.startsWith('.')) return null;
  return `${base}${r.trajectory.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(file)}`;
}

export interface EpisodeFilter {
  text: string;
  suite: string | null;
  outcome: Outcome | null;
  errorCode: string | null;
  app: string | null;
  difficulty: string | null;
  /** A look (`--variant`) of a run in several. */
  variant: number | null;
}

export const NO_FILTER: EpisodeFilter = { text: '', suite: null, outcome: null, errorCode: null, app: null, difficulty: null, variant: null };

export interface Facets {
  suites: string[];
  apps: string[];
  difficulties: string[];
  errorCodes: string[];
  /** The looks the rows were run in (one, 0, for most runs). */
  variants: number[];
  outcomes: Record<Outcome, number>;
}

export function facetsOf(rows: readonly ResultRow[]): Facets {
  const suites = new Set<string>();
  const apps = new Set<string>();
  const levels = new Set<string>();
  const codes = new Set<string>();
  const variants = new Set<number>();
  const outcomes: Record<Outcome, number> = { passed: 0, failed: 0, unclean: 0, error: 0 };
  for (const r of rows) {
    suites.add(r.suite);
    for (const a of r.apps) apps.add(a);
    levels.add(r.difficulty);
    if (r.error_code) codes.add(r.error_code);
    variants.add(r.variant ?? 0);
    outcomes[outcomeOf(r)]++;
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return { suites: sorted(suites), apps: sorted(apps), difficulties: sorted(levels), errorCodes: sorted(codes), variants: [...variants].sort((a, b) => a - b), outcomes };
}

/** The rows the filter keeps, as indices into `rows`, in their order. */
export function filterRows(rows: readonly ResultRow[], f: EpisodeFilter): number[] {
  const text = f.text.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (f.suite !== null && r.suite !== f.suite) continue;
    if (f.outcome !== null && outcomeOf(r) !== f.outcome) continue;
    if (f.errorCode !== null && r.error_code !== f.errorCode) continue;
    if (f.app !== null && !r.apps.includes(f.app)) continue;
    if (f.difficulty !== null && r.difficulty !== f.difficulty) continue;
    if (f.variant !== null && (r.variant ?? 0) !== f.variant) continue;
    if (text && !r.task_id.toLowerCase().includes(text) && !r.goal.toLowerCase().includes(text)) continue;
    out.push(i);
  }
  return out;
}

/** `chat.PinChat #0 t1 v3`: an episode's name in lists and titles (v: a look other than the designed one). */
export function episodeLabel(r: Pick<ResultRow, 'task_id' | 'instance' | 'trial_id' | 'variant'>): string {
  return `${r.task_id} #${r.instance}${r.trial_id ? ` t${r.trial_id}` : ''}${r.variant ? ` v${r.variant}` : ''}`;
}

/** What to draw over a screenshot for the action taken on it, in CSS pixels of the 360x800 screen. */
export type ActionMark =
  | { kind: 'point'; x: number; y: number; label: string }
  | { kind: 'path'; x1: number; y1: number; x2: number; y2: number; label: string }
  | { kind: 'text'; text: string; x: number | null; y: number | null }
  | { kind: 'note'; label: string };

export function actionMark(a: Action): ActionMark {
  switch (a.type) {
    case 'tap':
    case 'double_tap':
    case 'long_press':
      return { kind: 'point', x: a.x, y: a.y, label: a.type.replace('_', ' ') };
    case 'swipe':
    case 'drag':
      return { kind: 'path', x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, label: a.type };
    case 'type':
      return { kind: 'text', text: a.text, x: a.x ?? null, y: a.y ?? null };
    case 'key':
      return { kind: 'note', label: `key ${a.key}` };
    case 'open_app':
      return { kind: 'note', label: `open ${a.app}` };
    case 'wait':
      return { kind: 'note', label: `wait ${a.ms} ms` };
    case 'info':
      return { kind: 'note', label: 'asks the user' };
    case 'answer':
      return { kind: 'note', label: 'answers' };
    case 'complete':
      return { kind: 'note', label: 'says it is done' };
    case 'abort':
      return { kind: 'note', label: 'gives up' };
  }
}

/**
 * The frames of a replay, as a trace viewer shows actions: frame k (0…n-1) is step k+1, its action
 * drawn on the screen it was taken on; frame n is the end, the last screen with nothing drawn. A
 * step without a screenshot (a terminal action) leaves the screen as it was.
 */
export interface ReplayFrame {
  /** The screenshot shown, or null when none was recorded. */
  image: string | null;
  /** The step acted on this screen; null on the last frame. */
  step: TrajectoryStep | null;
}

export function replayFrames(doc: TrajectoryDoc): ReplayFrame[] {
  const frames: ReplayFrame[] = [];
  let screen = doc.initial_screenshot;
  for (const s of doc.steps) {
    frames.push({ image: screen, step: s });
    screen = s.screenshot ?? screen;
  }
  frames.push({ image: screen, step: null });
  return frames;
}

/**
 * The rows that come after the viewer has opened: batches as the worker reads them, held until the
 * viewer listens, then handed straight on; an error (a bad line further down) likewise.
 */
export class RowsFeed {
  ended = false;
  private held: ResultRow[][] = [];
  private error: string | null = null;
  private listener: ((rows: ResultRow[], done: boolean) => void) | null = null;
  private onError: ((message: string) => void) | null = null;

  push(rows: ResultRow[], done: boolean): void {
    this.ended = done;
    if (this.listener) this.listener(rows, done);
    else this.held.push(rows);
  }

  fail(message: string): void {
    if (this.onError) this.onError(message);
    else this.error = message;
  }

  /** Calls `onRows` with every batch held so far, then with each one as it comes; `onError` once if the reading fails. */
  follow(onRows: (rows: ResultRow[], done: boolean) => void, onError: (message: string) => void): void {
    this.listener = onRows;
    this.onError = onError;
    const held = this.held;
    this.held = [];
    held.forEach((rows, i) => onRows(rows, this.ended && i === held.length - 1));
    if (this.error !== null) onError(this.error);
  }
}
