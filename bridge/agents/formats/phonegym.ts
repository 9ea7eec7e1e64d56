/**
 * phonegym's own reply format, for general-purpose chat models (GPT, Claude, Gemini, Qwen, …):
 * one action per reply, either as a JSON object or as a function call on an `Action:` line, in
 * the coordinate space chosen with `--coords`. See docs/agent-formats.md.
 */
import { ACTION_TYPES, type Action, type ActionType, type KeyName } from '../../protocol/actions.ts';
import { VIEWPORT } from '../../protocol/state.ts';
import type { ChatMessage } from '../chatClient.ts';
import { asKeyName, matchApp, NORM1000, pairToFraction, screenshotSize, stroke, toFraction, type Fraction, type PointSpace } from './actionKit.ts';
import { feedbackText, replayHistory, userTurn } from './conversation.ts';
import { asNumber, labeledSection, lastUnknownCall, pickSite, scanSites, show, splitReasoning, stripFences, type CallSite, type Literal, type LiteralObject } from './text.ts';
import type { ParsedTurn, ReplyFormat, TurnInput } from './types.ts';

/** Other names models use for phonegym's actions (documented in docs/agent-formats.md). */
const ACTION_ALIASES: Record<string, ActionType> = {
  click: 'tap',
  touch: 'tap',
  double_click: 'double_tap',
  doubletap: 'double_tap',
  long_click: 'long_press',
  longpress: 'long_press',
  long_tap: 'long_press',
  fling: 'swipe',
  drag_and_drop: 'drag',
  input: 'type',
  input_text: 'type',
  type_text: 'type',
  write: 'type',
  press_key: 'key',
  keyevent: 'key',
  key_press: 'key',
  press: 'key',
  open: 'open_app',
  launch: 'open_app',
  launch_app: 'open_app',
  start_app: 'open_app',
  sleep: 'wait',
  ask: 'info',
  ask_user: 'info',
  reply: 'answer',
  final_answer: 'answer',
  done: 'complete',
  finish: 'complete',
  finished: 'complete',
  task_complete: 'complete',
  fail: 'abort',
  give_up: 'abort',
  infeasible: 'abort',
};

/** Bare key actions: `back()`, `{"action": "home"}`, `press_back()`. */
const KEY_ACTIONS: Record<string, KeyName> = {
  back: 'back',
  home: 'home',
  recent: 'recent',
  recents: 'recent',
  enter: 'enter',
  press_back: 'back',
  press_home: 'home',
  press_enter: 'enter',
  go_back: 'back',
  go_home: 'home',
};

/** The arguments of each call, in order: `tap(x, y)`, `type(text, x, y)`. */
const POSITIONAL: Record<ActionType, string[]> = {
  tap: ['x', 'y'],
  double_tap: ['x', 'y'],
  long_press: ['x', 'y', 'duration_ms'],
  swipe: ['x1', 'y1', 'x2', 'y2'],
  drag: ['x1', 'y1', 'x2', 'y2'],
  type: ['text', 'x', 'y'],
  key: ['key'],
  open_app: ['app'],
  wait: ['ms'],
  info: ['question'],
  answer: ['text'],
  complete: [],
  abort: ['reason'],
};

const MAX_WAIT_MS = 60_000;
const MAX_PRESS_MS = 10_000;
const DEFAULT_WAIT_MS = 1_000;

type Resolved = { type: ActionType; key?: KeyName };

function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function resolveName(name: string): Resolved | null {
  const n = normalizeName(name);
  if (n in KEY_ACTIONS) return { type: 'key', key: KEY_ACTIONS[n] };
  if ((ACTION_TYPES as readonly string[]).includes(n)) return { type: n as ActionType };
  if (n in ACTION_ALIASES) return { type: ACTION_ALIASES[n] };
  return null;
}

const isActionName = (name: string) => resolveName(name) !== null;

const UNKNOWN_HINT = `phonegym actions are: ${ACTION_TYPES.join(', ')}`;

/** The action name an object carries: "action", else "action_type", else "type" when that names an action. */
function objectActionName(o: LiteralObject): string | null {
  const v = o.action ?? o.action_type;
  if (typeof v === 'string') return v;
  if (typeof o.type === 'string' && isActionName(o.type)) return o.type;
  return null;
}

function spaceFor(input: TurnInput): PointSpace {
  switch (input.coords) {
    case 'pixels': {
      const s = screenshotSize(input);
      return { ...s, label: `pixels of the ${s.width}x${s.height} screenshot` };
    }
    case 'norm1000':
      return NORM1000;
    case 'norm1':
      return { width: 1, height: 1, label: '0-1 range' };
  }
}

