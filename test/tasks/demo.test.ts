/**
 * Recording a demonstration as an oracle: the author's captured inputs become the task API's
 * steps (keys with record ids and typed values as parameters), the file round-trips, a broken
 * file is refused with its step, the registry uses the file as the oracle, and the replay acts
 * through the oracle API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matches } from '../../bridge/agents/oracle.ts';
import type { InputCapture } from '../../bridge/protocol/demo.ts';
import { inputCaptureProblem } from '../../bridge/protocol/demo.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { DEMO_FORMAT, demoOracle, fillTemplate, formatDemoFile, parseDemoFile, parseTemplate, stepLine, type DemoFile } from '../../bridge/tasks/demo.ts';
import { DemoBuilder, hitNode, queryFor, templateKey, templateText } from '../../bridge/tasks/demoCapture.ts';
import { demoPath, writeDemoFile } from '../../bridge/tasks/demoFile.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import type { OracleQuery, OracleUi } from '../../bridge/tasks/types.ts';
import { taskRoot, tinyTask } from '../helpers/taskRoot.ts';

const P = { _chat: { id: 'c_07' }, chatId: 'c_07', contactId: 'u_07', contactName: '周婷', text: '明天下午三点见' };

let next = 0;
function n(role: string, text: string, bounds: [number, number, number, number], extra: Partial<UiNode> = {}): UiNode {
  const [x, y, w, h] = bounds;
  return { index: next++, role, text, bounds: { x, y, w, h }, depth: 0, ...extra };
}

/** The chat list: a header, the list with two rows, the tab bar and the navigation bar. */
function chatList(): UiNode[] {
  next = 0;
  return [
    n('heading', '微信', [0, 40, 360, 44]),
    n('list', '', [0, 84, 360, 600], { key: 'chat.list' }),
    n('button', '李雷 好的，没问题 昨天', [0, 84, 360, 72], { key: 'chat.item.c_02', depth: 1 }),
    n('button', '周婷 明天见 10:30', [0, 156, 360, 72], { key: 'chat.item.c_07', depth: 1 }),
    n('tab', '通讯录', [90, 700, 90, 50], { key: 'tab.contacts' }),
    n('button', '返回', [0, 752, 120, 48], { key: 'nav.back' }),
    n('button', '主屏幕', [120, 752, 120, 48], { key: 'nav.home' }),
  ];
}

/** A conversation: a title, two send-like buttons without keys, an input, the send button. */
function conversation(): UiNode[] {
  next = 0;
  return [
    n('heading', '周婷', [60, 40, 240, 44]),
    n('button', '更多', [310, 40, 50, 44], { key: 'chat.more' }),
    n('button', '', [0, 640, 40, 40]),
    n('textbox', '', [40, 640, 240, 40], { key: 'chat.input', editable: true, value: '' }),
    n('button', '发送', [290, 640, 60, 40], { key: 'chat.send' }),
    n('text', '周婷 的朋友圈', [0, 300, 360, 20]),
    n('text', '昨天 周婷', [0, 330, 360, 20]),
  ];
}

const tap = (tree: UiNode[], key: string, kind: 'tap' | 'long_press' = 'tap'): InputCapture => {
  const t = tree.find((x) => x.key === key)!;
  return { kind, point: { x: t.bounds.x + t.bounds.w / 2, y: t.bounds.y + t.bounds.h / 2 }, tree, scroller: key.startsWith('chat.item') ? 'chat.list' : undefined };
};

