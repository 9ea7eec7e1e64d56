import { defineTask } from '../../bridge/tasks/api.ts';
import type { Reminder } from '../../simulator-apps/calendar/types.ts';
import { chooseReminder, dayText, editOccurrence, eventById, occurrenceParam, reminderLabel, REMINDER_CHOICES } from './_helpers.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
  date: string;
  reminder: Exclude<Reminder, null>;
}

/**
 * Trap: the reminder is two levels down (详情 → 编辑 → 提醒 → a choice → 保存); the detail page only
 * shows it. The event's title may be shared by another event on another day.
 */
export default defineTask<P>({
  goal: (p) => `把${dayText(p.date)}的“${p.title}”的提醒改为“${reminderLabel(p.reminder)}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['edit', 'trap'],
  params: {
    ...occurrenceParam(45, (o) => o.event.repeat === 'none' && !o.allDay),
    reminder: { sampler: (_state, rng) => rng.pick(REMINDER_CHOICES.filter((r) => r !== 15)) },
  },
  postSample({ state, p }) {
    const e = eventById(state, p.eventId)!;
    if (e.reminder === p.reminder) e.reminder = 15;
  },
  criteria: (p) => ({ [`apps.calendar.events[${p.eventId}].reminder`]: p.reminder }),
  async oracle(ui, p) {
    await editOccurrence(ui, p.eventId, p.date);
    await chooseReminder(ui, p.reminder);
    await ui.tap('calendar.edit.save');
  },
});
