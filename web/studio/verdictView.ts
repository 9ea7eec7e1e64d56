/**
 * What the studio shows for an episode's outcome, derived from the wire types and nothing
 * else: the status chip, the verdict banner, the diff rows (expected vs unexpected changes,
 * records as field tables, the virtual clock apart), the goal summary and the issues no goal
 * already shows. Pure functions, so the wording is tested without a browser.
 */
import type { EpisodeEnd, StateChange, Verdict } from '../../bridge/protocol/messages.ts';
import { VIRTUAL_CLOCK } from '../../bridge/judge/judge.ts';
import { compilePattern, matchPath, parsePath } from '../../bridge/judge/paths.ts';
import { instant, phoneZone, recordTable, valueText, type RecordTable, type ValueText } from './valueText.ts';

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
  /** Each side in one line; null for the side that does not exist (an added value has no before). */
  before: ValueText | null;
  after: ValueText | null;
  /** A record (an object) added, removed or put in place of a value: its fields as a table. */
  record: RecordTable | null;
  /** Which side the table shows. */
  recordSide: 'before' | 'after' | null;
  /** Full JSON of both sides, for the expanded view. */
  beforeFull: string;
  afterFull: string;
}

/**
 * A change of the virtual clock (`os.time.*`): it moves with every step, and the judge always expects
 * it, so the diff says it in one quiet line apart from the task's changes and never counts it.
 */
export interface ClockLine {
  path: string;
  text: string;
  /** The raw values and the zone. */
  title: string;
}

export interface DiffModel {
  /** `verdict`: classified by the judge; `local`: raw changes, not judged yet; `none`: nothing to compare. */
  source: 'verdict' | 'local' | 'none';
  unexpected: DiffRow[];
  expected: DiffRow[];
  /** Changes without a classification (no verdict yet). */
  unclassified: DiffRow[];
  /** The clock's own changes, out of the lists above. */
  clock: ClockLine[];
  /** The phone's time zone, in which timestamps are shown. */
  zone: string;
}

export interface DiffOptions {
  /** The phone's time zone (`phoneZone(state)`); the simulator's default when unknown. */
  zone?: string;
}

const CLOCK = compilePattern(VIRTUAL_CLOCK);

/** Whether a change is the virtual clock's (in the judge's path grammar, by the judge's own pattern). */
export function isClockChange(c: Pick<StateChange, 'path'>): boolean {
  return matchPath(CLOCK, c.path);
}

export function diffModel(verdict: Verdict | null | undefined, local: readonly StateChange[] | null, opts: DiffOptions = {}): DiffModel {
  const zone = opts.zone ?? phoneZone(null);
  const rows = (changes: readonly StateChange[]) => changes.map((c) => diffRow(c, zone));
  if (verdict) {
    // `warnings` carry the same unexpected changes in the seed's shape; use them if a judge fills only those.
    // An unexpected change is always listed, even the clock's: the run was judged unclean by it.
    const unexpected = verdict.unexpectedChanges.length > 0 ? verdict.unexpectedChanges : verdict.warnings;
    const [clock, expected] = splitClock(verdict.expectedChanges);
    return { source: 'verdict', unexpected: rows(unexpected), expected: rows(expected), unclassified: [], clock: clockLines(clock, zone), zone };
  }
  if (local) {
    const [clock, rest] = splitClock(local);
    return { source: 'local', unexpected: [], expected: [], unclassified: rows(rest), clock: clockLines(clock, zone), zone };
  }
  return { source: 'none', unexpected: [], expected: [], unclassified: [], clock: [], zone };
}

function splitClock(changes: readonly StateChange[]): [StateChange[], StateChange[]] {
  const clock: StateChange[] = [];
  const rest: StateChange[] = [];
  for (const c of changes) (isClockChange(c) ? clock : rest).push(c);
  return [clock, rest];
}

