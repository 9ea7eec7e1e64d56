/**
 * `phonegym verify`: flags → VerifyOptions → verifyTasks → one line per failing check and a
 * summary. Exit 0 when every check passed, 1 when one failed, 2 for bad input (refused before any
 * browser starts), 130 when interrupted.
 */
import { chromiumOrOffer } from './chromiumOffer.ts';
import { UsageError } from '../protocol/errors.ts';
import { ProgressCounter, StatusLine } from '../runner/progress.ts';
import { CHECKS } from '../verify/checks.ts';
import type { InstanceResult, VerifyOptions } from '../verify/verify.ts';
import { EVAL_MODES } from '../tasks/grounded.ts';
import { choiceFlag, intFlag, listFlag, parseFlags, variantsFlag, SELECTION_FLAGS, SELECTION_HELP, selectionFromFlags, type FlagSpec } from './flags.ts';

const VERIFY_FLAGS = {
  ...SELECTION_FLAGS,
  'eval-mode': { type: 'string' },
  'sample-n': { type: 'string' },
  'sample-seed': { type: 'string' },
  variant: { type: 'string' },
  'tasks-root': { type: 'string' },
  manifest: { type: 'string' },
  'run-dir': { type: 'string' },
  strict: { type: 'boolean' },
  parallel: { type: 'string' },
  'no-screenshots': { type: 'boolean' },
  checks: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

export const VERIFY_HELP = `phonegym verify [flags]   prove tasks sound: per instance, ${CHECKS.join(', ')}

${SELECTION_HELP}
  --sample-n N              instances per task, as \`run\` plans them (default 1)
  --sample-seed S[,S...]    base seeds, each verified in turn; without it one is drawn and printed
  --variant V[,V...]        looks to verify every instance in (default 0, the phone as designed; 1 changes
                            every dimension at once: docs/verify.md)
  --eval-mode MODE          grounded (query answers on the 答题卡 sheet, the default) | text
  --tasks-root DIR          where the suites are (default: the manifest's [tasks] root, tasks/)
  --manifest FILE           the environment manifest (default: phonegym.toml of this checkout)
  --run-dir DIR             keep trajectories here (default: a temporary folder, kept only on failure)
  --parallel N              pages verifying instances at once in one browser (default 1)
  --no-screenshots          take no screenshots (faster, e.g. in CI; failures point at the trajectory)
  --checks a,b              only these checks (default: all five below), e.g. --checks oracle for a quick
                            pass over new seeds; the others are reported as skipped
  --strict                  a task file that fails to load is fatal (exit 2); otherwise a failed check
  --json                    print the structured report on stdout (progress goes to stderr)

Checks, per task instance:
  oracle        the task's oracle passes
  noop          doing nothing does not meet the goal
  initial       the initial state does not already satisfy the goal
  stray         the oracle plus one undeclared UI change is judged unclean
  reproducible  the same seed gives the same init_state_hash every time
One line per failing check; exit 0 when all pass, 1 otherwise. See docs/verify.md.`;

export interface VerifyCliOptions extends VerifyOptions {
  json: boolean;
}

export function resolveVerifyOptions(argv: string[]): VerifyCliOptions | 'help' {
  const { values: v } = parseFlags('verify', argv, VERIFY_FLAGS);
  if (v.help) return 'help';
  const seeds = listFlag(v['sample-seed']).map((s) => intFlag('sample-seed', s, { min: 0, max: 0xffffffff })!);
  if (v['sample-seed'] !== undefined && seeds.length === 0) throw new UsageError('--sample-seed needs at least one seed, e.g. --sample-seed 1,2,3');
  const selection = selectionFromFlags(v);
  return {
    suites: selection.suites!,
    taskIds: selection.taskIds!,
    split: selection.split ?? null,
    difficulties: selection.difficulties!,
    objectives: selection.objectives!,
    apps: selection.apps!,
    evalMode: choiceFlag('eval-mode', v['eval-mode'], EVAL_MODES) ?? 'grounded',
    sampleN: intFlag('sample-n', v['sample-n'], { min: 1, max: 10_000 }) ?? 1,
    sampleSeeds: seeds,
    variants: variantsFlag(v.variant),
    tasksRoot: v['tasks-root'],
    manifest: v.manifest ?? null,
    runDir: v['run-dir'] ?? null,
    strict: v.strict ?? false,
    parallel: intFlag('parallel', v.parallel, { min: 1, max: 32 }) ?? 1,
    screenshots: !(v['no-screenshots'] ?? false),
    checks: v.checks === undefined ? undefined : checksFlag(v.checks),
    json: v.json ?? false,
  };
}

/** `--checks a,b`: known check names, at least one. */
function checksFlag(given: string): VerifyOptions['checks'] {
  const checks = listFlag(given).map((c) => choiceFlag('checks', c, CHECKS)!);
  if (!checks.length) throw new UsageError(`--checks needs at least one of ${CHECKS.join(', ')}, e.g. --checks oracle`);
  return checks;
}

const useColor = (stream: NodeJS.WriteStream) => stream.isTTY === true && !process.env.NO_COLOR;

export async function cmdVerify(argv: string[]): Promise<number> {
  const resolved = resolveVerifyOptions(argv);
  if (resolved === 'help') {
    console.log(VERIFY_HELP);
    return 0;
  }
  const { json, ...opts } = resolved;
  // The verifier (the runner, the env, the judge) is loaded once the flags are known to be sound.
  const { failureLines, instanceLabel, planVerify, summaryLine, verifyTasks } = await import('../verify/verify.ts');
  // Progress and information go to stderr with --json, so stdout is exactly the report.
  const out = json ? process.stderr : process.stdout;
  // Lines stay; on a terminal a live status line (done, share ok, time left) sits below them.
  const status = new StatusLine(out);
  const say = (line: string) => status.line(line);
  const color = useColor(out);
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);

  // Refuse bad input before anything starts; verifyTasks runs this very plan.
  const plan = await planVerify(opts);
  await chromiumOrOffer();
  for (const e of plan.registry.errors) if (!plan.loadErrors.includes(e)) console.error(`warning: ${e.file}: ${e.message}`);
  say(`verifying ${plan.instances.length} instance${plan.instances.length === 1 ? '' : 's'} of ${plan.tasks.length} task${plan.tasks.length === 1 ? '' : 's'}, base seed${plan.baseSeeds.length === 1 ? '' : 's'} ${plan.baseSeeds.join(', ')}${plan.seedSource === 'auto' ? ' (drawn; pass --sample-seed to repeat)' : ''}`);

  const controller = new AbortController();
  let interrupted = 0;
  const onSigint = () => {
    interrupted++;
    if (interrupted === 1) {
      console.error('\nstopping after this instance (Ctrl+C again to force)');
      controller.abort();
    } else process.exit(130);
  };
  process.on('SIGINT', onSigint);
  const width = String(plan.instances.length).length;
  const counter = new ProgressCounter(plan.instances.length);
  const progress = (r: InstanceResult, done: number, total: number) => {
    const failed = r.checks.filter((c) => c.status === 'fail').map((c) => c.check);
    const label = failed.length ? paint(31, 'FAIL') : paint(32, 'ok  ');
    counter.add(failed.length === 0);
    say(`[${String(done).padStart(width)}/${total}] ${label} ${instanceLabel(r).padEnd(48)} ${r.runtime_s.toFixed(2).padStart(6)} s${failed.length ? `  ${failed.join(', ')}` : ''}`);
    status.status(counter.statusText('ok'));
  };
  try {
    const report = await verifyTasks({ ...opts, log: say, onInstance: progress, signal: controller.signal }, plan);
    status.end();
    const lines = failureLines(report);
    if (lines.length) say('');
    for (const l of lines) say(l);
    say('');
    say(summaryLine(report));
    if (report.run_dir) say(`trajectories: ${report.run_dir}`);
    if (json) console.log(JSON.stringify(report, null, 2));
    if (report.interrupted) return 130;
    return report.ok ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
