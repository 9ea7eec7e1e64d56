import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentPart } from '../../bridge/agents/chatClient.ts';
import { findFormat, formatNames, REPLY_FORMATS, treeText } from '../../bridge/agents/formats/index.ts';
import { scrollStroke, smartResize } from '../../bridge/agents/formats/actionKit.ts';
import { readQuoted, splitReasoning, stripFences } from '../../bridge/agents/formats/text.ts';
import type { ReplyFormat, TurnRecord } from '../../bridge/agents/formats/types.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { DATA_URL_RE, IMAGE_URL, turnInput } from './turnInput.ts';

/** One valid earlier reply per format, and the part of it the next request must show the model. */
const SAMPLE_TURNS: Record<string, { raw: string; shown: string }> = {
  phonegym: { raw: 'Thought: open the answer sheet\nAction: open_app("answers")', shown: 'open_app("answers")' },
  'ui-tars': { raw: "Thought: open chat\nAction: open_app(app_name='chat')", shown: "open_app(app_name='chat')" },
  'ui-tars-1.5': { raw: "Thought: open chat\nAction: open_app(app_name='chat')", shown: "open_app(app_name='chat')" },
  autoglm: { raw: '<think>先打开应用</think><answer>do(action="Launch", app="chat")</answer>', shown: 'do(action="Launch", app="chat")' },
  'qwen2.5-vl': {
    raw: '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "open", "text": "chat"}}\n</tool_call>',
    shown: '{"name": "mobile_use", "arguments": {"action": "open", "text": "chat"}}',
  },
  'qwen3-vl': {
    raw: '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "open", "text": "chat"}}\n</tool_call>',
    shown: '{"name": "mobile_use", "arguments": {"action": "open", "text": "chat"}}',
  },
};

function parts(m: ChatMessage): ContentPart[] {
  return typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
}

function images(messages: ChatMessage[]): { index: number; url: string; detail?: string }[] {
  return messages.flatMap((m, index) => parts(m).flatMap((p) => (p.type === 'image_url' ? [{ index, url: p.image_url.url, detail: p.image_url.detail }] : [])));
}

function allText(messages: ChatMessage[]): string {
  return messages.map((m) => parts(m).map((p) => (p.type === 'text' ? p.text : '')).join('\n')).join('\n');
}

function lastUserText(messages: ChatMessage[]): string {
  const last = messages[messages.length - 1];
  return parts(last).map((p) => (p.type === 'text' ? p.text : '')).join('\n');
}

function history(format: ReplyFormat): TurnRecord[] {
  const { raw } = SAMPLE_TURNS[format.name];
  const first = format.parse(raw, turnInput());
  if ('formatError' in first) throw new Error(`sample turn of ${format.name} does not parse: ${first.formatError}`);
  return [
    { raw, action: first.action },
    { raw, action: first.action },
  ];
}

