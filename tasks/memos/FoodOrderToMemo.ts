import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newestOrder, openOrder } from '../food/_helpers.ts';
import { addedMemoPaths, checklistOf, newMemoCriteria, openMemoList, sameSet, writeMemo } from './_helpers.ts';

/** The distinct dish names of the newest order, in its order. */
function dishNames(state: Parameters<typeof newestOrder>[0]): string[] {
  return [...new Set(newestOrder(state).items.map((i) => i.name))];
}

/**
 * Cross-app memory L3: read the dishes of my newest 饭来 order, write them as a new memo's
 * checklist (title 想学做的菜), one item a dish, none ticked.
 */
export default defineTask({
  goal: '我想在家学着做最近一次在饭来点的那几道菜。新建一条备忘录，标题“想学做的菜”，把那一单里的每道菜名列成一项待办。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'memos'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'checklist'],
  checkGoals: (input) => {
    const want = dishNames(input.init).map((n) => `${n}:open`);
    return newMemoCriteria(input, '想学做的菜', (m) => [criteria.that('one item per dish', sameSet(checklistOf(m), want), { expected: want.join('、'), actual: checklistOf(m).join('、') })]);
  },
  expectedChanges: (input) => addedMemoPaths(input),
  async oracle(ui) {
    const order = newestOrder(ui.state);
    await openOrder(ui, order.id);
    const names = dishNames(ui.state);
    for (const n of names) if (!ui.find({ textIncludes: n })) throw new Error(`the order page does not show ${n}`);
    await openMemoList(ui);
    await writeMemo(ui, '想学做的菜', names.map((text) => ({ text, check: true })));
    await ui.tap('topbar.back');
  },
});
