/**
 * The terminal while a run or a verify goes, for people who watch it for hours: a header, then per
 * finished episode a line (`line`), a character (`dot`) or a JSON object (`json`, for tools); on a
 * terminal, below the lines, one live status line with done/total, the running success rate, the
 * time gone and the time left, redrawn in place. Not on a terminal (CI logs, pipes) nothing is
 * redrawn: the lines alone, and a plain status line every so often.
 */
import type { ResultRow } from '../protocol/runFolder.ts';

export const REPORTERS = ['line', 'dot', 'json'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface Out {
  write(text: string): unknown;
  isTTY?: boolean;
}

const noColor = () => Boolean(process.env.NO_COLOR);
const paintFor = (out: Out) => (code: number, s: string) => (out.isTTY && !noColor() ? `\x1b[${code}m${s}\x1b[0m` : s);

export function verdictLabel(r: ResultRow, paint = paintFor(process.stdout)): string {
  if (r.status !== 'completed') return paint(35, r.status.toUpperCase());
  if (r.success) return paint(32, 'PASS');
  if (r.judge && r.judge.success && !r.judge.clean) return paint(33, 'UNCLEAN');
  return paint(31, 'FAIL');
}

/** `75 s` → `1m15s`; an hour or more as `2h05m`. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** done/total, the running success rate, time gone and time left (from this session's pace). */
export class ProgressCounter {
  done = 0;
  passed = 0;
  private doneHere = 0;
  private readonly t0: number;
  constructor(
    readonly total: number,
    private now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
  }
  /** An episode kept from before (a resumed run): counted, but not in the pace. */
  keep(success: boolean): void {
    this.done++;
    if (success) this.passed++;
  }
  add(success: boolean): void {
    this.keep(success);
    this.doneHere++;
  }
  elapsedS(): number {
    return (this.now() - this.t0) / 1000;
  }
  /** Seconds left at the pace so far; null before the first episode of this session. */
  etaS(): number | null {
    if (this.doneHere === 0) return null;
    return (this.elapsedS() / this.doneHere) * Math.max(0, this.total - this.done);
  }
  srText(): string {
    return this.done ? `${((this.passed / this.done) * 100).toFixed(1)}%` : '–';
  }
  statusText(label = 'SR'): string {
    const eta = this.etaS();
    return `${this.done}/${this.total} done · ${label} ${this.srText()} · ${durationText(this.elapsedS())} elapsed${eta === null ? '' : ` · ${durationText(eta)} left`}`;
  }
}

/**
 * Lines above a status line that is redrawn in place on a terminal. Off a terminal the status is
 * printed as a plain line at most every `plainEveryS` seconds.
 */
export class StatusLine {
  private shown = '';
  private lastPlain = -Infinity;
  constructor(
    private out: Out,
    private plainEveryS = 60,
    private now: () => number = () => performance.now(),
  ) {}
  get live(): boolean {
    return Boolean(this.out.isTTY);
  }
  private clear(): void {
    if (this.shown) this.out.write('\r\x1b[2K');
    this.shown = '';
  }
  /** A line that stays (it goes above the status line). */
  line(text: string): void {
    this.clear();
    this.out.write(`${text}\n`);
  }
  /** Text without a line end (the dot reporter), kept above the status line. */
  raw(text: string): void {
    this.clear();
    this.out.write(text);
  }
  status(text: string): void {
    if (this.live) {
      this.clear();
      const columns = (this.out as { columns?: number }).columns ?? 0;
      const width = columns > 20 ? columns : 100;
      this.shown = text.length >= width ? `${text.slice(0, width - 2)}…` : text;
      this.out.write(this.shown);
    } else if ((this.now() - this.lastPlain) / 1000 >= this.plainEveryS) {
      this.lastPlain = this.now();
      this.out.write(`${text}\n`);
    }
  }
  end(): void {
    this.clear();
  }
}

/** What `run` prints per finished episode, by reporter, with the live status below. */
export class RunProgress {
  readonly counter: ProgressCounter;
  private readonly width: number;
  private readonly status: StatusLine;
  private dots = 0;
  private readonly paint: (code: number, s: string) => string;
  constructor(
    total: number,
    private reporter: ReporterName,
    private out: Out,
    kept: ResultRow[] = [],
  ) {
    this.counter = new ProgressCounter(total);
    this.width = String(total).length;
    this.status = new StatusLine(out, reporter === 'json' ? Infinity : 60);
    this.paint = paintFor(out);
    for (const r of kept) this.counter.keep(r.success);
  }
  /** A line of the run's own (a warning, the summary): kept above the status line. */
  note(text: string): void {
    if (this.reporter === 'dot' && this.dots % 50 !== 0) this.status.raw('\n');
    this.dots = 0;
    this.status.line(text);
  }
  done(r: ResultRow): void {
    this.counter.add(r.success);
    const c = this.counter;
    if (this.reporter === 'json') {
      this.out.write(`${JSON.stringify({ done: c.done, total: c.total, task_id: r.task_id, instance: r.instance, trial_id: r.trial_id, variant: r.variant ?? 0, status: r.status, success: r.success, stop_reason: r.stop_reason, error_code: r.error_code, steps: r.steps, runtime_s: r.runtime_s, trajectory: r.trajectory })}\n`);
      return;
    }
    if (this.reporter === 'dot') {
      const ch = r.status !== 'completed' ? this.paint(35, 'E') : r.success ? this.paint(32, '.') : this.paint(31, 'F');
      this.dots++;
      this.status.raw(this.dots % 50 === 0 ? `${ch} ${c.done}/${c.total}\n` : ch);
    } else {
      const n = `[${String(c.done).padStart(this.width)}/${c.total}]`;
      const extra = r.status !== 'completed' ? `  ${r.error_code ?? ''}: ${r.error ?? ''}` : r.judge && !r.judge.success ? `  ${r.judge.issues.map((i) => i.field).slice(0, 3).join(', ')}` : '';
      const label = verdictLabel(r, this.paint);
      this.status.line(`${n} ${label.padEnd(label.length + 7 - stripAnsi(label).length)} ${r.task_id.padEnd(34)} ${String(r.steps).padStart(3)} steps ${r.runtime_s.toFixed(2).padStart(6)} s  ${r.stop_reason.padEnd(13)} SR ${c.srText()}${extra}`);
    }
    if (this.status.live || this.reporter === 'line') this.status.status(c.statusText());
  }
  end(): void {
    if (this.reporter === 'dot' && this.dots % 50 !== 0) this.status.raw('\n');
    this.dots = 0;
    this.status.end();
  }
}

const stripAnsi = (s: string) => s.replace(/\x1b\[\d+m/g, '');
