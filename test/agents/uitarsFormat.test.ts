import { describe, expect, it } from 'vitest';
import type { TurnInput } from '../../bridge/agents/formats/types.ts';
import { uiTarsFormat, uiTarsPrompt } from '../../bridge/agents/formats/uitars.ts';
import { IMAGE_URL, turnInput } from './turnInput.ts';

const v10 = uiTarsFormat('1.0');
const v15 = uiTarsFormat('1.5');
const parse10 = (text: string, over: Partial<TurnInput> = {}) => v10.parse(text, turnInput(over));
const parse15 = (text: string, over: Partial<TurnInput> = {}) => v15.parse(text, turnInput(over));

describe('ui-tars (1.0, coordinates 0-1000)', () => {
  // bytedance/UI-TARS-desktop packages/ui-tars/action-parser/test/actionParser.test.ts ("BC mode").
  it('reads Thought and Action', () => {
    expect(parse10("Thought: I need to click this button\nAction: click(start_box='(100,200)')")).toEqual({
      action: { type: 'tap', x: 0.1, y: 0.2 },
      thought: 'I need to click this button',
    });
  });

  // bytedance/UI-TARS codes/ui_tars/prompt.py MOBILE_USE: the action space as published.
  it.each([
    ["click(start_box='<|box_start|>(100,200)<|box_end|>')", { type: 'tap', x: 0.1, y: 0.2 }],
    ["long_press(start_box='<|box_start|>(500,500)<|box_end|>')", { type: 'long_press', x: 0.5, y: 0.5 }],
    ["type(content='hello')", { type: 'type', text: 'hello' }],
    ["type(content='hello\\n')", { type: 'type', text: 'hello\n' }],
    ["scroll(start_box='<|box_start|>(500,500)<|box_end|>', direction='down')", { type: 'swipe', x1: 0.5, y1: 0.5, x2: 0.5, y2: 0.2 }],
    ["open_app(app_name='chat')", { type: 'open_app', app: 'chat' }],
    ["drag(start_box='<|box_start|>(100,200)<|box_end|>', end_box='<|box_start|>(100,800)<|box_end|>')", { type: 'drag', x1: 0.1, y1: 0.2, x2: 0.1, y2: 0.8 }],
    ['press_home()', { type: 'key', key: 'home' }],
    ['press_back()', { type: 'key', key: 'back' }],
    ['wait()', { type: 'wait', ms: 5000 }],
    ["finished(content='')", { type: 'complete' }],
    ['finished()', { type: 'complete' }],
    ["finished(content='Alice\\'s number is 12')", { type: 'answer', text: "Alice's number is 12" }],
  ])('%s', (call, action) => {
    expect(parse10(`Thought: next step\nAction: ${call}`)).toEqual({ action, thought: 'next step' });
  });

  // The forms the published parsers accept (UI-TARS-desktop actionParser tests, codes/ui_tars/action_parser.py).
  it.each([
    ["click(start_box='<bbox>637 964 637 964</bbox>')", { type: 'tap', x: 0.637, y: 0.964 }],
    ["click(start_box='[637,964,637,964]')", { type: 'tap', x: 0.637, y: 0.964 }],
    ["click(point='<point>510 150</point>')", { type: 'tap', x: 0.51, y: 0.15 }],
    ["click(start_box='(100,200,300,400)')", { type: 'tap', x: 0.2, y: 0.3 }],
    ["left_double(start_box='(100,200)')", { type: 'double_tap', x: 0.1, y: 0.2 }],
    ["drag(start_point='<point>458 328</point>', end_point='<point>350 309</point>')", { type: 'drag', x1: 0.458, y1: 0.328, x2: 0.35, y2: 0.309 }],
    ["hotkey(key='enter')", { type: 'key', key: 'enter' }],
    ["scroll(direction='up')", { type: 'swipe', x1: 0.5, y1: 0.5, x2: 0.5, y2: 0.8 }],
    ["scroll(start_box='(500,700)', end_box='(500,300)')", { type: 'swipe', x1: 0.5, y1: 0.7, x2: 0.5, y2: 0.3 }],
  ])('%s', (call, action) => {
    expect(parse10(`Action: ${call}`)).toEqual({ action });
  });

  it('reads the thought before the <think>-tagged reasoning of 1.5-style replies', () => {
    // UI-TARS-desktop actionParser tests: <think> … </think> then Thought/Action with <point>.
    const reply = `<think>
Okay, the search bar has "hi" in it. Clear it first.
</think>
Thought: To search for news, first clear the existing text "hi" by clicking the 'X' icon.
Action: click(point='<point>510 150</point>')`;
    expect(parse10(reply)).toEqual({
      action: { type: 'tap', x: 0.51, y: 0.15 },
      thought: 'To search for news, first clear the existing text "hi" by clicking the \'X\' icon.',
    });
  });

  // UI-TARS-desktop actionParser tests ("Edge cases").
  it('ignores an Action: marker inside a quoted argument', () => {
    expect(parse10("Thought: Type raw text exactly\nAction: type(content='Action: wait()')")).toEqual({
      action: { type: 'type', text: 'Action: wait()' },
      thought: 'Type raw text exactly',
    });
  });

  it("keeps a possessive apostrophe in the thought and accepts the full-width colon", () => {
    expect(parse10("Thought: Open users' settings and continue.\nAction: click(start_box='(100,200)')")).toEqual({
      action: { type: 'tap', x: 0.1, y: 0.2 },
      thought: "Open users' settings and continue.",
    });
    expect(parse10("Thought: I need to click this button\nAction：click(start_box='(100,200)')")).toEqual({
      action: { type: 'tap', x: 0.1, y: 0.2 },
      thought: 'I need to click this button',
    });
  });

  it('takes the first action after the last Action: marker', () => {
    expect(parse10("Thought: Click then explain\nAction: click(start_box='(100,200)') then wait()")).toEqual({
      action: { type: 'tap', x: 0.1, y: 0.2 },
      thought: 'Click then explain',
    });
  });

  it('reads a text the model did not escape, as the published parser does', () => {
    expect(parse10("Thought: type it\nAction: type(content='it's 5 o'clock')")).toEqual({ action: { type: 'type', text: "it's 5 o'clock" }, thought: 'type it' });
  });

  it('asks the user on call_user, with the thought as the question', () => {
    expect(parse10('Thought: I need the verification code from the user.\nAction: call_user()')).toEqual({
      action: { type: 'info', question: 'I need the verification code from the user.' },
      thought: 'I need the verification code from the user.',
    });
  });

  it.each([
    ["Thought: tap it\nAction: tap(start_box='(100,200)')", 'unknown action "tap"; UI-TARS mobile actions are: click, long_press, type, scroll, open_app, drag, press_home, press_back, wait, finished'],
    ["Action: click(start_box='(1200,200)')", "click: start_box x=1200 is outside the UI-TARS 0-1000 relative range (0-1000)"],
    ["Action: click(start_box='(1,2,3)')", 'click: start_box="(1,2,3)" holds 3 numbers; expected (x,y) or a box (x1,y1,x2,y2)'],
    ['Action: click()', 'click: start_box is missing'],
    ["Action: scroll(start_box='(500,500)', direction='sideways')", 'scroll: direction="sideways" is not one of down, up, left, right'],
    ["Action: scroll(start_box='(500,500)')", 'scroll: direction is missing'],
    ["Action: hotkey(key='ctrl c')", 'hotkey: key="ctrl c" is not one of enter, back, home, recent'],
    ["Action: open_app(app_name='')", 'open_app: app_name is missing'],
    ['Thought: thinking about it', 'no action found'],
  ])('%j is refused', (reply, message) => {
    expect(parse10(reply)).toEqual({ formatError: expect.stringContaining(message) });
  });
});