describe('parameters in keys and text', () => {
  it('a key segment equal to a parameter becomes the parameter, an id parameter first', () => {
    expect(templateKey('chat.item.c_07', P)).toBe('chat.item.{chatId}');
    expect(templateKey('chat.item.c_08', P)).toBe('chat.item.c_08');
    // Two parameters with the same value: the one named as an id wins in a key.
    expect(templateKey('contact.item.u_07', { name: 'u_07', contactId: 'u_07' })).toBe('contact.item.{contactId}');
    // Numbers never match a segment (list positions are not records).
    expect(templateKey('edit.phone.1', { count: 1 })).toBe('edit.phone.1');
  });

  it('typed text: the whole value, a formatted value, or values inside it', () => {
    expect(templateText('明天下午三点见', P)).toBe('{text}');
    expect(templateText('周婷你好', P)).toBe('{contactName}你好');
    expect(templateText('WLAN“Home-5G”的密码是 88886666', { ssid: 'Home-5G', password: '88886666' })).toBe('WLAN“{ssid}”的密码是 {password}');
    expect(templateText('128.50', { amount: 12850 })).toBe('{amount|yuan}');
    expect(templateText('128.5', { amount: 12850 })).toBe('{amount|yuan}');
    expect(templateText('40', { amount: 4000 })).toBe('{amount|yuan}');
    expect(templateText('40', { count: 4000 })).toBe('40');
    expect(templateText('02161234567', { number: '021-61234567' })).toBe('{number|digits}');
    expect(templateText('nothing {here}', P)).toBe('nothing {{here}}');
    // Virtual parameters (records drawn for spreading) are never referred to.
    expect(templateText('c_07', { _chat: 'c_07' })).toBe('c_07');
  });

  it('templates fill back to the values, formats included, and refuse what they cannot', () => {
    expect(fillTemplate('chat.item.{chatId}', P)).toBe('chat.item.c_07');
    expect(fillTemplate('{amount|yuan} and {number|digits} {{x}}', { amount: 4000, number: '021-61234567' })).toBe('40.00 and 02161234567 {x}');
    expect(() => fillTemplate('{chatID}', P)).toThrow(/no parameter "chatID" \(this instance has chatId, contactId, contactName, text\)/);
    expect(() => parseTemplate('{amount|euro}')).toThrow(/unknown format "euro" \(formats: yuan, digits\)/);
    expect(() => parseTemplate('a } b')).toThrow(/lone "}"/);
    expect(() => parseTemplate('{not a name}')).toThrow(/must start a parameter/);
  });
});

describe('the element under the finger', () => {
  it('is the deepest node at the point, addressed by its key when the key picks it', () => {
    const tree = chatList();
    const row = hitNode(tree, { x: 100, y: 190 })!;
    expect(row.key).toBe('chat.item.c_07');
    expect(queryFor(row, tree, P)).toEqual({ query: 'chat.item.{chatId}' });
    expect(hitNode(tree, { x: 10, y: 10 })).toBeNull();
  });

  it('without a key: role and a parameter inside the text, else the whole text; warnings when it may pick another', () => {
    const tree = conversation();
    const friends = tree.find((x) => x.text === '周婷 的朋友圈')!;
    expect(queryFor(friends, tree, P)).toEqual({ query: { role: 'text', textIncludes: '{contactName}' } });
    // The second text with the name: textIncludes would pick the first, so the whole text.
    const yesterday = tree.find((x) => x.text === '昨天 周婷')!;
    expect(queryFor(yesterday, tree, P)).toEqual({ query: { role: 'text', text: '昨天 {contactName}' } });
    const bare = tree.find((x) => x.role === 'button' && x.text === '')!;
    expect(queryFor(bare, tree, P).warning).toMatch(/neither a data-ui key nor text/);
  });

  it('a key shared by several elements adds the text', () => {
    next = 0;
    const tree = [n('menuitem', '置顶', [0, 0, 100, 40], { key: 'menu.item' }), n('menuitem', '删除', [0, 40, 100, 40], { key: 'menu.item' })];
    expect(queryFor(tree[1]!, tree, P)).toEqual({ query: { key: 'menu.item', text: '删除' } });
  });
});

