/**
 * The UI tree: what is visible on the phone screen right now, as a flat list of `UiNode`s in
 * document order (depth gives the nesting). It is what oracles use to find where to tap and
 * what text-only agents read, so it is kept tight:
 *
 * - Emitted elements: interactive ones (button, a[href], input, textarea, select, [role]) and
 *   anything with a `data-ui` key. An element whose role is a container (list, dialog, tablist,
 *   menu, …) is named only by its aria-label; its children are emitted below it. Any other
 *   emitted element is a leaf: its text is its accessible name (aria-label, else its content
 *   text minus nested emitted elements), and only nested interactive/keyed elements follow it.
 * - Text leaves: the direct text of any other element, one node per element.
 * - Skipped: display:none, visibility:hidden, opacity 0, [inert], aria-hidden, zero-size,
 *   outside the screen or clipped away by a scroll container, and anything another element
 *   covers at its centre (a dialog backdrop, a sticky header).
 * Bounds are CSS pixels relative to the phone screen, clipped to what is visible, rounded.
 */
import type { UiNode } from '../../bridge/protocol/state.ts';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const CONTAINER_ROLES = new Set(['list', 'listbox', 'dialog', 'alertdialog', 'tablist', 'menu', 'menubar', 'navigation', 'region', 'group', 'toolbar', 'grid', 'tree', 'main', 'banner']);
const IGNORED_ROLES = new Set(['presentation', 'none', 'generic']);
const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg']);
const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const NON_EDITABLE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file']);
/**
 * Matches every element `isEmitted` can accept (and more). Inside a leaf only such elements
 * produce nodes, so a subtree without a match is not walked at all.
 */
const EMITTABLE = '[data-ui],[role],button,input,textarea,select,summary,a[href],[data-clickable]';

// Cost (Chromium, chat screens, layout clean): a hit test (`elementFromPoint`) is ~15-30 µs, a
// `getBoundingClientRect` ~1.5 µs, a computed-style read ~0.5 µs; the JS around them is noise.
// So: an element's rect is read at most once, and only when used (an emitted node's bounds, the
// clip of an overflow container with children); styles only for elements that can emit something;
// leaf subtrees are walked only when they hold an emittable element; a node's name is worked out
// only once it is known to show; and the hit test runs only for a node that would otherwise be
// emitted. The output is exactly the one of the plain walk (test/phone/uiTree.svelte.test.ts
// keeps that walk as a reference and compares the two).

export function uiTree(root: Element): UiNode[] {
  const rootRect = root.getBoundingClientRect();
  const ctx: Ctx = {
    ox: rootRect.left,
    oy: rootRect.top,
    nodes: [],
    active: root.ownerDocument.activeElement,
    doc: root.ownerDocument,
    range: null,
  };
  const screen: Box = { x: 0, y: 0, w: rootRect.width, h: rootRect.height };
  walkChildren(root, ctx, 0, screen, false);
  return ctx.nodes;
}

interface Ctx {
  /** The screen's top-left in viewport pixels. */
  ox: number;
  oy: number;
  nodes: UiNode[];
  active: Element | null;
  doc: Document;
  /** One Range reused for every text node measured in this call. */
  range: Range | null;
}

/**
 * Visits the children of `el`. Skipped when nothing below can be emitted: a clip narrower or
 * shorter than a pixel (no box can show through it), or, inside a leaf, no emittable descendant
 * (`checked`: the caller has just looked).
 */
function walkChildren(el: Element, ctx: Ctx, depth: number, clip: Box, insideLeaf: boolean, checked = false): void {
  if (clip.w < 1 || clip.h < 1) return;
  if (insideLeaf && !checked && el.querySelector(EMITTABLE) === null) return;
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) visit(child, ctx, depth, clip, insideLeaf);
}

function isHidden(style: CSSStyleDeclaration): boolean {
  return style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0';
}

