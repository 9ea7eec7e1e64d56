/** `phonegym list`: the selected tasks with their taxonomy, and what a run with given flags would reject. */
import { DEFAULT_CONFIG } from '../runner/config.ts';
import { preflight } from '../runner/preflight.ts';
import { loadRegistry, resolveMaxSteps, selectTasks } from '../tasks/registry.ts';
import { loadEnvironment } from '../manifest/load.ts';
import { sessionEpisodes } from '../tasks/session.ts';
import { instanceCount } from '../tasks/sampler.ts';
import { EVAL_MODES } from '../tasks/grounded.ts';
import { choiceFlag, intFlag, parseFlags, SELECTION_FLAGS, SELECTION_HELP, selectionFromFlags, type FlagSpec } from './flags.ts';

const LIST_FLAGS = {
  ...SELECTION_FLAGS,
  'sample-n': { type: 'string' },
  'judge-mode': { type: 'string' },
  'judge-model': { type: 'string' },
  'eval-mode': { type: 'string' },
  'real-phones': { type: 'boolean' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

export async function cmdList(argv: string[]): Promise<number> {
  const { values: v } = parseFlags('list', argv, LIST_FLAGS);
  if (v.help) {
    console.log(`phonegym list [flags]     the selected tasks with their taxonomy\n\n${SELECTION_HELP}\n  --sample-n N              count instances as a run with --sample-n N would\n  --json                    a JSON array (id, suite, name, difficulty, objective, apps, tags, episodes, instances, max_steps, rejected)\n  --judge-mode M, --judge-model M, --eval-mode M   show which tasks a run with these flags would reject, and why\n  --real-phones             … on real phones over ADB (no state tree): simulator-only tasks are rejected; JSON gives each task's real_phone start\n  --strict                  a task file that fails to load is fatal`);
    return 0;
  }
  const registry = await loadRegistry({ strict: v.strict ?? false });
  const tasks = selectTasks(registry, selectionFromFlags(v));
  const sampleN = intFlag('sample-n', v['sample-n'], { min: 1 }) ?? 1;
  const judging = {
    judgeMode: choiceFlag('judge-mode', v['judge-mode'], ['auto', 'state', 'vlm', 'both'] as const) ?? DEFAULT_CONFIG.judgeMode,
    judgeModel: v['judge-model'] ?? null,
    modelName: null,
    evalMode: choiceFlag('eval-mode', v['eval-mode'], EVAL_MODES) ?? DEFAULT_CONFIG.evalMode,
  };
  const phones = { state: !v['real-phones'] };
  // Session templates run only where the manifest keeps state across a session's episodes.
  const { isolation } = loadEnvironment().environment;
  const rows = tasks.map((t) => ({
    id: t.id,
    suite: t.suite,
    name: t.name,
    difficulty: t.def.difficulty,
    objective: t.def.objective,
    apps: t.def.apps,
    tags: t.def.tags ?? [],
    // A session template's episodes (docs/tasks.md, "Sessions"); 1 for any other task.
    episodes: sessionEpisodes(t).length,
    instances: instanceCount(t.def, sampleN),
    max_steps: resolveMaxSteps(t),
    file: t.file,
    // How it starts on a real phone (an app, a deep link), or null: simulator-only.
    real_phone: t.def.realPhone ?? null,
    // What a run with these flags would do with it: null, or why it would be rejected.
    rejected: preflight(t, judging, phones, isolation)?.reason ?? null,
  }));
  if (v.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const w = Math.max(4, ...rows.map((r) => r.id.length));
    console.log(`${'task'.padEnd(w)}  level  objective  apps        steps  instances`);
    for (const r of rows) console.log(`${r.id.padEnd(w)}  ${r.difficulty.padEnd(5)}  ${r.objective.padEnd(9)}  ${r.apps.join(',').padEnd(10)}  ${String(r.max_steps).padStart(5)}  ${String(r.instances).padStart(9)}${r.episodes > 1 ? `  session of ${r.episodes} episodes` : ''}${r.rejected ? `  rejected: ${r.rejected}` : ''}`);
    const rejected = rows.filter((r) => r.rejected).length;
    const sessions = rows.filter((r) => r.episodes > 1).length;
    console.log(`\n${rows.length} task(s)${sessions ? `, ${sessions} of them session templates` : ''}${rejected ? `, ${rejected} of them rejected by a run with these flags` : ''}`);
  }
  for (const e of registry.errors) console.error(`warning: ${e.file}: ${e.message}`);
  return 0;
}

