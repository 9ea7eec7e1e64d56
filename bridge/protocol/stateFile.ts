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

/**
 * `stateFileText` put together from its slices' texts (`os` and other top-level values at depth 1,
 * each app at depth 2): `sliceText(name, read, depth)` gives a slice's lines as `stateFileText` lays
 * them out there, without its key and comma (`sliceLines`), so a caller can keep them by the
 * slice's version and lay out only the slices it has not seen. The same text, byte for byte.
 */
export function stateFileTextOf(state: PhoneState, sliceText: (name: string, read: () => unknown, depth: number) => string): string {
  const tree = state as unknown as Record<string, unknown>;
  const top = Object.keys(tree);
  if (top.length === 0) return stateFileText(state);
  let out = '{';
  top.forEach((key, i) => {
    const comma = i < top.length - 1 ? ',' : '';
    const apps = key === 'apps' ? tree.apps : undefined;
    if (apps !== null && typeof apps === 'object' && !Array.isArray(apps) && Object.keys(apps).length > 0) {
      const ids = Object.keys(apps);
      out += '\n"apps":{';
      ids.forEach((id, j) => {
        out += `\n${JSON.stringify(id)}:${sliceText(`apps.${id}`, () => (apps as Record<string, unknown>)[id], 2)}${j < ids.length - 1 ? ',' : ''}`;
      });
      out += `\n}${comma}`;
    } else out += `\n${JSON.stringify(key)}:${sliceText(key, () => tree[key], 1)}${comma}`;
  });
  return out + '\n}\n';
}

/** One slice's lines in the state file at `depth`, without its key and comma (see `stateFileTextOf`). */
export function sliceLines(value: unknown, depth: number): string {
  const out: string[] = [];
  lines(value, depth, '', '', out);
  return out.join('\n');
}
