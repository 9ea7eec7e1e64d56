import { defineTask } from '../../bridge/tasks/api.ts';
import { addDays, calOf, dayText, occurrencesOn, selectDay, todayOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  date: string;
}

/** Repeating events count on the day too (周会, 健身, 还信用卡, birthdays…). */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}日历里一共有几个日程？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  params: {
    date: {
      sampler: (state, rng) => {
        const today = todayOf(state);
        const days = Array.from({ length: 40 }, (_, i) => addDays(today, i + 1)).filter((d) => {
          const occ = occurrencesOn(calOf(state), d);
          return occ.length >= 2 && occ.some((o) => o.event.repeat !== 'none');
        });
        return days.length ? rng.pick(days) : null;
      },
    },
  },
  answer: {
    fields: [{ id: 'count', label: '日程数量', type: 'number' }],
    expected: (p, input) => ({ count: { number: occurrencesOn(calOf(input.init), p.date).length } }),
  },
  async oracle(ui, p) {
    await selectDay(ui, p.date);
    const text = ui.find('calendar.selected.count')?.text ?? '';
    const n = occurrencesOn(calOf(ui.state), p.date).length;
    if (text !== `${n}个日程`) throw new Error(`the month view says "${text}", expected ${n}个日程`);
    return String(n);
  },
});
