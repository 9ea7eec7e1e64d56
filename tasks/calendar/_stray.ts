/**
 * The calendar's stray change for `phonegym verify` (docs/verify.md): a small edit no calendar task
 * asks for, made through the UI from whatever screen the oracle ended on.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import { todayKey } from '../../simulator-apps/calendar/logic.ts';
import type { CalendarEvent, CalendarState } from '../../simulator-apps/calendar/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';
import { openOccurrenceInMonth } from './_helpers.ts';

const CALENDAR: StrayApp<CalendarState> = { app: 'calendar', has: (s) => Array.isArray(s.events) };

/** Back to the calendar's month view from anywhere (menus, dialogs, pickers, other apps). */
async function toMonthView(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'calendar', "the calendar's month view", () => {
    if (overlaid(ui, ['dialog', 'alertdialog', 'menu'], (k) => k === 'calendar.picker')) return 'back';
    if (ui.route.app !== 'calendar') return 'open';
    return /^\/($|month|day|agenda)/.test(ui.route.path) ? null : 'back';
  });
  if (!ui.find('calendar.view.month')?.selected) await ui.tap('calendar.view.month');
}

/**
 * 日历 → the last single timed event in the seeded months that the task does not mention →
 * 编辑 → 提醒 → another choice → 保存. Writes `apps.calendar.events[<id>].reminder`.
 */
const changeReminder = sliceStray(CALENDAR, 'calendar.reminder', (cal, taken, state) => {
  const today = todayKey(state.os.time.timestamp, state.os.time.timezone);
  const free = (e: CalendarEvent) => e.repeat === 'none' && !e.allDay && e.startDate > today && e.origin === '' && ![e.id, e.title].some((s) => taken.has(s));
  const event = [...cal.events].reverse().find(free);
  if (!event) return null;
  const reminder = event.reminder === 30 ? 60 : 30;
  const { id, startDate: date } = event;
  return {
    path: `apps.calendar.events[${id}].reminder`,
    description: `日历 → ${date} ${event.title} → 编辑 → 提醒 ${reminder}分钟前 → 保存`,
    apply(draft) {
      draft.events.find((e) => e.id === id)!.reminder = reminder;
    },
    async run(ui) {
      await toMonthView(ui);
      await openOccurrenceInMonth(ui, id, date);
      await ui.tap('calendar.detail.edit');
      await ui.tap('calendar.edit.reminder');
      await ui.tap(`calendar.reminder.${reminder}`);
      await ui.tap('calendar.edit.save');
    },
  };
});

export const strays: StrayChange[] = [changeReminder];
