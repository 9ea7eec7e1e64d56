/**
 * Shared pieces of the clock suite: typed access to the clock slice, parameter builders that draw
 * alarms and cities a goal can name without ambiguity, the checks of a new alarm, and oracle moves
 * on `data-ui` keys (the tabs, the alarm form, a ringing alert). Files starting with `_` are not tasks.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { pad2 } from '../../simulator-apps/shared/dates.ts';
import { formatClock, wallClock } from '../../simulator-apps/shared/time.ts';
import { RINGTONES, WORLD_CITIES, type WorldCity } from '../../simulator-apps/clock/data.ts';
import { alarmTitle, cityById, minuteOfDay, nextAlarm, repeatText, WORKDAYS, WEEKEND, type AlarmDraft } from '../../simulator-apps/clock/logic.ts';
import type { Alarm, ClockState, Ring, Weekday } from '../../simulator-apps/clock/types.ts';
import { addedRecords, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';

export { alarmTitle, cityById, formatClock, minuteOfDay, nextAlarm, repeatText, RINGTONES, WORKDAYS, WEEKEND, WORLD_CITIES };
export type { Alarm, ClockState, Ring, Weekday, WorldCity };

export function clockOf(state: PhoneState): ClockState {
  return state.apps.clock as unknown as ClockState;
}

export function alarmById(state: PhoneState, id: string): Alarm | undefined {
  return clockOf(state).alarms.find((a) => a.id === id);
}

/** `HH:mm` plus `minutes` (wrapping past midnight). */
export function shiftTime(time: string, minutes: number): string {
  const m = (((minuteOfDay(time) + minutes) % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** `06:45` → `早上6:45` style words a person would say (上午/下午/晚上), for goals that do not hand over the digits. */
export function spokenTime(time: string): string {
  const h = Number(time.slice(0, 2));
  const m = time.slice(3);
  const part = h < 6 ? '凌晨' : h < 9 ? '早上' : h < 12 ? '上午' : h < 13 ? '中午' : h < 18 ? '下午' : '晚上';
  const h12 = h > 12 ? h - 12 : h;
  return `${part}${h12}点${m === '00' ? '' : m === '30' ? '半' : `${Number(m)}分`}`;
}

/** Labels a new alarm may be given: none of them is a seeded label. */
export const NEW_LABELS = ['交房租', '复习', '打疫苗', '取干洗', '给妈妈打电话', '拉伸', '晒被子', '冥想', '看直播', '约球'] as const;

/** A time no alarm of the slice has, from `hours` at five-minute marks. */
export function freeTime(state: PhoneState, rng: Rng, hours: readonly number[]): string {
  const taken = new Set(clockOf(state).alarms.map((a) => a.time));
  for (let i = 0; i < 50; i++) {
    const t = `${pad2(rng.pick(hours))}:${pad2(rng.pick([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]))}`;
    if (!taken.has(t)) return t;
  }
  throw new Error('no free alarm time');
}

export interface AlarmParams extends Record<string, unknown> {
  alarmId: string;
  label: string;
  time: string;
}

/** The `_alarm` parameter: an alarm whose label is set and unique (`where` filters), spread into alarmId, label and time. */
export function alarmParam(where: (a: Alarm, state: PhoneState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_alarm', ['alarmId', 'label', 'time'], (state, rng) => {
    const a = pickOrNull(rng, uniquelyNamed(clockOf(state).alarms, (x) => x.label, (x) => x.label !== '' && where(x, state)));
    return a && { alarmId: a.id, label: a.label, time: a.time };
  });
}

/** Alarms in `final` that were not in `init`. */
export function addedAlarms(input: JudgeInput): Alarm[] {
  return addedRecords(clockOf(input.init).alarms, clockOf(input.final).alarms);
}

export function addedAlarmPaths(input: JudgeInput): string[] {
  return addedAlarms(input).map((a) => `apps.clock.alarms[${a.id}]`);
}

/** A task that adds one alarm: exactly one new alarm, on, with these fields (those given). */
export function newAlarmCriteria(input: JudgeInput, want: Partial<Pick<Alarm, 'time' | 'repeat' | 'label' | 'ringtone' | 'snoozeMinutes'>>): Criterion[] {
  return oneAdded('exactly one new alarm', addedAlarms(input), (a) => [
    criteria.equals('it is on', a?.enabled ?? null, true),
    ...(want.time !== undefined ? [criteria.equals('its time', a?.time ?? null, want.time)] : []),
    ...(want.repeat !== undefined ? [criteria.equals('its repeat', a ? repeatText(a.repeat) : null, repeatText(want.repeat))] : []),
    ...(want.label !== undefined ? [criteria.equals('its label', a?.label ?? null, want.label)] : []),
    ...(want.ringtone !== undefined ? [criteria.equals('its ringtone', a?.ringtone ?? null, want.ringtone)] : []),
    ...(want.snoozeMinutes !== undefined ? [criteria.equals('its snooze interval', a?.snoozeMinutes ?? null, want.snoozeMinutes)] : []),
  ]);
}

/** Puts `alarm` ringing now (a ring log entry that is `ringing`), as if its time had just come. */
export function ringNow(state: PhoneState, alarm: Alarm, secondsAgo = 3): Ring {
  const clock = clockOf(state);
  const n = clock.rings.length ? Math.max(...clock.rings.map((r) => Number(r.id.slice(3)))) + 1 : 1;
  const ring: Ring = { id: `rg_${String(n).padStart(3, '0')}`, kind: 'alarm', sourceId: alarm.id, label: alarmTitle(alarm), at: state.os.time.timestamp - secondsAgo * 1000, outcome: 'ringing', endedAt: null };
  clock.rings.push(ring);
  clock.ringing = ring.id;
  return ring;
}

/** A chat the task will write in starts with an empty input (a seeded draft would be sent along, or cleared as a side effect). */
export function clearChatDraft(state: PhoneState, chatId: string): void {
  const chat = (state.apps.chat as unknown as { chats: { id: string; draft: string }[] }).chats.find((c) => c.id === chatId);
  if (chat) chat.draft = '';
}

/** The phone's wall-clock time of day at `t`, `HH:mm`. */
export function clockAt(state: PhoneState, t: number): string {
  return formatClock(t, state.os.time.timezone);
}

/** Every `HH:mm` a city's clock showed from the start to the end of the episode (a time read on the way is right). */
export function cityTimesDuring(input: JudgeInput, zone: string): string[] {
  const out = new Set<string>();
  const from = input.init.os.time.timestamp;
  const to = Math.max(from, input.final.os.time.timestamp);
  for (let t = from; t <= to + 60_000; t += 60_000) out.add(formatClock(Math.min(t, to), zone));
  return [...out];
}

/** The weekday (0 = 周日) of the phone's today. */
export function todayWeekday(state: PhoneState): Weekday {
  return wallClock(state.os.time.timestamp, state.os.time.timezone).weekday as Weekday;
}

// --- oracle navigation ------------------------------------------------------------------------

const TABS = { alarms: '/', world: '/world', stopwatch: '/stopwatch', timer: '/timer' } as const;
export type ClockTabName = keyof typeof TABS;

/** From anywhere, one of the clock's tabs (a ringing alert stays: this only walks the screens). */
export async function openClockTab(ui: OracleUi, tab: ClockTabName): Promise<void> {
  if (ui.route.app !== 'clock') {
    if (ui.find('app.clock')) await ui.tap('app.clock');
    else await ui.openApp('clock');
  }
  for (let i = 0; i < 6 && !ui.find(`clock.tab.${tab}`); i++) await ui.back();
  if (ui.route.app !== 'clock') await ui.openApp('clock');
  if (!ui.find(`clock.tab.${tab}`)) throw new Error(`could not get back to the clock's tabs (route ${ui.route.app}${ui.route.path})`);
  if (ui.route.path !== TABS[tab]) await ui.tap(`clock.tab.${tab}`);
}

/** From anywhere, the edit form of an alarm (its row on 闹钟). */
export async function openAlarm(ui: OracleUi, alarmId: string): Promise<void> {
  await openClockTab(ui, 'alarms');
  await ui.scrollTo(`clock.alarm.${alarmId}`, { within: 'clock.alarms.list' });
  await ui.tap(`clock.alarm.${alarmId}`);
}

/** From anywhere, an alarm's on/off switch set to `on` (tapped only when it differs). */
export async function switchAlarm(ui: OracleUi, alarmId: string, on: boolean): Promise<void> {
  await openClockTab(ui, 'alarms');
  const key = `clock.alarm.${alarmId}.switch`;
  const node = await ui.scrollTo(key, { within: 'clock.alarms.list' });
  if (Boolean(node.checked) !== on) await ui.tap(key);
}

const PRESETS: { id: string; days: readonly number[] }[] = [
  { id: 'once', days: [] },
  { id: 'daily', days: [0, 1, 2, 3, 4, 5, 6] },
  { id: 'workdays', days: WORKDAYS },
  { id: 'weekend', days: WEEKEND },
];

/** On the alarm form: the repeat chips and day buttons until exactly `days` are on. */
export async function setRepeat(ui: OracleUi, days: readonly number[]): Promise<void> {
  const want = [...days].sort((a, b) => a - b);
  const preset = PRESETS.find((p) => p.days.length === want.length && p.days.every((d, i) => d === want[i]));
  if (preset) {
    await ui.tap(`clock.edit.repeat.${preset.id}`);
    return;
  }
  for (let d = 0; d < 7; d++) {
    const on = Boolean(ui.find(`clock.edit.day.${d}`)?.checked);
    if (on !== want.includes(d)) await ui.tap(`clock.edit.day.${d}`);
  }
}

/** On the alarm form: what is given of the draft, typed or tapped; not saved yet. */
export async function fillAlarmForm(ui: OracleUi, d: Partial<AlarmDraft>): Promise<void> {
  if (d.time !== undefined) {
    await ui.type('clock.edit.hour', d.time.slice(0, 2), { clear: true });
    await ui.type('clock.edit.minute', d.time.slice(3, 5), { clear: true });
  }
  if (d.repeat !== undefined) await setRepeat(ui, d.repeat);
  if (d.label !== undefined) await ui.type('clock.edit.label', d.label, { clear: true });
  if (d.ringtone !== undefined) {
    await ui.tap('clock.edit.ringtone');
    await ui.tap(`clock.ringtone.${RINGTONES.indexOf(d.ringtone as (typeof RINGTONES)[number])}`);
  }
  if (d.snoozeMinutes !== undefined) await ui.scrollTo(`clock.edit.snooze.${d.snoozeMinutes}`, { within: 'clock.edit.form' }).then(() => ui.tap(`clock.edit.snooze.${d.snoozeMinutes}`));
}

/** From anywhere: 闹钟 → + → the form → 保存. */
export async function createAlarm(ui: OracleUi, d: Partial<AlarmDraft>): Promise<void> {
  await openClockTab(ui, 'alarms');
  await ui.tap('clock.alarm.add');
  await fillAlarmForm(ui, d);
  await ui.tap('clock.edit.save');
}

/** From anywhere: an alarm's form → the changes → 保存. */
export async function editAlarm(ui: OracleUi, alarmId: string, d: Partial<AlarmDraft>): Promise<void> {
  await openAlarm(ui, alarmId);
  await fillAlarmForm(ui, d);
  await ui.tap('clock.edit.save');
}

/** Taps a harmless spot until `done` holds (the virtual clock moves 2 s a step), at most `steps` times. */
export async function waitFor(ui: OracleUi, done: () => boolean, steps: number, what: string): Promise<void> {
  for (let i = 0; i < steps && !done(); i++) {
    if (ui.find('clock.alarms.next')) await ui.tap('clock.alarms.next');
    else if (ui.find('clock.ringing.time')) break;
    else await ui.openApp('clock');
  }
  if (!done()) throw new Error(`waited ${steps} steps for ${what}`);
}
