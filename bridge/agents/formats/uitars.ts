/**
 * The UI-TARS family (ByteDance): a `Thought: …` line, then `Action: name(arg='…')` from the
 * published mobile action space (bytedance/UI-TARS, codes/ui_tars/prompt.py MOBILE_USE). Two
 * coordinate conventions were published and both are here: UI-TARS 1.0 answers 0-1000 relative to
 * the screen (`ui-tars`); UI-TARS-1.5 answers absolute pixels of the image as its processor resized
 * it (`smart_resize`, factor 28; `ui-tars-1.5`). Points come as `(x,y)`, `[x,y]`, `<point>x y</point>`
 * or a box `(x1,y1,x2,y2)` (its centre). See docs/agent-formats.md.
 */
import type { Action } from '../../protocol/actions.ts';
import type { ChatMessage, ContentPart } from '../chatClient.ts';
import { asDirection, asKeyName, matchApp, NORM1000, screenshotSize, scrollStroke, smartResize, stroke, toFraction, type Fraction, type PointSpace } from './actionKit.ts';
import { feedbackText, imagePart, replayHistory } from './conversation.ts';
import { asNumber, greedyQuoted, hasCjk, labeledSection, lastUnknownCall, pickSite, scanSites, show, splitReasoning, stripFences, type CallSite, type Literal } from './text.ts';
import type { ParsedTurn, ReplyFormat, TurnInput } from './types.ts';

export type UiTarsVersion = '1.0' | '1.5';

/** The image processor limits UI-TARS-1.5 was published with (codes/ui_tars/action_parser.py). */
const UITARS_RESIZE = { factor: 28, minPixels: 100 * 28 * 28, maxPixels: 16384 * 28 * 28 };

/** `wait()` is documented as "sleep for 5s" in the published action spaces. */
const WAIT_MS = 5_000;

const ACTION_SPACE = [
  "click(start_box='<|box_start|>(x1,y1)<|box_end|>')",
  "long_press(start_box='<|box_start|>(x1,y1)<|box_end|>')",
  "type(content='') #If you want to submit your input, use \"\\n\" at the end of `content`.",
  "scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left')",
  "open_app(app_name='')",
  "drag(start_box='<|box_start|>(x1,y1)<|box_end|>', end_box='<|box_start|>(x3,y3)<|box_end|>')",
  'press_home()',
  'press_back()',
  'wait() #Sleep for 5s and take a screenshot to check for any changes.',
  "finished(content='xxx') # Use escape characters \\', \\\", and \\n in content part to ensure we can parse the content in normal python string format.",
];

/** Names read as actions: the mobile space plus what the desktop space and variants add (left_double, hotkey, call_user, …). */
const KNOWN = new Set(['click', 'left_single', 'left_double', 'long_press', 'type', 'scroll', 'swipe', 'drag', 'open_app', 'press_home', 'press_back', 'press_enter', 'hotkey', 'wait', 'finished', 'call_user']);
const isKnown = (name: string) => KNOWN.has(name.toLowerCase());

const MOBILE_ACTIONS = 'click, long_press, type, scroll, open_app, drag, press_home, press_back, wait, finished';

export function uiTarsSpace(version: UiTarsVersion, input: TurnInput): PointSpace {
  if (version === '1.0') return { ...NORM1000, label: 'UI-TARS 0-1000 relative range' };
  const s = smartResize(screenshotSize(input), UITARS_RESIZE);
  return { ...s, label: `pixels of the ${s.width}x${s.height} image the model sees` };
}

export function uiTarsPrompt(input: TurnInput): string {
  const language = hasCjk(input.goal) ? 'Chinese' : 'English';
  return [
    'You are a GUI agent. You are given a task, the actions you have taken so far and screenshots of the phone. Perform the next action that brings the task closer to completion.',
    '',
    '## Output Format',
    '```',
    'Thought: ...',
    'Action: ...',
    '```',
    '',
    '## Action Space',
    '',
    ...ACTION_SPACE,
    '',
    '## Note',
    `- Write the \`Thought\` part in ${language}.`,
    '- In `Thought`, make a short plan, then state your next action and its target element in one sentence.',
    `- The apps on this phone, for open_app: ${input.apps.join(', ') || '(none listed)'}.`,
    '',
    '## User Instruction',
    input.goal,
  ].join('\n');
}

