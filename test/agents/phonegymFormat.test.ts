import { describe, expect, it } from 'vitest';
import { phonegymFormat, phonegymSystemPrompt } from '../../bridge/agents/formats/phonegym.ts';
import type { TurnInput } from '../../bridge/agents/formats/types.ts';
import { IMAGE_URL, turnInput } from './turnInput.ts';

// Examples are the ones docs/agent-formats.md (section "phonegym") and the system prompt document.
const parse = (text: string, over: Partial<TurnInput> = {}) => phonegymFormat.parse(text, turnInput(over));

describe('phonegym JSON replies (360x800 screenshot, --coords pixels)', () => {
  it.each([
    ['{"action": "tap", "x": 180, "y": 600}', { type: 'tap', x: 0.5, y: 0.75 }],
    ['{"action": "double_tap", "x": 90, "y": 200}', { type: 'double_tap', x: 0.25, y: 0.25 }],
    ['{"action": "long_press", "x": 90, "y": 200}', { type: 'long_press', x: 0.25, y: 0.25 }],
    ['{"action": "long_press", "x": 90, "y": 200, "duration_ms": 1500}', { type: 'long_press', x: 0.25, y: 0.25, durationMs: 1500 }],
    ['{"action": "swipe", "x1": 180, "y1": 600, "x2": 180, "y2": 200}', { type: 'swipe', x1: 0.5, y1: 0.75, x2: 0.5, y2: 0.25 }],
    ['{"action": "drag", "x1": 36, "y1": 400, "x2": 324, "y2": 400}', { type: 'drag', x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5 }],
    ['{"action": "type", "text": "see you at 8"}', { type: 'type', text: 'see you at 8' }],
    ['{"action": "type", "text": "你好", "x": 180, "y": 760, "clear": true}', { type: 'type', text: '你好', x: 0.5, y: 0.95, clear: true }],
    ['{"action": "key", "key": "back"}', { type: 'key', key: 'back' }],
    ['{"action": "key", "key": "recent"}', { type: 'key', key: 'recent' }],
    ['{"action": "open_app", "app": "chat"}', { type: 'open_app', app: 'chat' }],
    ['{"action": "wait", "ms": 500}', { type: 'wait', ms: 500 }],
    ['{"action": "info", "question": "Which Alice do you mean?"}', { type: 'info', question: 'Which Alice do you mean?' }],
    ['{"action": "answer", "text": "Tuesday"}', { type: 'answer', text: 'Tuesday' }],
    ['{"action": "complete"}', { type: 'complete' }],
    ['{"action": "abort", "reason": "there is no contact named Alice"}', { type: 'abort', reason: 'there is no contact named Alice' }],
    ['{"action": "abort"}', { type: 'abort' }],
  ])('%s', (reply, action) => {
    expect(parse(reply)).toEqual({ action });
  });

  it('takes the thought from a "thought" field', () => {
    expect(parse('{"thought": "The send button is at the bottom right.", "action": "tap", "x": 324, "y": 760}')).toEqual({
      action: { type: 'tap', x: 0.9, y: 0.95 },
      thought: 'The send button is at the bottom right.',
    });
  });

  it('reads JSON inside a code fence, after prose and after <think>', () => {
    expect(parse('I will tap the chat icon.\n```json\n{"action": "tap", "x": 180, "y": 400}\n```')).toEqual({
      action: { type: 'tap', x: 0.5, y: 0.5 },
      thought: 'I will tap the chat icon.',
    });
    expect(parse('<think>The list is long; scroll.</think>\n{"action": "swipe", "x1": 180, "y1": 600, "x2": 180, "y2": 200}')).toEqual({
      action: { type: 'swipe', x1: 0.5, y1: 0.75, x2: 0.5, y2: 0.25 },
      thought: 'The list is long; scroll.',
    });
  });

  it('is forgiving about JSON written Python-style', () => {
    expect(parse("{'action': 'type', 'text': 'ok', 'clear': True,}")).toEqual({ action: { type: 'type', text: 'ok', clear: true } });
    expect(parse('{"action": "tap", "x": "180", "y": "400"}')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
  });

  it('accepts the documented aliases', () => {
    expect(parse('{"action": "click", "x": 180, "y": 400}')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
    expect(parse('{"type": "tap", "x": 180, "y": 400}')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
    expect(parse('{"action": "tap", "coordinate": [180, 400]}')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
    expect(parse('{"action": "type", "content": "hi"}')).toEqual({ action: { type: 'type', text: 'hi' } });
    expect(parse('{"action": "swipe", "start": [180, 600], "end": [180, 200]}')).toEqual({ action: { type: 'swipe', x1: 0.5, y1: 0.75, x2: 0.5, y2: 0.25 } });
    expect(parse('{"action": "back"}')).toEqual({ action: { type: 'key', key: 'back' } });
    expect(parse('{"action": "open", "app": "Chat"}')).toEqual({ action: { type: 'open_app', app: 'chat' } });
    expect(parse('{"action": "wait", "seconds": 2}')).toEqual({ action: { type: 'wait', ms: 2000 } });
    expect(parse('{"action": "done"}')).toEqual({ action: { type: 'complete' } });
    expect(parse('{"action": "finish", "answer": "42"}')).toEqual({ action: { type: 'answer', text: '42' } });
    expect(parse('{"action": "answer", "text": 42}')).toEqual({ action: { type: 'answer', text: '42' } });
  });
});

describe('phonegym function-call replies', () => {
  it.each([
    ['tap(180, 600)', { type: 'tap', x: 0.5, y: 0.75 }],
    ['double_tap(90, 200)', { type: 'double_tap', x: 0.25, y: 0.25 }],
    ['long_press(90, 200)', { type: 'long_press', x: 0.25, y: 0.25 }],
    ['long_press(90, 200, 1500)', { type: 'long_press', x: 0.25, y: 0.25, durationMs: 1500 }],
    ['swipe(180, 600, 180, 200)', { type: 'swipe', x1: 0.5, y1: 0.75, x2: 0.5, y2: 0.25 }],
    ['drag(36, 400, 324, 400)', { type: 'drag', x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5 }],
    ['type("see you at 8")', { type: 'type', text: 'see you at 8' }],
    ['type("hi", 180, 760)', { type: 'type', text: 'hi', x: 0.5, y: 0.95 }],
    ['type("hi", clear=True)', { type: 'type', text: 'hi', clear: true }],
    ['key("back")', { type: 'key', key: 'back' }],
    ['key("home")', { type: 'key', key: 'home' }],
    ['key(enter)', { type: 'key', key: 'enter' }],
    ['open_app("chat")', { type: 'open_app', app: 'chat' }],
    ['wait(500)', { type: 'wait', ms: 500 }],
    ['wait()', { type: 'wait', ms: 1000 }],
    ['info("Which Alice do you mean?")', { type: 'info', question: 'Which Alice do you mean?' }],
    ['answer("Tuesday")', { type: 'answer', text: 'Tuesday' }],
    ['complete()', { type: 'complete' }],
    ['abort("no contact named Alice")', { type: 'abort', reason: 'no contact named Alice' }],
    ['tap([180, 600])', { type: 'tap', x: 0.5, y: 0.75 }],
    ['tap(x=180, y=600)', { type: 'tap', x: 0.5, y: 0.75 }],
    ['click(180, 600)', { type: 'tap', x: 0.5, y: 0.75 }],
    ['press_back()', { type: 'key', key: 'back' }],
    ['Tap(180, 600)', { type: 'tap', x: 0.5, y: 0.75 }],
  ])('%s', (reply, action) => {
    expect(parse(`Action: ${reply}`)).toEqual({ action });
  });

  it('takes the thought from the Thought: line', () => {
    expect(parse('Thought: The send button is at the bottom right.\nAction: tap(324, 760)')).toEqual({
      action: { type: 'tap', x: 0.9, y: 0.95 },
      thought: 'The send button is at the bottom right.',
    });
    expect(parse('**Thought:** Go back.\n**Action:** key("back")')).toEqual({ action: { type: 'key', key: 'back' }, thought: 'Go back.' });
  });

  it('keeps Chinese text, escapes and both quote styles', () => {
    expect(parse('Action: type("你好，明天见！")')).toEqual({ action: { type: 'type', text: '你好，明天见！' } });
    expect(parse(`Action: type('it\\'s "fine"\\n')`)).toEqual({ action: { type: 'type', text: 'it\'s "fine"\n' } });
    expect(parse('Action: answer("\\u5f20\\u4e09")')).toEqual({ action: { type: 'answer', text: '张三' } });
    expect(parse('Action: type("a, b) c")')).toEqual({ action: { type: 'type', text: 'a, b) c' } });
  });

  it('takes the last call on the Action: line, else the last call in the reply', () => {
    // A plan in prose mentions calls; the Action: line decides.
    expect(parse('I could tap(36, 80) first, or scroll.\nAction: tap(180, 400)\nThat should open it, then tap(36, 80).')).toEqual({
      action: { type: 'tap', x: 0.5, y: 0.5 },
      thought: 'I could tap(36, 80) first, or scroll.',
    });
    expect(parse('Action: tap(36, 80); tap(180, 400)')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
    expect(parse('First tap(36, 80), then tap(180, 400).')).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 }, thought: 'First tap(36, 80), then' });
    // The call may sit on the line after an empty Action: line.
    expect(parse('Action:\n```\ncomplete()\n```')).toEqual({ action: { type: 'complete' } });
    // A call inside a string is text, not an action.
    expect(parse('Action: type("tap(1, 2)")')).toEqual({ action: { type: 'type', text: 'tap(1, 2)' } });
  });

  it('lets the later of a JSON object and a call win when there is no Action: line', () => {
    expect(parse('{"action": "tap", "x": 36, "y": 80}\nor rather complete()')).toEqual({ action: { type: 'complete' }, thought: '{"action": "tap", "x": 36, "y": 80}\nor rather' });
  });
});

describe('phonegym coordinate spaces', () => {
  it('reads pixels of the screenshot that was sent, whatever its size', () => {
    expect(parse('tap(540, 1200)', { image: { url: IMAGE_URL, width: 1080, height: 2400 } })).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
  });

  it('reads pixels of the 360x800 screen when only the tree is sent', () => {
    expect(parse('tap(180, 200)', { image: null, tree: 'UI tree' })).toEqual({ action: { type: 'tap', x: 0.5, y: 0.25 } });
  });

  it('reads 0-1000 and 0-1', () => {
    expect(parse('tap(500, 250)', { coords: 'norm1000' })).toEqual({ action: { type: 'tap', x: 0.5, y: 0.25 } });
    expect(parse('{"action": "tap", "x": 0.5, "y": 0.25}', { coords: 'norm1' })).toEqual({ action: { type: 'tap', x: 0.5, y: 0.25 } });
  });

  it('explains the space in the system prompt', () => {
    expect(phonegymSystemPrompt(turnInput({ image: { url: IMAGE_URL, width: 1080, height: 2400 } }))).toContain('pixels of the screenshot you are shown, which is 1080x2400');
    expect(phonegymSystemPrompt(turnInput({ coords: 'norm1000' }))).toContain('run from 0 to 1000');
    expect(phonegymSystemPrompt(turnInput({ coords: 'norm1000' }))).toContain('Action: tap(900, 950)');
    expect(phonegymSystemPrompt(turnInput({ coords: 'norm1' }))).toContain('"x": 0.9, "y": 0.95');
    expect(phonegymSystemPrompt(turnInput())).toContain('Apps on this phone, for open_app: chat, answers.');
    expect(phonegymSystemPrompt(turnInput())).toContain('Task: Send "hi" to Alice in chat');
  });
});

describe('phonegym messages', () => {
  it('puts the step counter, the feedback and the tree in the last turn', () => {
    const messages = phonegymFormat.messages(
      turnInput({ step: 3, maxSteps: 20, feedback: ['the message was sent to Bob, not Alice'], tree: 'UI tree: …', history: [{ raw: 'tap(1, 2)', action: { type: 'tap', x: 0, y: 0 } }] }),
    );
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1].content).toBe('Step 1 screen (image omitted).');
    const last = messages[3].content;
    expect(Array.isArray(last) && last[0].type === 'text' ? last[0].text : '').toBe(
      'Step 4 (at most 20 actions in all).\n\nThe task was checked and is not done yet: the message was sent to Bob, not Alice\n\nUI tree: …\n\nThe current screen (screenshot 360x800):',
    );
  });
});

