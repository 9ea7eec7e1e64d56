/**
 * An episode's result row (phase 5 of ./episode.ts), from what its phases found; for a session
 * template (bridge/tasks/session.ts), one row for the whole session with each episode listed.
 */
import type { Verdict } from '../protocol/messages.ts';
import type { JudgeSummary, ResultRow, SessionEpisodeRow } from '../protocol/runFolder.ts';
import type { Observation } from '../env/types.ts';
import { goalText } from '../tasks/registry.ts';
import { agentGoal } from '../tasks/grounded.ts';
import { isSession, sessionEpisodes, sessionGoalText } from '../tasks/session.ts';
import type { VlmJudgeOutcome } from './vlmJudging.ts';
import { stateHash, stateHashOfJson } from './setup.ts';
import type { EpisodeProgress, EpisodeSpec } from './episodeProgress.ts';

/** Phase 5: the result row, from what the phases found. */
export function episodeRow(spec: EpisodeSpec, p: EpisodeProgress, vlm: VlmJudgeOutcome | null, trajectory: string, runtimeS: number): ResultRow {
  const { task } = spec;
  const verdict = p.verdict;
  // The agent ended the episode itself; for a task that cannot be done, saying so (ABORT) is the answer.
  const terminatedByAgent = p.stopReason === 'complete' || p.stopReason === 'answer' || (p.stopReason === 'abort' && p.task.def.answer?.infeasible === true);
  const vlmVerdict = vlm && 'passed' in vlm.row ? vlm.row : null;
  const episodeVerdict = vlm?.counts ? (vlmVerdict ? { success: vlmVerdict.success, clean: vlmVerdict.clean, progress: vlmVerdict.success ? 1 : 0, passed: vlmVerdict.passed } : null) : verdict;
  const session = isSession(task) ? sessionOutcome(spec, p, episodeVerdict) : null;
  const counted = session?.counted ?? episodeVerdict;
  const passed = p.status === 'completed' ? (counted?.passed ?? false) : false;
  return {
    task_id: task.id,
    task_name: task.name,
    suite: task.suite,
    apps: task.def.apps,
    difficulty: task.def.difficulty,
    objective: task.def.objective,
    instance: spec.instance,
    trial_id: spec.trial,
    seed: spec.seed,
    variant: spec.variant ?? 0,
    params: p.params,
    goal: session?.goal ?? p.goal,
    agent: spec.agentName,
    status: p.status,
    error_code: p.errorCode,
    error: p.error,
    stop_reason: p.stopReason,
    steps: p.steps,
    max_steps: spec.maxSteps * (session?.episodes ?? 1),
    success: terminatedByAgent && passed,
    goal_success: counted?.success ?? false,
    progress: counted?.progress ?? 0,
    clean: counted?.clean ?? false,
    passed,
    false_complete: terminatedByAgent && !passed && p.status === 'completed',
    overdue_termination: (p.stopReason === 'max_steps' || p.stopReason === 'loop_detected') && (counted?.success ?? false),
    answer: p.answer,
    judge: verdict ? judgeSummary(verdict) : null,
    init_state_hash: initStateHash(p.first ?? p.initial),
    runtime_s: runtimeS,
    trajectory,
    usage: p.usage,
    rounds: p.round,
    blind_rounds: p.blindRounds,
    vlm_judge: vlm?.row ?? null,
    attempts: 1,
    retry: null,
    hashes: spec.hashes ?? null,
    env: spec.env ?? null,
    ...(session ? { episodes: session.rows } : {}),
  };
}

function initStateHash(o: Observation | null): string | null {
  if (!o?.state) return null;
  return o.stateJson ? stateHashOfJson(o.state, o.stateJson) : stateHash(o.state);
}

/**
 * A session's row (one per instance trial, as any task's): it passes when every episode passed,
 * its progress is the share of its episodes passed (the last one's partly), and it is clean when
 * every episode played was. Its goal lists every episode's goal, played or not.
 */
function sessionOutcome(spec: EpisodeSpec, p: EpisodeProgress, last: { success: boolean; clean: boolean; progress: number; passed: boolean } | null) {
  const episodes = sessionEpisodes(spec.task);
  const current = { ...playedEpisode(p, p.played.length + 1, p.verdict), ...(last ? { success: last.success, clean: last.clean, progress: last.progress, passed: last.passed } : {}) };
  const rows = p.initial ? [...p.played, current] : p.played;
  const all = rows.length === episodes.length;
  const counted = last && {
    success: all && last.success,
    clean: rows.every((r) => r.clean),
    progress: Math.round((rows.reduce((sum, r) => sum + r.progress, 0) / episodes.length) * 1000) / 1000,
    passed: all && rows.every((r) => r.passed),
  };
  const goal = sessionGoalText(episodes.map((e, i) => rows[i]?.goal ?? agentGoal(goalText(e, p.params), e.def, spec.evalMode)));
  return { episodes: episodes.length, rows, counted, goal };
}

/** An episode of a session as its row lists it, from where it ended and its verdict. */
export function playedEpisode(p: EpisodeProgress, n: number, verdict: Verdict | null): SessionEpisodeRow {
  return {
    episode: n,
    goal: p.goal,
    objective: p.task.def.objective,
    first_step: p.episodeStart + 1,
    steps: p.steps - p.episodeStart,
    stop_reason: p.stopReason,
    answer: p.answer,
    success: verdict?.success ?? false,
    progress: verdict?.progress ?? 0,
    clean: verdict?.clean ?? false,
    passed: verdict?.passed ?? false,
    judge: verdict ? judgeSummary(verdict) : null,
  };
}

export function judgeSummary(v: Verdict): JudgeSummary {
  return { success: v.success, clean: v.clean, progress: v.progress, passed: v.passed, issues: v.issues, warnings: v.warnings };
}
