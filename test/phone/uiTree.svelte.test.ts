/**
 * Long file: one fixture page and the walker's every node kind, pinned against the plain walk.
 * The UI tree walker is tuned for speed (few layout and style reads, no walk of leaf subtrees that
 * cannot emit anything); these tests pin that its output stays exactly the one of the plain
 * walker it replaced, kept below as `reference`. jsdom has no layout, so geometry, computed style
 * and hit testing are stubbed with seeded values that both walkers read.
 */
import { flushSync, mount, unmount } from 'svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { Phone } from '../../simulator-apps/os/phone.svelte.ts';
import PhoneShell from '../../simulator-apps/os/ui/PhoneShell.svelte';
import { uiTree } from '../../simulator-apps/os/uiTree.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

// ---- stubbed layout -------------------------------------------------------------------------

interface FakeRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface FakeStyle {
  display: string;
  visibility: string;
  opacity: string;
  overflowX: string;
  overflowY: string;
  pointerEvents: string;
}

const rects = new WeakMap<Node, FakeRect>();
const styles = new WeakMap<Element, FakeStyle>();
const ZERO: FakeRect = { left: 0, top: 0, width: 0, height: 0 };
const PLAIN: FakeStyle = { display: 'block', visibility: 'visible', opacity: '1', overflowX: 'visible', overflowY: 'visible', pointerEvents: 'auto' };
/** How the stubbed `elementFromPoint` answers: a hash of the point picks the mode. */
let hitElements: Element[] = [];
let hitSeed = 0;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function contains(r: FakeRect, x: number, y: number): boolean {
  return x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
}

/** The topmost (last in document order) element whose stubbed box holds the point, or now and then another element or nothing. */
function fakeElementFromPoint(x: number, y: number): Element | null {
  const h = Math.imul(Math.round(x * 64) ^ Math.imul(Math.round(y * 64), 0x9e3779b1), 0x85ebca6b) ^ hitSeed;
  const mode = (h >>> 8) % 20;
  if (mode === 0) return null;
  if (mode === 1 && hitElements.length > 0) return hitElements[(h >>> 4) % hitElements.length];
  for (let i = hitElements.length - 1; i >= 0; i--) {
    const r = rects.get(hitElements[i]);
    if (r && contains(r, x, y)) return hitElements[i];
  }
  return null;
}

interface LayoutOptions {
  /** Share of elements that are display:none, visibility:hidden, opacity 0, … (0..1 scale of the defaults). */
  oddStyles: number;
}

/** Gives every element and text node below `root` a seeded box and style; `root` itself gets the 360x800 screen at (10, 20). */
function layOut(root: Element, seed: number, opts: LayoutOptions = { oddStyles: 1 }): void {
  const rng = mulberry32(seed);
  hitSeed = seed * 7919;
  rects.set(root, { left: 10, top: 20, width: 360, height: 800 });
  styles.set(root, PLAIN);
  const q = (v: number): number => Math.round(v * 4) / 4;
  const odd = (p: number): boolean => rng() < p * opts.oddStyles;
  const overflow = (): string => (odd(0.35) ? pick(rng, ['hidden', 'auto', 'scroll', 'clip', 'auto']) : 'visible');
  // Children mostly stack in their parent's box as in flow layout (with some overflow); a few sit
  // anywhere (positioned), and a few have no size.
  const place = (parent: Node, outer: FakeRect): void => {
    const kids = Array.from(parent.childNodes).filter((n) => n.nodeType === Node.ELEMENT_NODE || n.nodeType === Node.TEXT_NODE);
    const slice = outer.height / Math.max(1, kids.length);
    kids.forEach((n, i) => {
      let r: FakeRect;
      const roll = rng();
      if (roll < 0.1) r = { left: q(rng() * 460 - 50), top: q(rng() * 960 - 60), width: q(rng() * 300), height: q(rng() * 300) };
      else if (roll < 0.15) r = { left: outer.left, top: outer.top + i * slice, width: pick(rng, [0, 0.4, 0.9, 50]), height: pick(rng, [0, 0.6, 30]) };
      else {
        const inset = q(rng() * Math.min(20, outer.width / 4));
        r = { left: q(outer.left + inset), top: q(outer.top + i * slice), width: q(outer.width - 2 * inset + (rng() < 0.1 ? 40 : 0)), height: q(slice * (rng() < 0.1 ? 1.5 : 1)) };
      }
      rects.set(n, r);
      if (!(n instanceof Element)) return;
      styles.set(n, {
        display: odd(0.04) ? 'none' : odd(0.03) ? 'contents' : pick(rng, ['block', 'flex', 'inline']),
        visibility: odd(0.04) ? 'hidden' : odd(0.02) ? 'collapse' : 'visible',
        opacity: odd(0.03) ? '0' : odd(0.05) ? '0.5' : '1',
        overflowX: overflow(),
        overflowY: overflow(),
        pointerEvents: odd(0.08) ? 'none' : 'auto',
      });
      place(n, r);
    });
  };
  place(root, rects.get(root)!);
  hitElements = Array.from(root.ownerDocument.querySelectorAll('*'));
}

