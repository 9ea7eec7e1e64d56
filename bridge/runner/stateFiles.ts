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

/** Distinct states remembered per process (runs, then content hashes): a bound, not a cache that must hit. */
const REMEMBERED = 4096;
const written = new Map<string, string>();

/** Writes `text` to `file`, or links `file` to an earlier file of `runDir` with the same bytes. */
export function writeStateFile(runDir: string, file: string, text: string): void {
  const key = `${runDir}\0${createHash('sha256').update(text).digest('base64url')}`;
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
  writeFileSync(file, text);
  written.delete(key);
  written.set(key, file);
  if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
}
