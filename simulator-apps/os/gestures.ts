/**
 * Touch-like gestures driven by pointer events (Playwright drives a mouse, and a mouse does not
 * scroll an overflow box by dragging): drag-to-scroll with a deterministic fling, tap
 * suppression after a drag, and long press.
 *
 * Fling: the distance comes from the per-event deltas of the last pointermoves (never from
 * wall-clock timestamps), so the same input sequence always lands on the same scroll offset.
 * A drag whose last move had zero delta (the finger rested) stops dead.
 */
import type { Attachment } from 'svelte/attachments';
import { motionEnabled } from './motion.ts';

/** Movement below this is a tap, not a drag. */
export const TAP_SLOP_PX = 8;
/** Fling distance = mean of the last deltas × this gain. */
export const FLING_GAIN = 12;
/** How many last pointermove deltas the fling looks at. */
export const FLING_SAMPLES = 3;
/** Frames a fling animates over when motion is on (it is applied at once when off). */
export const FLING_FRAMES = 24;
const MIN_FLING_DELTA = 1.5;

let running = 0;

/** True while a fling animates; `settle` waits for it. */
export function momentumRunning(): boolean {
  return running > 0;
}

/** Pure: the fling distance (in scroll offset units) for the deltas of the last pointermoves. */
export function flingDistance(deltas: readonly number[]): number {
  const last = deltas.slice(-FLING_SAMPLES);
  if (last.length === 0 || last[last.length - 1] === 0) return 0;
  const mean = last.reduce((a, b) => a + b, 0) / last.length;
  if (Math.abs(mean) < MIN_FLING_DELTA) return 0;
  // Moving the finger up (negative delta) scrolls content forward (positive offset).
  return Math.round(-mean * FLING_GAIN);
}

/** Set on every dragScroll box (to its axis): lists inside find their scroll box by it (shared/renderWindow). */
export const SCROLL_BOX_ATTRIBUTE = 'data-drag-scroll';

/** Conversations kept at their end (`startAtEnd`), each with what its ResizeObserver does at the next frame. */
const pinnedEnds = new Set<() => void>();

/**
 * Keeps every conversation pinned to its end at its end now, as its ResizeObserver would in the
 * next frame after its content grew: what an observation taken without a frame calls (settle.ts).
 */
export function keepPinnedEnds(): void {
  for (const pin of pinnedEnds) pin();
}

const claimed = new WeakSet<Event>();
const memory = new Map<string, number>();

export function forgetScrollPositions(): void {
  memory.clear();
}

/** Every mounted drag scroller: a whole-phone snapshot keeps their offsets (./wholeSnapshot.ts). */
const mounted = new Set<HTMLElement>();

