/**
 * The report's sections as plain rows of text, shared by the Markdown and the HTML renderer so the
 * two say the same things in the same order. Every string here may hold run-folder content (task
 * names, errors, model replies): the renderers escape it, this module never does.
 */
import type { FailureGroup, GroupLine, RunReport, TaskLine } from './reportData.ts';
export { METRIC_KEY } from '../runner/summary.ts';
import { isTrajectoryPath } from '../protocol/trajectory.ts';

export const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '–' : String(Math.round(x * 10 ** d) / 10 ** d));

/** The longest a text from the run folder is shown (an error, an answer, a goal). */
export const DETAIL_LIMIT = 400;
export const clip = (s: string, n = DETAIL_LIMIT) => (s.length > n ? `${s.slice(0, n)}… (${s.length - n} more characters)` : s);

export type Cell = string | number;

/** A cell that holds a figure (a count, a rate, a cost): right-aligned in tables. */
export const isFigure = (c: Cell) => typeof c === 'number' || /^[\d.,%–/ $]+$/.test(c);

/** Which columns of a table hold only figures (never the first, which names the row). */
export const figureColumns = (width: number, rows: Cell[][]) => Array.from({ length: width }, (_, i) => i > 0 && rows.length > 0 && rows.every((r) => isFigure(r[i] ?? '')));

/** A setup line: label, value. */
export function setupRows(r: RunReport): [string, string][] {
  const s = r.setup;
  const rows: [string, string][] = [
    ['Agent', s.agent + (s.model ? ` — model ${s.model}` : '')],
    ['Flags', s.flags.length ? s.flags.join(' ') : '(defaults)'],
    ['Seed', `${s.sample_seed} (${s.sample_seed_source})`],
    ['Task set', `${s.tasks} tasks, ${s.instances} instances, ${s.episodes_planned} episodes planned${s.repeat_n > 1 ? ` (${s.repeat_n} trials each)` : ''} — hash ${s.task_set_hash}`],
    ['Evaluation', `eval mode ${s.eval_mode}, judge ${s.judge_mode}, observation ${s.observation}`],
    ['App build', s.app_build],
    ['Environment', s.env ?? '(not recorded: a run from before phonegym.toml)'],
    ['Versions', Object.entries(s.versions).map(([k, v]) => `${k} ${v ?? '?'}`).join(', ')],
    ['Run', `${s.run_id}, started ${s.started_at}${s.ended_at ? `, ended ${s.ended_at}` : ''}${s.duration_s !== null ? ` (${num(s.duration_s, 1)} s)` : ''}`],
  ];
  if (s.execution) rows.push(['Execution', Object.entries(s.execution).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ')]);
  return rows;
}

/** The headline figures: label, value, what it counts. */
export function headlineRows(r: RunReport): [string, string, string][] {
  const s = r.summary;
  const rows: [string, string, string][] = [
    ['Episodes', String(s.episodes), `${s.success} succeeded, ${s.failed} failed, ${s.errors} did not complete`],
    ['SR', pct(s.success_rate), s.rates.success_rate],
    ['SR w/o infra', pct(s.success_rate_excluding_infra), s.rates.success_rate_excluding_infra],
    ['PR', pct(s.progress_rate), 'mean share of goal checks met'],
    ['FC', String(s.false_complete), 'said done, goal not met'],
    ['OT', String(s.overdue_termination), 'goal met, did not stop'],
    ['USE', String(s.unexpected_side_effects), 'changed what the task did not ask for'],
    ['Avg steps', `${num(s.avg_steps.success)} / ${num(s.avg_steps.all)}`, 'successful episodes / all'],
  ];
  for (const k of r.pass_k) rows.push([`pass@${k} / pass^${k}`, `${pct(s.pass_at_k?.[String(k)])} / ${pct(s.pass_hat_k?.[String(k)])}`, `over instances with ${k} or more trials`]);
  if (s.usage) {
    rows.push(['Tokens', `${s.usage.prompt_tokens} in / ${s.usage.completion_tokens} out`, `${s.usage.requests} model calls${s.usage.retried_requests ? ` (${s.usage.retried_requests} failed and retried)` : ''}, ${s.usage.avg_latency_ms ?? '–'} ms each on average`]);
    rows.push(['Cost', s.usage.cost_usd === null ? '–' : `$${s.usage.cost_usd.toFixed(4)}`, s.usage.cost_usd === null ? 'no --price-in/--price-out given' : `$${(s.usage.cost_usd / Math.max(1, s.episodes)).toFixed(4)} per episode`]);
  }
  const rb = s.robustness;
  if (rb) rows.push(['Robustness', `${rb.flips} of ${rb.compared} flip`, `trials whose outcome differs between looks ${rb.variants.join(', ')} (--variant); SR ${rb.variants.map((v) => `${pct(rb.per_variant[String(v)]?.success_rate)} in ${v}`).join(', ')}, spread ${pct(rb.spread)}`]);
  if (s.retries.retried_attempts) rows.push(['Retries', String(s.retries.retried_attempts), `${s.retries.recovered} episode(s) recovered; ${Object.entries(s.retries.by_code).map(([k, v]) => `${k} ${v}`).join(', ')}`]);
  return rows;
}

export const GROUP_HEAD = ['', 'Episodes', 'Passed', 'SR', 'PR', 'Avg steps', 'Errors'];
export const groupCells = (g: GroupLine): Cell[] => [g.name, g.episodes, g.success, pct(g.success_rate), pct(g.progress_rate), num(g.avg_steps), g.errors];

export const TASK_HEAD = ['Task', 'Level', 'Apps', 'Passed', 'SR', 'Avg steps', 'Failures'];
export const taskCells = (t: TaskLine): Cell[] => [t.task_id, t.difficulty, t.apps.join(', '), `${t.success}/${t.episodes}`, pct(t.success_rate), num(t.avg_steps), t.failures.join('; ') || '–'];

export const FAILURE_HEAD = ['What went wrong', 'Episodes', 'Meaning'];
export const failureCells = (f: FailureGroup): Cell[] => [f.kind, f.count, f.meaning];

export function exampleLine(f: FailureGroup): { title: string; goal: string; detail: string; trajectory: string } {
  const e = f.example;
  return { title: `${f.kind}: ${e.task_id} (instance ${e.instance}, trial ${e.trial_id})`, goal: clip(e.goal), detail: clip(e.detail), trajectory: e.trajectory };
}

/** Judge agreement lines, when a VLM judge ran beside the state judge. */
export function agreementRows(r: RunReport): [string, string][] | null {
  const a = r.summary.judge_agreement;
  if (!a) return null;
  const rows: [string, string][] = [
    ['Compared', `${a.compared} episodes judged by both${a.vlm_failed ? ` (${a.vlm_failed} VLM verdicts failed)` : ''}`],
    ['Agree', `${a.agree} (${pct(a.rate)})`],
    ['On success / on clean', `${a.success_agree} / ${a.clean_agree}`],
  ];
  for (const d of a.disagreements.slice(0, 20)) rows.push([d.key, `state judge ${d.state.success ? 'success' : 'failure'}${d.state.clean ? '' : ' (unclean)'}, VLM ${d.vlm.success ? 'success' : 'failure'}${d.vlm.clean ? '' : ' (unclean)'}`]);
  if (a.disagreements.length > 20) rows.push(['…', `${a.disagreements.length - 20} more disagreements`]);
  return rows;
}

/** A trajectory folder as a relative link target, or null when it is not a plain path inside the run. */
export function trajectoryHref(path: string): string | null {
  return isTrajectoryPath(path) ? `${path}/trajectory.json` : null;
}
