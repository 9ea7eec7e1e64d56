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
import type { SnapshotParts } from '../../bridge/protocol/slices.ts';

interface ScreenSnapshot {
  overlays: { toasts: Toast[]; notice: Notice | null };
  scroll: [number, number, number][];
  /** The focused element's index among the screen's elements, and its text selection. */
  focus: { index: number; selection: [number, number] | null } | null;
  memories: Record<string, unknown>;
}

export function takeWholeSnapshot(phone: Phone, screen: Element): string {
  return phone.snapshot(screenSnapshot(phone, screen));
}

/** `takeWholeSnapshot` in parts: the state as slices, only those whose version `have` lacks carrying JSON. */
export function takeWholeSnapshotParts(phone: Phone, screen: Element, have: Record<string, string>): SnapshotParts {
  return phone.snapshotParts(screenSnapshot(phone, screen), have);
}

function screenSnapshot(phone: Phone, screen: Element): ScreenSnapshot {
  return { overlays: phone.overlaysSnapshot(), scroll: scrollOffsets(screen), focus: focusOf(screen), memories: captureAppMemories(phone) };
}

export async function restoreWholeSnapshot(phone: Phone, screen: () => Element, text: string): Promise<void> {
  let snap: { screen?: ScreenSnapshot };
  try {
    snap = JSON.parse(text);
  } catch (e) {
    throw new PhonegymError('restore: the snapshot is not valid JSON', { code: 'invalid_params', cause: e });
  }
  phone.restore(snap);
  await restoreScreen(phone, screen, snap.screen);
}

/**
 * Restores a snapshot sent in parts: its slices come from `parts`, the phone's own or `kept`.
 * Returns the slices none of them has (nothing changed then: the sender sends them again).
 */
export async function restoreWholeSnapshotParts(phone: Phone, screen: () => Element, parts: SnapshotParts, kept: (version: string) => string | undefined): Promise<string[]> {
  const parsed = (json: string | undefined, what: string): unknown => {
    if (json === undefined) return undefined;
    try {
      return JSON.parse(json);
    } catch (e) {
      throw new PhonegymError(`restore: the snapshot's ${what} is not valid JSON`, { code: 'invalid_params', cause: e });
    }
  };
  const screenPart = parsed(parts.screenJson, 'screen') as ScreenSnapshot | undefined;
  const missing = phone.restoreSliced(parts.sliced, kept, parsed(parts.navJson, 'navigation'));
  if (missing.length > 0) return missing;
  await restoreScreen(phone, screen, screenPart);
  return [];
}

async function restoreScreen(phone: Phone, screen: () => Element, s: ScreenSnapshot | undefined): Promise<void> {
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
