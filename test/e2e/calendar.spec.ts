/**
 * The calendar in a real Chromium through the real bridge: create an event with a time, place,
 * reminder and weekly repeat; edit it; delete one occurrence of the series. Real taps and typing,
 * checked on screen and in the state the bridge reads.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DeviceConnection } from '../../bridge/server/bridgeServer.ts';
import { useBridge, openPhoneAt, find, tap, typeInto, readState as state } from './phonePage.ts';
import { calOf as cal } from '../../tasks/calendar/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { occurrencesOn, todayKey } from '../../simulator-apps/calendar/logic.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';

const bridge = useBridge();

async function pickTime(page: Page, device: DeviceConnection, field: string, time: string): Promise<void> {
  await tap(page, device, `calendar.edit.${field}`);
  await tap(page, device, `calendar.picker.hour.${time.slice(0, 2)}`);
  await tap(page, device, `calendar.picker.minute.${time.slice(3)}`);
  await tap(page, device, 'calendar.picker.ok');
}

test('create a weekly event with time, place and reminder; edit it; delete one occurrence', async ({ browser }) => {
  const initial = createInitialState(5);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-calendar', initial);
  const today = todayKey(initial.os.time.timestamp, initial.os.time.timezone);
  // A day in the current month view, a few days ahead (the grid shows six weeks).
  const day = addDays(today, 3);
  const before = new Set(cal(initial).events.map((e) => e.id));

  // --- create ---------------------------------------------------------------------------------
  await tap(page, device, 'app.calendar');
  expect((await state(device)).route).toEqual({ app: 'calendar', path: '/' });
  await tap(page, device, `calendar.day.${day}`);
  expect((await state(device)).route.path).toBe(`/month/${day}`);
  await tap(page, device, 'calendar.add');
  await typeInto(page, device, 'calendar.edit.title', '陶艺课');
  await typeInto(page, device, 'calendar.edit.place', '泥巴工坊');
  await pickTime(page, device, 'startTime', '19:30');
  expect((await find(device, 'calendar.edit.endTime'))?.text).toBe('20:30'); // the length is kept

  // An end before the start is refused with a clear message, and nothing is saved.
  await pickTime(page, device, 'endTime', '18:00');
  expect((await find(device, 'calendar.edit.error'))?.text).toBe('结束时间必须晚于开始时间');
  const revision = (await device.call('getState', {})).revision;
  await tap(page, device, 'calendar.edit.save');
  expect((await device.call('getState', {})).revision).toBe(revision);
  await pickTime(page, device, 'endTime', '21:00');
  expect(await find(device, 'calendar.edit.error')).toBeUndefined();

  await tap(page, device, 'calendar.edit.reminder');
  await tap(page, device, 'calendar.reminder.60');
  await tap(page, device, 'calendar.edit.repeat');
  await tap(page, device, 'calendar.repeat.weekly');

  // The draft survives leaving the app and coming back.
  await device.call('navigate', { key: 'home' });
  await tap(page, device, 'app.calendar');
  expect((await find(device, 'calendar.edit.title'))?.value ?? (await find(device, 'calendar.edit.title'))?.text).toBe('陶艺课');
  expect((await find(device, 'calendar.edit.reminder'))?.text).toContain('1小时前');

  await tap(page, device, 'calendar.edit.save');
  let s = (await state(device)).state;
  const created = cal(s).events.filter((e) => !before.has(e.id));
  expect(created).toHaveLength(1);
  const e = created[0];
  expect(e).toMatchObject({
    title: '陶艺课',
    place: '泥巴工坊',
    allDay: false,
    startDate: day,
    startTime: '19:30',
    endDate: day,
    endTime: '21:00',
    repeat: 'weekly',
    reminder: 60,
    exceptions: [],
  });
  expect((await state(device)).route.path).toBe(`/month/${day}`);
  expect(await find(device, `calendar.event.${e.id}`)).toBeTruthy();

  // --- edit (every occurrence) ---------------------------------------------------------------
  await tap(page, device, `calendar.event.${e.id}`);
  expect((await find(device, 'calendar.detail.place'))?.text).toBe('泥巴工坊');
  await tap(page, device, 'calendar.detail.edit');
  await tap(page, device, 'calendar.edit.title');
  await page.keyboard.press('End');
  await page.keyboard.type('（进阶）');
  await tap(page, device, 'calendar.edit.save');
  await tap(page, device, 'calendar.scope.all');
  s = (await state(device)).state;
  expect(cal(s).events.find((x) => x.id === e.id)).toMatchObject({ title: '陶艺课（进阶）', startDate: day, startTime: '19:30', repeat: 'weekly' });
  expect((await state(device)).route.path).toBe(`/event/${e.id}/${day}`);
  expect((await find(device, 'calendar.detail.title'))?.text).toBe('陶艺课（进阶）');

  // --- delete one occurrence (next week's) ---------------------------------------------------
  await device.call('navigate', { key: 'back' });
  const nextWeek = addDays(day, 7);
  if ((await find(device, `calendar.day.${nextWeek}`)) === undefined) await tap(page, device, 'calendar.month.next');
  await tap(page, device, `calendar.day.${nextWeek}`);
  await tap(page, device, `calendar.event.${e.id}`);
  await tap(page, device, 'calendar.detail.delete');
  await tap(page, device, 'calendar.delete.one');
  s = (await state(device)).state;
  const series = cal(s).events.find((x) => x.id === e.id)!;
  expect(series.exceptions).toEqual([nextWeek]);
  expect(occurrencesOn(cal(s), nextWeek).some((o) => o.eventId === e.id)).toBe(false);
  expect(occurrencesOn(cal(s), day).some((o) => o.eventId === e.id)).toBe(true);
  expect(occurrencesOn(cal(s), addDays(day, 14)).some((o) => o.eventId === e.id)).toBe(true);
  expect(await find(device, `calendar.event.${e.id}`)).toBeUndefined();

  await close();
});
