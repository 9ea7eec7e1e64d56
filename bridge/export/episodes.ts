/**
 * One run folder's episodes as the exporter reads them, through the run-folder contract only:
 * `readRunFolder` (meta.json of this version, every row checked, shards joined), each row's
 * `trajectory/<name>/trajectory.json` (bridge/protocol/trajectory.ts) and its `step_NNN.jpg`
 * screenshots. What the files say is data: a name that would leave the folder is refused (the
 * whole export, exit 2), a trajectory or screenshot that cannot be used skips its episode with
 * the reason, and every text kept is bounded.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shownPath } from '../paths.ts';
import { ACTION_TYPES } from '../protocol/actions.ts';
import { envIdOfMeta } from '../protocol/environment.ts';
import { RunFolderError, type ResultRow } from '../protocol/runFolder.ts';
import { isTrajectoryPath, type TrajectoryDoc, type TrajectoryStep } from '../protocol/trajectory.ts';
import type { RunMeta } from '../runner/meta.ts';
import { readRunFolder, type RunFolder } from '../runner/runFolder.ts';
import { episodeKey } from '../runner/plan.ts';

/** A trajectory.json larger than this is not read (as for a fork: its thoughts and replies make the bulk). */
export const MAX_TRAJECTORY_BYTES = 64 * 1024 * 1024;
/** A screenshot file larger than this is not inlined (a 1080x2400 JPEG is a few hundred KB). */
export const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;
/** The only screenshot names a trajectory may give: a plain file beside it. */
const SCREENSHOT_NAME = /^step_\d{3,6}\.jpg$/;

/** An episode that cannot become a record: the export goes on without it and counts the reason. */
export class SkippedEpisode extends Error {
  override name = 'SkippedEpisode';
  constructor(readonly reason: string, readonly detail: string) {
    super(`${reason}: ${detail}`);
  }
}

export interface Episode {
  row: ResultRow;
  doc: TrajectoryDoc;
  /** The episode's trajectory folder (absolute). */
  dir: string;
  /** `<task>#<instance>#<trial>`, as errors name it. */
  key: string;
}

/**
 * The env's `name@version+hash` for a row: the row's own `env`, else meta.json's, else null.
 * The one place that reads it (the manifest writes it into both).
 */
export function envOf(row: ResultRow, meta: RunMeta): string | null {
  return typeof row.env === 'string' ? row.env : envIdOfMeta(meta);
}

/**
 * The run folder, refused (exit 2, with the path and the reason) when it is not one of this
 * version or a row names a trajectory outside it; checked before anything is written.
 */
export function openRun(dirArg: string): RunFolder {
  const folder = readRunFolder(dirArg);
  for (const row of folder.rows) {
    if (!isTrajectoryPath(row.trajectory)) {
      throw new RunFolderError(shownPath(join(folder.dir, 'results.jsonl')), null, `the row of ${episodeKey(row)} names the trajectory ${JSON.stringify(row.trajectory).slice(0, 120)}, not a folder trajectory/<name> of the run: it is not followed. Repair that row or export the run folder phonegym wrote`);
    }
  }
  return folder;
}

/** The episode behind `row`, or a SkippedEpisode saying why it has none to export. */
export function readEpisode(folder: RunFolder, row: ResultRow): Episode {
  const key = episodeKey(row);
  const dir = join(folder.dir, row.trajectory);
  const file = join(dir, 'trajectory.json');
  if (!existsSync(file)) throw new SkippedEpisode('no trajectory', `${key}: ${shownPath(file)} does not exist`);
  const size = statSync(file).size;
  if (size > MAX_TRAJECTORY_BYTES) throw new SkippedEpisode('trajectory too large', `${key}: ${shownPath(file)} is ${size} bytes, over ${MAX_TRAJECTORY_BYTES}`);
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SkippedEpisode('unreadable trajectory', `${key}: ${shownPath(file)} is not valid JSON (${(e as Error).message.slice(0, 120)})`);
  }
  const why = trajectoryProblem(doc);
  if (why) throw new SkippedEpisode('unreadable trajectory', `${key}: ${shownPath(file)} ${why}`);
  const steps = (doc as TrajectoryDoc).steps;
  const names = [(doc as TrajectoryDoc).initial_screenshot, ...steps.map((s) => s.screenshot)];
  const foreign = names.find((n) => n !== null && !SCREENSHOT_NAME.test(n));
  if (foreign !== undefined) {
    throw new RunFolderError(shownPath(file), null, `names the screenshot ${JSON.stringify(foreign).slice(0, 120)}, not a file step_NNN.jpg beside it: it is not followed. Repair the trajectory or export the run folder phonegym wrote`);
  }
  return { row, doc: doc as TrajectoryDoc, dir, key };
}

/** What in a parsed trajectory.json the exporter cannot use, in words, or null. */
function trajectoryProblem(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 'is not a JSON object';
  const d = doc as Partial<TrajectoryDoc>;
  if (!Array.isArray(d.steps)) return 'has no steps list: it is not a phonegym trajectory';
  if (d.initial_screenshot !== null && typeof d.initial_screenshot !== 'string') return 'has an initial_screenshot that is neither a file name nor null';
  for (const [i, s] of d.steps.entries()) {
    const step = s as Partial<TrajectoryStep> | null;
    if (!step || typeof step !== 'object') return `step ${i + 1} is not an object`;
    if (!Number.isSafeInteger(step.index)) return `step ${i + 1} has no whole-number index`;
    if (!step.action || typeof step.action !== 'object' || !ACTION_TYPES.includes(step.action.type)) return `step ${i + 1} has no action of a known type (got ${JSON.stringify(step.action)?.slice(0, 80)})`;
    if (step.screenshot !== null && typeof step.screenshot !== 'string') return `step ${i + 1} has a screenshot that is neither a file name nor null`;
  }
  return null;
}

/** A JPEG starts with FF D8 FF (SOI and a marker) and ends with FF D9 (EOI). */
function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/** The screenshot `name` of `ep` as a `data:image/jpeg;base64,…` URI (names were checked by readEpisode). */
export function screenshotUri(ep: Episode, name: string): string {
  const file = join(ep.dir, name);
  if (!existsSync(file)) throw new SkippedEpisode('missing screenshot', `${ep.key}: ${shownPath(file)} does not exist`);
  const size = statSync(file).size;
  if (size > MAX_SCREENSHOT_BYTES) throw new SkippedEpisode('screenshot too large', `${ep.key}: ${shownPath(file)} is ${size} bytes, over ${MAX_SCREENSHOT_BYTES}`);
  const bytes = readFileSync(file);
  if (!isJpeg(bytes)) throw new SkippedEpisode('not a JPEG screenshot', `${ep.key}: ${shownPath(file)} is not a JPEG file`);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}