const saved: { gcs: typeof getComputedStyle; rect: PropertyDescriptor | undefined; rangeRect: PropertyDescriptor | undefined; efp: PropertyDescriptor | undefined } = {
  gcs: globalThis.getComputedStyle,
  rect: Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect'),
  rangeRect: Object.getOwnPropertyDescriptor(Range.prototype, 'getBoundingClientRect'),
  efp: Object.getOwnPropertyDescriptor(Document.prototype, 'elementFromPoint'),
};

beforeAll(() => {
  const computed = ((el: Element) => styles.get(el) ?? PLAIN) as unknown as typeof getComputedStyle;
  globalThis.getComputedStyle = computed;
  window.getComputedStyle = computed;
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Element) {
      return { ...(rects.get(this) ?? ZERO) };
    },
  });
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Range) {
      return { ...(rects.get(this.startContainer) ?? ZERO) };
    },
  });
  Object.defineProperty(Document.prototype, 'elementFromPoint', { configurable: true, value: (x: number, y: number) => fakeElementFromPoint(x, y) });
});

afterAll(() => {
  globalThis.getComputedStyle = saved.gcs;
  window.getComputedStyle = saved.gcs;
  const restore = (proto: object, name: string, d: PropertyDescriptor | undefined): void => {
    if (d) Object.defineProperty(proto, name, d);
    else delete (proto as Record<string, unknown>)[name];
  };
  restore(Element.prototype, 'getBoundingClientRect', saved.rect);
  restore(Range.prototype, 'getBoundingClientRect', saved.rangeRect);
  restore(Document.prototype, 'elementFromPoint', saved.efp);
});

afterEach(() => {
  document.body.innerHTML = '';
  hitElements = [];
});

// ---- random documents -----------------------------------------------------------------------

const WORDS = ['好的', '房东陈先生', ' 09:32 ', 'hello  world', '  ', '\n\t', '\u00a0', '收到，明天下单', 'x', '2条未读', ' a\u3000b '];
const ROLES = ['list', 'listbox', 'dialog', 'alertdialog', 'tablist', 'menu', 'navigation', 'group', 'main', 'tab', 'menuitem', 'switch', 'checkbox', 'img', 'img', 'presentation', 'none', 'generic', 'status', 'heading', 'button'];
const TAGS = ['div', 'div', 'div', 'span', 'span', 'span', 'p', 'section', 'ul', 'li', 'h1', 'h3', 'button', 'button', 'a', 'input', 'textarea', 'select', 'summary', 'img', 'svg', 'label', 'template', 'noscript'];