describe('a recording', () => {
  it('turns a demonstration into oracle steps: keys with ids, typing folded into one step, launcher and keys', () => {
    const b = new DemoBuilder(P);
    next = 0;
    const home = [n('button', '轻聊', [20, 100, 70, 80], { key: 'app.chat' })];
    b.add(tap(home, 'app.chat'));
    const list = chatList();
    b.add({ kind: 'swipe', from: { x: 180, y: 500 }, to: { x: 180, y: 300 }, tree: list, scroller: 'chat.list', scrolled: true });
    b.add({ kind: 'swipe', from: { x: 180, y: 500 }, to: { x: 180, y: 300 }, tree: list, scroller: 'chat.list', scrolled: true });
    expect(b.views().at(-1)).toMatchObject({ line: 'scroll chat.list', dropped: true });
    b.add(tap(list, 'chat.item.c_07'));
    const conv = conversation();
    b.add(tap(conv, 'chat.input'));
    for (const value of ['明', '明天', '明天下午三点见']) b.add({ kind: 'type', field: { key: 'chat.input', role: 'textbox', label: '' }, value });
    b.add(tap(conv, 'chat.send'));
    b.add(tap(list, 'nav.back'));
    b.add({ kind: 'key', key: 'enter' });
    expect(b.views().map((v) => v.line)).toEqual([
      'open app chat',
      'scroll to chat.item.{chatId} in chat.list',
      'tap chat.item.{chatId}',
      'type "{text}" into chat.input',
      'tap chat.send',
      'back',
      'press enter',
    ]);
    expect(b.steps()).toEqual([
      { openApp: 'chat' },
      { scrollTo: 'chat.item.{chatId}', within: 'chat.list' },
      { tap: 'chat.item.{chatId}', within: 'chat.list' },
      { type: '{text}', into: 'chat.input' },
      { tap: 'chat.send' },
      { key: 'back' },
      { key: 'enter' },
    ]);
    b.undo();
    b.undo();
    expect(b.steps().at(-1)).toEqual({ tap: 'chat.send' });
    b.clear();
    expect(b.steps()).toEqual([]);
  });

  it('a long press, a swipe that moved no list and a tap on nothing', () => {
    const b = new DemoBuilder(P);
    const list = chatList();
    b.add(tap(list, 'chat.item.c_07', 'long_press'));
    expect(b.views().map((v) => v.line)).toEqual(['long press chat.item.{chatId}']);
    b.add({ kind: 'swipe', from: { x: 300, y: 400 }, to: { x: 40, y: 400 }, tree: list, scrolled: false });
    expect(b.note).toMatch(/moved no list/);
    b.add({ kind: 'tap', point: { x: 5, y: 5 }, tree: list });
    expect(b.note).toMatch(/hit no element/);
    // A trailing swipe is shown but not saved.
    b.add({ kind: 'swipe', from: { x: 180, y: 500 }, to: { x: 180, y: 300 }, tree: list, scroller: 'chat.list', scrolled: true });
    expect(b.views()).toHaveLength(2);
    expect(b.steps()).toHaveLength(1);
  });

  it('typing into a field that got focus without a tap, and a field without a key', () => {
    const b = new DemoBuilder({ name: '张伟' });
    b.add({ kind: 'type', field: { role: 'searchbox', label: '搜索' }, value: '张' });
    b.add({ kind: 'type', field: { role: 'searchbox', label: '搜索' }, value: '张伟' });
    expect(b.steps()).toEqual([{ type: '{name}', into: { role: 'searchbox', text: '搜索' } }]);
    expect(stepLine(b.steps()[0]!)).toBe('type "{name}" into searchbox "搜索"');
  });

  it('the phone\'s captures are checked before they are used', () => {
    expect(inputCaptureProblem({ kind: 'tap', point: { x: 1, y: 2 }, tree: [] })).toBeNull();
    expect(inputCaptureProblem({ kind: 'tap', point: { x: 1 }, tree: [] })).toMatch(/point/);
    expect(inputCaptureProblem({ kind: 'tap', point: { x: 1, y: 2 }, tree: [{ index: 0 }] })).toMatch(/tree\[0\]/);
    expect(inputCaptureProblem({ kind: 'type', field: { role: 'textbox', label: '' }, value: 3 })).toMatch(/value/);
    expect(inputCaptureProblem({ kind: 'key', key: 'delete' })).toMatch(/enter/);
    expect(inputCaptureProblem({ kind: 'teleport' })).toMatch(/unknown kind/);
  });
});

const DEMO: DemoFile = {
  format: DEMO_FORMAT,
  task: 'chat.SendMessage',
  replacesOracle: true,
  recorded: { seed: 5, params: { chatId: 'c_07', text: '明天下午三点见' } },
  steps: [
    { tap: 'chat.item.{chatId}', within: 'chat.list' },
    { type: '{text}', into: 'chat.input' },
    { tap: { role: 'button', text: '发送' } },
    { key: 'back' },
  ],
};
const WHERE = { file: 'chat/SendMessage.demo.json', taskId: 'chat.SendMessage', params: ['chatId', 'contactId', 'contactName', 'text'] };

