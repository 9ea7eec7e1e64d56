/**
 * From what the interactive phone saw of the author's inputs to the steps of a demonstration
 * (bridge/tasks/demo.ts). Pure: captures and the instance's parameters in, steps out.
 *
 * - A tap is addressed by the element the UI tree had under the finger at pointerdown: its
 *   `data-ui` key, else its role and text; never the point. A key segment, a text or a typed value
 *   equal to a parameter's value is written as that parameter (`chat.item.{chatId}`), so the
 *   recording replays on other seeds.
 * - Launcher icons become `openApp`, the navigation bar's back and home become keys.
 * - Swipes that scrolled a list wait for the element tapped next and become `scrollTo` it.
 * - Typing coalesces into one `type` step per field (the tap that focused it folds in).
 */
import type { DemoStepView, FieldRef, InputCapture, Point } from '../protocol/demo.ts';
import type { UiNode } from '../protocol/state.ts';
import { parseYuan } from '../../simulator-apps/shared/money.ts';
import { escapeTemplate, placeholder, stepLine, type DemoQuery, type DemoStep } from './demo.ts';

type Params = Record<string, unknown>;

/** The parameters a recording can refer to: named, not virtual, with a string or number value. */
function usable(p: Params): [string, string | number][] {
  return Object.entries(p).filter((e): e is [string, string | number] => !e[0].startsWith('_') && (typeof e[1] === 'string' || (typeof e[1] === 'number' && Number.isFinite(e[1]))));
}

/** A record id inside a key: prefer the parameter whose name says it is an id. */
function byIdFirst(a: [string, unknown], b: [string, unknown]): number {
  return Number(/id$/i.test(b[0])) - Number(/id$/i.test(a[0]));
}

/** `chat.item.c_07` → `chat.item.{chatId}` when a parameter's value is a whole segment. */
export function templateKey(key: string, p: Params): string {
  const strings = usable(p).filter(([, v]) => typeof v === 'string' && v.length >= 2).sort(byIdFirst);
  return key
    .split('.')
    .map((seg) => {
      const hit = strings.find(([, v]) => v === seg);
      return hit ? placeholder(hit[0]) : escapeTemplate(seg);
    })
    .join('.');
}

const MONEY_NAME = /amount|price|fen|money|cost|total|balance|fare/i;

/** The whole text as one parameter, in its own form or a formatted one. */
function wholeMatch(text: string, p: Params): string | null {
  const params = usable(p);
  for (const [name, v] of params) if (String(v) === text) return placeholder(name);
  for (const [name, v] of params) {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0 && (text.includes('.') || MONEY_NAME.test(name)) && parseYuan(text) === v) return placeholder(name, 'yuan');
    const digits = String(v).replace(/\D/g, '');
    if (digits.length >= 3 && digits !== String(v) && digits === text) return placeholder(name, 'digits');
  }
  return null;
}

/**
 * A text as a template: the whole text as a parameter if it is one, else each parameter value
 * (two characters or more) found inside it, longest first at each position.
 */
export function templateText(text: string, p: Params): string {
  const whole = text === '' ? null : wholeMatch(text, p);
  if (whole) return whole;
  const values = usable(p)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length >= 2)
    .sort((a, b) => b[1].length - a[1].length);
  let out = '';
  for (let i = 0; i < text.length; ) {
    const hit = values.find(([, v]) => text.startsWith(v, i));
    if (hit) {
      out += placeholder(hit[0]);
      i += hit[1].length;
    } else {
      out += escapeTemplate(text[i]!);
      i++;
    }
  }
  return out;
}

/** The longest parameter value (two characters or more) inside `text`, if any. */
function valueInside(text: string, p: Params): { name: string; value: string } | null {
  const hit = usable(p)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length >= 2 && text.includes(e[1]))
    .sort((a, b) => b[1].length - a[1].length)[0];
  return hit ? { name: hit[0], value: hit[1] } : null;
}

const inside = (n: UiNode, pt: Point) => pt.x >= n.bounds.x && pt.x < n.bounds.x + n.bounds.w && pt.y >= n.bounds.y && pt.y < n.bounds.y + n.bounds.h;

/** The element under the finger: the deepest node whose bounds hold the point (the later one on a tie). */
export function hitNode(tree: readonly UiNode[], pt: Point): UiNode | null {
  let best: UiNode | null = null;
  for (const n of tree) if (inside(n, pt) && (!best || n.depth >= best.depth)) best = n;
  return best;
}

/** As the oracle API matches (bridge/agents/oracle.ts `matches`), for literal queries. */
function matchesLiteral(n: UiNode, q: { key?: string; text?: string; textIncludes?: string; role?: string }): boolean {
  return (q.key === undefined || n.key === q.key) && (q.text === undefined || n.text.trim() === q.text) && (q.textIncludes === undefined || n.text.includes(q.textIncludes)) && (q.role === undefined || n.role === q.role);
}

const firstIs = (tree: readonly UiNode[], node: UiNode, q: Parameters<typeof matchesLiteral>[1]) => tree.find((n) => matchesLiteral(n, q))?.index === node.index;

/**
 * How a step finds this element again: its key if the key picks it (the oracle taps the first
 * match), the key and its text otherwise; without a key, its role with a parameter inside its
 * text, or its whole text. A warning says when the address may pick another element.
 */
