/**
 * Waiting until the phone is still: what the bridge calls after every action instead of a
 * fixed sleep. Common case: a Svelte flush and one animation frame.
 */
import { tick } from 'svelte';
import type { Observation, StateSnapshot } from '../../bridge/protocol/messages.ts';
import type { Route } from '../../bridge/protocol/state.ts';
import { keepPinnedEnds, momentumRunning } from './gestures.ts';
import type { Phone } from './phone.svelte.ts';
import { uiTree } from './uiTree.ts';
import { fillRenderWindows } from '../shared/renderWindow.svelte.ts';

/** Give up waiting for animations after this many frames (an endless animation must not hang a step). */
const MAX_FRAMES = 120;
/**
 * A page that is not the front tab of its browser gets animation frames about once a second in
 * headless Chromium (measured here: ~1000 ms per rAF for every page but the last opened), so a
 * frame wait also ends after this long. The common case still resolves on the frame.
 */
const FRAME_FALLBACK_MS = 34;

export interface SettleParams {
  advanceMs?: number;
  observe?: boolean;
  /** With `observe`: include the UI tree (default true). */
  tree?: boolean;
  /** With `observe`: the slice versions the bridge holds; the state then comes as slices. */
  have?: Record<string, string>;
  /**
   * No picture follows and the action before moved no pointer: when nothing moves, read the phone
   * without waiting for a frame (`stillWithoutFrame`). A page that is not its browser's front one
   * gets frames late (FRAME_FALLBACK_MS), so this is most of a tree-only step on N pages.
   */
  frameless?: boolean;
}

export interface SettleResult {
  revision: number;
  route: Route;
  observation?: Observation;
}

/**
 * The next animation frame, or FRAME_FALLBACK_MS when the page gets no frames (hidden or
 * throttled). Resolves true for a real frame.
 */
export function nextFrame(): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (real: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(real);
    };
    const timer = setTimeout(() => finish(false), document.visibilityState === 'hidden' ? 0 : FRAME_FALLBACK_MS);
    requestAnimationFrame(() => finish(true));
  });
}

function busy(): boolean {
  if (momentumRunning()) return true;
  if (document.fonts.status === 'loading') return true;
  // Pictures are data-URL images (shared/shapesImage.ts), complete at once; anything else waits.
  for (const img of document.images) if (!img.complete) return true;
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running') continue;
    const iterations = a.effect?.getTiming().iterations;
    if (iterations === Infinity) continue; // a spinner never ends; it does not block a step
    return true;
  }
  return false;
}

export async function settle(phone: Phone, screen: Element, params: SettleParams = {}): Promise<SettleResult> {
  if (typeof params.advanceMs === 'number' && params.advanceMs > 0) phone.advanceTime(params.advanceMs);
  if (params.frameless && (await stillWithoutFrame())) return settled(phone, screen, params);
  await tick();
  // `fonts.ready` only settles at a rendering update: wait on it only while a face is loading.
  if (document.fonts.status === 'loading') await document.fonts.ready;
  // One frame: by its callback the DOM of this state is laid out, and the screenshot that follows
  // captures a newly presented frame anyway. A page that gets no frames renders only when
  // screenshotted, so a timed-out wait is enough there.
  await nextFrame();
  for (let i = 0; i < MAX_FRAMES && busy(); i++) await nextFrame();
  await tick();
  return settled(phone, screen, params);
}

function settled(phone: Phone, screen: Element, params: SettleParams): SettleResult {
  return {
    revision: phone.revision,
    route: phone.route,
    ...(params.observe ? { observation: observe(phone, screen, params.tree !== false, params.have) } : {}),
  };
}

/**
 * After a reset or a restore: the phone as the next frame would show it, without waiting for that
 * frame, when nothing is moving (no animation, no font loading, no fling). The frame's only other
 * work is a long list's check for rows to add below what shows (shared/renderWindow.svelte.ts),
 * done here at once; the UI tree then reads the same layout the frame paints (uiTree forces it).
 * False when something moves: settle then. A screenshot needs a real frame: take it after settle.
 */
export async function stillWithoutFrame(): Promise<boolean> {
  await tick();
  if (document.fonts.status === 'loading' || busy()) return false;
  // The frame's work that changes what shows: conversations kept at their end (their
  // ResizeObserver), then long lists' rows below what shows (which a scroll may have uncovered).
  keepPinnedEnds();
  for (let i = 0; i < MAX_FRAMES && fillRenderWindows(); i++) {
    await tick();
    keepPinnedEnds();
  }
  return !busy();
}

/**
 * The state, route and revision. With `have` (slice versions the bridge holds), the state comes as
 * slices, only those it lacks carrying JSON, and `json` is empty (see bridge/protocol/slices.ts).
 */
export function stateSnapshot(phone: Phone, have?: Record<string, string>): StateSnapshot {
  if (have) return { json: '', sliced: phone.getStateSliced(have), route: { ...phone.route }, revision: phone.revision };
  return { json: phone.getStateJson(), route: { ...phone.route }, revision: phone.revision };
}

export function observe(phone: Phone, screen: Element, withTree = true, have?: Record<string, string>): Observation {
  return { state: stateSnapshot(phone, have), tree: withTree ? uiTree(screen) : [] };
}
