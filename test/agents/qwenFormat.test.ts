import { describe, expect, it } from 'vitest';
import { pyJson, qwenFormat, qwenSystemPrompt } from '../../bridge/agents/formats/qwen.ts';
import type { TurnInput } from '../../bridge/agents/formats/types.ts';
import { IMAGE_URL, turnInput } from './turnInput.ts';

const q25 = qwenFormat('2.5');
const q3 = qwenFormat('3');
const phone1080 = { image: { url: IMAGE_URL, width: 1080, height: 2400 } };
const call = (args: object) => `<tool_call>\n{"name": "mobile_use", "arguments": ${JSON.stringify(args)}}\n</tool_call>`;
const parse3 = (text: string, over: Partial<TurnInput> = {}) => q3.parse(text, turnInput(over));
/** Fractions of a 0-999 space to 4 decimals (500/999 = 0.5005). */
const rounded = (r: ReturnType<typeof parse3>) =>
  'action' in r ? { ...r, action: Object.fromEntries(Object.entries(r.action).map(([k, v]) => [k, typeof v === 'number' && k !== 'ms' && k !== 'durationMs' ? Math.round(v * 1e4) / 1e4 : v])) } : r;

describe('qwen2.5-vl (pixels of the smart-resized screenshot)', () => {
  // QwenLM/Qwen2.5-VL cookbooks/mobile_agent.ipynb (also in QwenLM/Qwen3-VL): a 1080x2400 phone, the
  // tool declares "The screen's resolution is 1092x2408.", and the model answers this call.
  it('reads the cookbook example', () => {
    const r = q25.parse('<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [935, 406]}}\n</tool_call>', turnInput(phone1080));
    expect('action' in r && r.action.type === 'tap' ? [r.action.x, r.action.y] : r).toEqual([935 / 1092, 406 / 2408]);
    expect(qwenSystemPrompt('2.5', turnInput(phone1080))).toContain("* The screen's resolution is 1092x2408.");
  });

  // The same cookbook's task progress line: Step 1: {"name": "mobile_use", "arguments": {"action": "open", "text": "File Manager"}}.
  it('reads open', () => {
    expect(q25.parse(call({ action: 'open', text: 'File Manager' }), turnInput())).toEqual({ action: { type: 'open_app', app: 'File Manager' } });
  });

  it('declares the 364x812 resolution a 360x800 screenshot becomes, and reads pixels of it', () => {
    expect(qwenSystemPrompt('2.5', turnInput())).toContain("* The screen's resolution is 364x812.");
    expect(q25.parse(call({ action: 'click', coordinate: [91, 203] }), turnInput())).toEqual({ action: { type: 'tap', x: 0.25, y: 0.25 } });
    expect(q25.parse(call({ action: 'click', coordinate: [400, 203] }), turnInput())).toEqual({
      formatError: 'mobile_use click: coordinate[0]=400 is outside the pixels of the 364x812 screen the tool declares (0-364)',
    });
  });
});