function coordsText(input: TurnInput, space: PointSpace): string {
  switch (input.coords) {
    case 'pixels':
      return `x and y are pixels of the screenshot you are shown, which is ${space.width}x${space.height}: (0, 0) is the top-left corner, (${space.width}, ${space.height}) the bottom-right.`;
    case 'norm1000':
      return "x and y run from 0 to 1000 across the screen, whatever the screenshot's size: (0, 0) is the top-left corner, (1000, 1000) the bottom-right, (500, 500) the centre.";
    case 'norm1':
      return 'x and y are fractions of the screen from 0 to 1, written as decimals: (0, 0) is the top-left corner, (1, 1) the bottom-right, (0.5, 0.5) the centre.';
  }
}

/** A fraction of the screen written in `space`, for the prompt's examples. */
function at(fraction: number, size: number): string {
  const v = fraction * size;
  return size === 1 ? String(Math.round(v * 100) / 100) : String(Math.round(v));
}

export function phonegymSystemPrompt(input: TurnInput): string {
  const space = spaceFor(input);
  const ex = (fx: number, fy: number) => `${at(fx, space.width)}, ${at(fy, space.height)}`;
  const [exX, exY] = ex(0.9, 0.95).split(', ');
  return [
    `You are operating a phone to complete a task for its user. The phone has a portrait ${VIEWPORT.width}x${VIEWPORT.height} touch screen with Android-style system keys (back, home, recent apps). Each turn you see the current screen and reply with exactly one action; then you see the screen that results.`,
    '',
    `Task: ${input.goal}`,
    '',
    `Apps on this phone, for open_app: ${input.apps.length ? input.apps.join(', ') : '(none listed)'}.`,
    '',
    `Coordinates: ${coordsText(input, space)}`,
    '',
    'Actions:',
    ...([
      ['tap(x, y)', 'tap once'],
      ['double_tap(x, y)', 'tap twice quickly'],
      ['long_press(x, y)', 'press and hold; an optional third argument duration_ms sets how long'],
      ['swipe(x1, y1, x2, y2)', 'a quick fling from (x1, y1) to (x2, y2): lists keep moving after it. To see what is further down, swipe upwards (y2 < y1).'],
      ['drag(x1, y1, x2, y2)', 'a slow drag that stops before lifting: exact scrolling, sliders, moving items'],
      ['type("text")', 'type into the focused field; type("text", x, y) taps (x, y) first; clear=true empties the field first; "\\n" in the text presses Enter'],
      ['key("back")', 'a system key: back, home, recent or enter'],
      [`open_app("${input.apps[0] ?? 'chat'}")`, 'open an app by name'],
      ['wait(ms)', 'let time pass, e.g. wait(1000) while something loads'],
      ['info("question")', 'ask the user for information only they have'],
      ['answer("text")', 'finish with the answer, when the task asks for information'],
      ['complete()', 'finish: the task is done'],
      ['abort("reason")', 'finish: the task cannot be done'],
    ].map(([call, what]) => `  ${call.padEnd(24)}${what}`)),
    '',
    'Reply in either of two styles:',
    '1. One JSON object with the action under "action", its arguments by name, and optionally your reasoning under "thought":',
    `   {"thought": "The send button is at the bottom right.", "action": "tap", "x": ${exX}, "y": ${exY}}`,
    '   {"action": "type", "text": "see you at 8", "clear": true}',
    '   Argument names: x, y; x1, y1, x2, y2; duration_ms; text (with optional x, y and clear); key; app; ms; question; text for answer; reason.',
    '2. A line "Thought: ..." with your reasoning, then a line "Action: ..." with one call written as above:',
    '   Thought: The send button is at the bottom right.',
    `   Action: tap(${ex(0.9, 0.95)})`,
    '',
    'Strings take double or single quotes; escape a quote inside a string with a backslash. Write one action per reply: if you write several, only the last one on the "Action:" line counts (or the last one in the reply when there is no "Action:" line).',
    'Finish with answer (when the task asks for information) or complete as soon as the task is done, and not before you have seen on the screen that it is.',
  ].join('\n');
}

function turnText(input: TurnInput): string {
  const lines = [`Step ${input.step + 1} (at most ${input.maxSteps} actions in all).`];
  const fb = feedbackText(input.feedback, 'The task was checked and is not done yet:');
  if (fb) lines.push('', fb);
  if (input.tree) lines.push('', input.tree);
  lines.push('', input.image ? `The current screen (screenshot ${input.image.width}x${input.image.height}):` : 'No screenshot this turn: the UI tree above is the current screen.');
  return lines.join('\n');
}

