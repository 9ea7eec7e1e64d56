import { defineTask } from '../../bridge/tasks/api.ts';
import { fullDateLabel, nextOccurrence } from '../../simulator-apps/calendar/logic.ts';
import { calOf, searchAndOpen, todayOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
}

/** A yearly all-day event: the answer is its next date (this year's, or next year's if it has passed). */
export default defineTask<P>({
  goal: (p) => `日历里下一次“${p.title}”是哪一天？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  params: {
    ...spreadParam('_event', ['eventId', 'title'], (state, rng) => {
      const today = todayOf(state);
      const list = calOf(state).events.filter((e) => e.repeat === 'yearly' && e.title.endsWith('生日') && nextOccurrence(calOf(state), e.id, today)?.date !== today);
      if (!list.length) return null;
      const e = rng.pick(list);
      return { eventId: e.id, title: e.title };
    }),
  },
  answer: {
    fields: [{ id: 'date', label: '日期', hint: '如：2026-05-20', type: 'date' }],
    expected: (p, input) => ({ date: nextOccurrence(calOf(input.init), p.eventId, todayOf(input.init))!.date }),
  },
  async oracle(ui, p) {
    const date = nextOccurrence(calOf(ui.state), p.eventId, todayOf(ui.state))!.date;
    await searchAndOpen(ui, p.title, p.eventId);
    const shown = ui.find('calendar.detail.time')?.text ?? '';
    if (!shown.includes(fullDateLabel(date))) throw new Error(`the detail page shows "${shown}", expected ${fullDateLabel(date)}`);
    return date;
  },
});