describe('every reply format', () => {
  it('has a sample turn here (a new format needs one)', () => {
    expect(Object.keys(SAMPLE_TURNS).sort()).toEqual(formatNames().sort());
  });

  describe.each(REPLY_FORMATS.map((f) => [f.name, f] as const))('%s', (_name, format) => {
    it('names its public source and describes itself', () => {
      expect(format.description.length).toBeGreaterThan(20);
      expect(format.reference).toMatch(/^(https:\/\/github\.com\/|docs\/agent-formats\.md)/);
    });

    it('starts with the system prompt and ends with the current screenshot as a data URL', () => {
      const messages = format.messages(turnInput());
      expect(messages[0].role).toBe('system');
      expect(messages[messages.length - 1].role).toBe('user');
      const imgs = images(messages);
      expect(imgs).toEqual([{ index: messages.length - 1, url: IMAGE_URL, detail: undefined }]);
      expect(imgs[0].url).toMatch(DATA_URL_RE);
      expect(allText(messages)).toContain('Send "hi" to Alice in chat');
    });

    it('passes the image detail through', () => {
      const messages = format.messages(turnInput({ image: { url: IMAGE_URL, width: 360, height: 800, detail: 'low' } }));
      expect(images(messages).map((i) => i.detail)).toEqual(['low']);
    });

    it('shows the earlier replies, the judge feedback and the UI tree, with only the latest screenshot', () => {
      const input = turnInput({
        step: 2,
        history: history(format),
        feedback: ['the message to Alice was not sent'],
        tree: 'UI tree: (test)\nbutton "Send" key=chat.send @330,770 48x40',
      });
      const messages = format.messages(input);
      const { shown } = SAMPLE_TURNS[format.name];
      expect(allText(messages).split(shown).length - 1).toBe(2);
      expect(lastUserText(messages)).toContain('the message to Alice was not sent');
      expect(lastUserText(messages)).toContain('button "Send" key=chat.send @330,770 48x40');
      expect(images(messages)).toHaveLength(1);
      expect(images(messages)[0].index).toBe(messages.length - 1);
      expect(messages[0].role).toBe('system');
      if (format.name.startsWith('qwen')) return; // the cookbook lists earlier steps in the one user turn
      const replies = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
      expect(replies).toEqual([SAMPLE_TURNS[format.name].raw, SAMPLE_TURNS[format.name].raw]);
    });

    it('sends no image part when the observation is the tree alone', () => {
      const messages = format.messages(turnInput({ image: null, tree: 'UI tree: (test)\ntext "Alice"' }));
      expect(images(messages)).toEqual([]);
      expect(lastUserText(messages)).toContain('text "Alice"');
    });

    it('refuses an empty reply and prose without an action, saying so', () => {
      const empty = format.parse('', turnInput());
      expect(empty).toEqual({ formatError: expect.stringContaining('empty') });
      const prose = format.parse('I think the task is going well, let me look at the screen again.', turnInput());
      expect(prose).toEqual({ formatError: expect.stringMatching(/no .*found/) });
    });
  });
});

describe('findFormat', () => {
  it('finds every format by name', () => {
    expect(formatNames()).toEqual(['phonegym', 'ui-tars', 'ui-tars-1.5', 'autoglm', 'qwen2.5-vl', 'qwen3-vl']);
    for (const name of formatNames()) expect(findFormat(name).name).toBe(name);
  });

  it('refuses an unknown name with a suggestion and the list', () => {
    expect(() => findFormat('ui-tars-15')).toThrow(UsageError);
    expect(() => findFormat('ui-tars-15')).toThrow('unknown reply format "ui-tars-15" (did you mean ui-tars-1.5?). Formats: phonegym, ui-tars, ui-tars-1.5, autoglm, qwen2.5-vl, qwen3-vl');
    expect(() => findFormat('qwen25-vl')).toThrow('(did you mean qwen2.5-vl?)');
    expect(() => findFormat('gpt')).toThrow(/^unknown reply format "gpt"\. Formats:/);
  });
});

describe('treeText', () => {
  const node = (over: Partial<UiNode>): UiNode => ({ index: 0, role: 'text', text: '', bounds: { x: 0, y: 0, w: 10, h: 10 }, depth: 0, ...over });

  it('writes one line per node with text or a key: role, text, key, centre and size in 360x800 CSS pixels', () => {
    const text = treeText([
      node({ role: 'heading', text: 'Alice', bounds: { x: 20, y: 40, w: 100, h: 30 } }),
      node({ role: 'list', depth: 0 }),
      node({ role: 'button', text: '发送', key: 'chat.send', bounds: { x: 300, y: 750, w: 50, h: 40 }, depth: 1, disabled: true }),
      node({ role: 'textbox', text: 'Message', key: 'chat.input', bounds: { x: 10, y: 750, w: 280, h: 40 }, depth: 1, editable: true, value: 'hi', focused: true }),
      node({ role: 'switch', text: 'Mute', bounds: { x: 300, y: 100, w: 40, h: 24 }, depth: 2, checked: false }),
    ]);
    expect(text.split('\n')).toEqual([
      'UI tree: role "text" key=… @centre-x,centre-y width x height, in CSS pixels of the 360x800 screen (not the screenshot\'s pixels)',
      'heading "Alice" @70,55 100x30',
      '  button "发送" key=chat.send @325,770 50x40 disabled',
      '  textbox "Message" key=chat.input @150,770 280x40 value="hi" focused',
      '    switch "Mute" @320,112 40x24 unchecked',
    ]);
  });

  it('caps the lines and counts the rest', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => node({ text: `item ${i}` }));
    const lines = treeText(nodes).split('\n');
    expect(lines).toHaveLength(1 + 150 + 1);
    expect(lines[150]).toBe('text "item 149" @5,5 10x10');
    expect(lines[151]).toBe('… 50 more');
    expect(treeText(nodes, { maxLines: 3 }).split('\n').slice(1)).toEqual(['text "item 0" @5,5 10x10', 'text "item 1" @5,5 10x10', 'text "item 2" @5,5 10x10', '… 197 more']);
  });

  it('clips long text to one line', () => {
    const line = treeText([node({ text: 'a\nb ' + 'x'.repeat(200) })], { maxText: 10 }).split('\n')[1];
    expect(line).toBe('text "a b xxxxx…" @5,5 10x10');
  });
});

