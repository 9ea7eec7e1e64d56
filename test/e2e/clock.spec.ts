/**
 * 时钟 in a real Chromium through the real bridge: an alarm made through the form (an impossible
 * time refused first); an alarm that the virtual clock rings while another app is in front, snoozed
 * and rung again; a city added to the world clock. Real taps and typing; the assertions read the
 * screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, find as maybeFind, tap, typeInto, readState as state } from './phonePage.ts';
import { clockOf, cityById } from '../../tasks/clock/_helpers.ts';
import { formatClock } from '../../simulator-apps/shared/time.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

async function retype(page: import('@playwright/test').Page, device: Parameters<typeof tap>[1], key: string, text: string): Promise<void> {
  await tap(page, device, key);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

test('a weekday alarm through the form; 25 时 is refused and saves nothing', async ({ browser }) => {
  const initial = createInitialState(3);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-clock-alarm', initial, { app: 'clock', path: '/' });
  const before = clockOf(initial).alarms.length;

  await tap(page, device, 'clock.alarm.add');
  await retype(page, device, 'clock.edit.hour', '25');
  await retype(page, device, 'clock.edit.minute', '10');
  await tap(page, device, 'clock.edit.save');
  expect((await state(device)).route).toEqual({ app: 'clock', path: '/alarm/new' });
  expect(clockOf((await state(device)).state).alarms).toHaveLength(before);

  await retype(page, device, 'clock.edit.hour', '05');
  await tap(page, device, 'clock.edit.repeat.workdays');
  await typeInto(page, device, 'clock.edit.label', '复习');
  await tap(page, device, 'clock.edit.save');
  const after = await state(device);
  expect(after.route).toEqual({ app: 'clock', path: '/' });
  expect(clockOf(after.state).alarms.at(-1)).toMatchObject({ time: '05:10', repeat: [1, 2, 3, 4, 5], label: '复习', enabled: true, snoozedUntil: null });
  expect((await find(device, `clock.alarm.${clockOf(after.state).alarms.at(-1)!.id}`)).text).toBe('05:10 复习 工作日');
  await close();
});

test('the virtual clock rings an alarm over another app; 稍后提醒 rings it again; 关闭 ends it', async ({ browser }) => {
  const initial = createInitialState(4);
  const now = initial.os.time.timestamp;
  const due = now - (now % 60_000) + 60_000;
  clockOf(initial).alarms.push({ id: 'al_90', time: formatClock(due, initial.os.time.timezone), repeat: [], label: '关火', ringtone: '雷达', snoozeMinutes: 5, enabled: true, snoozedUntil: null });
  initial.os.time.timestamp = due - 3000;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-clock-ring', initial, { app: 'chat', path: '/chats' });

  await device.call('settle', { advanceMs: 2000 });
  expect(await maybeFind(device, 'clock.ringing')).toBeUndefined();
  await device.call('settle', { advanceMs: 2000 });
  let s = await state(device);
  expect(s.route.app).toBe('clock');
  expect((await find(device, 'clock.ringing.label')).text).toBe('关火');
  expect(clockOf(s.state).rings.at(-1)).toMatchObject({ sourceId: 'al_90', outcome: 'ringing', at: due });

  await tap(page, device, 'clock.ring.snooze');
  s = await state(device);
  expect(await maybeFind(device, 'clock.ringing')).toBeUndefined();
  expect(clockOf(s.state).alarms.find((a) => a.id === 'al_90')!.snoozedUntil).toBeGreaterThan(due);
  await tap(page, device, 'clock.tab.world');
  await device.call('settle', { advanceMs: 5 * 60_000 });
  expect((await find(device, 'clock.ringing.label')).text).toBe('关火');
  await tap(page, device, 'clock.ring.dismiss');
  s = await state(device);
  expect(clockOf(s.state).rings.filter((r) => r.sourceId === 'al_90').map((r) => r.outcome)).toEqual(['snoozed', 'dismissed']);
  expect(clockOf(s.state).ringing).toBeNull();
  await close();
});

test('a city found by search joins the world clock and shows its time', async ({ browser }) => {
  const initial = createInitialState(2);
  clockOf(initial).cities = clockOf(initial).cities.filter((c) => c.cityId !== 'reykjavik');
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-clock-city', initial, { app: 'clock', path: '/world' });
  await tap(page, device, 'clock.world.add');
  await typeInto(page, device, 'clock.city.search', '冰岛');
  await tap(page, device, 'clock.addcity.reykjavik');
  const s = await state(device);
  expect(s.route).toEqual({ app: 'clock', path: '/world' });
  const entry = clockOf(s.state).cities.at(-1)!;
  expect(entry.cityId).toBe('reykjavik');
  expect((await find(device, `clock.city.${entry.id}.time`)).text).toBe(formatClock(s.state.os.time.timestamp, cityById('reykjavik')!.zone));
  await close();
});
