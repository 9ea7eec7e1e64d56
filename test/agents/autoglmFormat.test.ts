import { describe, expect, it } from 'vitest';
import { autoglmFormat, autoglmPrompt } from '../../bridge/agents/formats/autoglm.ts';
import type { TurnInput } from '../../bridge/agents/formats/types.ts';
import { turnInput } from './turnInput.ts';

const parse = (text: string, over: Partial<TurnInput> = {}) => autoglmFormat.parse(text, turnInput(over));
const answer = (code: string) => `<think>下一步</think>\n<answer>${code}</answer>`;

describe('autoglm replies (coordinates 0-999)', () => {
  // zai-org/Open-AutoGLM phone_agent/config/prompts_zh.py and prompts_en.py: the operations as
  // published, with their example arguments; phone_agent/actions/handler.py for what they do.
  it.each([
    ['do(action="Launch", app="chat")', { type: 'open_app', app: 'chat' }],
    ['do(action="Tap", element=[500,250])', { type: 'tap', x: 0.5, y: 0.25 }],
    ['do(action="Tap", element=[500,250], message="重要操作")', { type: 'tap', x: 0.5, y: 0.25 }],
    ['do(action="Type", text="Hello World")', { type: 'type', text: 'Hello World', clear: true }],
    ['do(action="Type_Name", text="张三")', { type: 'type', text: '张三', clear: true }],
    ['do(action="Swipe", start=[500,800], end=[500,200])', { type: 'swipe', x1: 0.5, y1: 0.8, x2: 0.5, y2: 0.2 }],
    ['do(action="Long Press", element=[100,900])', { type: 'long_press', x: 0.1, y: 0.9 }],
    ['do(action="Double Tap", element=[100,900])', { type: 'double_tap', x: 0.1, y: 0.9 }],
    ['do(action="Back")', { type: 'key', key: 'back' }],
    ['do(action="Home")', { type: 'key', key: 'home' }],
    ['do(action="Wait", duration="2 seconds")', { type: 'wait', ms: 2000 }],
    ['do(action="Wait")', { type: 'wait', ms: 1000 }],
    ['do(action="Take_over", message="请完成登录验证")', { type: 'info', question: '请完成登录验证' }],
    ['do(action="Note", message="True")', { type: 'wait', ms: 0 }],
    ['finish(message="Task completed.")', { type: 'answer', text: 'Task completed.' }],
    ['finish(message="")', { type: 'complete' }],
    ['do(action="Tap", element=[999,999])', { type: 'tap', x: 0.999, y: 0.999 }],
  ])('%s', (code, action) => {
    expect(parse(answer(code))).toEqual({ action, thought: '下一步' });
  });

  it('reads the call without <answer> tags, as the published client does', () => {
    expect(parse('先返回上一页。do(action="Back")')).toEqual({ action: { type: 'key', key: 'back' }, thought: '先返回上一页。' });
  });

  it('reads a text the model did not escape, to the last quote', () => {
    expect(parse(answer('do(action="Type", text="他说"你好"")'))).toEqual({ action: { type: 'type', text: '他说"你好"', clear: true }, thought: '下一步' });
    expect(parse(answer('finish(message="已发送 "hi" 给 Alice")'))).toEqual({ action: { type: 'answer', text: '已发送 "hi" 给 Alice' }, thought: '下一步' });
  });

  it('asks the user on Interact, with the thought as the question when there is no message', () => {
    expect(parse('<think>有两个叫 Alice 的联系人，该选哪一个？</think><answer>do(action="Interact")</answer>')).toEqual({
      action: { type: 'info', question: '有两个叫 Alice 的联系人，该选哪一个？' },
      thought: '有两个叫 Alice 的联系人，该选哪一个？',
    });
  });

  it.each([
    [answer('do(action="Tap", element=[1200,5])'), 'do(…): element[0]=1200 is outside the AutoGLM relative range (0-1000)'],
    [answer('do(action="Tap")'), 'do(…): element is missing'],
    [answer('do(action="Tap", element=[5])'), 'do(…): element must be [x, y], got [5]'],
    [answer('do(action="Scroll", direction="down")'), 'do(…): unknown action "Scroll"; AutoGLM actions are: Launch, Tap, Type'],
    [answer('do(action="Swipe", start=[500,800])'), 'do(…): end is missing'],
    [answer('do(action="Wait", duration="a while")'), 'do(…): duration="a while" is not a number of seconds'],
    [answer('do(action="Launch")'), 'do(…): app is missing'],
    ['<think>看看屏幕</think><answer>点击发送按钮</answer>', 'no do(…) or finish(…) found in <answer>'],
  ])('%j is refused', (reply, message) => {
    expect(parse(reply)).toEqual({ formatError: expect.stringContaining(message) });
  });
});

describe('autoglm messages', () => {
  it('is a Chinese system prompt in the published structure, listing the apps', () => {
    const prompt = autoglmPrompt(turnInput());
    expect(prompt).toContain('<think>{think}</think>\n<answer>{action}</answer>');
    expect(prompt).toContain('do(action="Tap", element=[x,y])');
    expect(prompt).toContain('do(action="Swipe", start=[x1,y1], end=[x2,y2])');
    expect(prompt).toContain('finish(message="xxx")');
    expect(prompt).toContain('(999,999)');
    expect(prompt).toContain('chat、answers');
  });

  it('sends the task first, then "** Screen Info **" turns, the screenshot only on the last', () => {
    const turn = { raw: '<think>打开</think><answer>do(action="Launch", app="chat")</answer>', action: { type: 'open_app' as const, app: 'chat' } };
    const messages = autoglmFormat.messages(turnInput({ history: [turn, turn], feedback: ['消息没有发出'] }));
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[1].content).toBe('Send "hi" to Alice in chat');
    expect(messages[3].content).toBe('** Screen Info **');
    const last = messages[5].content;
    expect(Array.isArray(last) ? last.map((p) => p.type) : []).toEqual(['image_url', 'text']);
    expect(Array.isArray(last) && last[1].type === 'text' ? last[1].text : '').toBe('** Screen Info **\n\n任务已检查，尚未完成： 消息没有发出');
  });
});
