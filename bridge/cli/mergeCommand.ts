/** `phonegym merge <dirs…> --run-dir <out>`: one run folder from the folders of `--shard i/K` runs. */
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { mergeRuns } from '../runner/merge.ts';
import { formatSummary } from '../runner/summary.ts';
import { parseFlags, type FlagSpec } from './flags.ts';

const MERGE_FLAGS = {
  'run-dir': { type: 'string' },
  copy: { type: 'boolean' },
  'rows-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const MERGE_HELP = `phonegym merge DIR… --run-dir OUT   join the run folders of --shard i/K runs into one

  DIR…                      the shard folders (each written by phonegym run --shard i/K)
  --run-dir OUT             the merged run folder to write
  --copy                    copy trajectories instead of hard-linking them
  --rows-only               results, errors, summary and meta only (no trajectories or logs)

It checks that the folders belong together (same flags, task set, task files and phone build,
every shard once, nothing missing) and says what is wrong otherwise.`;

export async function cmdMerge(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('merge', argv, MERGE_FLAGS, { positionals: true });
  if (v.help) {
    console.log(MERGE_HELP);
    return 0;
  }
  if (!v['run-dir']) throw new UsageError('merge needs --run-dir OUT, the folder to write the merged run to');
  const t0 = performance.now();
  const out = mergeRuns(positionals, v['run-dir'], { copy: v.copy ?? false, rowsOnly: v['rows-only'] ?? false });
  for (const w of out.warnings) console.error(`warning: ${w}`);
  console.log(formatSummary(out.summary));
  console.log(`\nmerged ${positionals.length} shard folder(s), ${out.rows.length} episodes, in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  console.log(`run folder: ${shownPath(out.runDir)}`);
  return 0;
}