describe('qwen3-vl (0-999)', () => {
  // A copy of QwenLM/Qwen3-VL cookbooks/mobile_agent.ipynb run against a local server declares
  // "The screen's resolution is 999x999." and rescales with point / 999 * width.
  it('declares a 999x999 screen and reads 0-999, 1000 as the edge', () => {
    expect(qwenSystemPrompt('3', turnInput(phone1080))).toContain("* The screen's resolution is 999x999.");
    expect(parse3(call({ action: 'click', coordinate: [999, 0] }))).toEqual({ action: { type: 'tap', x: 1, y: 0 } });
    expect(parse3(call({ action: 'click', coordinate: [1000, 999] }))).toEqual({ action: { type: 'tap', x: 1, y: 1 } });
  });

  // The mobile_use action space as the cookbooks declare it (the union of the 2.5 and 3 lists).
  it.each([
    [{ action: 'click', coordinate: [500, 250] }, { type: 'tap', x: 0.5005, y: 0.2503 }],
    [{ action: 'long_press', coordinate: [500, 250], time: 2 }, { type: 'long_press', x: 0.5005, y: 0.2503, durationMs: 2000 }],
    [{ action: 'long_press', coordinate: [500, 250] }, { type: 'long_press', x: 0.5005, y: 0.2503 }],
    [{ action: 'swipe', coordinate: [500, 800], coordinate2: [500, 200] }, { type: 'swipe', x1: 0.5005, y1: 0.8008, x2: 0.5005, y2: 0.2002 }],
    [{ action: 'type', text: '明天见' }, { type: 'type', text: '明天见' }],
    [{ action: 'answer', text: 'Tuesday' }, { type: 'answer', text: 'Tuesday' }],
    [{ action: 'system_button', button: 'Back' }, { type: 'key', key: 'back' }],
    [{ action: 'system_button', button: 'Home' }, { type: 'key', key: 'home' }],
    [{ action: 'system_button', button: 'Menu' }, { type: 'key', key: 'recent' }],
    [{ action: 'system_button', button: 'Enter' }, { type: 'key', key: 'enter' }],
    [{ action: 'key', text: 'KEYCODE_BACK' }, { type: 'key', key: 'back' }],
    [{ action: 'open', text: 'Chat' }, { type: 'open_app', app: 'chat' }],
    [{ action: 'wait', time: 2 }, { type: 'wait', ms: 2000 }],
    [{ action: 'terminate', status: 'success' }, { type: 'complete' }],
    [{ action: 'terminate', status: 'failure' }, { type: 'abort', reason: 'terminate(status=failure)' }],
  ])('%j', (args, action) => {
    expect(rounded(parse3(call(args)))).toEqual({ action });
  });

  it('takes the thought from <think> or the text before the call', () => {
    expect(rounded(parse3(`<think>\nThe send button is at the bottom.\n</think>\n\n${call({ action: 'click', coordinate: [900, 950] })}`))).toEqual({
      action: { type: 'tap', x: 0.9009, y: 0.951 },
      thought: 'The send button is at the bottom.',
    });
    expect(parse3(`Thought: go back.\nAction: press the back button.\n${call({ action: 'system_button', button: 'Back' })}`)).toEqual({
      action: { type: 'key', key: 'back' },
      thought: 'go back.',
    });
  });

  it('reads a call without the tags, arguments encoded as a string, and the first of several calls', () => {
    expect(rounded(parse3('{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [500, 500]}}'))).toEqual({ action: { type: 'tap', x: 0.5005, y: 0.5005 } });
    expect(parse3('<tool_call>{"name": "mobile_use", "arguments": "{\\"action\\": \\"wait\\", \\"time\\": 1}"}</tool_call>')).toEqual({ action: { type: 'wait', ms: 1000 } });
    expect(parse3(`${call({ action: 'type', text: 'hi' })}\n${call({ action: 'system_button', button: 'Enter' })}`)).toEqual({ action: { type: 'type', text: 'hi' } });
  });

  it.each([
    [call({ action: 'scroll', direction: 'down' }), 'mobile_use scroll: unknown action "scroll"; mobile_use actions are: key, click, long_press, swipe, type, answer, system_button, open, wait, terminate'],
    [call({ action: 'click', coordinate: [1200, 5] }), 'mobile_use click: coordinate[0]=1200 is outside the 0-999 range of the 999x999 screen the tool declares (0-999)'],
    [call({ action: 'click' }), 'mobile_use click: coordinate is missing'],
    [call({ action: 'swipe', coordinate: [1, 2] }), 'mobile_use swipe: coordinate2 is missing'],
    [call({ action: 'system_button', button: 'Power' }), 'mobile_use system_button: button="Power" is not a key the phone has (Back, Home, Menu, Enter)'],
    [call({ action: 'terminate', status: 'maybe' }), 'mobile_use terminate: status="maybe" is not success or failure'],
    [call({ action: 'wait', time: 600 }), 'mobile_use wait: time=600 is outside 0-60 seconds'],
    ['<tool_call>\nclick at the button\n</tool_call>', 'the <tool_call> block holds no JSON object with "name" and "arguments"'],
    ['I will click the button.', 'no <tool_call> found'],
  ])('%j is refused', (reply, message) => {
    expect(parse3(reply)).toEqual({ formatError: message.startsWith('no <tool_call>') ? expect.stringContaining(message) : message });
  });
});

describe('qwen messages', () => {
  it('declares mobile_use in the # Tools block', () => {
    expect(qwenSystemPrompt('2.5', turnInput()).startsWith('You are a helpful assistant.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.')).toBe(true);
    const prompt = qwenSystemPrompt('3', turnInput());
    expect(prompt.startsWith('# Tools\n\nYou may call one or more functions to assist with the user query.')).toBe(true);
    expect(prompt).toContain('<tools>\n{"type": "function", "function": {"name_for_human": "mobile_use", "name": "mobile_use", "description": ');
    expect(prompt).toContain('"enum": ["key", "click", "long_press", "swipe", "type", "answer", "system_button", "open", "wait", "terminate"]');
    expect(prompt).toContain('"button": {"description": ');
    expect(prompt).toContain('"enum": ["Back", "Home", "Menu", "Enter"]');
    expect(prompt).toContain('Apps on this device: chat, answers.');
    expect(prompt).toContain('<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>\n\n# Response format');
    expect(qwenSystemPrompt('2.5', turnInput()).endsWith('<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>')).toBe(true);
  });

  it('lists the earlier steps as task progress in one user turn: the Action sentence for 3', () => {
    const raw = `Thought: The chat app holds the conversation.\nAction: Open the chat app.\n${call({ action: 'open', text: 'chat' })}`;
    const messages = q3.messages(turnInput({ history: [{ raw, action: { type: 'open_app', app: 'chat' } }] }));
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const text = Array.isArray(messages[1].content) && messages[1].content[0].type === 'text' ? messages[1].content[0].text : '';
    expect(text).toBe('The user query: Send "hi" to Alice in chat\nTask progress (You have done the following operation on the current device): Step 1: Open the chat app.; ');
  });

  it('lists the earlier calls as task progress in one user turn: the tool call for 2.5', () => {
    const raw = call({ action: 'open', text: 'chat' });
    const messages = q25.messages(turnInput({ history: [{ raw: `<think>open it</think>${raw}`, action: { type: 'open_app', app: 'chat' } }] }));
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const text = Array.isArray(messages[1].content) && messages[1].content[0].type === 'text' ? messages[1].content[0].text : '';
    expect(text).toBe(
      'The user query: Send "hi" to Alice in chat\nTask progress (You have done the following operation on the current device): Step 1: {"name": "mobile_use", "arguments": {"action": "open", "text": "chat"}}; ',
    );
  });

  it('writes JSON the way Python json.dumps does', () => {
    expect(pyJson({ a: [1, 'x'], b: { c: null } })).toBe('{"a": [1, "x"], "b": {"c": null}}');
  });
});
