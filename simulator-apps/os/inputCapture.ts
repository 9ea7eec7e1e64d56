/**
 * What the interactive phone reports of the person's inputs, for a demonstration being recorded
 * in the studio (bridge/protocol/demo.ts): taps, long presses and swipes with the UI tree as it
 * was at pointerdown (before the input changed the screen), the value of a field after each
 * edit, and Enter in a field. Listeners sit on the window in the capture phase, ahead of the
 * apps' own, and never stop or change an event.
 */
import type { FieldRef, InputCapture, Point } from '../../bridge/protocol/demo.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { LONG_PRESS_MS, TAP_SLOP_PX } from './gestures.ts';
import { uiTree } from './uiTree.ts';

interface Press {
  id: number;
  start: Point;
  client: Point;
  /** The pointerdown event's `timeStamp` (when the input happened). */
  at: number;
  tree: UiNode[];
  moved: boolean;
  scroller: { el: Element; key?: string; top: number; left: number } | null;
}

function isScrollable(el: Element): boolean {
  const s = getComputedStyle(el);
  const y = /auto|scroll/.test(s.overflowY) && el.scrollHeight > el.clientHeight;
  const x = /auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth;
  return x || y;
}

/** The list a drag starting here would scroll: the nearest scrollable element up to the screen. */
function scrollerOf(target: Element | null, screen: Element): Element | null {
  for (let el = target; el && el !== screen; el = el.parentElement) if (isScrollable(el)) return el;
  return null;
}

function isField(el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file'].includes(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

function fieldRef(el: HTMLElement): FieldRef {
  const key = el.getAttribute('data-ui') ?? undefined;
  const role = el.getAttribute('role') ?? (el instanceof HTMLInputElement && el.type === 'search' ? 'searchbox' : 'textbox');
  const label = (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.placeholder : '') || el.getAttribute('aria-label') || '';
  return { ...(key ? { key } : {}), role, label };
}

const valueOf = (el: HTMLElement) => (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ''));

/** Starts reporting; returns the function that stops. */
export function captureInputs(screen: () => Element, send: (c: InputCapture) => void): () => void {
  let press: Press | null = null;

  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = screen().getBoundingClientRect();
    return { x: Math.round(e.clientX - r.left), y: Math.round(e.clientY - r.top) };
  };
  const onScreen = (e: Event) => e.target instanceof Node && screen().contains(e.target);

  const onDown = (e: PointerEvent): void => {
    if (e.button !== 0 || !e.isPrimary || !onScreen(e)) return;
    const root = screen();
    const scroller = scrollerOf(e.target as Element, root);
    press = {
      id: e.pointerId,
      start: local(e),
      client: { x: e.clientX, y: e.clientY },
      at: e.timeStamp,
      tree: uiTree(root),
      moved: false,
      scroller: scroller ? { el: scroller, key: scroller.getAttribute('data-ui') ?? undefined, top: scroller.scrollTop, left: scroller.scrollLeft } : null,
    };
  };
  const onMove = (e: PointerEvent): void => {
    if (press && e.pointerId === press.id && Math.hypot(e.clientX - press.client.x, e.clientY - press.client.y) >= TAP_SLOP_PX) press.moved = true;
  };
  const onUp = (e: PointerEvent): void => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (e.type === 'pointercancel') return;
    const scroller = p.scroller?.key ? { scroller: p.scroller.key } : {};
    if (p.moved) {
      const scrolled = p.scroller !== null && (p.scroller.el.scrollTop !== p.scroller.top || p.scroller.el.scrollLeft !== p.scroller.left);
      send({ kind: 'swipe', from: p.start, to: local(e), tree: p.tree, scrolled, ...scroller });
    } else {
      // How long the finger was down by the events' own times (when the input happened), not by
      // when the page got to them: a page busy between the two (a screen mounting, a loaded host)
      // must not make a quick tap a long press.
      send({ kind: e.timeStamp - p.at >= LONG_PRESS_MS ? 'long_press' : 'tap', point: p.start, tree: p.tree, ...scroller });
    }
  };
  // A right click is a long press on this phone (gestures.ts).
  const onContextMenu = (e: MouseEvent): void => {
    if (!onScreen(e)) return;
    const root = screen();
    const key = scrollerOf(e.target as Element, root)?.getAttribute('data-ui');
    send({ kind: 'long_press', point: local(e), tree: uiTree(root), ...(key ? { scroller: key } : {}) });
  };
  const onInput = (e: Event): void => {
    if (isField(e.target) && onScreen(e)) send({ kind: 'type', field: fieldRef(e.target), value: valueOf(e.target) });
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && !e.isComposing && isField(e.target) && onScreen(e)) send({ kind: 'key', key: 'enter' });
  };

  const listeners: [string, EventListener][] = [
    ['pointerdown', onDown as EventListener],
    ['pointermove', onMove as EventListener],
    ['pointerup', onUp as EventListener],
    ['pointercancel', onUp as EventListener],
    ['contextmenu', onContextMenu as EventListener],
    ['input', onInput],
    ['keydown', onKey as EventListener],
  ];
  for (const [type, fn] of listeners) window.addEventListener(type, fn, true);
  return () => {
    for (const [type, fn] of listeners) window.removeEventListener(type, fn, true);
  };
}