describe('the parsing toolkit', () => {
  it('reads quoted strings with escapes in either quote', () => {
    expect(readQuoted(`'it\\'s "ok"\\n' rest`, 0)).toEqual({ value: 'it\'s "ok"\n', end: 14 });
    expect(readQuoted('"\\u4f60\\u597d, 世界"', 0)).toEqual({ value: '你好, 世界', end: 18 });
    expect(readQuoted('"never closed', 0)).toBeNull();
  });

  it('takes reasoning out: closed, bare closing and unclosed think tags', () => {
    expect(splitReasoning('<think>plan</think>\nAction: x')).toEqual({ reasoning: 'plan', rest: 'Action: x' });
    expect(splitReasoning('plan first</think>tap(1, 2)')).toEqual({ reasoning: 'plan first', rest: 'tap(1, 2)' });
    expect(splitReasoning('tap(1, 2)<think>and then')).toEqual({ reasoning: 'and then', rest: 'tap(1, 2)' });
    expect(splitReasoning('no tags')).toEqual({ reasoning: null, rest: 'no tags' });
  });

  it('strips code fences and keeps what they hold', () => {
    expect(stripFences('```json\n{"a": 1}\n```')).toBe('{"a": 1}\n');
    expect(stripFences('```tap(1, 2)```')).toBe('tap(1, 2)');
    expect(stripFences('```python\nclick()')).toBe('click()');
  });

  it('resizes like the published smart_resize', () => {
    // Qwen2.5-VL's mobile cookbook declares "The screen's resolution is 1092x2408." for a 1080x2400 phone.
    expect(smartResize({ width: 1080, height: 2400 }, { factor: 28, minPixels: 3136, maxPixels: 12845056 })).toEqual({ width: 1092, height: 2408 });
    expect(smartResize({ width: 360, height: 800 }, { factor: 28, minPixels: 100 * 28 * 28, maxPixels: 16384 * 28 * 28 })).toEqual({ width: 364, height: 812 });
    // Too many pixels: scaled down, still multiples of 28.
    expect(smartResize({ width: 4000, height: 3000 }, { factor: 28, minPixels: 3136, maxPixels: 1003520 })).toEqual({ width: 1148, height: 840 });
  });

  it('turns a scroll into a finger stroke against the direction, kept on the screen', () => {
    const stroke = (...a: Parameters<typeof scrollStroke>) => Object.values(scrollStroke(...a)).map((v) => Math.round(v * 1000) / 1000);
    expect(stroke({ x: 0.5, y: 0.5 }, 'down')).toEqual([0.5, 0.5, 0.5, 0.2]);
    expect(stroke({ x: 0.5, y: 0.5 }, 'up')).toEqual([0.5, 0.5, 0.5, 0.8]);
    expect(stroke({ x: 0.5, y: 0.1 }, 'down')).toEqual([0.5, 0.32, 0.5, 0.02]);
    expect(stroke({ x: 0.5, y: 0.4 }, 'right')).toEqual([0.5, 0.4, 0.2, 0.4]);
    expect(stroke({ x: 0.9, y: 0.4 }, 'left')).toEqual([0.68, 0.4, 0.98, 0.4]);
  });
});