/** The mounted scrollers under `root` in document order: the same screen mounts them in the same order. */
function scrollersUnder(root: Element): HTMLElement[] {
  return [...mounted].filter((el) => root.contains(el)).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** `[index, top, left]` of every scroller under `root` that is not at its origin. */
export function scrollOffsets(root: Element): [number, number, number][] {
  return scrollersUnder(root).flatMap((el, i): [number, number, number][] => (el.scrollTop || el.scrollLeft ? [[i, el.scrollTop, el.scrollLeft]] : []));
}

/** Puts the scrollers under `root` back where `scrollOffsets` found them (every other one at its origin). */
export function applyScrollOffsets(root: Element, offsets: readonly (readonly [number, number, number])[]): void {
  const els = scrollersUnder(root);
  const at = new Map(offsets.map(([i, top, left]) => [i, { top, left }]));
  els.forEach((el, i) => {
    const o = at.get(i) ?? { top: 0, left: 0 };
    el.scrollTop = o.top;
    el.scrollLeft = o.left;
  });
}

export interface DragScrollOptions {
  axis?: 'x' | 'y';
  /** Remember the offset under this key and restore it when a scroller with the same key mounts. */
  memoryKey?: string;
  /** Start at the end (a conversation opens at its latest message) unless a remembered offset exists. */
  startAtEnd?: boolean;
}

export function dragScroll(opts: DragScrollOptions = {}): Attachment<HTMLElement> {
  return (el) => {
    const axis = opts.axis ?? 'y';
    el.setAttribute(SCROLL_BOX_ATTRIBUTE, axis);
    const pos = (): number => (axis === 'y' ? el.scrollTop : el.scrollLeft);
    const setPos = (v: number): void => {
      if (axis === 'y') el.scrollTop = v;
      else el.scrollLeft = v;
    };
    const maxPos = (): number => (axis === 'y' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth);
    const along = (e: PointerEvent): number => (axis === 'y' ? e.clientY : e.clientX);
    const across = (e: PointerEvent): number => (axis === 'y' ? e.clientX : e.clientY);

    const remembered = opts.memoryKey !== undefined ? memory.get(opts.memoryKey) : undefined;
    if (remembered !== undefined) setPos(remembered);
    else if (opts.startAtEnd) setPos(maxPos());

    // A conversation keeps its latest message in view while content grows (fonts, new messages).
    let pinnedToEnd = remembered === undefined && opts.startAtEnd === true;
    let observer: ResizeObserver | null = null;
    const pin = (): void => {
      if (pinnedToEnd) setPos(maxPos());
    };
    if (opts.startAtEnd) pinnedEnds.add(pin);
    if (opts.startAtEnd && typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(pin);
      observer.observe(el);
      for (const child of Array.from(el.children)) observer.observe(child);
    }

    let track: { id: number; start: number; startAcross: number; last: number; deltas: number[]; dragging: boolean } | null = null;
    let stopFling: (() => void) | null = null;

    const onScroll = (): void => {
      if (opts.memoryKey !== undefined) memory.set(opts.memoryKey, pos());
      pinnedToEnd = opts.startAtEnd === true && maxPos() - pos() < 2;
    };

    const onDown = (e: PointerEvent): void => {
      if (e.button !== 0 || claimed.has(e)) return;
      if (maxPos() <= 0) return; // nothing to scroll: leave the gesture to an outer scroller
      claimed.add(e);
      stopFling?.();
      track = { id: e.pointerId, start: along(e), startAcross: across(e), last: along(e), deltas: [], dragging: false };
      window.addEventListener('pointermove', onMove, true);
      window.addEventListener('pointerup', onUp, true);
      window.addEventListener('pointercancel', onUp, true);
    };

    /** One raw pointer position; false when the gesture stopped being a drag. */
    const moveTo = (p: PointerEvent): boolean => {
      if (!track) return false;
      const c = along(p);
      let d = c - track.last;
      track.last = c;
      if (!track.dragging) {
        if (Math.abs(across(p) - track.startAcross) >= TAP_SLOP_PX * 2 && Math.abs(c - track.start) < TAP_SLOP_PX) {
          release();
          return false;
        }
        if (Math.abs(c - track.start) < TAP_SLOP_PX) return true;
        track.dragging = true;
        el.dataset.dragging = 'true';
        d = c - track.start;
      }
      setPos(pos() - d);
      track.deltas.push(d);
      if (track.deltas.length > FLING_SAMPLES) track.deltas.shift();
      return true;
    };

    const onMove = (e: PointerEvent): void => {
      if (!track || e.pointerId !== track.id) return;
      // A busy renderer merges the moves of one frame into one event; the raw moves inside it
      // keep the fling independent of how loaded the machine is.
      const raw = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
      for (const p of raw.length ? raw : [e]) if (!moveTo(p)) return;
      if (track?.dragging) e.preventDefault();
    };

    const onUp = (e: PointerEvent): void => {
      if (!track || e.pointerId !== track.id) return;
      const t = track;
      release();
      if (!t.dragging) return;
      suppressNextClick();
      if (e.type === 'pointercancel') return;
      const distance = flingDistance(t.deltas);
      if (distance !== 0) fling(distance);
    };

    function release(): void {
      track = null;
      delete el.dataset.dragging;
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('pointercancel', onUp, true);
    }

    function fling(distance: number): void {
      const from = pos();
      const span = axis === 'y' ? el.clientHeight : el.clientWidth;
      const clamped = Math.max(-3 * span, Math.min(3 * span, distance));
      const target = Math.max(0, Math.min(maxPos(), from + clamped));
      if (!motionEnabled()) {
        setPos(target);
        return;
      }
      running++;
      let frame = 0;
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        running--;
        stopFling = null;
      };
      const step = (): void => {
        if (done) return;
        frame++;
        const t = frame / FLING_FRAMES;
        setPos(from + (target - from) * (1 - (1 - t) ** 3));
        if (frame < FLING_FRAMES) requestAnimationFrame(step);
        else finish();
      };
      stopFling = finish;
      requestAnimationFrame(step);
    }

    el.addEventListener('pointerdown', onDown);
    el.addEventListener('scroll', onScroll, { passive: true });
    mounted.add(el);
    return () => {
      mounted.delete(el);
      stopFling?.();
      release();
      observer?.disconnect();
      pinnedEnds.delete(pin);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('scroll', onScroll);
    };
  };
}

