/**
 * Stray changes for the calendar app (`apps.calendar`): small edits no calendar task asks for,
 * made through the UI from whatever screen the oracle ended on. The lead wires them into
 * `STRAY_CHANGES` (../strayChanges.ts).
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import { monthLabel, monthOf, todayKey } from '../../../simulator-apps/calendar/logic.ts';
import type { CalendarEvent, CalendarState } from '../../../simulator-apps/calendar/types.ts';

function calendarOf(state: PhoneState): CalendarState | null {
  const s = state.apps?.calendar as unknown as CalendarState | undefined;
  return s && typeof s === 'object' && Array.isArray(s.events) ? s : null;
}

function mentioned(params: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(params);
  return out;
}

const monthNumber = (label: string): number => {
  const m = label.match(/(\d+)年(\d+)月/);
  return m ? Number(m[1]) * 12 + Number(m[2]) : 0;
};

/** Back to the calendar's month view from anywhere (menus, dialogs, pickers, other apps). */
async function toMonthView(ui: OracleUi): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || n.role === 'alertdialog' || n.role === 'menu' || n.key === 'calendar.picker');
    if (overlay) await ui.back();
    else if (ui.route.app !== 'calendar') await ui.openApp('calendar');
    else if (!/^\/($|month|day|agenda)/.test(ui.route.path)) await ui.back();
    else {
      if (!ui.find('calendar.view.month')?.selected) await ui.tap('calendar.view.month');
      return;
    }
  }
  throw new Error(`stray change: could not get back to the calendar's month view (route ${ui.route.app}${ui.route.path})`);
}

/**
 * 日历 → the last single timed event in the seeded months that the task does not mention →
 * 编辑 → 提醒 → another choice → 保存. Writes `apps.calendar.events[<id>].reminder`.
 */
export const calendarReminder: StrayChange = {
  id: 'calendar.reminder',
  app: 'calendar',
  plan(state, params) {
    const cal = calendarOf(state);
    if (!cal) return null;
    const taken = mentioned(params);
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
        calendarOf(draft)!.events.find((e) => e.id === id)!.reminder = reminder;
      },
      async run(ui) {
        await toMonthView(ui);
        const want = monthLabel(monthOf(date));
        for (let i = 0; i < 24 && ui.find('calendar.month.title')?.text !== want; i++) {
          await ui.tap(monthNumber(ui.find('calendar.month.title')?.text ?? '') < monthNumber(want) ? 'calendar.month.next' : 'calendar.month.prev');
        }
        await ui.tap(`calendar.day.${date}`);
        await ui.scrollTo(`calendar.event.${id}`, { within: 'calendar.day.list' });
        await ui.tap(`calendar.event.${id}`);
        await ui.tap('calendar.detail.edit');
        await ui.tap('calendar.edit.reminder');
        await ui.tap(`calendar.reminder.${reminder}`);
        await ui.tap('calendar.edit.save');
      },
    };
  },
};

export const calendarStray: StrayChange[] = [calendarReminder];
