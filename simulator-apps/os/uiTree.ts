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

export function uiTree(root: Element): UiNode[] {
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