function randomTree(seed: number): Element {
  const rng = mulberry32(seed ^ 0x5bd1e995);
  const root = document.createElement('div');
  root.setAttribute('data-phone-screen', '');
  document.body.append(root);
  let keys = 0;
  let focusable: HTMLElement | null = null;
  const grow = (parent: Element, depth: number): void => {
    const n = depth === 0 ? 3 + Math.floor(rng() * 4) : Math.floor(rng() * (depth > 4 ? 2 : 4));
    for (let i = 0; i < n; i++) {
      if (rng() < 0.35) parent.append(document.createTextNode(pick(rng, WORDS)));
      const tag = pick(rng, TAGS);
      const el = tag === 'svg' ? document.createElementNS('http://www.w3.org/2000/svg', 'svg') : document.createElement(tag);
      if (rng() < 0.25) el.setAttribute('data-ui', `k.${keys++}`);
      if (rng() < 0.2) el.setAttribute('role', pick(rng, ROLES));
      if (rng() < 0.2) el.setAttribute('aria-label', pick(rng, WORDS));
      if (rng() < 0.05) el.setAttribute('aria-hidden', pick(rng, ['true', 'false']));
      if (rng() < 0.03) el.setAttribute('inert', '');
      if (rng() < 0.06) el.setAttribute('data-clickable', '');
      if (rng() < 0.06) el.setAttribute('aria-checked', pick(rng, ['true', 'false', 'mixed']));
      if (rng() < 0.06) el.setAttribute('aria-selected', pick(rng, ['true', 'false']));
      if (rng() < 0.04) el.setAttribute('aria-disabled', 'true');
      if (tag === 'a' && rng() < 0.6) el.setAttribute('href', '#x');
      if (tag === 'button' && rng() < 0.1) (el as HTMLButtonElement).disabled = true;
      if (el instanceof HTMLInputElement) {
        el.type = pick(rng, ['text', 'search', 'checkbox', 'radio', 'button', 'submit', 'range', 'email']);
        if (rng() < 0.5) el.value = pick(rng, WORDS);
        if (rng() < 0.5) el.placeholder = pick(rng, WORDS);
        el.readOnly = rng() < 0.1;
        el.disabled = rng() < 0.1;
        el.checked = rng() < 0.5;
        if (rng() < 0.3) focusable = el;
      } else if (el instanceof HTMLTextAreaElement) {
        if (rng() < 0.5) el.value = pick(rng, WORDS);
        if (rng() < 0.5) el.placeholder = pick(rng, WORDS);
        el.readOnly = rng() < 0.1;
        if (rng() < 0.3) focusable = el;
      }
      parent.append(el);
      if (rng() < 0.4) el.append(document.createTextNode(pick(rng, WORDS)));
      if (depth < 6 && tag !== 'input' && tag !== 'img') grow(el, depth + 1);
      if (rng() < 0.2) el.append(document.createTextNode(pick(rng, WORDS)));
    }
  };
  grow(root, 0);
  (focusable as HTMLElement | null)?.focus();
  return root;
}

const json = (nodes: UiNode[]): string => JSON.stringify(nodes);

