/**
 * What the studio shows for an episode's outcome, derived from the wire types and nothing
 * else: the status chip, the verdict banner, the diff rows (expected vs unexpected changes)
 * and the goal summary. Pure functions, so the wording is tested without a browser.
 */
import type { EpisodeEnd, StateChange, Verdict } from '../../bridge/protocol/messages.ts';

export type EpisodeStatus = 'running' | 'passed' | 'failed' | 'unclean' | 'error';

export interface StatusChip {
  status: EpisodeStatus;
  /** What the chip says: the status, or the run status for errors (`timeout`, `run_error`). */
  label: string;
}

export function episodeStatus(end: EpisodeEnd | undefined): StatusChip {
  if (!end) return { status: 'running', label: 'running' };
  if (end.status !== 'completed' || !end.verdict) return { status: 'error', label: end.status === 'completed' ? 'no verdict' : end.status.replace(/_/g, ' ') };
  const v = end.verdict;
  if (v.passed) return { status: 'passed', label: 'passed' };
  if (!v.success) return { status: 'failed', label: 'failed' };
  return { status: 'unclean', label: 'unclean' };
}

export interface Banner {
  status: Exclude<EpisodeStatus, 'running'>;
  title: string;
  /** Why, in a few words: "goal not met", "side effects". */
  reason: string;
  /** Secondary facts: stop reason, steps, answer, error. */
  facts: { label: string; value: string }[];
}

export function verdictBanner(end: EpisodeEnd): Banner {
  const chip = episodeStatus(end);
  const facts: Banner['facts'] = [];
  if (end.stopReason) facts.push({ label: 'stop', value: end.stopReason });
  facts.push({ label: 'steps', value: String(end.steps) });
  if (end.answer !== undefined && end.answer !== null) facts.push({ label: 'answer', value: end.answer });
  if (end.error) facts.push({ label: 'error', value: end.error });
  const v = end.verdict;
  switch (chip.status) {
    case 'passed':
      return { status: 'passed', title: 'PASSED', reason: 'goal met, no side effects', facts };
    case 'failed':
      return { status: 'failed', title: 'FAILED', reason: v && !v.clean ? 'goal not met (and side effects)' : 'goal not met', facts };
    case 'unclean':
      return { status: 'unclean', title: 'UNCLEAN', reason: 'side effects: unexpected changes', facts };
    case 'error':
    case 'running':
      return { status: 'error', title: 'ERROR', reason: chip.label, facts };
  }
}

/** The banner for a verdict without an episode end (Author mode's Judge). */
export function judgeBanner(v: Verdict): Banner {
  if (v.passed) return { status: 'passed', title: 'PASSED', reason: 'goal met, no side effects', facts: [] };
  if (!v.success) return { status: 'failed', title: 'FAILED', reason: v.clean ? 'goal not met' : 'goal not met (and side effects)', facts: [] };
  return { status: 'unclean', title: 'UNCLEAN', reason: 'side effects: unexpected changes', facts: [] };
}

export interface DiffRow {
  path: string;
  kind: StateChange['kind'];
  before: string;
  after: string;
  /** Full JSON of both sides, for the expanded view. */
  beforeFull: string;
  afterFull: string;
}

export interface DiffModel {
  /** `verdict`: classified by the judge; `local`: raw changes, not judged yet; `none`: nothing to compare. */
  source: 'verdict' | 'local' | 'none';
  unexpected: DiffRow[];
  expected: DiffRow[];
  /** Changes without a classification (no verdict yet). */
  unclassified: DiffRow[];
}

export function diffModel(verdict: Verdict | null | undefined, local: readonly StateChange[] | null): DiffModel {
  if (verdict) {
    // `warnings` carry the same unexpected changes in the seed's shape; use them if a judge fills only those.
    const unexpected = verdict.unexpectedChanges.length > 0 ? verdict.unexpectedChanges : verdict.warnings;
    return { source: 'verdict', unexpected: unexpected.map(diffRow), expected: verdict.expectedChanges.map(diffRow), unclassified: [] };
  }
  if (local) return { source: 'local', unexpected: [], expected: [], unclassified: local.map(diffRow) };
  return { source: 'none', unexpected: [], expected: [], unclassified: [] };
}

export function diffRow(c: StateChange): DiffRow {
  return {
    path: c.path,
    kind: c.kind,
    before: c.kind === 'added' ? '' : formatValue(c.before, 80),
    after: c.kind === 'removed' ? '' : formatValue(c.after, 80),
    beforeFull: c.kind === 'added' ? '' : formatValue(c.before, Infinity, 2),
    afterFull: c.kind === 'removed' ? '' : formatValue(c.after, Infinity, 2),
  };
}

export interface GoalSummary {
  met: number;
  total: number;
  /** 0..1, the judge's progress. */
  progress: number;
}

export function goalSummary(v: Verdict): GoalSummary {
  return { met: v.goals.filter((g) => g.passed).length, total: v.goals.length, progress: v.progress };
}

/** JSON for display: compact, truncated with an ellipsis; `undefined` shows as an em dash. */
export function formatValue(v: unknown, max = 80, indent = 0): string {
  if (v === undefined) return '—';
  let s: string;
  try {
    s = JSON.stringify(v, null, indent) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}
