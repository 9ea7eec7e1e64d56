/**
 * A long list that renders what is on screen (plus a margin once it scrolls), and more as it
 * scrolls into view: the first screen of a feed costs a screenful of rows, not the whole feed.
 *
 * What is rendered is always a prefix of the items (never a slice from the middle), so every
 * pixel at a scroll offset is the one the whole list would show there: rows above the viewport
 * are real, not estimated. What is not rendered yet is stood for by a spacer at least as tall as
 * those items (`bound` is an upper bound per item, from data alone), so a drag, a fling or a
 * remembered offset (os/gestures.ts) never meets the end of the list early; when they reach into
 * the spacer, the scroll event renders the rows there before the frame paints, and once every
 * item is rendered the spacer is gone and the list ends where the whole list ends. How far the
 * prefix reaches depends only on the scroll offset and the layout, so the same state and actions
 * give the same rows, pixels and UI tree (which lists only what shows, as before).
 *
 * Use (the markup stays the app's own):
 *   const win = new RenderWindow({ count: () => rows.length, bound: () => 72 });
 *   <div class="scroll" {@attach dragScroll(…)}>
 *     {#each rows.slice(0, win.shown) as row (row.id)}…{/each}
 *     <div {@attach win.spacer}></div>
 *   </div>
 * Columns (a waterfall, a two-column grid): `lanes: 2` and `{@attach win.lane}` on each column,
 * so the shorter column decides how far the rows reach.
 */
import { untrack } from 'svelte';
import type { Attachment } from 'svelte/attachments';
import { SCROLL_BOX_ATTRIBUTE } from '../os/gestures.ts';

/**
 * Rendered beyond the bottom edge of the scroll box once the list has scrolled, so a short drag
 * shows ready rows. Not before: a screen reset into and never scrolled (most of an episode's
 * screens) builds only the rows it shows.
 */
export const WINDOW_MARGIN_PX = 400;
/**
 * How much the first render covers, before any layout says how tall the scroll box is: the tallest
 * list box under a top bar (the 800 px screen less the status bar's 28, a top bar's 48 and the
 * navigation bar's 48). A shorter box gets a row or two it does not show (the whole screen's 800
 * built 12 of 轻聊's 72 px rows for a 620 px box; this builds 10, and a reset into it is ~8 %
 * cheaper); a taller one (no top bar, a small font) gets the rest from the fill check that follows
 * every render, before anything is observed (`fillRenderWindows`).
 */
const FIRST_SCREEN_PX = 800 - 28 - 48 - 48;

export interface RenderWindowOptions {
  /** How many items the list has (in render order). */
  count: () => number;
  /** An upper bound of item `i`'s height in CSS px, worked out from its data. */
  bound: (i: number) => number;
  /** Columns the items are laid out in (each marked with `lane`); 1 by default. */
  lanes?: number;
}

/** The windows whose spacer is on screen now (see `fillRenderWindows`). */
const live = new Set<RenderWindow>();

/**
 * Renders now, in every window on screen, the rows the next frame's check would add (a read of the
 * layout: call it only where the layout is read anyway). True when any window grew: flush Svelte
 * (`tick`) and call again until false. What an observation taken without waiting for a frame
 * calls, so it lists the rows a settled one would (simulator-apps/os/settle.ts).
 */
export function fillRenderWindows(): boolean {
  let grew = false;
  for (const w of live) grew = w.fillNow() || grew;
  return grew;
}

export class RenderWindow {
  readonly #opts: Required<RenderWindowOptions>;
  #reach = $state(0);
  #scroller: HTMLElement | null = null;
  #spacer: HTMLElement | null = null;
  /** Whether the scroll box has scrolled since it was mounted: from then on the margin is kept. */
  #scrolled = false;
  readonly #lanes = new Set<HTMLElement>();