/**
 * Swallows the click a browser sends when a drag or a long press ends. Call it from the
 * pointerup handler, or with `untilRelease` while the pointer is still down.
 */
export function suppressNextClick(untilRelease = false): void {
  const swallow = (e: Event): void => {
    e.stopPropagation();
    e.preventDefault();
    cleanup();
  };
  const cleanup = (): void => {
    window.removeEventListener('click', swallow, true);
    window.removeEventListener('pointerup', onRelease, true);
  };
  // The click, if any, is dispatched in the same task as the pointerup.
  const onRelease = (): void => void setTimeout(cleanup, 0);
  window.addEventListener('click', swallow, true);
  if (untilRelease) window.addEventListener('pointerup', onRelease, true);
  else onRelease();
}

/** The point of an event in phone-screen CSS pixels. */
export function phonePoint(e: { clientX: number; clientY: number; target: EventTarget | null }): { x: number; y: number } {
  const screen = (e.target instanceof Element ? e.target.closest('[data-phone-screen]') : null)?.getBoundingClientRect();
  return { x: Math.round(e.clientX - (screen?.left ?? 0)), y: Math.round(e.clientY - (screen?.top ?? 0)) };
}

/**
 * Agent pages hold a finger in virtual time: a long press fires when the env says the finger has
 * been down long enough (`holdElapsed`), never by a wall-clock timer. On a loaded machine the
 * time between a tap's down and up can exceed any threshold; a timer would turn that tap into a
 * long press, and the same actions would give different states.
 */
let virtualHolds = false;
const pendingHolds = new Set<{ ms: number; fire: () => void }>();

export function setVirtualHolds(on: boolean): void {
  virtualHolds = on;
}

/** The finger has been held `ms` (virtual): fires the long presses whose threshold that reaches. */
export function holdElapsed(ms: number): number {
  const due = [...pendingHolds].filter((h) => h.ms <= ms);
  for (const h of due) h.fire();
  return due.length;
}

/** How long a finger rests before a press is a long press. */
export const LONG_PRESS_MS = 500;

/** Calls `handler` after the pointer stayed down `ms` without moving (or on a right click). */
export function longPress(handler: (point: { x: number; y: number }) => void, ms = LONG_PRESS_MS): Attachment<HTMLElement> {
  return (el) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let hold: { ms: number; fire: () => void } | null = null;
    let start: { id: number; x: number; y: number } | null = null;

    const cancel = (): void => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (hold) pendingHolds.delete(hold);
      hold = null;
      start = null;
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerup', cancel, true);
      window.removeEventListener('pointercancel', cancel, true);
    };
    const onMove = (e: PointerEvent): void => {
      if (start && e.pointerId === start.id && Math.hypot(e.clientX - start.x, e.clientY - start.y) >= TAP_SLOP_PX) cancel();
    };
    const onDown = (e: PointerEvent): void => {
      if (e.button !== 0) return;
      cancel();
      start = { id: e.pointerId, x: e.clientX, y: e.clientY };
      const point = phonePoint(e);
      const fire = (): void => {
        cancel();
        suppressNextClick(true);
        handler(point);
      };
      if (virtualHolds) pendingHolds.add((hold = { ms, fire }));
      else timer = setTimeout(fire, ms);
      window.addEventListener('pointermove', onMove, true);
      window.addEventListener('pointerup', cancel, true);
      window.addEventListener('pointercancel', cancel, true);
    };
    const onContextMenu = (e: MouseEvent): void => {
      e.preventDefault();
      cancel();
      handler(phonePoint(e));
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('contextmenu', onContextMenu);
    return () => {
      cancel();
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('contextmenu', onContextMenu);
    };
  };
}