describe('ui-tars-1.5 (pixels of the smart-resized screenshot)', () => {
  it('reads pixels of the 364x812 image a 360x800 screenshot becomes', () => {
    expect(parse15("Thought: centre\nAction: click(start_box='<|box_start|>(182,406)<|box_end|>')")).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 }, thought: 'centre' });
    expect(parse15("Action: click(point='<point>91 203</point>')")).toEqual({ action: { type: 'tap', x: 0.25, y: 0.25 } });
  });

  it('reads pixels of the 1092x2408 image a 1080x2400 screenshot becomes', () => {
    expect(parse15("Action: click(start_box='(546,1204)')", { image: { url: IMAGE_URL, width: 1080, height: 2400 } })).toEqual({ action: { type: 'tap', x: 0.5, y: 0.5 } });
  });

  it('refuses a point outside that image, naming its size', () => {
    expect(parse15("Action: click(start_box='(500,400)')")).toEqual({ formatError: 'click: start_box x=500 is outside the pixels of the 364x812 image the model sees (0-364)' });
  });
});

describe('ui-tars messages', () => {
  it('puts the mobile prompt with the instruction in the first user turn, in the language of the goal', () => {
    const messages = v10.messages(turnInput());
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'user']);
    const prompt = uiTarsPrompt(turnInput());
    expect(messages[1].content).toBe(prompt);
    expect(prompt).toContain("click(start_box='<|box_start|>(x1,y1)<|box_end|>')");
    expect(prompt).toContain("scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left')");
    expect(prompt).toContain('## User Instruction\nSend "hi" to Alice in chat');
    expect(prompt).toContain('in English');
    expect(uiTarsPrompt(turnInput({ goal: '给 Alice 发消息' }))).toContain('in Chinese');
  });
});
