/**
 * The Qwen2.5-VL / Qwen3-VL `mobile_use` tool call (QwenLM cookbooks/mobile_agent.ipynb): the
 * system prompt declares one function in Qwen's `# Tools` / `<tools>` block, and the model answers
 * `<tool_call>{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [x, y]}}</tool_call>`.
 * Qwen2.5-VL answers in absolute pixels of the image its processor resized (`smart_resize`, factor
 * 28), which is the resolution the tool declares (`qwen2.5-vl`); Qwen3-VL answers relative
 * coordinates, and its mobile cookbook declares a 999x999 screen and divides by 999 (`qwen3-vl`),
 * asking for Thought / Action / <tool_call> in that order. See docs/agent-formats.md.
 */
import { describeAction, type Action } from '../../protocol/actions.ts';
import type { ChatMessage } from '../chatClient.ts';
import { asKeyName, matchApp, pairToFraction, screenshotSize, secondsToMs, smartResize, stroke, type PointSpace } from './actionKit.ts';
import { feedbackText, userTurn } from './conversation.ts';
import { labeledSection, readObject, scanSites, show, splitReasoning, stripFences, type Literal, type LiteralObject, type ObjectSite } from './text.ts';
import type { ParsedTurn, ReplyFormat, TurnInput, TurnRecord } from './types.ts';

export type QwenVersion = '2.5' | '3';

/** The Qwen2.5-VL image processor's defaults (preprocessor_config.json: min_pixels 3136, max_pixels 12845056). */
const QWEN25_RESIZE = { factor: 28, minPixels: 3136, maxPixels: 12845056 };

const MAX_SECONDS = 60;
const ACTIONS = ['key', 'click', 'long_press', 'swipe', 'type', 'answer', 'system_button', 'open', 'wait', 'terminate'] as const;

/** The screen Qwen3-VL's mobile cookbook declares; 1000 is read as the far edge. */
const QWEN3_SPACE: PointSpace = { width: 999, height: 999, label: '0-999 range of the 999x999 screen the tool declares', slack: 1 };

export function qwenSpace(version: QwenVersion, input: TurnInput): PointSpace {
  if (version === '3') return QWEN3_SPACE;
  const s = smartResize(screenshotSize(input), QWEN25_RESIZE);
  return { ...s, label: `pixels of the ${s.width}x${s.height} screen the tool declares` };
}

/** JSON as Python's json.dumps writes it (", " and ": "), the way Qwen's templates render tools and calls. */
export function pyJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

function mobileUseTool(space: PointSpace, apps: string[]): object {
  const appList = apps.length ? ` Apps on this device: ${apps.join(', ')}.` : '';
  return {
    type: 'function',
    function: {
      name_for_human: 'mobile_use',
      name: 'mobile_use',
      description: [
        'Use a touchscreen to operate a mobile device and see the result in screenshots.',
        '* This is a touchscreen phone: you can click, long-press, swipe, type, press system buttons and open apps.',
        '* Apps may take time to start or respond, so you may need to wait and look at the next screenshot to see the result of an action.',
        `* The screen's resolution is ${space.width}x${space.height}.`,
        '* Click in the centre of buttons, links and icons, not on their edges.',
      ].join('\n'),
      parameters: {
        properties: {
          action: {
            description: [
              'The action to perform. The available actions are:',
              '* `key`: Send a key event to the device (adb `keyevent` names such as "back", "home", "enter").',
              '* `click`: Click the point on the screen at coordinate (x, y).',
              '* `long_press`: Press the point on the screen at coordinate (x, y) for the given seconds.',
              '* `swipe`: Swipe from the point at coordinate (x, y) to the point at coordinate2 (x2, y2).',
              '* `type`: Type the given text into the focused input box.',
              '* `answer`: Give the answer to the user query.',
              '* `system_button`: Press a system button.',
              `* \`open\`: Open an app on the device.${appList}`,
              '* `wait`: Wait the given seconds for the screen to change.',
              '* `terminate`: End the task and report whether it succeeded.',
            ].join('\n'),
            enum: [...ACTIONS],
            type: 'string',
          },
          coordinate: {
            description: '(x, y): The x (pixels from the left edge) and y (pixels from the top edge) coordinates of the point. Required only by `action=click`, `action=long_press` and `action=swipe`.',
            type: 'array',
          },
          coordinate2: {
            description: '(x, y): The x (pixels from the left edge) and y (pixels from the top edge) coordinates of the end point. Required only by `action=swipe`.',
            type: 'array',
          },
          text: { description: 'Required only by `action=key`, `action=type`, `action=answer` and `action=open`.', type: 'string' },
          time: { description: 'The seconds to wait or press. Required only by `action=long_press` and `action=wait`.', type: 'number' },
          button: {
            description: 'Back returns to the previous screen, Home returns to the home screen, Menu opens the recent-apps screen and Enter presses enter. Required only by `action=system_button`.',
            enum: ['Back', 'Home', 'Menu', 'Enter'],
            type: 'string',
          },
          status: { description: 'The status of the task. Required only by `action=terminate`.', type: 'string', enum: ['success', 'failure'] },
        },
        required: ['action'],
        type: 'object',
      },
      args_format: 'Format the arguments as a JSON object.',
    },
  };
}

