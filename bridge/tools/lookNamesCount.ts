/**
 * How often a look renames people, and how often an instance keeps its names because its setup
 * depends on them (simulator-apps/os/lookNames.ts, bridge/runner/setup.ts): every template's
 * instance 0 on the given base seeds, set up in Node (no browser), in one look.
 *
 *   node --import tsx bridge/tools/lookNamesCount.ts [variant=1] [base seeds=1,2,3]
 */
import { prepareInstance } from '../runner/setup.ts';
import { loadRegistry } from '../tasks/registry.ts';
import { instanceSeed } from '../tasks/seeds.ts';

async function main(): Promise<void> {
  const variant = Number(process.argv[2] ?? 1);
  const baseSeeds = (process.argv[3] ?? '1,2,3').split(',').map(Number);
  if (!Number.isSafeInteger(variant) || variant < 1 || baseSeeds.some((s) => !Number.isSafeInteger(s))) {
    console.error('usage: lookNamesCount.ts [variant ≥ 1] [base seeds, comma-separated]');
    process.exitCode = 2;
    return;
  }
  const { tasks } = await loadRegistry();
  const counts = { renamed: 0, kept: 0, none: 0 };
  let people = 0;
  for (const task of tasks) {
    for (const base of baseSeeds) {
      const { names } = prepareInstance(task, instanceSeed(base, task.id, 0), { variant });
      counts[names.kind]++;
      if (names.kind === 'renamed') people += names.renames.length;
      if (names.kind === 'kept') console.log(`kept  ${task.id} (base seed ${base}): ${names.reason}`);
    }
  }
  const total = tasks.length * baseSeeds.length;
  console.log(`look ${variant}, ${tasks.length} templates × base seeds ${baseSeeds.join(',')}: ${counts.renamed} of ${total} instances renamed (${(people / Math.max(1, counts.renamed)).toFixed(1)} people each), ${counts.kept} kept their names, ${counts.none} had nobody to rename`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
