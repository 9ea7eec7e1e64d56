/**
 * Recording a demonstration (studio Author mode): what the interactive phone reports of each of
 * the author's inputs (`userInput`, phone → bridge), and what the studio is shown of the
 * recording (`demoChanged`, bridge → studio). The bridge turns captures into the task API's UI
 * steps (bridge/tasks/demoCapture.ts) and saves them beside the task (bridge/tasks/demo.ts).
 */
import type { UiNode } from './state.ts';

export interface Point {
  x: number;
  y: number;
}

/** An editable field as the page describes it when typed into (it may have got focus without a tap). */
export interface FieldRef {
  key?: string;
  role: string;
  /** Placeholder or aria-label: the field's name in the UI tree while it is empty. */
  label: string;
}

/**
 * One input of the author, seen by the phone page. Pointer captures carry the UI tree as it was
 * at pointerdown, before the input changed the screen, and the `data-ui` key of the scroll
 * container under the finger (if it has one).
 */
export type InputCapture =
  | { kind: 'tap' | 'long_press'; point: Point; tree: UiNode[]; scroller?: string }
  /** The finger moved: `scrolled` says whether a list under it moved (else it was a gesture of the screen's own). */
  | { kind: 'swipe'; from: Point; to: Point; tree: UiNode[]; scroller?: string; scrolled: boolean }
  /** The field's whole value after an edit. */
  | { kind: 'type'; field: FieldRef; value: string }
  | { kind: 'key'; key: 'enter' };

/** What the studio shows of one recorded step. */
export interface DemoStepView {
  /** `tap chat.item.{chatId}`, `type "{text}" into chat.input`. */
  line: string;
  /** Why this step may not replay as recorded (an element with neither key nor text, …). */
  warning?: string;
  /** Kept in the list but not saved (a scroll with nothing tapped after it). */
  dropped?: boolean;
}

/** `phonegym verify` of a saved demonstration, one entry per base seed. */
export interface DemoVerifySeed {
  seed: number;
  passed: boolean;
  /** One line per failing check: `oracle: the oracle did not pass: goal not met: …`. */
  reasons: string[];
}

export interface DemoVerify {
  state: 'running' | 'done' | 'error';
  seeds: number[];
  results: DemoVerifySeed[];
  /** The last progress line while running. */
  progress?: string;
  /** Why verify could not run or report (state `error`), or the task files that failed to load. */
  error?: string;
}

export interface DemoView {
  deviceId: string;
  /** The task set up on the phone (null: nothing set up). */
  taskId: string | null;
  recording: boolean;
  steps: DemoStepView[];
  /** Something the author did that was not recorded, and why (the latest only). */
  note?: string;
  /** Where Save as oracle writes, relative to the task root: `chat/PinChat.demo.json`. */
  file: string | null;
  /** The task's oracle today: its own `oracle(ui, p)`, a saved demonstration, or a demonstration replacing its own. */
  oracle: 'hand-written' | 'demo' | 'demo-replacing' | null;
  /** The last save of this recording; `current` while the recording has not changed since. */
  saved?: { file: string; steps: number; at: string; current: boolean };
  verify?: DemoVerify;
}

export type DemoOp = 'start' | 'stop' | 'undo' | 'clear';
export const DEMO_OPS: readonly DemoOp[] = ['start', 'stop', 'undo', 'clear'];

// --- checking what a page sends (it is a hope, not a fact) -------------------------------------

const MAX_TREE_NODES = 5000;
const MAX_TEXT = 10_000;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown, max = MAX_TEXT): v is string => typeof v === 'string' && v.length <= max;
const isPoint = (v: unknown): v is Point => isObj(v) && isNum(v.x) && isNum(v.y);

function isNode(v: unknown): v is UiNode {
  if (!isObj(v) || !isNum(v.index) || !isNum(v.depth) || !isStr(v.role, 100) || !isStr(v.text)) return false;
  if (v.key !== undefined && !isStr(v.key, 300)) return false;
  const b = v.bounds;
  return isObj(b) && isNum(b.x) && isNum(b.y) && isNum(b.w) && isNum(b.h);
}

function treeProblem(tree: unknown): string | null {
  if (!Array.isArray(tree)) return 'tree must be a list of UI nodes';
  if (tree.length > MAX_TREE_NODES) return `tree has ${tree.length} nodes (at most ${MAX_TREE_NODES})`;
  const bad = tree.findIndex((n) => !isNode(n));
  return bad >= 0 ? `tree[${bad}] is not a UI node` : null;
}

/** Why `d` is not an InputCapture (null when it is one). */
export function inputCaptureProblem(d: unknown): string | null {
  if (!isObj(d)) return 'not an object';
  const scroller = d.scroller === undefined || isStr(d.scroller, 300) ? null : 'scroller must be a string';
  switch (d.kind) {
    case 'tap':
    case 'long_press':
      return !isPoint(d.point) ? 'point must be { x, y }' : (treeProblem(d.tree) ?? scroller);
    case 'swipe':
      if (!isPoint(d.from) || !isPoint(d.to)) return 'from and to must be { x, y }';
      if (typeof d.scrolled !== 'boolean') return 'scrolled must be a boolean';
      return treeProblem(d.tree) ?? scroller;
    case 'type': {
      const f = d.field;
      if (!isObj(f) || !isStr(f.role, 100) || !isStr(f.label, 300) || (f.key !== undefined && !isStr(f.key, 300))) return 'field must be { key?, role, label }';
      return isStr(d.value) ? null : `value must be a string of at most ${MAX_TEXT} characters`;
    }
    case 'key':
      return d.key === 'enter' ? null : 'key must be "enter"';
    default:
      return `unknown kind ${JSON.stringify(d.kind)}`;
  }
}

export function isInputCapture(d: unknown): d is InputCapture {
  return inputCaptureProblem(d) === null;
}