function finalTurn(input: TurnInput): ChatMessage {
  const notes: string[] = [];
  const fb = feedbackText(input.feedback, 'The task was checked and is not done yet:');
  if (fb) notes.push(fb);
  if (input.tree) notes.push(input.tree);
  if (!input.image) notes.push('(No screenshot this turn.)');
  const parts: ContentPart[] = notes.length ? [{ type: 'text', text: notes.join('\n\n') }] : [];
  if (input.image) parts.push(imagePart(input.image));
  return { role: 'user', content: parts };
}

/** A point or box argument as a fraction of the screen: `'<|box_start|>(x,y)<|box_end|>'`, `'(x1,y1,x2,y2)'`, `'<point>x y</point>'`, `[x, y]`. */
function boxToFraction(v: Literal | undefined, name: string, space: PointSpace): Fraction | string {
  if (v === undefined || v === null || v === '') return `${name} is missing`;
  let nums: unknown[];
  if (Array.isArray(v)) nums = v.flat(2);
  else if (typeof v === 'string') nums = (v.replace(/<\|box_(?:start|end)\|>|<\/?(?:point|bbox)>/g, ' ').match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  else return `${name}=${show(v)} is not a point`;
  nums = nums.map((n) => asNumber(n) ?? n);
  if (nums.length === 2) return toFraction(nums[0], nums[1], space, [`${name} x`, `${name} y`]);
  if (nums.length === 4) {
    const [x1, y1, x2, y2] = nums as number[];
    const a = toFraction(x1, y1, space, [`${name} x1`, `${name} y1`]);
    if (typeof a === 'string') return a;
    const b = toFraction(x2, y2, space, [`${name} x2`, `${name} y2`]);
    if (typeof b === 'string') return b;
    return toFraction((x1 + x2) / 2, (y1 + y2) / 2, space, [`${name} x`, `${name} y`]);
  }
  return `${name}=${show(v)} holds ${nums.length} numbers; expected (x,y) or a box (x1,y1,x2,y2)`;
}

function stringArg(call: CallSite, ...names: string[]): string | null {
  for (const n of names) if (typeof call.kwargs[n] === 'string') return call.kwargs[n] as string;
  return typeof call.args[0] === 'string' ? call.args[0] : null;
}

function toAction(call: CallSite, space: PointSpace, input: TurnInput, thought: string | null): Action | string {
  const kw = call.kwargs;
  const start = () => boxToFraction(kw.start_box ?? kw.point ?? kw.start_point ?? call.args[0], 'start_box', space);
  const end = () => boxToFraction(kw.end_box ?? kw.end_point ?? call.args[1], 'end_box', space);
  switch (call.name.toLowerCase()) {
    case 'click':
    case 'left_single':
    case 'left_double':
    case 'long_press': {
      const p = start();
      if (typeof p === 'string') return p;
      const type = call.name.toLowerCase() === 'long_press' ? 'long_press' : call.name.toLowerCase() === 'left_double' ? 'double_tap' : 'tap';
      return { type, ...p };
    }
    case 'type': {
      const text = stringArg(call, 'content', 'text');
      // A trailing "\n" is kept: the phone types it as Enter, which is what the prompt promises.
      return text === null ? 'content is missing' : { type: 'type', text };
    }
    case 'scroll': {
      const hasStart = (kw.start_box ?? kw.point ?? kw.start_point) !== undefined;
      const from = hasStart ? start() : { x: 0.5, y: 0.5 };
      if (typeof from === 'string') return from;
      if (kw.end_box !== undefined || kw.end_point !== undefined) return stroke('swipe', from, end());
      const direction = asDirection(kw.direction ?? call.args[hasStart ? 1 : 0]);
      if (!direction) return kw.direction === undefined ? 'direction is missing (down, up, left or right)' : `direction=${show(kw.direction)} is not one of down, up, left, right`;
      return { type: 'swipe', ...scrollStroke(from, direction) };
    }
    case 'swipe':
    case 'drag':
      return stroke(call.name.toLowerCase() === 'drag' ? 'drag' : 'swipe', start(), end());
    case 'open_app': {
      const app = stringArg(call, 'app_name', 'app');
      return app && app.trim() ? { type: 'open_app', app: matchApp(app, input.apps) } : 'app_name is missing';
    }
    case 'press_home':
      return { type: 'key', key: 'home' };
    case 'press_back':
      return { type: 'key', key: 'back' };
    case 'press_enter':
      return { type: 'key', key: 'enter' };
    case 'hotkey': {
      const v = kw.key ?? kw.hotkey ?? call.args[0];
      const key = asKeyName(v);
      return key ? { type: 'key', key } : `key=${show(v)} is not one of enter, back, home, recent (the phone has no other keys)`;
    }
    case 'wait':
      return { type: 'wait', ms: WAIT_MS };
    case 'finished': {
      const content = stringArg(call, 'content');
      return content && content.trim() ? { type: 'answer', text: content } : { type: 'complete' };
    }
    case 'call_user':
      return { type: 'info', question: thought ?? "The agent asked for the user's help (call_user)." };
    default:
      return `unknown action "${call.name}"; UI-TARS mobile actions are: ${MOBILE_ACTIONS}`;
  }
}

const ACTION_MARKER = /Action\s*[:：]/;

/**
 * A text action the model did not escape (`type(content='it's')`): read the way the published
 * parser does, up to the last quote that closes the call before the next `Action:` marker.
 */
function recoverTextCall(body: string, call: CallSite): CallSite | null {
  const name = call.name.toLowerCase();
  if (name !== 'type' && name !== 'finished') return null;
  const next = body.slice(call.end).search(ACTION_MARKER);
  const region = next < 0 ? body.slice(call.start) : body.slice(call.start, call.end + next);
  const eq = /^\w+\(\s*(?:(content|text)\s*=\s*)?/.exec(region);
  if (!eq) return null;
  const value = greedyQuoted(region, eq[0].length);
  return value === null ? null : { ...call, args: [], kwargs: { content: value }, error: undefined };
}

export function parseUiTarsReply(version: UiTarsVersion, text: string, input: TurnInput): ParsedTurn {
  const { reasoning, rest } = splitReasoning(text);
  const body = stripFences(rest);
  const sites = scanSites(body, { acceptCall: isKnown }) as CallSite[];
  let call = pickSite(body, sites, ACTION_MARKER, { onLine: 'first', fallback: 'first' });
  if (!call) {
    if (!body.trim()) return { formatError: "the reply is empty: answer with Thought: … then Action: one action such as click(start_box='<|box_start|>(x1,y1)<|box_end|>')" };
    const marker = [...body.matchAll(/Action\s*[:：]/g)].pop();
    const unknown = lastUnknownCall(marker ? body.slice(marker.index) : body, isKnown);
    if (unknown) return { formatError: `unknown action "${unknown}"; UI-TARS mobile actions are: ${MOBILE_ACTIONS}` };
    return { formatError: `no action found: the reply needs a line "Action: …" with one of ${MOBILE_ACTIONS}` };
  }
  if (call.error) {
    const recovered = recoverTextCall(body, call);
    if (!recovered) return { formatError: `could not read ${call.name}(…): ${call.error}` };
    call = recovered;
  }
  const thought = labeledSection(body, 'Thought', ['Action']) ?? labeledSection(body, 'Action_Summary', ['Action']) ?? reasoning;
  const action = toAction(call, uiTarsSpace(version, input), input, thought);
  if (typeof action === 'string') return { formatError: `${call.name}: ${action}` };
  return thought ? { action, thought } : { action };
}

export function uiTarsFormat(version: UiTarsVersion): ReplyFormat {
  const v10 = version === '1.0';
  return {
    name: v10 ? 'ui-tars' : 'ui-tars-1.5',
    description: v10
      ? 'UI-TARS 1.0 (2B/7B/72B): Thought/Action grammar, mobile action space, coordinates 0-1000 relative'
      : 'UI-TARS-1.5 (7B): Thought/Action grammar, mobile action space, coordinates in pixels of the smart-resized screenshot',
    reference: 'https://github.com/bytedance/UI-TARS (codes/ui_tars/prompt.py MOBILE_USE, codes/ui_tars/action_parser.py, README_coordinates.md)',
    messages(input: TurnInput): ChatMessage[] {
      return [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: uiTarsPrompt(input) },
        ...replayHistory(input.history, (i) => `(Screenshot of step ${i + 1} omitted.)`),
        finalTurn(input),
      ];
    },
    parse: (text, input) => parseUiTarsReply(version, text, input),
  };
}
