/**
 * An episode's `initial_state.json` and `final_state.json`, written once per distinct content in a
 * run folder: a file whose bytes another episode of the same run already wrote becomes a hard link
 * to that file. Trials of one instance start from the same state (and a deterministic agent ends in
 * the same one), so a 10,000-episode run with 30 trials an instance keeps ~660 state files of
 * ~450 KB instead of 20,000 (9 GB), and a reader that knows a file by its identity (device and
 * inode: the leaderboard's re-judge) reads it once. Every trajectory folder still holds both files
 * under their names; nothing reads them differently.
 *
 * Run files are never written in place: a file that already exists (an episode run again after a
 * resume) is unlinked first, so its twins keep their bytes.
 */
import { createHash } from 'node:crypto';
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { SliceStore } from '../protocol/slices.ts';
import { sliceLines, stateFileText, stateFileTextOf } from '../protocol/stateFile.ts';
import type { PhoneState } from '../protocol/state.ts';

/** Distinct states remembered per process (runs, then content hashes): a bound, not a cache that must hit. */
const REMEMBERED = 4096;
const written = new Map<string, string>();

/**
 * Slices laid out as the state file has them, by depth and version: an episode's final state
 * shares most slices with its initial one, and the episodes of an instance share them all, so
 * most of a file is laid out once (bounded by characters, as the phone's slice store is).
 */
const laidOut = new SliceStore(16_000_000);

/**
 * Writes `state` to `file` in the state file layout, or links `file` to an earlier file of
 * `runDir` with the same state. Equal states are found by their slices' versions (an observation
 * of the simulator's) or else by their compact JSON (`json` when the caller has it): its hash costs
 * a tenth of laying the file out, which is then done only for a state this run has not written,
 * and only for the slices not laid out before.
 */
export function writeStateFile(runDir: string, file: string, state: PhoneState, json?: string, versions?: Record<string, string>): void {
  const key = `${runDir}\0${createHash('sha256').update(versions ? identity(state, versions) : (json ?? JSON.stringify(state))).digest('base64url')}`;
  rmSync(file, { force: true });
  const twin = written.get(key);
  if (twin !== undefined) {
    try {
      linkSync(twin, file);
      return;
    } catch {
      written.delete(key); // gone, or another device: write it
    }
  }
  writeFileSync(file, versions ? stateFileTextOf(state, (name, read, depth) => sliceText(versions[name], read, depth)) : stateFileText(state));
  written.delete(key);
  written.set(key, file);
  if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
}

/** What names a state's text given its slices' versions: its keys in order, and each slice's version. */
function identity(state: PhoneState, versions: Record<string, string>): string {
  const tree = state as unknown as Record<string, unknown>;
  const apps = tree.apps !== null && typeof tree.apps === 'object' ? Object.keys(tree.apps) : [];
  return JSON.stringify([Object.keys(tree), apps, Object.keys(tree).map((k) => (k === 'apps' ? apps.map((id) => versions[`apps.${id}`] ?? null) : (versions[k] ?? null)))]);
}

function sliceText(version: string | undefined, read: () => unknown, depth: number): string {
  if (version === undefined) return sliceLines(read(), depth);
  const key = `${depth}|${version}`;
  let text = laidOut.get(key);
  if (text === undefined) {
    text = sliceLines(read(), depth);
    laidOut.put(key, text);
  }
  return text;
}