describe('uiTree matches the reference walker', () => {
  it('on random documents with random boxes, styles and hit tests', () => {
    let total = 0;
    let covered = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const root = randomTree(seed);
      layOut(root, seed, { oddStyles: seed % 4 === 0 ? 0 : 1 });
      const expected = referenceUiTree(root);
      expect(json(uiTree(root)), `seed ${seed}`).toBe(json(expected));
      total += expected.length;
      covered += root.querySelectorAll('[data-ui]').length - expected.filter((n) => n.key).length;
      document.body.innerHTML = '';
    }
    // The comparison is not vacuous: plenty of nodes come out, and plenty are left out.
    expect(total).toBeGreaterThan(2000);
    expect(covered).toBeGreaterThan(500);
    // 400 documents in jsdom: seconds of CPU, more on a loaded 2-core machine.
  }, 60_000);

  it('on the phone\'s own screens', () => {
    const phone = new Phone(createInitialState(1));
    const target = document.createElement('div');
    document.body.append(target);
    const app = mount(PhoneShell, { target, props: { phone } });
    try {
      flushSync();
      const screen = target.querySelector('[data-phone-screen]') ?? target;
      const click = (key: string): void => {
        const el = target.querySelector<HTMLElement>(`[data-ui^="${key}"]`);
        if (!el) throw new Error(`no ${key} on ${JSON.stringify(phone.route)}`);
        el.click();
        flushSync();
      };
      const check = (label: string): void => {
        for (let seed = 1; seed <= 12; seed++) {
          layOut(screen, seed * 31 + label.length, { oddStyles: seed % 3 === 0 ? 0 : 0.5 });
          expect(json(uiTree(screen)), `${label} seed ${seed}`).toBe(json(referenceUiTree(screen)));
        }
      };
      check('launcher');
      click('app.chat');
      check('chat list');
      void phone.openMenu([{ id: 'a', text: '标为已读' }, { id: 'b', text: '删除该聊天' }], 100, 200);
      flushSync();
      check('chat list with a menu');
      phone.chooseMenu(null);
      flushSync();
      click('chat.item.');
      check('conversation');
      click('chat.more');
      void phone.confirm({ message: '确定清空聊天记录吗？', confirmText: '清空', danger: true });
      flushSync();
      check('chat settings with a dialog');
      phone.answerDialog(false);
      flushSync();
      phone.back();
      phone.back();
      flushSync();
      click('tab.contacts');
      check('contacts');
      click('contact.item.');
      check('contact');
      phone.back();
      flushSync();
      click('tab.me');
      check('me');
    } finally {
      unmount(app);
    }
  });
});

describe('uiTree', () => {
  const plainLayout = (root: Element, boxes: Record<string, FakeRect>): void => {
    rects.set(root, { left: 0, top: 0, width: 360, height: 800 });
    styles.set(root, PLAIN);
    for (const [sel, r] of Object.entries(boxes)) for (const el of root.querySelectorAll(sel)) rects.set(el, r);
    for (const el of root.querySelectorAll('*')) if (!styles.has(el)) styles.set(el, PLAIN);
    hitElements = Array.from(document.querySelectorAll('*'));
    hitSeed = 0;
  };

  it('names a leaf by its content, folding in labelled images, and still emits keyed elements inside it', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button data-ui="row"><span>王小雨</span> <span class="t">09:26</span><span role="img" aria-label="消息免打扰"></span><span data-ui="row.badge">2</span></button>';
    document.body.append(root);
    plainLayout(root, { button: { left: 0, top: 100, width: 360, height: 72 }, '[data-ui="row.badge"]': { left: 300, top: 120, width: 20, height: 20 } });
    for (const t of root.querySelectorAll('span')) for (const n of t.childNodes) rects.set(n, rects.get(t) ?? ZERO);
    expect(uiTree(root)).toEqual([
      { index: 0, role: 'button', text: '王小雨 09:26 消息免打扰', bounds: { x: 0, y: 100, w: 360, h: 72 }, depth: 0, key: 'row' },
      { index: 1, role: 'text', text: '2', bounds: { x: 300, y: 120, w: 20, h: 20 }, depth: 1, key: 'row.badge' },
    ]);
  });

  it('leaves out hidden, covered and clipped-away elements', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="list" data-ui="list"><button data-ui="a">A</button><button data-ui="b">B</button><button data-ui="c">C</button></div><button data-ui="hidden">H</button><div class="cover"></div>';
    document.body.append(root);
    plainLayout(root, {
      '.list': { left: 0, top: 0, width: 360, height: 200 },
      '[data-ui="a"]': { left: 0, top: 0, width: 360, height: 100 },
      '[data-ui="b"]': { left: 0, top: 100, width: 360, height: 100 },
      '[data-ui="c"]': { left: 0, top: 200, width: 360, height: 100 },
      '[data-ui="hidden"]': { left: 0, top: 400, width: 360, height: 100 },
      '.cover': { left: 0, top: 50, width: 360, height: 10 },
    });
    styles.set(root.querySelector('.list')!, { ...PLAIN, overflowY: 'auto' });
    styles.set(root.querySelector('[data-ui="hidden"]')!, { ...PLAIN, visibility: 'hidden' });
    const nodes = uiTree(root);
    // "a" is under the cover at its centre; "c" is scrolled out of the list; "hidden" is hidden.
    expect(nodes.map((n) => [n.key, n.role, n.depth])).toEqual([
      ['list', 'list', 0],
      ['b', 'button', 1],
    ]);
  });
});

