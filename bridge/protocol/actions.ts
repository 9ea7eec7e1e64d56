/**
 * The one action union shared by the simulator and real devices. Coordinates are in the
 * space the env was configured with (see CoordSpace); the env maps and clamps them.
 */
export type CoordSpace = 'pixels' | 'norm1000' | 'norm1';

export type KeyName = 'back' | 'home' | 'recent' | 'enter';

export type Action =
  | { type: 'tap'; x: number; y: number }
  | { type: 'double_tap'; x: number; y: number }
  | { type: 'long_press'; x: number; y: number; durationMs?: number }
  /** A fling: the list keeps moving after the finger lifts. */
  | { type: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs?: number }
  /** A slow drag: the finger stops before it lifts, so nothing keeps moving. */
  | { type: 'drag'; x1: number; y1: number; x2: number; y2: number; durationMs?: number }
  /** Types into the focused field, or taps (x, y) first; `clear` empties the field before typing. */
  | { type: 'type'; text: string; x?: number; y?: number; clear?: boolean }
  | { type: 'key'; key: KeyName }
  | { type: 'open_app'; app: string }
  | { type: 'wait'; ms: number }
  /** Ask the user a question (answered in interactive tasks). */
  | { type: 'info'; question: string }
  | { type: 'answer'; text: string }
  | { type: 'complete' }
  | { type: 'abort'; reason?: string };

export type ActionType = Action['type'];

export const ACTION_TYPES: readonly ActionType[] = [
  'tap', 'double_tap', 'long_press', 'swipe', 'drag', 'type', 'key', 'open_app', 'wait', 'info', 'answer', 'complete', 'abort',
];

export const KEY_NAMES: readonly KeyName[] = ['back', 'home', 'recent', 'enter'];

/** Actions that end the episode when the agent emits them. */
export function isTerminalAction(a: Action): a is Extract<Action, { type: 'answer' | 'complete' | 'abort' }> {
  return a.type === 'answer' || a.type === 'complete' || a.type === 'abort';
}

/** A one-line, human-readable rendering (console, studio, loop detection key). */
export function describeAction(a: Action): string {
  switch (a.type) {
    case 'tap': return `tap(${r(a.x)}, ${r(a.y)})`;
    case 'double_tap': return `double_tap(${r(a.x)}, ${r(a.y)})`;
    case 'long_press': return `long_press(${r(a.x)}, ${r(a.y)}${a.durationMs ? `, ${a.durationMs}ms` : ''})`;
    case 'swipe': return `swipe(${r(a.x1)}, ${r(a.y1)} → ${r(a.x2)}, ${r(a.y2)})`;
    case 'drag': return `drag(${r(a.x1)}, ${r(a.y1)} → ${r(a.x2)}, ${r(a.y2)})`;
    case 'type': return `type(${JSON.stringify(a.text)}${a.x !== undefined ? ` at ${r(a.x)}, ${r(a.y ?? 0)}` : ''}${a.clear ? ', clear' : ''})`;
    case 'key': return `key(${a.key})`;
    case 'open_app': return `open_app(${a.app})`;
    case 'wait': return `wait(${a.ms}ms)`;
    case 'info': return `info(${JSON.stringify(a.question)})`;
    case 'answer': return `answer(${JSON.stringify(a.text)})`;
    case 'complete': return 'complete()';
    case 'abort': return `abort(${a.reason ? JSON.stringify(a.reason) : ''})`;
    default: return assertNever(a);
  }
}

function r(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
