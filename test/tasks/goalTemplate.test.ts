/**
 * A goal as a template for task lists: every parameter's text replaced by ‹its name›, also when the
 * goal formats the value (a date, fen, a field of an object, one character of a name), and every
 * built-in task's list entry in the studio (`taskInfo`) reads as one: no `undefined`, `NaN`,
 * `[object Object]`, `<…>` template or bare id.
 */
import { describe, expect, it } from 'vitest';
import { goalTemplate, paramNames, placeholder, readsAsTemplate } from '../../bridge/tasks/goalTemplate.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { taskInfo } from '../../bridge/runner/studioSession.ts';

type P = Record<string, unknown>;

const dayText = (date: string) => {
  const [, m, d] = date.split('-').map(Number);
  const weekday = ['日', '一', '二', '三', '四', '五', '六'][new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${m}月${d}日（星期${weekday}）`;
};
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

function template(goal: (p: P) => string, samples: P[], choices?: Record<string, unknown[]>) {
  const names = new Set(Object.keys(samples[0] ?? {}));
  return goalTemplate(goal as (p: P) => string, { names, sample: (i) => samples[i] ?? null, samples: samples.length, choices });
}

describe('goalTemplate', () => {
  it('plain interpolation needs no sample', () => {
    let asked = 0;
    const t = goalTemplate((p) => `给“${p.contactName}”发消息：${p.text}`, { names: new Set(['contactName', 'text']), sample: () => (asked++, null), samples: 2 });
    expect(t).toBe('给“‹contactName›”发消息：‹text›');
    expect(asked).toBe(0);
  });

  it('a formatted date becomes one placeholder, the formatter\'s 日 and brackets with it', () => {
    const goal = (p: P) => `在日历中新建日程“${p.title}”：${dayText(p.date as string)} ${p.start}-${p.end}。`;
    const t = template(goal, [{ title: '签合同', date: '2026-03-16', start: '10:00', end: '11:00' }, { title: '看话剧', date: '2026-03-18', start: '14:00', end: '15:30' }]);
    expect(t).toBe('在日历中新建日程“‹title›”：‹date› ‹start›-‹end›。');
  });

  it('an amount in fen, a field of an object, a character of a name, a value used twice', () => {
    expect(template((p) => `转账${yuan(p.amount as number)}元`, [{ amount: 1250 }, { amount: 800 }])).toBe('转账‹amount›元');
    expect(template((p) => `打给${(p.contact as { name: string }).name}`, [{ contact: { name: '小林', id: 'k1' } }, { contact: { name: '阿杰', id: 'k2' } }])).toBe('打给‹contact›');
    expect(template((p) => `新来的${(p.name as string).slice(0, 1)}师傅，名字叫“${p.name}”`, [{ name: '孔师傅' }, { name: '韦师傅' }])).toBe('新来的‹name›师傅，名字叫“‹name›”');
    expect(template((p) => `从${dayText(p.date as string)}开始，每周一次，${dayText(p.date as string)}提醒`, [{ date: '2026-03-16' }, { date: '2026-04-02' }])).toBe('从‹date›开始，每周一次，‹date›提醒');
  });

  it('arithmetic on a parameter is told apart from a placeholder next to a digit', () => {
    expect(template((p) => `第${(p.n as number) + 1}个`, [{ n: 3 }, { n: 7 }])).toBe('第‹n›个');
  });

  it('an enum used as an index is told by its other values', () => {
    const POSTS = [{ title: '春天' }, { title: '夏天' }];
    expect(template((p) => `发布《${POSTS[p.post as number]!.title}》`, [{ post: 0 }, { post: 0 }], { post: [0, 1] })).toBe('发布《‹post›》');
  });

  it('a string goal is itself; a goal that cannot render is null', () => {
    expect(goalTemplate('打开设置', { names: new Set(), sample: () => null, samples: 0 })).toBe('打开设置');
    expect(template(() => { throw new Error('no'); }, [{ a: 1 }])).toBeNull();
  });

  it('knows what reads as a template', () => {
    const names = paramNames({ _what: { fields: { title: 'title' } }, date: {} });
    expect([...names].sort()).toEqual(['_what', 'date', 'title']);
    expect(readsAsTemplate('在‹date›的“‹title›”', names)).toBe(true);
    for (const bad of ['undefined月undefined日', 'NaN.NaN元', '[object Object]', '<start>-<end>', '‹nope›', '小区的‹师傅', '${p.x}']) expect(readsAsTemplate(bad, names), bad).toBe(false);
    expect(placeholder('x')).toBe('‹x›');
  });
});

describe("every built-in task's entry in the studio's task list", async () => {
  const registry = await loadRegistry();
  const infos = registry.tasks.map((t) => ({ task: t, info: taskInfo(t) }));

  it('reads as a goal with placeholders: no undefined, NaN, [object Object], <…>, stray ‹ or bare id', () => {
    expect(registry.tasks.length).toBeGreaterThan(100);
    const bad = infos.filter(({ task, info }) => {
      const g = info.goal;
      const names = paramNames(task.def.params);
      const unknown = [...g.matchAll(/‹([^‹›]+)›/g)].flatMap((m) => m[1]!.split('/')).filter((n) => !names.has(n));
      return g === task.id || g.trim() === '' || /undefined|NaN|\[object |<[A-Za-z_][\w.]*>|\$\{/.test(g) || /[‹›]/.test(g.replace(/‹[^‹›]+›/g, '')) || unknown.length > 0 || g.startsWith('e.g. ') || g.startsWith('(the goal');
    });
    expect(bad.map(({ task, info }) => `${task.id}: ${info.goal}`)).toEqual([]);
  });

  it('shows the ones that format their parameters with placeholders', () => {
    const goal = (id: string) => infos.find((x) => x.task.id === id)!.info.goal;
    expect(goal('calendar.CreateEvent')).toBe('在日历中新建日程“‹title›”：‹date› ‹start›-‹end›，地点“‹place›”。');
    expect(goal('calendar.ChangeOneOccurrence')).toMatch(/^‹date›那次“周会”改到 ‹start›-‹end›/);
    expect(goal('chat.TransferToContact')).toContain('转账‹amount›元');
    expect(goal('railway.BookAndPay')).toContain('买一张‹date›‹from›到‹to›的‹trainNo›次');
    expect(goal('wallet.MonthCategorySpend')).toContain('算一下：‹month›“‹category›”类');
    expect(goal('contacts.SaveMissedCaller')).toContain('新来的‹name›师傅');
    // These two threw on placeholder strings (the list showed their ids).
    expect(goal('calendar.CreateWeeklyEvent')).toContain('提醒设为“‹reminder›”，放在“‹calendar›”日历');
    expect(goal('notes.PublishPrivateNote')).toContain('标题“‹post›”');
  });

  it('the studio gets the id, suite, name, apps and level as they are', () => {
    const { task, info } = infos.find((x) => x.task.id === 'chat.PinChat')!;
    expect(info).toEqual({ id: 'chat.PinChat', suite: 'chat', name: 'PinChat', goal: '把和“‹contactName›”的聊天置顶。', difficulty: task.def.difficulty, objective: task.def.objective, apps: task.def.apps });
  });
});