/** `+11 min`, `+2 h 5 min`, `+3 days`, `−40 s`. */
export function durationText(ms: number): string {
  const sign = ms < 0 ? '−' : '+';
  let s = Math.round(Math.abs(ms) / 1000);
  if (s < 60) return `${sign}${s} s`;
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const h = Math.floor(s / 3600);
  const min = Math.round((s - h * 3600) / 60);
  if (days > 0) return `${sign}${days} day${days === 1 ? '' : 's'}${h > 0 ? ` ${h} h` : ''}`;
  return h > 0 ? `${sign}${h} h${min > 0 ? ` ${min} min` : ''}` : `${sign}${min} min`;
}

export function clockLines(changes: readonly StateChange[], zone: string): ClockLine[] {
  return changes.map((c) => {
    const { before, after } = c;
    if (c.path === 'os.time.timestamp' && typeof before === 'number' && typeof after === 'number') {
      const a = instant(before, zone);
      const b = instant(after, zone);
      // One line: the day only when it changed (it is in the tooltip either way).
      const span = a.date === b.date ? `from ${a.time} to ${b.time}` : `from ${a.date} ${a.time} to ${b.date} ${b.time}`;
      return {
        path: c.path,
        text: `The phone's clock moved ${span} (${durationText(after - before)}).`,
        title: `${a.date} ${a.weekday} ${a.time} → ${b.date} ${b.weekday} ${b.time} in ${zone}; os.time.timestamp ${before} → ${after} (epoch ms). The virtual clock moves with every step; the judge always expects it, so it is not one of the task's changes.`,
      };
    }
    if (c.path === 'os.time.timezone' && typeof before === 'string' && typeof after === 'string') {
      return { path: c.path, text: `The phone's time zone changed from ${before} to ${after}.`, title: `os.time.timezone: ${JSON.stringify(before)} → ${JSON.stringify(after)}` };
    }
    return { path: c.path, text: `The phone's clock: ${c.path} ${formatValue(before)} → ${formatValue(after)}.`, title: `${c.path}, a part of the virtual clock the judge always expects to change` };
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function diffRow(c: StateChange, zone: string = phoneZone(null)): DiffRow {
  const last = parsePath(c.path).at(-1);
  const key = last?.kind === 'key' ? last.value : null;
  const side = (v: unknown) => valueText(key, v, { zone, quote: true });
  const recordSide = c.kind === 'added' ? (isRecord(c.after) ? 'after' : null) : c.kind === 'removed' ? (isRecord(c.before) ? 'before' : null) : isRecord(c.after) ? 'after' : isRecord(c.before) ? 'before' : null;
  const recordValue = recordSide === 'after' ? c.after : recordSide === 'before' ? c.before : null;
  return {
    path: c.path,
    kind: c.kind,
    before: c.kind === 'added' ? null : side(c.before),
    after: c.kind === 'removed' ? null : side(c.after),
    record: isRecord(recordValue) ? recordTable(c.path, recordValue, { zone }) : null,
    recordSide,
    beforeFull: c.kind === 'added' ? '' : formatValue(c.before, Infinity, 2),
    afterFull: c.kind === 'removed' ? '' : formatValue(c.after, Infinity, 2),
  };
}

/**
 * The verdict's issues beside its goals: a failed goal's issue (the same name, expected and actual)
 * is not listed again, its message goes under the goal; only the issues no goal shows remain.
 */
export function goalIssues(v: Verdict): { notes: (string | undefined)[]; others: Verdict['issues'] } {
  const notes: (string | undefined)[] = v.goals.map(() => undefined);
  const taken = new Set<number>();
  const others: Verdict['issues'] = [];
  for (const issue of v.issues) {
    const i = v.goals.findIndex((g, j) => !g.passed && !taken.has(j) && issue.field === (g.name || g.path) && sameJson(issue.expected, g.expected) && sameJson(issue.actual, g.actual));
    if (i < 0) {
      others.push(issue);
      continue;
    }
    taken.add(i);
    if (issue.message && issue.message !== issue.field) notes[i] = issue.message;
  }
  return { notes, others };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
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