describe('the demonstration file', () => {
  it('round-trips, one step per line', () => {
    const text = formatDemoFile(DEMO);
    expect(parseDemoFile(text, WHERE)).toEqual(DEMO);
    expect(text).toContain('\n    { "tap": "chat.item.{chatId}", "within": "chat.list" },\n');
    expect(text).toContain('\n    { "type": "{text}", "into": "chat.input" },\n');
    expect(text.split('\n').filter((l) => l.startsWith('    {'))).toHaveLength(4);
  });

  it('is refused with the file and the step when it is wrong', () => {
    const bad = (change: (d: Record<string, unknown>) => void) => {
      const d = JSON.parse(JSON.stringify(DEMO)) as Record<string, unknown>;
      change(d);
      return () => parseDemoFile(JSON.stringify(d), WHERE);
    };
    expect(() => parseDemoFile('{"format":', WHERE)).toThrow(/chat\/SendMessage\.demo\.json: not valid JSON/);
    expect(bad((d) => (d.format = 'v0'))).toThrow(/"format" must be "phonegym\.demo\/1"/);
    expect(bad((d) => (d.task = 'chat.PinChat'))).toThrow(/belongs to chat\.SendMessage/);
    expect(bad((d) => ((d.steps as unknown[])[1] = { type: '{txet}', into: 'chat.input' }))).toThrow(/step 2: \{txet\} is not a parameter of chat\.SendMessage \(its parameters: chatId, contactId, contactName, text\)/);
    expect(bad((d) => ((d.steps as unknown[])[0] = { tap: 'a', longPress: 'b' }))).toThrow(/step 1: one action per step/);
    expect(bad((d) => ((d.steps as unknown[])[0] = { swipe: 'up' }))).toThrow(/step 1: no action: name one of tap, longPress, type, scrollTo, key, openApp/);
    expect(bad((d) => ((d.steps as unknown[])[0] = { tap: { label: 'x' } }))).toThrow(/step 1: tap: unknown query field "label"/);
    expect(bad((d) => ((d.steps as unknown[])[3] = { key: 'recent' }))).toThrow(/step 4: key must be "back", "home" or "enter"/);
    expect(bad((d) => (d.extra = 1))).toThrow(/unknown field "extra"/);
  });
});

/** An OracleUi over a script of screens: each action moves to the next screen. */
function fakeUi(screens: UiNode[][]) {
  const calls: string[] = [];
  let i = 0;
  const move = () => (i = Math.min(i + 1, screens.length - 1));
  const ui: OracleUi = {
    get state() {
      return { os: { time: { timestamp: 0, timezone: 'Asia/Shanghai' } }, apps: {} };
    },
    get route() {
      return { app: 'chat', path: `/screen${i}` };
    },
    get tree() {
      return screens[i]!;
    },
    find: (q) => screens[i]!.find((x) => matches(x, q)),
    findAll: (q) => screens[i]!.filter((x) => matches(x, q)),
    tap: async (q) => void (calls.push(`tap ${JSON.stringify(q)}`), move()),
    longPress: async (q) => void (calls.push(`longPress ${JSON.stringify(q)}`), move()),
    type: async (q, text, opts) => void (calls.push(`type ${JSON.stringify(q)} ${text}${opts?.clear ? ' (clear)' : ''}`), move()),
    pressEnter: async () => void calls.push('enter'),
    back: async () => void (calls.push('back'), move()),
    home: async () => void calls.push('home'),
    openApp: async (app) => void calls.push(`open ${app}`),
    scrollTo: async (q: OracleQuery | string, opts?: { within?: OracleQuery | string }) => {
      const found = screens[i]!.find((x) => matches(x, q));
      if (found) return found;
      calls.push(`scroll ${JSON.stringify(q)} within ${JSON.stringify(opts?.within ?? null)}`);
      move();
      const now = screens[i]!.find((x) => matches(x, q));
      if (!now) throw new Error('could not scroll it into view');
      return now;
    },
  };
  return { ui, calls };
}