// ---- the reference: the walker as it was before it was tuned -------------------------------

// A verbatim copy of simulator-apps/os/uiTree.ts before it was tuned (commit 1e8e509). Do not
// "fix" it: it is the specification the tuned walker must match byte for byte.
const referenceUiTree = (() => {
  interface Box {
    x: number;
    y: number;
    w: number;
    h: number;
  }

  const CONTAINER_ROLES = new Set(['list', 'listbox', 'dialog', 'alertdialog', 'tablist', 'menu', 'menubar', 'navigation', 'region', 'group', 'toolbar', 'grid', 'tree', 'main', 'banner']);
  const IGNORED_ROLES = new Set(['presentation', 'none', 'generic']);
  const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg']);

  function referenceUiTree(root: Element): UiNode[] {
    const rootRect = root.getBoundingClientRect();
    const ctx: Ctx = {
      origin: { x: rootRect.left, y: rootRect.top },
      nodes: [],
      active: root.ownerDocument.activeElement,
      doc: root.ownerDocument,
    };
    const screen: Box = { x: 0, y: 0, w: rootRect.width, h: rootRect.height };
    walkChildren(root, ctx, 0, screen, false);
    return ctx.nodes;
  }

  interface Ctx {
    origin: { x: number; y: number };
    nodes: UiNode[];
    active: Element | null;
    doc: Document;
  }

  function walkChildren(el: Element, ctx: Ctx, depth: number, clip: Box, insideLeaf: boolean): void {
    for (const child of Array.from(el.children)) visit(child, ctx, depth, clip, insideLeaf);
  }

  function visit(el: Element, ctx: Ctx, depth: number, clip: Box, insideLeaf: boolean): void {
    if (SKIP_TAGS.has(el.tagName) || el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true') {
      if (el.tagName === 'svg' && !insideLeaf && isEmitted(el) && el.getAttribute('aria-hidden') !== 'true') emitLeaf(el, ctx, depth, clip);
      return;
    }
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return;
    const box = relBox(el.getBoundingClientRect(), ctx.origin);
    const childClip = clipsChildren(style) ? intersect(clip, box) : clip;

    if (!(insideLeaf ? isEmittedInsideLeaf(el) : isEmitted(el))) {
      if (!insideLeaf) emitDirectText(el, ctx, depth, clip);
      walkChildren(el, ctx, depth, childClip, insideLeaf);
      return;
    }

    const role = roleOf(el, style);
    if (isContainer(el, role)) {
      const emitted = emitNode(el, ctx, depth, clip, role, ariaLabel(el), style);
      walkChildren(el, ctx, emitted ? depth + 1 : depth, childClip, insideLeaf);
      return;
    }
    const emitted = emitLeaf(el, ctx, depth, clip, role, style);
    walkChildren(el, ctx, emitted ? depth + 1 : depth, childClip, true);
  }

  function emitLeaf(el: Element, ctx: Ctx, depth: number, clip: Box, role = roleOf(el, getComputedStyle(el)), style?: CSSStyleDeclaration): boolean {
    const editable = isEditable(el);
    let text = ariaLabel(el) || collapse(contentText(el));
    let value: string | undefined;
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      value = el.value;
      text = el.value || el.placeholder || ariaLabel(el);
    }
    return emitNode(el, ctx, depth, clip, role, text, style, { editable, value });
  }

  function emitNode(
    el: Element,
    ctx: Ctx,
    depth: number,
    clip: Box,
    role: string,
    text: string,
    style?: CSSStyleDeclaration,
    extra: { editable?: boolean; value?: string } = {},
  ): boolean {
    const box = visibleBox(el.getBoundingClientRect(), ctx.origin, clip);
    if (!box) return false;
    if (isCovered(el, box, ctx, style)) return false;
    const node: UiNode = { index: ctx.nodes.length, role, text, bounds: roundBox(box), depth };
    const key = el.getAttribute('data-ui');
    if (key) node.key = key;
    const checked = checkedOf(el);
    if (checked !== undefined) node.checked = checked;
    const selected = el.getAttribute('aria-selected');
    if (selected !== null) node.selected = selected === 'true';
    if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') node.disabled = true;
    if (ctx.active === el) node.focused = true;
    if (extra.editable) node.editable = true;
    if (extra.value !== undefined) node.value = extra.value;
    ctx.nodes.push(node);
    return true;
  }

  /** One text node per element for its own (direct) text, bounded by that text. */
  function emitDirectText(el: Element, ctx: Ctx, depth: number, clip: Box): void {
    let text = '';
    let rect: Box | null = null;
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType !== Node.TEXT_NODE) continue;
      const t = child.textContent ?? '';
      if (t.trim() === '') continue;
      text += t;
      const range = ctx.doc.createRange();
      range.selectNodeContents(child);
      const r = relBox(range.getBoundingClientRect(), ctx.origin);
      rect = rect ? union(rect, r) : r;
    }
    text = collapse(text);
    if (text === '' || !rect) return;
    const box = intersect(clip, rect);
    if (box.w < 1 || box.h < 1) return;
    if (isCovered(el, box, ctx)) return;
    const role = /^H[1-6]$/.test(el.tagName) ? 'heading' : 'text';
    ctx.nodes.push({ index: ctx.nodes.length, role, text, bounds: roundBox(box), depth });
  }

  // ---------------------------------------------------------------------------------------------

  function isEmitted(el: Element): boolean {
    if (el.hasAttribute('data-ui')) return true;
    const role = el.getAttribute('role');
    if (role !== null) return !IGNORED_ROLES.has(role);
    switch (el.tagName) {
      case 'BUTTON':
      case 'INPUT':
      case 'TEXTAREA':
      case 'SELECT':
      case 'SUMMARY':
        return true;
      case 'A':
        return el.hasAttribute('href');
      default:
        return el.hasAttribute('data-clickable');
    }
  }

  /**
   * Inside a leaf, a labelled image without a key (a mute icon, an unread dot) is folded into
   * the leaf's name instead of being a node of its own.
   */
  function isEmittedInsideLeaf(el: Element): boolean {
    return isEmitted(el) && !(el.getAttribute('role') === 'img' && !el.hasAttribute('data-ui'));
  }

  function roleOf(el: Element, style: CSSStyleDeclaration): string {
    const explicit = el.getAttribute('role');
    if (explicit && !IGNORED_ROLES.has(explicit)) return explicit === 'img' ? 'image' : explicit;
    switch (el.tagName) {
      case 'BUTTON':
      case 'SUMMARY':
        return 'button';
      case 'A':
        return 'link';
      case 'TEXTAREA':
        return 'textbox';
      case 'SELECT':
        return 'combobox';
      case 'IMG':
        return 'image';
      case 'INPUT': {
        const type = (el as HTMLInputElement).type;
        if (type === 'checkbox') return 'checkbox';
        if (type === 'radio') return 'radio';
        if (type === 'button' || type === 'submit') return 'button';
        if (type === 'search') return 'searchbox';
        return 'textbox';
      }
      default:
        if (/^H[1-6]$/.test(el.tagName)) return 'heading';
        if (el.hasAttribute('data-clickable')) return 'button';
        return isScrollable(style) ? 'list' : 'text';
    }
  }

  /** Containers are named by aria-label only; their children are nodes of their own. */
  function isContainer(el: Element, role: string): boolean {
    return CONTAINER_ROLES.has(role) && !(el.tagName === 'BUTTON' || el.tagName === 'A');
  }

  function isScrollable(s: CSSStyleDeclaration): boolean {
    return /(auto|scroll)/.test(s.overflowY) || /(auto|scroll)/.test(s.overflowX);
  }

  function isEditable(el: Element): boolean {
    if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
    if (el instanceof HTMLInputElement) return !el.readOnly && !el.disabled && !['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file'].includes(el.type);
    return (el as HTMLElement).isContentEditable === true;
  }

  function checkedOf(el: Element): boolean | undefined {
    const aria = el.getAttribute('aria-checked');
    if (aria !== null) return aria === 'true';
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
    return undefined;
  }

  function ariaLabel(el: Element): string {
    return collapse(el.getAttribute('aria-label') ?? '');
  }

  /** Name from content: text, with aria-labels standing in for labelled elements, skipping hidden and separately emitted ones. */
  function contentText(el: Element): string {
    let out = '';
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        out += child.textContent ?? '';
        continue;
      }
      if (!(child instanceof Element)) continue;
      if (child.getAttribute('aria-hidden') === 'true' || child.hasAttribute('inert') || SKIP_TAGS.has(child.tagName)) continue;
      if (isEmittedInsideLeaf(child)) continue;
      const s = getComputedStyle(child);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      const label = child.getAttribute('aria-label');
      out += ' ' + (label ?? contentText(child)) + ' ';
    }
    return out;
  }

  /** Another element on top at the centre of the visible box (a modal backdrop, a sticky header)? */
  function isCovered(el: Element, box: Box, ctx: Ctx, style?: CSSStyleDeclaration): boolean {
    if ((style ?? getComputedStyle(el)).pointerEvents === 'none') return false; // overlays like toasts cannot be hit-tested
    const hit = ctx.doc.elementFromPoint(ctx.origin.x + box.x + box.w / 2, ctx.origin.y + box.y + box.h / 2);
    if (!hit) return false; // outside the browser viewport: nothing to compare with
    return !(hit === el || el.contains(hit) || hit.contains(el));
  }

  function clipsChildren(s: CSSStyleDeclaration): boolean {
    return s.overflowX !== 'visible' || s.overflowY !== 'visible';
  }

  function relBox(r: DOMRect, origin: { x: number; y: number }): Box {
    return { x: r.left - origin.x, y: r.top - origin.y, w: r.width, h: r.height };
  }

  function visibleBox(r: DOMRect, origin: { x: number; y: number }, clip: Box): Box | null {
    if (r.width < 1 || r.height < 1) return null;
    const box = intersect(clip, relBox(r, origin));
    return box.w >= 1 && box.h >= 1 ? box : null;
  }

  function intersect(a: Box, b: Box): Box {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const r = Math.min(a.x + a.w, b.x + b.w);
    const bt = Math.min(a.y + a.h, b.y + b.h);
    return { x, y, w: Math.max(0, r - x), h: Math.max(0, bt - y) };
  }

  function union(a: Box, b: Box): Box {
    const x = Math.min(a.x, b.x);
    const y = Math.min(a.y, b.y);
    return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
  }

  function roundBox(b: Box): Box {
    const x = Math.round(b.x);
    const y = Math.round(b.y);
    return { x, y, w: Math.round(b.x + b.w) - x, h: Math.round(b.y + b.h) - y };
  }

  function collapse(s: string): string {
    return s.replace(/\s+/g, ' ').trim();
  }

  return referenceUiTree;
})();
