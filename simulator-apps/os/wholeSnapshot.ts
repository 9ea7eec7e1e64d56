/**
 * A snapshot of the whole phone as a person sees it, not only its state tree: the state (with the
 * virtual clock and the answer sheet), navigation, the toasts and the heads-up notice on screen,
 * each list's scroll offset, the focused field with its caret, and what the apps keep outside the
 * state (unsaved forms, each tab's back stack, a typed search). Restoring it on any page of the
 * same build gives the same UI tree and the same pixels, in place (no reload).
 *
 * Not carried: an open dialog or menu (refused with `snapshot_unsupported`: its answer resumes
 * code in the screen that opened it), and a screen's own component state that its app keeps
 * neither in the state nor in its memory.
 */
import { tick } from 'svelte';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import { captureAppMemories, installAppMemories } from './appModel.ts';
import { applyScrollOffsets, scrollOffsets } from './gestures.ts';
import type { Notice, Phone, Toast } from './phone.svelte.ts';

interface ScreenSnapshot {
  overlays: { toasts: Toast[]; notice: Notice | null };
  scroll: [number, number, number][];
  /** The focused element's index among the screen's elements, and its text selection. */
  focus: { index: number; selection: [number, number] | null } | null;
  memories: Record<string, unknown>;
}

export function takeWholeSnapshot(phone: Phone, screen: Element): string {
  const s: ScreenSnapshot = { overlays: phone.overlaysSnapshot(), scroll: scrollOffsets(screen), focus: focusOf(screen), memories: captureAppMemories(phone) };
  return phone.snapshot(s);
}

export async function restoreWholeSnapshot(phone: Phone, screen: () => Element, text: string): Promise<void> {
  let snap: { screen?: ScreenSnapshot };
  try {
    snap = JSON.parse(text);
  } catch (e) {
    throw new PhonegymError('restore: the snapshot is not valid JSON', { code: 'invalid_params', cause: e });
  }
  phone.restore(snap);
  const s = snap.screen;
  if (!s) return; // a bare phone.snapshot(): state and navigation only
  // Before the screens mount again: they read their app's memory as they open.
  installAppMemories(phone, s.memories ?? {});
  phone.restoreOverlays(s.overlays ?? { toasts: [], notice: null });
  await tick();
  const root = screen();
  applyScrollOffsets(root, s.scroll ?? []);
  if (s.focus) refocus(root, s.focus);
}

function focusOf(root: Element): ScreenSnapshot['focus'] {
  const active = root.ownerDocument.activeElement;
  if (!active || active === root || !root.contains(active)) return null;
  const index = Array.prototype.indexOf.call(root.getElementsByTagName('*'), active);
  const field = active as HTMLInputElement;
  const selection: [number, number] | null = typeof field.selectionStart === 'number' && typeof field.selectionEnd === 'number' ? [field.selectionStart, field.selectionEnd] : null;
  return { index, selection };
}

function refocus(root: Element, f: NonNullable<ScreenSnapshot['focus']>): void {
  const el = root.getElementsByTagName('*')[f.index] as HTMLElement | undefined;
  if (!el || typeof el.focus !== 'function') return;
  el.focus({ preventScroll: true });
  const field = el as HTMLInputElement;
  if (f.selection && typeof field.setSelectionRange === 'function') field.setSelectionRange(f.selection[0], f.selection[1]);
}
