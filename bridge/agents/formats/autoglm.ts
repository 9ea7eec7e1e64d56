/**
 * The Open-AutoGLM / AutoGLM-Phone grammar (Zhipu, zai-org/Open-AutoGLM): `<think>…</think>` then
 * `<answer>do(action="Tap", element=[x,y])</answer>` or `<answer>finish(message="…")</answer>`,
 * coordinates relative 0-999 on both axes (the prompt's "(0,0) to (999,999)"; the published
 * handler divides by 1000, and so do we). The system prompt follows the published Chinese prompt's
 * structure (format, operations, rules) in our own words. See docs/agent-formats.md.
 */
import type { Action } from '../../protocol/actions.ts';
import type { ChatMessage } from '../chatClient.ts';
import { matchApp, pairToFraction, secondsToMs, stroke, type PointSpace } from './actionKit.ts';
import { feedbackText, replayHistory, userTurn } from './conversation.ts';
import { greedyQuoted, scanSites, show, splitReasoning, stripFences, type CallSite, type Literal } from './text.ts';
import type { ParsedTurn, ReplyFormat, TurnInput } from './types.ts';

/** 0-999 as published; 1000 is let through as the far edge rather than refused. */
const AUTOGLM_SPACE: PointSpace = { width: 1000, height: 1000, label: 'AutoGLM relative range' };

const MAX_WAIT_SECONDS = 60;

const ACTIONS = 'Launch, Tap, Type, Type_Name, Swipe, Long Press, Double Tap, Back, Home, Wait, Take_over, Interact, Note, Call_API, and finish(message=...)';

export function autoglmPrompt(input: TurnInput): string {
  const apps = input.apps.length ? input.apps.join('、') : '（无）';
  return `你是一个手机操作智能体，能够根据任务、已执行的操作和当前屏幕截图，一步一步地操作手机来完成任务。
每一步都必须严格按照以下格式输出：
<think>{think}</think>
<answer>{action}</answer>

其中：
- {think} 简要说明你为什么选择这一步操作。
- {action} 是本步要执行的一条操作指令，必须严格符合下面规定的格式。

操作指令及其作用如下：
- do(action="Launch", app="xxx")
    直接启动目标应用，比在桌面上寻找图标更快。这部手机上的应用有：${apps}。操作完成后你会自动收到新的屏幕截图。
- do(action="Tap", element=[x,y])
    点击屏幕上的一个点，用于点击按钮、选择条目、在桌面打开应用或与任何可点击的元素交互。坐标系以屏幕左上角为 (0,0)，右下角为 (999,999)。操作完成后你会自动收到新的屏幕截图。
- do(action="Tap", element=[x,y], message="重要操作")
    与 Tap 相同，点击涉及财产、支付、隐私等敏感按钮时使用。
- do(action="Type", text="xxx")
    在当前获得焦点的输入框中输入文字。使用前先点击输入框使其获得焦点。输入前会自动清空输入框里已有的内容（包括占位文字），不需要手动删除。
- do(action="Type_Name", text="xxx")
    输入人名，作用与 Type 相同。
- do(action="Swipe", start=[x1,y1], end=[x2,y2])
    手指从起点滑到终点，用于滚动内容、切换页面等。坐标系同上，从 (0,0) 到 (999,999)。想看下方的内容时，手指向上滑（end 的 y 小于 start 的 y）。
- do(action="Long Press", element=[x,y])
    在屏幕上的一个点长按，用于呼出菜单、选择文字等。坐标系同上。
- do(action="Double Tap", element=[x,y])
    在屏幕上的一个点快速连点两次。坐标系同上。
- do(action="Back")
    返回上一页或关闭当前弹窗，相当于安卓的返回键。
- do(action="Home")
    回到系统桌面，相当于安卓的主页键。
- do(action="Wait", duration="x seconds")
    等待页面加载，x 是等待的秒数。
- do(action="Take_over", message="xxx")
    需要用户协助（例如登录、验证）时使用，message 说明需要用户做什么。
- do(action="Interact")
    有多个符合要求的选项、需要用户决定时使用，询问用户如何选择。
- finish(message="xxx")
    结束任务，表示任务已经准确、完整地完成，message 是结束信息。如果任务是在问一个问题，把答案写在 message 里。

必须遵守的规则：
1. 操作之前，先确认当前应用是不是目标应用；如果不是，先执行 Launch。
2. 如果进入了无关的页面，先执行 Back；如果 Back 之后页面没有变化，点击页面左上角的返回按钮或右上角的关闭按钮。
3. 页面内容没有加载出来时，最多连续执行三次 Wait，否则执行 Back 后重新进入。
4. 在当前页面找不到目标联系人、消息或条目时，用 Swipe 滚动查找。
5. 执行下一步之前，先检查上一步操作是否生效；如果点击没有生效，稍等后重试，仍然无效就调整点击位置。
6. 严格按照用户的意图执行任务，不要做任务没有要求的操作。
7. 结束任务之前，仔细检查任务是否已经准确、完整地完成；如有错选、漏选或多选，返回修正。`;
}

function extras(input: TurnInput): string {
  const parts: string[] = [];
  const fb = feedbackText(input.feedback, '任务已检查，尚未完成：');
  if (fb) parts.push(fb);
  if (input.tree) parts.push(input.tree);
  return parts.length ? '\n\n' + parts.join('\n\n') : '';
}

/** The published agent's later turns carry only "** Screen Info **" with the new screenshot. */
const SCREEN_INFO = '** Screen Info **';

function normalizeAction(v: unknown): string {
  return typeof v === 'string' ? v.toLowerCase().replace(/[\s_-]+/g, '') : '';
}

