/** Console progress while a run goes: one line per finished episode, with a running success rate. */
import type { ResultRow } from '../protocol/runFolder.ts';

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, s: string) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);

export function verdictLabel(r: ResultRow): string {
  if (r.status !== 'completed') return paint(35, r.status.toUpperCase());
  if (r.success) return paint(32, 'PASS');
  if (r.judge && r.judge.success && !r.judge.clean) return paint(33, 'UNCLEAN');
  return paint(31, 'FAIL');
}

export class ConsoleProgress {
  private finished = 0;
  private passed = 0;
  private readonly width: number;
  constructor(private total: number, private log: (s: string) => void, kept: ResultRow[] = []) {
    this.width = String(total).length;
    // A resumed run counts what it kept.
    for (const r of kept) {
      this.finished++;
      if (r.success) this.passed++;
    }
  }
  start(_taskId: string): void {}
  done(r: ResultRow): void {
    this.finished++;
    if (r.success) this.passed++;
    const n = `[${String(this.finished).padStart(this.width)}/${this.total}]`;
    const extra = r.status !== 'completed' ? `  ${r.error_code ?? ''}: ${r.error ?? ''}` : r.judge && !r.judge.success ? `  ${r.judge.issues.map((i) => i.field).slice(0, 3).join(', ')}` : '';
    const sr = `SR ${((this.passed / this.finished) * 100).toFixed(0)}%`;
    this.log(`${n} ${verdictLabel(r).padEnd(useColor ? 16 : 7)} ${r.task_id.padEnd(34)} ${String(r.steps).padStart(3)} steps ${r.runtime_s.toFixed(2).padStart(6)} s  ${r.stop_reason.padEnd(13)} ${sr}${extra}`);
  }
}
