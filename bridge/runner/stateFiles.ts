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
import { stateFileText } from '../protocol/stateFile.ts';
import type { PhoneState } from '../protocol/state.ts';

/** Distinct states remembered per process (runs, then content hashes): a bound, not a cache that must hit. */
const REMEMBERED = 4096;
const written = new Map<string, string>();

/**
 * Writes `state` to `file` in the state file layout, or links `file` to an earlier file of
 * `runDir` with the same state. Equal states are found by their compact JSON (`json` when the
 * caller has it, as an observation does): its hash costs a tenth of laying the file out, which
 * is then done only for a state this run has not written.
 */
export function writeStateFile(runDir: string, file: string, state: PhoneState, json: string = JSON.stringify(state)): void {
  const key = `${runDir}\0${createHash('sha256').update(json).digest('base64url')}`;
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
  writeFileSync(file, stateFileText(state));
  written.delete(key);
  written.set(key, file);
  if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
}
