/**
 * The sampler sweep over the built-in suites, in parts (each part a test file, so vitest runs them
 * side by side): every template set up in Node on base seeds 1-200, no browser.
 */
import { expect, it } from 'vitest';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { baseSeeds, sweepTemplate } from '../../bridge/verify/sweep.ts';

export const SWEEP_SEEDS = 200;

export function sweepPart(part: number, parts: number): void {
  it(`every template of part ${part + 1}/${parts} of the suites samples sound instances on base seeds 1-${SWEEP_SEEDS}`, async () => {
    const registry = await loadRegistry();
    const suites = [...new Set(registry.tasks.map((t) => t.suite))].sort().filter((_, i) => i % parts === part);
    const tasks = registry.tasks.filter((t) => suites.includes(t.suite));
    expect(tasks.length).toBeGreaterThan(0);
    const problems = tasks.flatMap((t) => sweepTemplate(t, baseSeeds(SWEEP_SEEDS)));
    // One line per problem, with what reproduces it: `phonegym verify --task-id T --sample-seed B`.
    const lines = problems.map((p) => `${p.taskId} (base seed ${p.baseSeed}, instance seed ${p.seed}): ${p.problem}`);
    expect(lines, `suites ${suites.join(', ')}`).toEqual([]);
  }, 600_000);
}
