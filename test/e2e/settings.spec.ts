/**
 * The settings app in a real Chromium through the real bridge: joining a secured Wi-Fi (a wrong
 * password changes nothing, the right one reaches the status bar), dark mode darkening the
 * launcher, and the font size scaling the launcher labels.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, find, tap as tapKey, readState } from './phonePage.ts';
import { settingsOf } from '../../tasks/settings/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('joining a secured Wi-Fi: a wrong password changes nothing, the right one reaches the status bar', async ({ browser }) => {
  const state = createInitialState(5);
  const current = (state.os.wifi as { ssid: string }).ssid;
  // Only the current network is saved, so the unsaved ones head the 可用WLAN list.
  for (const n of settingsOf(state).wifi.networks) n.saved = n.ssid === current;
  const target = settingsOf(state)
    .wifi.networks.filter((n) => n.security !== 'open' && !n.saved)
    .sort((a, b) => b.signal - a.signal || (a.ssid < b.ssid ? -1 : 1))[0]!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-settings-wifi', state);

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.wlan');
  await tapKey(page, device, `settings.wlan.net.${target.id}`);
  expect((await device.call('getState', {})).route).toEqual({ app: 'settings', path: `/wlan/${target.id}/connect` });

  await tapKey(page, device, 'settings.wlan.password');
  await page.keyboard.type('not-the-password');
  const before = await readState(device);
  await tapKey(page, device, 'settings.wlan.connect');
  expect((await find(device, 'settings.wlan.error'))?.text).toBe('密码错误，请重新输入');
  const refused = await readState(device);
  expect(refused.revision).toBe(before.revision);
  expect((refused.state.os.wifi as { ssid: string }).ssid).toBe(current);

  await tapKey(page, device, 'settings.wlan.password');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(target.password);
  await tapKey(page, device, 'settings.wlan.connect');
  const after = await readState(device);
  expect(after.state.os.wifi).toEqual({ enabled: true, ssid: target.ssid });
  expect(settingsOf(after.state).wifi.networks.find((n) => n.id === target.id)?.saved).toBe(true);
  expect((await device.call('getState', {})).route.path).toBe('/wlan');
  expect((await find(device, 'status.wifi'))?.text).toBe(`WLAN已连接：${target.ssid}`);

  // WLAN off: the status bar icon goes away and the main list says so.
  await tapKey(page, device, 'settings.wlan.switch');
  expect((await readState(device)).state.os.wifi).toEqual({ enabled: false, ssid: '' });
  expect(await find(device, 'status.wifi')).toBeUndefined();
  await close();
});

test('dark mode darkens the launcher, the navigation bar and this app', async ({ browser }) => {
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-settings-dark', createInitialState(2));
  const launcherColor = () => page.locator('.launcher').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await launcherColor()).toBe('rgba(0, 0, 0, 0)');

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.display');
  await tapKey(page, device, 'settings.display.dark');
  expect(settingsOf((await readState(device)).state).display.darkMode).toBe(true);
  expect((await find(device, 'settings.display.dark'))?.checked).toBe(true);
  const navColor = await page.locator('nav.navbar').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(navColor).toBe('rgb(12, 12, 13)');

  await device.call('navigate', { key: 'home' });
  await device.call('settle', {});
  expect(await launcherColor()).toBe('rgb(10, 14, 20)');
  await close();
});

test('the font size scales the launcher labels', async ({ browser }) => {
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-settings-font', createInitialState(2));
  const labelSize = () => page.locator('[data-ui="app.settings"] .label').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await labelSize()).toBeCloseTo(12, 1);

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.display');
  await tapKey(page, device, 'settings.display.font');
  await tapKey(page, device, 'settings.font.超大');
  expect(settingsOf((await readState(device)).state).display.fontSize).toBe('超大');
  expect((await find(device, 'settings.font.超大'))?.text).toContain('已选择');

  await device.call('navigate', { key: 'home' });
  await device.call('settle', {});
  expect(await labelSize()).toBeCloseTo(15.6, 1);
  await close();
});