describe('the replay', () => {
  it('acts through the oracle API with this instance\'s values, scrolling to what is not on screen', async () => {
    const p = { chatId: 'c_09', text: '好的' };
    next = 0;
    const rows = [n('list', '', [0, 84, 360, 600], { key: 'chat.list' }), n('button', '王芳', [0, 84, 360, 72], { key: 'chat.item.c_01', depth: 1 })];
    const scrolled = [rows[0]!, n('button', '赵六', [0, 84, 360, 72], { key: 'chat.item.c_09', depth: 1 })];
    const conv = conversation();
    const { ui, calls } = fakeUi([rows, scrolled, conv, conv, conv, conv]);
    await demoOracle(DEMO, 'chat/SendMessage.demo.json')(ui, p);
    expect(calls).toEqual([
      'scroll {"key":"chat.item.c_09"} within {"key":"chat.list"}',
      'tap {"key":"chat.item.c_09"}',
      'type {"key":"chat.input"} 好的 (clear)',
      'tap {"role":"button","text":"发送"}',
      'back',
    ]);
  });

  it('a step that finds nothing says which step, what it looked for and what was on screen', async () => {
    const { ui } = fakeUi([conversation()]);
    const run = demoOracle({ ...DEMO, steps: [{ tap: 'chat.more' }, { tap: 'chat.settings.pin' }] }, 'chat/PinChat.demo.json')(ui, {});
    await expect(run).rejects.toThrow(/chat\/PinChat\.demo\.json step 2 \(tap chat\.settings\.pin\): nothing on screen matches \{"key":"chat\.settings\.pin"\}, and scrolling did not bring it into view \(route chat\/screen0; keys on screen: chat\.more, chat\.input, chat\.send\)/);
  });
});

describe('the registry', () => {
  const task = (oracle: boolean) => tinyTask({ name: 'who', values: ['a', 'b'] }, { oracle });
  const demo = (extra: Partial<DemoFile> = {}) => formatDemoFile({ format: DEMO_FORMAT, task: 'demo.Open', steps: [{ openApp: 'chat' }, { tap: 'x.{who}' }], ...extra });

  it('uses a saved demonstration as the oracle of a task that has none', async () => {
    const root = taskRoot({ 'demo/Open.ts': task(false), 'demo/Open.demo.json': demo() });
    const reg = await loadRegistry({ root });
    expect(reg.errors).toEqual([]);
    const t = reg.tasks.find((x) => x.id === 'demo.Open')!;
    expect(t.demo).toEqual({ file: 'demo/Open.demo.json', replaces: false });
    next = 0;
    const { ui, calls } = fakeUi([[n('button', 'b', [0, 0, 50, 50], { key: 'x.b' })]]);
    await t.def.oracle(ui, { who: 'b' });
    expect(calls).toEqual(['open chat', 'tap {"key":"x.b"}']);
  });

  it('a task with its own oracle keeps it unless the file says it replaces it', async () => {
    const refused = await loadRegistry({ root: taskRoot({ 'demo/Open.ts': task(true), 'demo/Open.demo.json': demo() }) });
    expect(refused.tasks).toEqual([]);
    expect(refused.errors[0]!.message).toMatch(/demo\.Open has its own oracle\(ui, p\): add "replacesOracle": true to use this recording instead, or delete the file/);
    const replaced = await loadRegistry({ root: taskRoot({ 'demo/Open.ts': task(true), 'demo/Open.demo.json': demo({ replacesOracle: true }) }) });
    expect(replaced.tasks[0]!.demo).toEqual({ file: 'demo/Open.demo.json', replaces: true });
    const plain = await loadRegistry({ root: taskRoot({ 'demo/Open.ts': task(true) }) });
    expect(plain.tasks[0]!.demo).toBeUndefined();
  });

  it('a broken file is a load error naming it, and its task does not load', async () => {
    const reg = await loadRegistry({ root: taskRoot({ 'demo/Open.ts': task(false), 'demo/Open.demo.json': demo({ steps: [{ tap: 'x.{whom}' }] }) }) });
    expect(reg.tasks).toEqual([]);
    expect(reg.errors[0]!.message).toMatch(/Open\.demo\.json: step 1: \{whom\} is not a parameter of demo\.Open \(its parameters: who\)/);
  });

  it('writes only inside the task root, at the place the registry reads', () => {
    const root = taskRoot({ 'demo/Open.ts': task(false) });
    expect(writeDemoFile(root, 'demo', 'Open', { format: DEMO_FORMAT, task: 'demo.Open', steps: [{ key: 'home' }] })).toBe('demo/Open.demo.json');
    expect(readFileSync(join(root, 'demo/Open.demo.json'), 'utf8')).toContain('{ "key": "home" }');
    expect(() => demoPath(root, '..', 'Open')).toThrow(/not a suite and task name/);
    expect(() => demoPath(root, 'demo', '../../etc/Open')).toThrow(/not a suite and task name/);
  });
});