describe('phonegym refusals', () => {
  it.each([
    ['', 'the reply is empty'],
    ['I will now open the chat app.', 'no action found in the reply'],
    ['{"action": "scroll", "direction": "down"}', 'unknown action "scroll"; phonegym actions are: tap, double_tap, long_press, swipe, drag, type, key, open_app, wait, info, answer, complete, abort'],
    ['Action: scroll(down)', 'unknown action "scroll"; phonegym actions are: tap,'],
    ['{"x": 1, "y": 2}', 'no action found'],
    ['Action: tap(400, 100)', 'tap: x=400 is outside the pixels of the 360x800 screenshot (0-360)'],
    ['Action: tap(100, -5)', 'tap: y=-5 is outside the pixels of the 360x800 screenshot (0-800)'],
    ['Action: tap(120)', 'tap: y is missing'],
    ['{"action": "tap"}', 'tap: x and y are missing'],
    ['{"action": "tap", "x": "left", "y": 3}', 'tap: x="left" is not a number'],
    ['Action: tap(1, 2, 3)', 'tap(x, y) takes 2 arguments, got 3'],
    ['Action: swipe(1, 2, 3)', 'swipe: y2 is missing'],
    ['Action: type("never closed)', 'could not read type(…): the string starting "\\"never closed)" is never closed'],
    ['Action: type()', 'type: text is missing'],
    ['Action: type("hi", 180)', 'type: y is missing'],
    ['Action: key("volume_up")', 'key: key="volume_up" is not one of back, home, recent, enter'],
    ['Action: wait(-5)', 'wait: ms=-5 is outside 0-60000'],
    ['Action: long_press(1, 2, 20000)', 'long_press: duration_ms=20000 is outside 0-10000'],
    ['Action: open_app()', 'open_app: app is missing'],
    ['{"action": "click", "x": 1}', 'click (tap): y is missing'],
  ])('%j', (reply, message) => {
    const r = parse(reply);
    expect(r).toEqual({ formatError: expect.stringContaining(message) });
  });

  it('says which range applies in 0-1 and 0-1000', () => {
    expect(parse('tap(120, 540)', { coords: 'norm1' })).toEqual({ formatError: 'tap: x=120 is outside the 0-1 range (0-1)' });
    expect(parse('tap(500, 1200)', { coords: 'norm1000' })).toEqual({ formatError: 'tap: y=1200 is outside the 0-1000 range (0-1000)' });
  });
});