/** Qwen3-VL's mobile cookbook asks for this order (our wording). */
const QWEN3_RESPONSE_FORMAT = [
  '',
  '# Response format',
  '',
  'Response format for every step:',
  '1) Thought: one short sentence on what to do next and why.',
  '2) Action: a short imperative describing the operation on the screen.',
  '3) One <tool_call>...</tool_call> block holding only the JSON: {"name": <function-name>, "arguments": <args-json-object>}.',
  '',
  'Rules:',
  '- Keep exactly this order: Thought, Action, <tool_call>.',
  '- One sentence for Thought, one for Action; nothing else outside those three parts.',
  '- When the task asks for information, give it with action=answer (this ends the task); otherwise finish with action=terminate.',
];

export function qwenSystemPrompt(version: QwenVersion, input: TurnInput): string {
  return [
    // Qwen2.5-VL's template opens with its default system line; Qwen3-VL's cookbook starts at "# Tools".
    ...(version === '2.5' ? ['You are a helpful assistant.', ''] : []),
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    pyJson(mobileUseTool(qwenSpace(version, input), input.apps)),
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
    ...(version === '3' ? QWEN3_RESPONSE_FORMAT : []),
  ].join('\n');
}

/** A tool call object: `{"name": …, "arguments": {…}}`, or the arguments alone (`{"action": …}`). */
function isToolCall(o: LiteralObject): boolean {
  return (typeof o.name === 'string' && o.arguments !== undefined) || typeof o.action === 'string';
}

/** The call the reply makes: the first object in the first `<tool_call>` block, else the first tool-call object anywhere. */
function findToolCall(rest: string): { site: ObjectSite | null; region: string; tagged: boolean; start: number } {
  const block = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/i.exec(rest);
  const region = stripFences(block ? block[1] : rest);
  const site = (scanSites(region, { acceptObject: isToolCall })[0] as ObjectSite | undefined) ?? null;
  return { site, region, tagged: block !== null, start: block ? block.index : site ? rest.indexOf(region.slice(site.start, site.end)) : -1 };
}

function argumentsOf(o: LiteralObject): LiteralObject | string {
  const a = o.arguments === undefined ? o : o.arguments;
  if (typeof a === 'string') {
    // Some servers double-encode the arguments as a JSON string.
    const inner = readObject(a, a.indexOf('{'));
    return inner ? inner.value : `arguments=${show(a)} is not an object`;
  }
  if (!a || typeof a !== 'object' || Array.isArray(a)) return `arguments=${show(a)} is not an object`;
  return a as LiteralObject;
}

function textArg(v: Literal | undefined): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

function toAction(args: LiteralObject, space: PointSpace, input: TurnInput): Action | string {
  const action = typeof args.action === 'string' ? args.action.toLowerCase() : null;
  switch (action) {
    case 'click':
    case 'long_press': {
      const p = pairToFraction(args.coordinate, space, 'coordinate');
      if (typeof p === 'string') return p;
      if (action === 'click') return { type: 'tap', ...p };
      if (args.time === undefined || args.time === null) return { type: 'long_press', ...p };
      const ms = secondsToMs(args.time, 'time', MAX_SECONDS);
      return typeof ms === 'string' ? ms : { type: 'long_press', ...p, durationMs: ms };
    }
    case 'swipe':
      return stroke('swipe', pairToFraction(args.coordinate, space, 'coordinate'), pairToFraction(args.coordinate2, space, 'coordinate2'));
    case 'type': {
      const text = textArg(args.text);
      return text === null ? 'text is missing' : { type: 'type', text };
    }
    case 'answer': {
      const text = textArg(args.text);
      return text === null ? 'text is missing' : { type: 'answer', text };
    }
    case 'key':
    case 'system_button': {
      const v = action === 'key' ? args.text : args.button;
      const key = asKeyName(v);
      if (key) return { type: 'key', key };
      const field = action === 'key' ? 'text' : 'button';
      return v === undefined ? `${field} is missing` : `${field}=${show(v)} is not a key the phone has (Back, Home, Menu, Enter)`;
    }
    case 'open': {
      const app = textArg(args.text);
      return app && app.trim() ? { type: 'open_app', app: matchApp(app, input.apps) } : 'text (the app name) is missing';
    }
    case 'wait': {
      const ms = secondsToMs(args.time ?? 1, 'time', MAX_SECONDS);
      return typeof ms === 'string' ? ms : { type: 'wait', ms };
    }
    case 'terminate': {
      const status = typeof args.status === 'string' ? args.status.toLowerCase() : 'success';
      if (status === 'success') return { type: 'complete' };
      if (status === 'failure' || status === 'fail' || status === 'failed' || status === 'infeasible') return { type: 'abort', reason: `terminate(status=${status})` };
      return `status=${show(args.status)} is not success or failure`;
    }
    default:
      return args.action === undefined ? 'action is missing' : `unknown action ${show(args.action)}; mobile_use actions are: ${ACTIONS.join(', ')}`;
  }
}