function visit(el: Element, ctx: Ctx, depth: number, clip: Box, insideLeaf: boolean): void {
  const tag = el.tagName;
  if (SKIP_TAGS.has(tag) || el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true') {
    if (tag === 'svg' && !insideLeaf && isEmitted(el) && el.getAttribute('aria-hidden') !== 'true') emitNode(el, ctx, depth, clip, roleOf(el, undefined), true, undefined, undefined);
    return;
  }
  const hasChildren = el.firstElementChild !== null;

  if (!(insideLeaf ? isEmittedInsideLeaf(el) : isEmitted(el))) {
    // Only its own text (outside a leaf) and its children can make nodes: without either there
    // is nothing to look at, not even its style.
    if (insideLeaf) {
      if (!hasChildren || el.querySelector(EMITTABLE) === null) return;
    } else if (!hasChildren && !hasDirectText(el)) return;
    const style = getComputedStyle(el);
    if (isHidden(style)) return;
    if (!insideLeaf) emitDirectText(el, ctx, depth, clip, style);
    if (hasChildren) walkChildren(el, ctx, depth, clipsChildren(style) ? intersect(clip, relBox(el.getBoundingClientRect(), ctx)) : clip, insideLeaf, true);
    return;
  }

  const style = getComputedStyle(el);
  if (isHidden(style)) return;
  const rect = el.getBoundingClientRect();
  const role = roleOf(el, style);
  if (isContainer(el, role)) {
    const emitted = emitNode(el, ctx, depth, clip, role, false, style, rect);
    if (hasChildren) walkChildren(el, ctx, emitted ? depth + 1 : depth, childClipOf(clip, style, rect, ctx), insideLeaf);
    return;
  }
  const emitted = emitNode(el, ctx, depth, clip, role, true, style, rect);
  if (hasChildren) walkChildren(el, ctx, emitted ? depth + 1 : depth, childClipOf(clip, style, rect, ctx), true);
}

function childClipOf(clip: Box, style: CSSStyleDeclaration, rect: DOMRect, ctx: Ctx): Box {
  return clipsChildren(style) ? intersect(clip, relBox(rect, ctx)) : clip;
}

/**
 * Emits `el` if it shows at least a pixel and is not covered. A container is named by its
 * aria-label; a leaf by its aria-label or content (an input by its value or placeholder). The
 * name is worked out only once the node is known to be emitted.
 */
function emitNode(el: Element, ctx: Ctx, depth: number, clip: Box, role: string, leaf: boolean, style: CSSStyleDeclaration | undefined, rect: DOMRect | undefined): boolean {
  const box = visibleBox(rect ?? el.getBoundingClientRect(), ctx, clip);
  if (!box) return false;
  if (isCovered(el, box, ctx, style)) return false;
  let text: string;
  let editable = false;
  let value: string | undefined;
  if (!leaf) {
    text = ariaLabel(el);
  } else {
    editable = isEditable(el);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      value = el.value;
      text = el.value || el.placeholder || ariaLabel(el);
    } else {
      text = ariaLabel(el) || collapse(contentText(el));
    }
  }
  const node: UiNode = { index: ctx.nodes.length, role, text, bounds: roundBox(box), depth };
  const key = el.getAttribute('data-ui');
  if (key) node.key = key;
  const checked = checkedOf(el);
  if (checked !== undefined) node.checked = checked;
  const selected = el.getAttribute('aria-selected');
  if (selected !== null) node.selected = selected === 'true';
  if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') node.disabled = true;
  if (ctx.active === el) node.focused = true;
  if (editable) node.editable = true;
  if (value !== undefined) node.value = value;
  ctx.nodes.push(node);
  return true;
}

/** Has a text child that is not only whitespace? */
function hasDirectText(el: Element): boolean {
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '') return true;
  }
  return false;
}

