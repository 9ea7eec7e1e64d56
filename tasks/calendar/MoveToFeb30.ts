import { defineTask } from '../../bridge/tasks/api.ts';
import { dayText, editOccurrence, occurrenceParam, todayOf } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
  date: string;
  year: number;
}

/** Infeasible: February never has a 30th; the date picker offers no such day. Nothing may change. */
export default defineTask<P>({
  goal: (p) => `把${dayText(p.date)}的“${p.title}”改到${p.year}年2月30日。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['edit', 'infeasible'],
  params: {
    ...occurrenceParam(40, (o) => o.event.repeat === 'none' && !o.allDay),
    year: { sampler: (state) => Number(todayOf(state).slice(0, 4)) + 1 },
  },
  answer: infeasibleAnswer({ id: 'date', label: '改后的日期', type: 'date' }),
  async oracle(ui, p) {
    await editOccurrence(ui, p.eventId, p.date);
    await ui.tap('calendar.edit.startDate');
    const want = `${p.year}年2月`;
    for (let i = 0; i < 24 && ui.find('calendar.picker.month')?.text !== want; i++) await ui.tap('calendar.picker.next');
    if (ui.find('calendar.picker.month')?.text !== want) throw new Error(`could not reach ${want} in the date picker`);
    if (ui.find(`calendar.picker.day.${p.year}-02-30`) || !ui.find(`calendar.picker.day.${p.year}-02-28`)) throw new Error('the picker shows a 30 February');
    const days = ui.find(`calendar.picker.day.${p.year}-02-29`) ? 29 : 28;
    await ui.tap('calendar.picker.cancel');
    await ui.tap('topbar.back');
    return { infeasible: `${p.year}年2月只有${days}天，没有2月30日，日期选择器里无法选择这一天` };
  },
});