export function parseQwenReply(version: QwenVersion, text: string, input: TurnInput): ParsedTurn {
  const { reasoning, rest } = splitReasoning(text);
  const { site, tagged, start } = findToolCall(rest);
  if (!site) {
    if (!text.trim()) return { formatError: 'the reply is empty: answer with <tool_call>{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [x, y]}}</tool_call>' };
    return {
      formatError: tagged
        ? 'the <tool_call> block holds no JSON object with "name" and "arguments"'
        : 'no <tool_call> found: answer with <tool_call>{"name": "mobile_use", "arguments": {...}}</tool_call>',
    };
  }
  const args = argumentsOf(site.value);
  if (typeof args === 'string') return { formatError: args };
  const action = toAction(args, qwenSpace(version, input), input);
  if (typeof action === 'string') return { formatError: `mobile_use${typeof args.action === 'string' ? ` ${args.action}` : ''}: ${action}` };
  const before = start > 0 ? rest.slice(0, start).trim() : '';
  const thought = reasoning ?? labeledSection(before, 'Thought', ['Action']) ?? (before || null);
  return thought ? { action, thought } : { action };
}

/**
 * An earlier step as the cookbooks list it in "Task progress": Qwen2.5-VL's shows the tool call
 * the model made, Qwen3-VL's the model's own "Action:" sentence (the call when it wrote none).
 */
function stepText(version: QwenVersion, turn: TurnRecord): string {
  const rest = splitReasoning(turn.raw).rest;
  const { site, start } = findToolCall(rest);
  if (version === '3') {
    const said = labeledSection(start > 0 ? rest.slice(0, start) : rest, 'Action');
    if (said) return said.replace(/\s+/g, ' ');
  }
  return site ? pyJson(site.value) : describeAction(turn.action);
}

function userText(version: QwenVersion, input: TurnInput): string {
  const lines = [`The user query: ${input.goal}`];
  if (input.history.length) {
    lines.push(`Task progress (You have done the following operation on the current device): ${input.history.map((t, i) => `Step ${i + 1}: ${stepText(version, t)}; `).join('')}`);
  }
  const fb = feedbackText(input.feedback, 'The task was checked and is not done yet:');
  if (fb) lines.push('', fb);
  if (input.tree) lines.push('', input.tree);
  if (!input.image) lines.push('', '(No screenshot this turn.)');
  return lines.join('\n');
}

export function qwenFormat(version: QwenVersion): ReplyFormat {
  const v3 = version === '3';
  return {
    name: v3 ? 'qwen3-vl' : 'qwen2.5-vl',
    description: v3
      ? 'Qwen3-VL mobile_use tool call (Thought, Action, <tool_call> JSON), coordinates 0-999 relative'
      : 'Qwen2.5-VL mobile_use tool call (<tool_call> JSON), coordinates in pixels of the smart-resized screenshot',
    reference: v3
      ? 'https://github.com/QwenLM/Qwen3-VL (cookbooks/mobile_agent.ipynb, cookbooks/utils/agent_function_call.py)'
      : 'https://github.com/QwenLM/Qwen2.5-VL (cookbooks/mobile_agent.ipynb, cookbooks/utils/agent_function_call.py)',
    messages(input: TurnInput): ChatMessage[] {
      return [
        { role: 'system', content: qwenSystemPrompt(version, input) },
        userTurn(userText(version, input), input.image),
      ];
    },
    parse: (text, input) => parseQwenReply(version, text, input),
  };
}
