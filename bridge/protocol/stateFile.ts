/**
 * The text of a run folder's `initial_state.json` and `final_state.json`: the phone's state as
 * JSON laid out by lines down to the records. Every object or array down to four levels (the
 * state, `apps`, an app, an app's collections) is opened on a line of its own with one member a
 * line; deeper values, a record in a collection say, sit whole on one line. Any JSON reader reads
 * it as it reads compact JSON; a reader that wants less can compare two files line by line and
 * parse only the records that differ or that it needs (the leaderboard's re-judge of thousands of
 * episodes, bridge/leaderboard/stateFiles.ts), and a text diff of two states shows records.
 * JSON.stringify escapes every newline inside a string, so the only line breaks are these.
 */
import type { PhoneState } from './state.ts';

/** Levels laid out a member a line: the state, `apps`, an app, an app's collections. */
export const STATE_FILE_DEPTH = 4;

function lines(value: unknown, depth: number, prefix: string, comma: string, out: string[]): void {
  const open = Array.isArray(value) ? '[' : value !== null && typeof value === 'object' ? '{' : null;
  const entries = open === '[' ? (value as unknown[]).map((v) => ['', v] as const) : open ? Object.entries(value as object).map(([k, v]) => [`${JSON.stringify(k)}:`, v] as const) : [];
  if (!open || depth >= STATE_FILE_DEPTH || entries.length === 0) {
    out.push(`${prefix}${JSON.stringify(value)}${comma}`);
    return;
  }
  out.push(prefix + open);
  entries.forEach(([k, v], i) => lines(v, depth + 1, k, i < entries.length - 1 ? ',' : '', out));
  out.push((open === '[' ? ']' : '}') + comma);
}

export function stateFileText(state: PhoneState): string {
  const out: string[] = [];
  lines(state, 0, '', '', out);
  return out.join('\n') + '\n';
}