export function queryFor(node: UiNode, tree: readonly UiNode[], p: Params): { query: DemoQuery; warning?: string } {
  if (node.key) {
    const key = templateKey(node.key, p);
    if (firstIs(tree, node, { key: node.key })) return { query: key };
    if (node.text && firstIs(tree, node, { key: node.key, text: node.text })) return { query: { key, text: templateText(node.text, p) } };
    return { query: key, warning: `${tree.filter((n) => n.key === node.key).length} elements on screen have the key ${node.key}: the first is used` };
  }
  if (!node.text) return { query: { role: node.role }, warning: `this ${node.role} has neither a data-ui key nor text: the first ${node.role} on screen is used` };
  const part = valueInside(node.text, p);
  if (part && part.value !== node.text && firstIs(tree, node, { role: node.role, textIncludes: part.value })) return { query: { role: node.role, textIncludes: placeholder(part.name) } };
  const query = { role: node.role, text: templateText(node.text, p) };
  return firstIs(tree, node, { role: node.role, text: node.text }) ? { query } : { query, warning: `several ${node.role}s on screen read "${node.text}": the first is used` };
}

/** A recorded step, or swipes waiting for the element tapped after them. */
type Entry =
  | { kind: 'step'; step: DemoStep; warning?: string; field?: string }
  | { kind: 'scroll'; within?: string };

const fieldId = (f: FieldRef) => (f.key ? `key:${f.key}` : `${f.role}:${f.label}`);
const nodeFieldId = (n: UiNode) => (n.key ? `key:${n.key}` : n.editable ? `${n.role}:${n.text}` : undefined);

/** The recording of one set-up instance: captures in, steps and their readable lines out. */
export class DemoBuilder {
  private entries: Entry[] = [];
  /** The latest input that was not recorded, and why. */
  note: string | undefined;

  constructor(private readonly params: Params) {}

  get length(): number {
    return this.entries.length;
  }

  add(c: InputCapture): void {
    this.note = undefined;
    switch (c.kind) {
      case 'tap':
      case 'long_press':
        return this.addPointer(c);
      case 'swipe':
        if (!c.scrolled) {
          this.note = 'a swipe that moved no list (a gesture of the screen itself) has no task API action: use the screen’s buttons instead';
          return;
        }
        if (this.entries.at(-1)?.kind === 'scroll' && (this.entries.at(-1) as { within?: string }).within === c.scroller) return;
        this.entries.push({ kind: 'scroll', ...(c.scroller ? { within: c.scroller } : {}) });
        return;
      case 'type':
        return this.addTyping(c.field, c.value);
      case 'key':
        this.entries.push({ kind: 'step', step: { key: 'enter' } });
        return;
    }
  }

  private addPointer(c: Extract<InputCapture, { kind: 'tap' | 'long_press' }>): void {
    const node = hitNode(c.tree, c.point);
    if (!node) {
      this.note = `the ${c.kind === 'tap' ? 'tap' : 'long press'} at ${Math.round(c.point.x)},${Math.round(c.point.y)} hit no element of the UI tree: not recorded`;
      return;
    }
    const app = /^app\.([A-Za-z0-9_-]+)$/.exec(node.key ?? '');
    if (c.kind === 'tap' && app) return this.push({ openApp: templateText(app[1]!, this.params) });
    if (c.kind === 'tap' && (node.key === 'nav.back' || node.key === 'nav.home')) return this.push({ key: node.key === 'nav.back' ? 'back' : 'home' });
    const { query, warning } = queryFor(node, c.tree, this.params);
    this.revealedBy(query, c.scroller);
    const within = c.scroller ? { within: templateKey(c.scroller, this.params) } : {};
    const step: DemoStep = c.kind === 'tap' ? { tap: query, ...within } : { longPress: query, ...within };
    this.entries.push({ kind: 'step', step, ...(warning ? { warning } : {}), ...(c.kind === 'tap' && nodeFieldId(node) ? { field: nodeFieldId(node) } : {}) });
  }

  /** Swipes right before this element become one scrollTo it (dropped when they moved another list). */
  private revealedBy(query: DemoQuery, scroller: string | undefined): void {
    let within: string | undefined;
    let swiped = false;
    while (this.entries.at(-1)?.kind === 'scroll') {
      const e = this.entries.pop() as { within?: string };
      if (e.within === scroller) {
        swiped = true;
        within = e.within;
      }
    }
    if (swiped) this.push({ scrollTo: query, ...(within ? { within: templateKey(within, this.params) } : {}) });
  }

  private addTyping(field: FieldRef, value: string): void {
    const id = fieldId(field);
    const last = this.entries.at(-1);
    const into: DemoQuery = field.key ? templateKey(field.key, this.params) : { role: field.role, text: templateText(field.label, this.params) };
    const text = templateText(value, this.params);
    if (last?.kind === 'step' && last.field === id && 'type' in last.step) {
      last.step = { ...last.step, type: text };
      return;
    }
    // The tap that focused the field is part of typing into it.
    let within: string | undefined;
    if (last?.kind === 'step' && last.field === id && 'tap' in last.step) {
      within = last.step.within;
      this.entries.pop();
    }
    this.entries.push({ kind: 'step', step: { type: text, into, ...(within ? { within } : {}) }, field: id });
  }

  private push(step: DemoStep): void {
    this.entries.push({ kind: 'step', step });
  }

  undo(): void {
    this.entries.pop();
    this.note = undefined;
  }

  clear(): void {
    this.entries = [];
    this.note = undefined;
  }

  /** What Save as oracle writes: swipes with nothing tapped after them are left out. */
  steps(): DemoStep[] {
    return this.entries.flatMap((e) => (e.kind === 'step' ? [e.step] : []));
  }

  views(): DemoStepView[] {
    return this.entries.map((e) =>
      e.kind === 'step'
        ? { line: stepLine(e.step), ...(e.warning ? { warning: e.warning } : {}) }
        : { line: `scroll ${e.within ?? 'the screen'}`, dropped: true, warning: 'saved as scrolling to the element you tap next' },
    );
  }
}