/** One text node per element for its own (direct) text, bounded by that text. */
function emitDirectText(el: Element, ctx: Ctx, depth: number, clip: Box, style: CSSStyleDeclaration): void {
  let text = '';
  let rect: Box | null = null;
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== Node.TEXT_NODE) continue;
    const t = child.textContent ?? '';
    if (t.trim() === '') continue;
    text += t;
    const range = (ctx.range ??= ctx.doc.createRange());
    range.selectNodeContents(child);
    const r = relBox(range.getBoundingClientRect(), ctx);
    rect = rect ? union(rect, r) : r;
  }
  if (!rect) return;
  text = collapse(text);
  if (text === '') return;
  const box = intersect(clip, rect);
  if (box.w < 1 || box.h < 1) return;
  if (isCovered(el, box, ctx, style)) return;
  const role = HEADING_TAGS.has(el.tagName) ? 'heading' : 'text';
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

/** `style` is read only when the tag and attributes do not decide (then it is looked up if not given). */
function roleOf(el: Element, style: CSSStyleDeclaration | undefined): string {
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
      if (HEADING_TAGS.has(el.tagName)) return 'heading';
      if (el.hasAttribute('data-clickable')) return 'button';
      return isScrollable(style ?? getComputedStyle(el)) ? 'list' : 'text';
  }
}

/** Containers are named by aria-label only; their children are nodes of their own. */
function isContainer(el: Element, role: string): boolean {
  return CONTAINER_ROLES.has(role) && !(el.tagName === 'BUTTON' || el.tagName === 'A');
}

function isScrollable(s: CSSStyleDeclaration): boolean {
  const y = s.overflowY;
  if (y.includes('auto') || y.includes('scroll')) return true;
  const x = s.overflowX;
  return x.includes('auto') || x.includes('scroll');
}

function isEditable(el: Element): boolean {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (el instanceof HTMLInputElement) return !el.readOnly && !el.disabled && !NON_EDITABLE_INPUTS.has(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

function checkedOf(el: Element): boolean | undefined {
  const aria = el.getAttribute('aria-checked');
  if (aria !== null) return aria === 'true';
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
  return undefined;
}

function ariaLabel(el: Element): string {
  const label = el.getAttribute('aria-label');
  return label === null || label === '' ? '' : collapse(label);
}

/** Name from content: text, with aria-labels standing in for labelled elements, skipping hidden and separately emitted ones. */
function contentText(el: Element): string {
  let out = '';
  for (let child = el.firstChild; child !== null; child = child.nextSibling) {
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
  const hit = ctx.doc.elementFromPoint(ctx.ox + box.x + box.w / 2, ctx.oy + box.y + box.h / 2);
  if (!hit) return false; // outside the browser viewport: nothing to compare with
  return !(hit === el || el.contains(hit) || hit.contains(el));
}

function clipsChildren(s: CSSStyleDeclaration): boolean {
  return s.overflowX !== 'visible' || s.overflowY !== 'visible';
}

function relBox(r: DOMRect, ctx: Ctx): Box {
  return { x: r.left - ctx.ox, y: r.top - ctx.oy, w: r.width, h: r.height };
}

function visibleBox(r: DOMRect, ctx: Ctx, clip: Box): Box | null {
  if (r.width < 1 || r.height < 1) return null;
  const box = intersect(clip, relBox(r, ctx));
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

const WHITESPACE_RUN = /\s+/g;

function collapse(s: string): string {
  return s.replace(WHITESPACE_RUN, ' ').trim();
}

/** One line per node, indented by depth: for logs, prompts and debugging. */
export function formatUiTree(nodes: readonly UiNode[]): string {
  return nodes
    .map((n) => {
      const flags = [n.checked !== undefined ? (n.checked ? 'checked' : 'unchecked') : '', n.selected ? 'selected' : '', n.disabled ? 'disabled' : '', n.focused ? 'focused' : '']
        .filter(Boolean)
        .join(' ');
      const { x, y, w, h } = n.bounds;
      return `${'  '.repeat(n.depth)}[${n.index}] ${n.role}${n.key ? ` #${n.key}` : ''} "${n.text}"${n.value !== undefined ? ` value="${n.value}"` : ''} (${x},${y} ${w}x${h})${flags ? ' ' + flags : ''}`;
    })
    .join('\n');
}