/** The first of `names` the fields hold. */
function pick(fields: Record<string, Literal>, ...names: string[]): Literal | undefined {
  for (const n of names) if (fields[n] !== undefined) return fields[n];
  return undefined;
}

/** A point given as x/y fields or as a pair under one of `pairNames`. */
function pointField(fields: Record<string, Literal>, space: PointSpace, xy: [string, string], pairNames: string[]): Fraction | string {
  if (fields[xy[0]] !== undefined || fields[xy[1]] !== undefined) return toFraction(fields[xy[0]], fields[xy[1]], space, xy);
  for (const name of pairNames) if (fields[name] !== undefined) return pairToFraction(fields[name], space, name);
  return `${xy[0]} and ${xy[1]} are missing`;
}

function textField(v: Literal | undefined): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return null;
}

function truthy(v: Literal | undefined): boolean {
  return v === true || v === 1 || (typeof v === 'string' && ['true', 'yes', '1'].includes(v.toLowerCase()));
}

/** The action named `r` with `fields`, or what is wrong with them. */
function buildAction(r: Resolved, fields: Record<string, Literal>, space: PointSpace, input: TurnInput): Action | string {
  switch (r.type) {
    case 'tap':
    case 'double_tap':
    case 'long_press': {
      const p = pointField(fields, space, ['x', 'y'], ['coordinate', 'point', 'position']);
      if (typeof p === 'string') return p;
      if (r.type !== 'long_press') return { type: r.type, ...p };
      const d = pick(fields, 'duration_ms', 'durationMs', 'duration');
      if (d === undefined || d === null) return { type: 'long_press', ...p };
      const ms = asNumber(d);
      if (ms === null) return `duration_ms=${show(d)} is not a number`;
      if (ms < 0 || ms > MAX_PRESS_MS) return `duration_ms=${ms} is outside 0-${MAX_PRESS_MS}`;
      return { type: 'long_press', ...p, durationMs: Math.round(ms) };
    }
    case 'swipe':
    case 'drag':
      return stroke(r.type, pointField(fields, space, ['x1', 'y1'], ['start', 'from', 'start_point']), pointField(fields, space, ['x2', 'y2'], ['end', 'to', 'end_point']));
    case 'type': {
      const raw = pick(fields, 'text', 'content', 'value');
      const text = textField(raw);
      if (text === null) return raw === undefined ? 'text is missing' : `text=${show(raw)} is not a string`;
      const clear = truthy(fields.clear);
      if (fields.x === undefined && fields.y === undefined) return { type: 'type', text, ...(clear ? { clear } : {}) };
      const p = toFraction(fields.x, fields.y, space);
      if (typeof p === 'string') return p;
      return { type: 'type', text, ...p, ...(clear ? { clear } : {}) };
    }
    case 'key': {
      if (r.key) return { type: 'key', key: r.key };
      const v = pick(fields, 'key', 'button', 'name', 'keycode');
      if (v === undefined) return 'key is missing (back, home, recent or enter)';
      const key = asKeyName(v);
      return key ? { type: 'key', key } : `key=${show(v)} is not one of back, home, recent, enter`;
    }
    case 'open_app': {
      const v = pick(fields, 'app', 'app_name', 'name', 'text');
      if (typeof v !== 'string' || !v.trim()) return v === undefined ? 'app is missing' : `app=${show(v)} is not an app name`;
      return { type: 'open_app', app: matchApp(v, input.apps) };
    }
    case 'wait': {
      const msField = pick(fields, 'ms', 'duration_ms', 'durationMs');
      const seconds = pick(fields, 'seconds', 'secs');
      let ms = DEFAULT_WAIT_MS;
      if (msField !== undefined && msField !== null) {
        const n = asNumber(msField);
        if (n === null) return `ms=${show(msField)} is not a number`;
        ms = n;
      } else if (seconds !== undefined && seconds !== null) {
        const n = asNumber(seconds);
        if (n === null) return `seconds=${show(seconds)} is not a number`;
        ms = n * 1000;
      }
      if (ms < 0 || ms > MAX_WAIT_MS) return `ms=${ms} is outside 0-${MAX_WAIT_MS}`;
      return { type: 'wait', ms: Math.round(ms) };
    }
    case 'info': {
      const q = textField(pick(fields, 'question', 'text', 'content', 'message'));
      return q && q.trim() ? { type: 'info', question: q } : 'question is missing';
    }
    case 'answer': {
      const t = textField(pick(fields, 'text', 'answer', 'content'));
      return t !== null ? { type: 'answer', text: t } : 'text is missing';
    }
    case 'complete': {
      // "finish" with a text is an answer: {"action": "done", "answer": "42"}.
      const t = textField(pick(fields, 'text', 'answer', 'content'));
      return t && t.trim() ? { type: 'answer', text: t } : { type: 'complete' };
    }
    case 'abort': {
      const reason = textField(pick(fields, 'reason', 'text', 'message'));
      return reason && reason.trim() ? { type: 'abort', reason } : { type: 'abort' };
    }
  }
}