  /** How many items, from the first, are rendered. */
  readonly shown = $derived(Math.min(this.#reach, this.#total()));

  /** The spacer's height: a bound on the height of the items not rendered yet. */
  readonly rest = $derived.by(() => {
    let px = 0;
    for (let i = this.shown; i < this.#total(); i++) px += this.#opts.bound(i);
    return px;
  });

  // Read through a method: the derived fields above are declared before the constructor sets #opts.
  #total(): number {
    return this.#opts.count();
  }

  constructor(opts: RenderWindowOptions) {
    this.#opts = { lanes: 1, ...opts };
    this.#reach = this.#grow(0, FIRST_SCREEN_PX * this.#opts.lanes);
  }

  /** Renders every item up to `i` (a jump straight to it: an index rail, a search hit). */
  reveal(i: number): void {
    if (i >= this.#reach) this.#reach = i + 1;
  }

  /**
   * On an empty element after the rows, inside the scroll box (a `dragScroll` one): it stands for
   * the rows not rendered yet, and renders more when a scroll, a new item or a render leaves the
   * rows ending above the bottom edge plus the margin.
   */
  readonly spacer: Attachment<HTMLElement> = (el) => {
    this.#spacer = el;
    live.add(this);
    // Tall already when the scroll box's attachments run (a remembered offset is restored there).
    el.style.height = `${untrack(() => this.rest)}px`;
    $effect(() => {
      el.style.height = `${this.rest}px`;
    });
    // After the first render: the scroll box's own attachment has marked it by then.
    $effect(() => {
      const box = el.closest<HTMLElement>(`[${SCROLL_BOX_ATTRIBUTE}="y"]`);
      if (!box) throw new Error('RenderWindow: the spacer is not inside a dragScroll() scroll box');
      this.#scroller = box;
      const onScroll = (): void => {
        this.#scrolled = true;
        this.#fill();
      };
      box.addEventListener('scroll', onScroll, { passive: true });
      return () => box.removeEventListener('scroll', onScroll);
    });
    // After a render (the first, or more rows, or other items): checked in the next frame, where
    // the layout read costs nothing extra (the frame lays out anyway), and never inside the reset
    // or navigation that rendered (a read there would lay out the whole screen early). The first
    // render's prefix covers the screen by itself; a scroll is checked at once (onScroll).
    let frame = 0;
    $effect(() => {
      void this.shown;
      void this.#opts.count();
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => this.#fill());
    });
    return () => {
      cancelAnimationFrame(frame);
      live.delete(this);
      this.#spacer = null;
      this.#scroller = null;
      this.#scrolled = false;
    };
  };

  /** On each column of a multi-column list: its bottom is where its rendered rows end. */
  readonly lane: Attachment<HTMLElement> = (el) => {
    this.#lanes.add(el);
    return () => void this.#lanes.delete(el);
  };

  /** `#fill` now; true when it rendered more rows. */
  fillNow(): boolean {
    const before = this.#reach;
    this.#fill();
    return this.#reach !== before;
  }

  /** Renders more items while the rendered rows end above the bottom edge (plus the margin once scrolled). */
  #fill(): void {
    const box = this.#scroller;
    const total = this.#opts.count();
    if (!box || !this.#spacer || this.#reach >= total) return;
    const origin = box.getBoundingClientRect().top - box.scrollTop;
    let end = this.#spacer.getBoundingClientRect().top;
    for (const lane of this.#lanes) end = Math.min(end, lane.getBoundingClientRect().bottom);
    const covered = end - origin;
    const needed = box.scrollTop + box.clientHeight + (this.#scrolled ? WINDOW_MARGIN_PX : 0);
    if (covered >= needed) return;
    this.#reach = this.#grow(this.#reach, (needed - covered) * this.#opts.lanes);
  }

  /** `from` plus enough items to fill `px` by their bounds (at least one more, at most all). */
  #grow(from: number, px: number): number {
    const total = this.#opts.count();
    let n = from;
    let filled = 0;
    while (n < total && (filled < px || n === from)) filled += this.#opts.bound(n++);
    return n;
  }
}
