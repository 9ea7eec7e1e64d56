/**
 * The UI tree as text a model can read next to (or instead of) the screenshot: one line per node
 * that shows text or carries a key, indented by depth, with its centre and size. Bounds stay in
 * the phone's 360x800 CSS pixels whatever coordinates the format asks for (the header says so),
 * so the tree never depends on the format.
 */
import type { UiNode } from '../../protocol/state.ts';
import { VIEWPORT } from '../../protocol/state.ts';

export interface TreeTextOptions {
  /** Node lines at most (default 150); the rest is counted on a last "… N more" line. */
  maxLines?: number;
  /** Characters of text per node before it is cut with "…" (default 80). */
  maxText?: number;
}

const MAX_INDENT = 8;

function clip(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}

function nodeLine(n: UiNode, maxText: number): string {
  const cx = Math.round(n.bounds.x + n.bounds.w / 2);
  const cy = Math.round(n.bounds.y + n.bounds.h / 2);
  const parts = [n.role];
  if (n.text) parts.push(JSON.stringify(clip(n.text, maxText)));
  if (n.key) parts.push(`key=${n.key}`);
  parts.push(`@${cx},${cy}`, `${Math.round(n.bounds.w)}x${Math.round(n.bounds.h)}`);
  if (n.editable) parts.push(`value=${JSON.stringify(clip(n.value ?? '', maxText))}`);
  if (n.checked !== undefined) parts.push(n.checked ? 'checked' : 'unchecked');
  if (n.selected) parts.push('selected');
  if (n.focused) parts.push('focused');
  if (n.disabled) parts.push('disabled');
  return '  '.repeat(Math.min(Math.max(n.depth, 0), MAX_INDENT)) + parts.join(' ');
}

export function treeText(tree: UiNode[], opts: TreeTextOptions = {}): string {
  const maxLines = opts.maxLines ?? 150;
  const maxText = opts.maxText ?? 80;
  const shown = tree.filter((n) => n.text.trim() !== '' || (n.key ?? '') !== '');
  const header = `UI tree: role "text" key=… @centre-x,centre-y width x height, in CSS pixels of the ${VIEWPORT.width}x${VIEWPORT.height} screen (not the screenshot's pixels)`;
  const lines = shown.slice(0, maxLines).map((n) => nodeLine(n, maxText));
  if (shown.length > maxLines) lines.push(`… ${shown.length - maxLines} more`);
  if (!shown.length) lines.push('(no element with text or a key)');
  return [header, ...lines].join('\n');
}
