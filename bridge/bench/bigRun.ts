/**
 * A 10,000-episode run folder for the leaderboard and viewer figures, made from a real run folder
 * the oracle wrote: its rows repeated as further trials of the same instances (trial ids 0..R-1,
 * meta.json's repeat_n R), each trial's trajectory folder hard-linked from the original's files
 * (the same bytes a real run of those trials would have written, without 10 GB on the disk). The
 * rows, states and trajectories are the runner's own, so every reader reads what a real run holds.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from '../protocol/runFolder.ts';
import { readRunFolder } from '../runner/runFolder.ts';
import { trajectoryDirName } from '../runner/recorder.ts';

/** Writes the big folder at `out` from the finished run at `src`; returns how many episodes it holds. */
export function bigRunFolder(src: string, out: string, episodes: number): number {
  const folder = readRunFolder(src);
  const base = folder.rows;
  // A source run with trials of its own (repeat_n > 1) keeps them: its trial k of copy t is trial t·R + k.
  const own = Math.max(...base.map((r) => r.trial_id)) + 1;
  const copies = Math.ceil(episodes / base.length);
  const trials = copies * own;
  mkdirSync(join(out, 'trajectory'), { recursive: true });
  const meta = JSON.parse(readFileSync(join(src, 'meta.json'), 'utf8')) as Record<string, unknown> & { config: Record<string, unknown> };
  const rows: string[] = [];
  for (let c = 0; c < copies && rows.length < episodes; c++) {
    for (const r of base) {
      if (rows.length >= episodes) break;
      const t = c * own + r.trial_id;
      const name = trajectoryDirName(r.task_id, r.instance, t, (folder.meta.sample_n ?? 1) > 1, true);
      const row: ResultRow = { ...r, trial_id: t, trajectory: `trajectory/${name}` };
      rows.push(JSON.stringify(row));
      const from = join(src, r.trajectory!);
      const to = join(out, 'trajectory', name);
      if (!existsSync(from)) continue;
      mkdirSync(to, { recursive: true });
      for (const f of readdirSync(from)) linkSync(join(from, f), join(to, f));
    }
  }
  writeFileSync(join(out, 'results.jsonl'), rows.join('\n') + '\n');
  writeFileSync(join(out, 'meta.json'), JSON.stringify({ ...meta, run_id: `${folder.meta.run_id}_x${trials}`, repeat_n: trials, episodes: rows.length, config: { ...meta.config, repeatN: trials, runDir: out } }, null, 2));
  return rows.length;
}