function toAction(call: CallSite, input: TurnInput, thought: string | null): Action | string {
  const kw = call.kwargs;
  if (call.name === 'finish') {
    const message = typeof kw.message === 'string' ? kw.message : typeof call.args[0] === 'string' ? call.args[0] : '';
    return message.trim() ? { type: 'answer', text: message } : { type: 'complete' };
  }
  const name = kw.action ?? call.args[0];
  switch (normalizeAction(name)) {
    case 'tap':
    case 'doubletap':
    case 'longpress': {
      const p = pairToFraction(kw.element, AUTOGLM_SPACE, 'element');
      if (typeof p === 'string') return p;
      const kind = normalizeAction(name);
      return { type: kind === 'tap' ? 'tap' : kind === 'doubletap' ? 'double_tap' : 'long_press', ...p };
    }
    case 'type':
    case 'typename': {
      if (typeof kw.text !== 'string') return kw.text === undefined ? 'text is missing' : `text=${show(kw.text)} is not a string`;
      // The published handler clears the field before typing, and the prompt promises it.
      return { type: 'type', text: kw.text, clear: true };
    }
    case 'swipe':
      return stroke('swipe', pairToFraction(kw.start, AUTOGLM_SPACE, 'start'), pairToFraction(kw.end, AUTOGLM_SPACE, 'end'));
    case 'back':
      return { type: 'key', key: 'back' };
    case 'home':
      return { type: 'key', key: 'home' };
    case 'launch': {
      const app = kw.app;
      return typeof app === 'string' && app.trim() ? { type: 'open_app', app: matchApp(app, input.apps) } : 'app is missing';
    }
    case 'wait': {
      const ms = secondsToMs(kw.duration ?? '1 seconds', 'duration', MAX_WAIT_SECONDS);
      return typeof ms === 'string' ? ms : { type: 'wait', ms };
    }
    case 'takeover': {
      const message = typeof kw.message === 'string' && kw.message.trim() ? kw.message : "The agent needs the user's help (Take_over).";
      return { type: 'info', question: message };
    }
    case 'interact': {
      const message = typeof kw.message === 'string' && kw.message.trim() ? kw.message : (thought ?? 'Several options match: which one should I choose?');
      return { type: 'info', question: message };
    }
    case 'note':
    case 'callapi':
      // Bookkeeping for the published agent's summaries: nothing happens on the phone.
      return { type: 'wait', ms: 0 };
    default:
      return name === undefined ? 'action is missing' : `unknown action ${show(name)}; AutoGLM actions are: ${ACTIONS}`;
  }
}

/**
 * A text the model did not escape (`do(action="Type", text="say "hi"")`), read as the published
 * parser reads it: from the opening quote to the last quote that closes the call.
 */
function recoverTextCall(region: string, call: CallSite): CallSite | null {
  const own = region.slice(call.start);
  const key = call.name === 'finish' ? /^finish\(\s*(?:message\s*=\s*)?/.exec(own) : /text\s*=\s*/.exec(own);
  if (!key) return null;
  if (call.name === 'do' && !/^do\(\s*action\s*=\s*["']Type(?:_Name)?["']/i.test(own)) return null;
  const value = greedyQuoted(own, key.index + key[0].length);
  if (value === null) return null;
  const kwargs: Record<string, Literal> = call.name === 'finish' ? { message: value } : { action: 'Type', text: value };
  return { ...call, args: [], kwargs, error: undefined };
}

export function parseAutoglmReply(text: string, input: TurnInput): ParsedTurn {
  const { reasoning, rest } = splitReasoning(text);
  const answer = /<answer>([\s\S]*?)(?:<\/answer>|$)/i.exec(rest);
  const region = stripFences(answer ? answer[1] : rest);
  const sites = scanSites(region, { acceptCall: (n) => n === 'do' || n === 'finish' }) as CallSite[];
  // One line of code per reply; if there are more, the first is the one the model meant next.
  let call: CallSite | null = sites[0] ?? null;
  if (!call) {
    if (!text.trim()) return { formatError: 'the reply is empty: answer with <think>…</think><answer>do(action="Tap", element=[x,y])</answer>' };
    return { formatError: `no do(…) or finish(…) found${answer ? ' in <answer>' : ''}: the action must be one line such as do(action="Tap", element=[500,500]) or finish(message="…")` };
  }
  if (call.error) {
    const recovered = recoverTextCall(region, call);
    if (!recovered) return { formatError: `could not read ${call.name}(…): ${call.error}` };
    call = recovered;
  }
  const before = (answer ? rest.slice(0, answer.index) : region.slice(0, call.start)).trim();
  const thought = reasoning ?? (before || null);
  const action = toAction(call, input, thought);
  if (typeof action === 'string') return { formatError: `${call.name}(…): ${action}` };
  return thought ? { action, thought } : { action };
}

export const autoglmFormat: ReplyFormat = {
  name: 'autoglm',
  description: 'Open-AutoGLM / AutoGLM-Phone-9B: <think>…</think><answer>do(action=…)</answer>, Chinese system prompt, coordinates 0-999 relative',
  reference: 'https://github.com/zai-org/Open-AutoGLM (phone_agent/config/prompts_zh.py, phone_agent/actions/handler.py, phone_agent/agent.py)',
  messages(input: TurnInput): ChatMessage[] {
    const first = input.history.length === 0;
    return [
      { role: 'system', content: autoglmPrompt(input) },
      ...replayHistory(input.history, (i) => (i === 0 ? input.goal : SCREEN_INFO)),
      userTurn((first ? input.goal : SCREEN_INFO) + extras(input), input.image, true),
    ];
  },
  parse: parseAutoglmReply,
};
