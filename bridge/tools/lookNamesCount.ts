/**
 * How often a look renames people and passes content round, and how often an instance keeps its
 * names or content because its setup depends on them (simulator-apps/os/lookNames.ts,
 * lookContent.ts, bridge/runner/setup.ts): every template's instance 0 on the given base seeds,
 * set up in Node (no browser), in one look.
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
  const content = { moved: 0, kept: 0, none: 0 };
  let people = 0;
  let records = 0;
  for (const task of tasks) {
    for (const base of baseSeeds) {
      const prepared = prepareInstance(task, instanceSeed(base, task.id, 0), { variant });
      const names = prepared.names;
      counts[names.kind]++;
      if (names.kind === 'renamed') people += names.renames.length;
      if (names.kind === 'kept') console.log(`kept names    ${task.id} (base seed ${base}): ${names.reason}`);
      content[prepared.content.kind]++;
      if (prepared.content.kind === 'moved') records += prepared.content.records;
      if (prepared.content.kind === 'kept') console.log(`kept content  ${task.id} (base seed ${base}): ${prepared.content.reason}`);
    }
  }
  const total = tasks.length * baseSeeds.length;
  console.log(`look ${variant}, ${tasks.length} templates × base seeds ${baseSeeds.join(',')}: ${counts.renamed} of ${total} instances renamed (${(people / Math.max(1, counts.renamed)).toFixed(1)} people each), ${counts.kept} kept their names, ${counts.none} had nobody to rename`);
  console.log(`  content: ${content.moved} of ${total} instances moved it (${(records / Math.max(1, content.moved)).toFixed(1)} records each), ${content.kept} kept it, ${content.none} had nothing to move`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