/** A call's arguments by name: positional ones in `POSITIONAL` order (points may come as [x, y]), then keywords. */
function callFields(call: CallSite, r: Resolved): Record<string, Literal> | string {
  const order = r.key ? [] : POSITIONAL[r.type];
  const flat = call.args.flatMap((a) => (Array.isArray(a) && a.every((v) => typeof v === 'number') ? a : [a]));
  if (flat.length > order.length) {
    const signature = `${r.type}(${order.join(', ')})`;
    return `${signature} takes ${order.length} argument${order.length === 1 ? '' : 's'}, got ${flat.length}`;
  }
  const fields: Record<string, Literal> = {};
  flat.forEach((v, i) => (fields[order[i]] = v));
  return { ...fields, ...call.kwargs };
}

const ACTION_LINE = /(?:^|\n)[ \t>#*_-]*action[*_]*[ \t]*[:：]/i;

function noActionError(body: string): string {
  if (!body.trim()) return 'the reply is empty: answer with one action, e.g. {"action": "tap", "x": 120, "y": 540} or Action: tap(120, 540)';
  const lastAction = [...body.matchAll(new RegExp(ACTION_LINE.source, 'gi'))].pop();
  const region = lastAction ? body.slice(lastAction.index + lastAction[0].length) : body.trim().split('\n').pop()!.trim();
  const unknown = lastAction || /^[A-Za-z_]\w*\(/.test(region) ? lastUnknownCall(region, isActionName) : null;
  if (unknown) return `unknown action "${unknown}"; ${UNKNOWN_HINT}`;
  return 'no action found in the reply: answer with one JSON object such as {"action": "tap", "x": 120, "y": 540}, or a line such as Action: tap(120, 540)';
}

export function parsePhonegymReply(text: string, input: TurnInput): ParsedTurn {
  const { reasoning, rest } = splitReasoning(text);
  const body = stripFences(rest);
  const sites = scanSites(body, { acceptCall: isActionName, acceptObject: (o) => objectActionName(o) !== null });
  const site = pickSite(body, sites, ACTION_LINE, { onLine: 'last', fallback: 'last' });
  if (!site) return { formatError: noActionError(body) };

  let name: string;
  let fields: Record<string, Literal>;
  let objectThought: string | null = null;
  if (site.kind === 'object') {
    name = objectActionName(site.value)!;
    fields = site.value;
    // Not "reason": that is abort's argument.
    const t = pick(site.value, 'thought', 'reasoning');
    objectThought = typeof t === 'string' && t.trim() ? t : null;
  } else {
    name = site.name;
    if (site.error) return { formatError: `could not read ${site.name}(…): ${site.error}` };
    fields = {};
  }
  const r = resolveName(name);
  if (!r) return { formatError: `unknown action "${name}"; ${UNKNOWN_HINT}` };
  if (site.kind === 'call') {
    const f = callFields(site, r);
    if (typeof f === 'string') return { formatError: f };
    fields = f;
  }
  const label = normalizeName(name) === r.type ? r.type : `${name} (${r.type})`;
  const action = buildAction(r, fields, spaceFor(input), input);
  if (typeof action === 'string') return { formatError: `${label}: ${action}` };

  // Prose before the action (and before its Action: line) is the thought when nothing is labelled.
  const markers = [...body.matchAll(new RegExp(ACTION_LINE.source, 'gi'))].filter((m) => m.index < site.start);
  const prose = body.slice(0, markers.length ? markers[markers.length - 1].index : site.start).trim();
  const thought = objectThought ?? labeledSection(body, 'Thought', ['Action']) ?? reasoning ?? (prose || null);
  return thought ? { action, thought } : { action };
}

export const phonegymFormat: ReplyFormat = {
  name: 'phonegym',
  description: "phonegym's own format for general chat models: one JSON action or one function call per reply, coordinates as --coords says",
  reference: 'docs/agent-formats.md#phonegym',
  messages(input: TurnInput): ChatMessage[] {
    return [
      { role: 'system', content: phonegymSystemPrompt(input) },
      ...replayHistory(input.history, (i) => `Step ${i + 1} screen (image omitted).`),
      userTurn(turnText(input), input.image),
    ];
  },
  parse: parsePhonegymReply,
};
