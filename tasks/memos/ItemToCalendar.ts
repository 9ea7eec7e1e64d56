import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addDays, addedPaths, newEventCriteria, todayOf } from '../calendar/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { checkItems, memoAction, memoTitle, namedMemos, openMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  blockId: string;
  item: string;
  days: number;
  start: string;
}

const DAY_WORDS = ['今天', '明天', '后天'] as const;

/**
 * Cross-app L3: a to-do of a memo becomes a 日历 event (its title the item's text) on a day and at a
 * time: on the item's line, ⋯ → 添加到日历 (or the calendar app by hand).
 */
export default defineTask<P>({
  goal: (p) => `把备忘录“${p.title}”里的待办“${p.item}”添加到日历：${DAY_WORDS[p.days]} ${p.start} 开始，日程标题就用“${p.item}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['memos', 'calendar'],
  startApp: 'memos',
  tags: ['cross-app', 'calendar'],
  params: {
    ...spreadParam('_item', ['memoId', 'title', 'blockId', 'item'], (state, rng) => {
      const m = pickOrNull(rng, namedMemos(state, (x) => !x.locked && checkItems(x).some((c) => !c.done)));
      if (!m) return null;
      const c = rng.pick(checkItems(m).filter((x) => !x.done));
      return { memoId: m.id, title: memoTitle(m), blockId: c.id, item: c.text };
    }),
    days: { type: 'enum', values: [1, 2] },
    start: { type: 'enum', values: ['09:00', '10:30', '14:00', '15:30', '19:00'] },
  },
  checkGoals: (input, p) => newEventCriteria(input, p.item, (e) => [criteria.equals('its start', e ? `${e.startDate} ${e.startTime}` : null, `${addDays(todayOf(input.init), p.days)} ${p.start}`)]),
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await ui.scrollTo(`memos.block.${p.blockId}`, { within: 'memos.edit.body' });
    await ui.tap(`memos.block.${p.blockId}`);
    await memoAction(ui, 'calendar');
    if (ui.find('memos.cal.title')?.value !== p.item) await ui.type('memos.cal.title', p.item, { clear: true });
    await ui.type('memos.cal.date', addDays(todayOf(ui.state), p.days), { clear: true });
    await ui.type('memos.cal.time', p.start, { clear: true });
    await ui.tap('memos.cal.save');
  },
});
